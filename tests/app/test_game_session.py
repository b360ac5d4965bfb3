"""The game session knows no game: the toy game of the platform tests (written only against
the contract, found by its entry point) plays through it, on the real journal and in memory
(issue 9: "plays it through the shell ... without touching any shared file")."""

from __future__ import annotations


import pytest

from companion.app.game_session import Change, GameSession
from companion.app.memory_journal import MemoryJournal
from companion.core import registry
from companion.errors import CompanionError
from companion.storage.journal import Journal
from tests.family.test_a_new_game import forget_toy, install_toy

HEADER = {"game": "toy", "format": 1, "seats": [{"name": "Ada"}, {"name": "Bo"}]}


class Settings(dict):
    def get(self, key, default=None):
        return super().get(key, default)


@pytest.fixture
def toy(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(install_toy(tmp_path / "site")))
    yield registry.get("toy")
    registry._loaded.pop("toy", None)
    forget_toy()


@pytest.fixture(params=["journal", "memory"])
def session(request, tmp_path, toy):
    journal = Journal(tmp_path / "j.sqlite3", key_file=tmp_path / "key") if request.param == "journal" else MemoryJournal()
    s = GameSession(journal, Settings(box_profile=str(tmp_path / "box.json")))
    yield s
    s.close()


def pick(toy, seat, number):
    return toy.command_from_dict({"type": "Pick", "seat": seat, "number": number})


def test_a_toy_game_plays_through_the_session(session, toy):
    changes: list[Change] = []
    session.observers.append(changes.append)
    redraws = []
    session.listeners.append(lambda: redraws.append(session.version))
    assert session.new_game(toy, HEADER) is None
    assert session.game is toy and session.legal()["to_act"] == [0, 1]
    assert session.send(pick(toy, 0, 3)).ok
    # the screens see the public view: who picked, never what (the toy's secret group "picks")
    assert session.view()["picked"] == [0] and "picks" not in session.view()
    refused = session.send(pick(toy, 0, 2))
    assert not refused.ok and refused.reason == "Ada has picked already"
    assert session.view()["picked"] == [0]  # a refusal changes nothing
    result = session.send(pick(toy, 1, 2))
    assert result.ok and any(e.get("opens") == ["picks"] for e in result.events)
    assert session.view()["points"] == [1, 0]
    assert [c.kind for c in changes] == ["new", "command", "command"]
    assert changes[-1].before_view()["picked"] == [0]  # what the screens showed before
    assert len(redraws) == 3 and len(set(redraws)) == 3  # a new version for every state


def test_undo_and_the_preview_change_nothing_they_should_not(session, toy):
    assert session.new_game(toy, HEADER) is None
    assert session.send(pick(toy, 0, 1)).ok
    version = session.version
    after = session.preview(pick(toy, 1, 3))
    assert after["points"] == [0, 1] and after["picked"] == []  # what the pick would do...
    assert session.view()["picked"] == [0] and session.version == version  # ...nothing applied
    assert session.preview(pick(toy, 0, 3)) is None  # refused by the rules
    assert session.undo() is None
    assert session.view()["picked"] == []


def left_unfinished(tmp_path, toy) -> int:
    """A toy game with one pick, left unfinished in the journal at ``tmp_path`` (the app closed)."""
    s = GameSession(Journal(tmp_path / "j.sqlite3", key_file=tmp_path / "key"), Settings())
    assert s.new_game(toy, HEADER) is None
    assert s.send(pick(toy, 0, 2)).ok
    game_id = s.game_id
    s.close()
    return game_id


def test_a_peek_reads_a_game_without_opening_it_and_the_resume_reads_it_no_more(tmp_path, toy, monkeypatch):
    """Issue 13: home reads the game to resume ahead (its view and legal actions, for the screen
    Resume opens on); the session still holds no game, and the Resume after it finds the game
    read in the journal."""
    game_id = left_unfinished(tmp_path, toy)
    again = GameSession(Journal(tmp_path / "j.sqlite3", key_file=tmp_path / "key"), Settings())
    try:
        reads: list[int] = []
        load = Journal._load
        monkeypatch.setattr(Journal, "_load", lambda self, gid: reads.append(gid) or load(self, gid))
        view, legal = again.peek(game_id)
        assert view["picked"] == [0] and "picks" not in view and legal["to_act"] == [1]
        assert not again.has_game and reads == [game_id]
        assert again.resume() and again.view() == view and again.legal() == legal
        assert reads == [game_id]  # read once, by the peek
    finally:
        again.close()



