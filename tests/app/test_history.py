"""History with export, and resuming an unfinished game from the journal after a restart."""

import json
import os

import pytest

pytest.importorskip("companion.storage")
pytest.importorskip("companion.games.magnifico.engine")

from companion.app import harness  # noqa: E402
from tests.app.games import new_game_with_cards_removed  # noqa: E402

SEATS = [{"name": n, "color": c} for n, c in (("Ada", "red"), ("Bea", "blue"), ("Cyd", "green"))]


def test_history_lists_and_exports_the_game(home):
    app, s = home, home.session
    assert s.new_game(seats=SEATS, variants={}, target=30, soldiers=40) is None
    assert s.send(s.cmd("StartOrderRoll", 0, ("hit",) * 6)).ok is False  # cards first: refused, nothing saved
    app.go("history")
    harness.frames(2)
    row = next(w for w in harness.walk(app.screens["history"].ids.games) if getattr(w, "game_id", None) == s.game_id)
    assert "Ada, Bea, Cyd" in row.label
    assert row.label in harness.texts()  # shown, not only stored
    export = next(w for w in harness.walk(row) if getattr(w, "text", "") == app.t("history.export"))
    harness.tap(export)
    toast = app.root.ids.toast.text
    path = toast.split(" ", 2)[-1] if app.lang == "en" else toast.rsplit(" ", 1)[-1]
    with open(path, encoding="utf-8") as f:
        header = json.loads(f.readline())
    assert [seat["name"] for seat in header["seats"]] == ["Ada", "Bea", "Cyd"]
    assert os.stat(path).st_mode & 0o777 == 0o600  # issue 12 item 5: readable by its owner only


def test_resume_after_a_restart(home):
    app, s = home, home.session
    new_game_with_cards_removed(s, SEATS)
    game_id, before = s.game_id, s.view()
    app._start_session()  # what a restart of the app does: a fresh session on the same journal
    app.go("home")
    harness.frames(2)
    assert not app.session.has_game
    button = harness.find_id("resume")
    assert not button.reason and "Ada" in button.text
    harness.tap(button)
    assert app.session.game_id == game_id
    assert app.session.view() == before
    assert app.manager.current == "setup"


def test_a_games_log_in_the_tables_language(home):
    """The history's log of a game is told in the table's language (the journal passes it to
    the engine's describe hook)."""
    app, s = home, home.session
    new_game_with_cards_removed(s, SEATS)
    assert s.correct({"seat": 1, "counter": "vp"}, 3, "punti dimenticati") is None
    english = s.log("en")
    app.set_lang("it")
    try:
        app.go("history")
        harness.frames(2)
        row = next(w for w in harness.walk(app.screens["history"].ids.games)
                   if getattr(w, "game_id", None) == s.game_id)
        harness.tap(next(w for w in harness.walk(row) if getattr(w, "text", "") == app.t("history.log")))
        shown = app.dialog.ids["log"].text
    finally:
        app.dialog.dismiss()
        app.set_lang("en")
    italian = s.log("it")
    assert shown == "\n".join(italian)
    assert len(italian) == len(english) and italian != english
    assert any("punti dimenticati" in line and "Bea" in line for line in italian)
    assert any("Correction" in line and "punti dimenticati" in line for line in english)  # told by the game
