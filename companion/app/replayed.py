"""Every event of a session's game, replayed from its header and the journal's commands, kept
for the state it led to.

A game's notes (the lines of the turn under way, or of the one before) are kept from the
session's changes; after a resume or an undo they are rebuilt by replaying the game. Home's
warm-up fills the screen a Resume opens on from a rehearsal of the game (``GameSession.rehearsal``),
whose state is the one the journal keeps, so the Resume that follows finds that replay made.
"""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]


def replayed(session: Any) -> list[Event]:
    """Every event of the session's game, from its header and the journal's commands in effect
    ([] when there is no game, or the rules no longer read the journal: no lines, never a crash)."""
    game = session.game
    if game is None or not session.has_game:
        return []
    out: list[Event] = []
    try:
        state = game.new_game(session.header)
        for command in session.commands():
            state, events = game.apply(state, game.command_from_dict(dict(command)))
            out.extend(dict(e) for e in events)
    except Exception:
        return []
    return out


class Replay:
    """``events(session)``: ``replayed(session)``, made again only for another state than the
    last one asked (a state is never changed in place: the same object is the same game at the
    same point)."""

    def __init__(self) -> None:
        self._state: Any = None
        self._events: list[Event] = []

    def events(self, session: Any) -> list[Event]:
        state = session.state
        if state is None:
            return []
        if state is not self._state:
            self._events, self._state = replayed(session), state
        return self._events


def kept_answers(game: str, state: Any, stale: bool, session: Any) -> bool:
    """Whether a game's notes, kept up to ``state`` (``stale`` after a resume or an undo),
    answer for ``session``: its state is theirs and they are up to date, or it is another
    game's session (theirs stay as they are, none of its events are theirs). Else they are
    replayed for it: the open game's after a resume or an undo, or a rehearsal's."""
    return getattr(session.game, "name", None) != game or (session.state is state and not stale)