def test_a_rehearsal_shows_a_game_not_opened_and_never_plays(tmp_path, toy):
    """Issue 13: home's warm-up fills the screen a Resume opens on from a rehearsal of the game
    (the public view, the legal actions, the header), while the session stays as it is: nobody
    is told, nothing is opened, and a rehearsal refuses every command (a screen's fill that
    sent one would be a bug, never a move)."""
    game_id = left_unfinished(tmp_path, toy)
    again = GameSession(Journal(tmp_path / "j.sqlite3", key_file=tmp_path / "key"), Settings())
    told: list[object] = []
    again.listeners.append(lambda: told.append("redraw"))
    again.observers.append(told.append)
    try:
        rehearsal = again.rehearsal(game_id)
        assert rehearsal.view()["picked"] == [0] and "picks" not in rehearsal.view()
        assert rehearsal.legal()["to_act"] == [1] and rehearsal.header["seats"] == HEADER["seats"]
        assert rehearsal.version not in (0, again.version)  # a screen keyed on the version redraws at the Resume
        assert not again.has_game and told == [] and rehearsal.listeners == [] and rehearsal.observers == []
        for play in (lambda: rehearsal.send(pick(toy, 1, 2)), rehearsal.undo, rehearsal.redo,
                     lambda: rehearsal.new_game(toy, HEADER), lambda: rehearsal.resume(game_id + 1),
                     lambda: rehearsal.correct({"seat": 0}, 1, "typo")):
            with pytest.raises(RuntimeError, match="never plays"):
                play()
        rehearsal.close()  # the journal is the session's: still open
        assert again.resume() and again.view() == rehearsal.view() and again.version != rehearsal.version
        assert len(again.journal.commands(game_id)) == 1  # nothing the rehearsal was asked reached the journal
    finally:
        again.close()

def test_an_opening_shows_the_game_a_start_would_begin_and_starts_nothing(session, toy):
    """Issue 13: on a setup form, the warm-up fills the screen its Start opens on from the game
    that Start would begin (``opening``): the state the journal would begin it with, the header
    it carries; nothing reaches the journal, nobody is told, and it refuses every command."""
    told: list[object] = []
    session.listeners.append(lambda: told.append("redraw"))
    session.observers.append(told.append)
    opening = session.opening(HEADER)
    assert opening.header == HEADER and opening.game is toy and opening.game_id is None
    assert opening.legal()["to_act"] == [0, 1] and opening.view()["picked"] == []
    assert opening.version not in (0, session.version)
    assert not session.has_game and told == [] and session.journal.games() == []
    for play in (lambda: opening.send(pick(toy, 0, 2)), opening.undo, lambda: opening.new_game(toy, HEADER)):
        with pytest.raises(RuntimeError, match="never plays"):
            play()
    assert session.new_game(toy, HEADER) is None  # the Start: the same game, now begun
    assert session.view() == opening.view() and session.legal() == opening.legal()
    with pytest.raises(CompanionError):  # a header the Start would be refused for
        session.opening({**HEADER, "game": "no such game"})


def test_resume_offers_the_last_unfinished_game_of_any_game(tmp_path, toy):
    game_id = left_unfinished(tmp_path, toy)
    again = GameSession(Journal(tmp_path / "j.sqlite3", key_file=tmp_path / "key"), Settings())
    try:
        info = again.unfinished()
        assert info is not None and info.id == game_id and info.game == "toy"
        assert again.resume()
        assert again.game is toy and again.view()["picked"] == [0]
    finally:
        again.close()


def test_without_a_game_the_session_says_so(tmp_path):
    s = GameSession(MemoryJournal(), Settings())
    assert not s.has_game and s.view() == {} and s.legal() == {}
    assert not s.send(object()).ok
    assert s.undo() and s.redo()  # reasons, not exceptions
    assert s.unfinished() is None and s.games() == []


def test_the_older_box_profile_setting_names_magnificos_file_only(tmp_path, monkeypatch):
    """A settings file of the first version names one box profile, Magnifico's (its
    ``box_profile``): Leonardo's box screen and Magnate's setup form read and save their own
    files, never over Magnifico's; ``box_profiles`` names a file game by game."""
    import json

    from companion.games.leonardo import box as leonardo_box
    from companion.games.leonardo.game import GAME as LEONARDO
    from companion.games.leonardo.ui.entry import LeonardoUI
    from companion.games.magnate.game import GAME as MAGNATE
    from companion.storage import box_profile

    data = tmp_path / "data"
    monkeypatch.setattr(box_profile.settings, "data_dir", lambda: data)
    monkeypatch.setattr(box_profile.settings, "load_settings", lambda: {})
    monkeypatch.delenv(box_profile.PROFILE_ENV, raising=False)
    magnificos = tmp_path / "box-profile.json"
    magnificos.write_text(json.dumps({"name": "Our box", "map": {"verified": True}}), encoding="utf-8")
    s = GameSession(MemoryJournal(), Settings(box_profile=str(magnificos)))
    ui = LeonardoUI()
    ui.session = s
    box_profile.save(LEONARDO, leonardo_box.example(), ui.profile_path())  # the box screen's save
    assert json.loads(magnificos.read_text(encoding="utf-8")) == {"name": "Our box", "map": {"verified": True}}
    assert s.box(LEONARDO)["box"] == box_profile.read("leonardo", data / "box-profiles" / "leonardo.json")
    assert s.box(MAGNATE) == box_profile.load_box(MAGNATE, data / "box-profiles" / "magnate.json")
    assert s.profile_path("magnifico") == str(magnificos)
    own = Settings(box_profile=str(magnificos), box_profiles={"leonardo": str(tmp_path / "l.json")})
    assert GameSession(MemoryJournal(), own).profile_path("leonardo") == str(tmp_path / "l.json")
