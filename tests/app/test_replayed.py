"""A game's notes (the lines of its turn) rebuilt by replaying it, once per state
(``companion/app/replayed.py``; Magnate's and Leonardo's ``notes.py``). Issue 13: a Resume
replayed the whole game in its tap for the last turn's lines (13 ms for ten commands here,
more the longer the game); home's warm-up now fills the Resume's screen from a rehearsal of
the game, whose replay the Resume finds made. A rehearsal never changes the open game's notes."""

from __future__ import annotations

import pytest

from companion.app.game_session import GameSession
from companion.app.memory_journal import MemoryJournal
from companion.app import replayed
from companion.core import registry
from companion.core.game import demo


class Settings(dict):
    def get(self, key, default=None):
        return super().get(key, default)


def played(name: str, seed: int, commands: int) -> tuple[GameSession, int]:
    """A session over a journal holding a bots' game of ``name`` stopped after ``commands``."""
    game = registry.get(name)
    header = game.demo_header(game.seats[-1], seed)
    journal = MemoryJournal()
    game_id = journal.new_game(header)
    for _i, command, _s, _e in demo(game, seed, game.seats[-1], header=header, limit=commands):
        journal.submit(game_id, command)
    return GameSession(journal, Settings()), game_id


def notes_of(name: str, session: GameSession):
    if name == "magnate":
        from companion.games.magnate.ui.notes import Notes

        notes = Notes()
        return notes, lambda s=session: notes.events(s)
    from companion.games.leonardo.ui.notes import Notes as LeonardoNotes

    current: list[GameSession] = [session]
    notes = LeonardoNotes(lambda: current[0])
    return notes, lambda s=session: (current.__setitem__(0, s), notes.current + notes.previous)[1]


@pytest.mark.parametrize("name", ("magnate", "leonardo"))
def test_a_resume_after_its_rehearsal_replays_the_game_once(name, monkeypatch):
    session, game_id = played(name, 5, 40)
    calls: list[int] = []
    real = replayed.replayed
    monkeypatch.setattr(replayed, "replayed", lambda s: calls.append(s.game_id) or real(s))
    notes, lines = notes_of(name, session)
    session.observers.append(notes.note)
    rehearsal = session.rehearsal(game_id)
    ahead = lines(rehearsal)
    assert ahead and calls == [game_id]
    assert session.resume(game_id)
    assert lines(session) == ahead and calls == [game_id]  # the replay made for the rehearsal
    assert lines(session) == ahead and calls == [game_id]


@pytest.mark.parametrize("name", ("magnate", "leonardo"))
def test_a_rehearsal_leaves_the_open_games_notes_and_another_games_session_reads_none(name):
    session, first = played(name, 5, 40)
    notes, lines = notes_of(name, session)
    session.observers.append(notes.note)
    assert session.resume(first)
    mine = lines(session)
    game = registry.get(name)
    header = game.demo_header(game.seats[0], 9)
    other = session.journal.new_game(header)
    for _i, command, _s, _e in demo(game, 9, game.seats[0], header=header, limit=25):
        session.journal.submit(other, command)
    rehearsed = lines(session.rehearsal(other))
    assert rehearsed and rehearsed != mine
    assert lines(session) == mine  # the open game's lines, as before the rehearsal
    another, another_id = played("magnifico" if name == "leonardo" else "leonardo", 2, 30)
    assert another.resume(another_id), another.last_reason
    assert lines(another) == mine  # another game's session: this game's notes kept, none of its events
