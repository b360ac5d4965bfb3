"""Printed values go into the box profile (rules-decisions: the app asks for a printed value
the first time it needs it, "remembers it in the box profile, and lets the table correct it
later"): the next game's header already has it."""

import json

from companion.app import harness
from companion.games.magnifico.ui.forms import ask_card_value
from tests.games.magnifico.ui.games import mag
from tests.kivy_app import make_settings

SEATS = [{"name": n, "color": c} for n, c in (("Anna", "red"), ("Bruno", "blue"), ("Carla", "green"))]


def enter_on_keypad(app, digits):
    pad = app.dialog.ids.keypad
    for key in digits:
        harness.tap(harness.find_text(key, root=pad, exact=True))
    harness.tap(harness.find_text("OK", root=pad, exact=True))


def test_a_tanks_dice_are_remembered_for_the_next_game(home, tmp_path, monkeypatch):
    app, s = home, home.session
    profile = tmp_path / "box-profile.json"
    monkeypatch.setattr(s, "settings", make_settings(box_profile=str(profile)))
    assert mag(app).new_game(seats=SEATS, variants={}, target=30, soldiers=40) is None
    assert s.state.printed("tank_1", "dice") is None  # not published: the table is asked
    ask_card_value(app, {"card": "tank_1", "field": "dice"})
    enter_on_keypad(app, "3")
    assert s.state.printed("tank_1", "dice") == 3
    assert json.loads(profile.read_text(encoding="utf-8"))["cards"]["tank_1"]["dice"] == 3

    assert mag(app).new_game(seats=SEATS, variants={}, target=30, soldiers=40) is None
    assert s.state.printed("tank_1", "dice") == 3  # the new game's header has it
    card = next(c for c in s.header["cards"]["cards"] if c["id"] == "tank_1")
    assert card["printed"]["dice"] == 3

    # the table corrects it later: the profile keeps the new value
    ask_card_value(app, {"card": "tank_1", "field": "dice"})
    enter_on_keypad(app, "2")
    assert s.state.printed("tank_1", "dice") == 2
    assert json.loads(profile.read_text(encoding="utf-8"))["cards"]["tank_1"]["dice"] == 2


def test_a_profile_that_cannot_be_written_is_a_notice(home, tmp_path, monkeypatch):
    app, s = home, home.session
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")  # the profile's folder is a file: writing fails, even as root
    monkeypatch.setattr(s, "settings", make_settings(box_profile=str(blocker / "box-profile.json")))
    assert mag(app).new_game(seats=SEATS, variants={}, target=30, soldiers=40) is None
    ask_card_value(app, {"card": "tank_1", "field": "dice"})
    enter_on_keypad(app, "3")
    assert s.state.printed("tank_1", "dice") == 3  # the game goes on
    assert s.profile_problem
    assert app.root.ids.toast.text == app.t("needs.profile_failed", problem=s.profile_problem)
