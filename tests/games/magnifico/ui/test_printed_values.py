"""Printed values go into the box profile (rules-decisions: the app asks for a printed value
the first time it needs it, "remembers it in the box profile, and lets the table correct it
later"): the next game's header already has it."""

import json

from companion.app import harness
from companion.core.i18n import localized
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
    monkeypatch.setattr(s, "settings", make_settings(box_profiles={"magnifico": str(profile)}))
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
    monkeypatch.setattr(s, "settings", make_settings(box_profiles={"magnifico": str(blocker / "box-profile.json")}))
    assert mag(app).new_game(seats=SEATS, variants={}, target=30, soldiers=40) is None
    ask_card_value(app, {"card": "tank_1", "field": "dice"})
    enter_on_keypad(app, "3")
    assert s.state.printed("tank_1", "dice") == 3  # the game goes on
    assert s.profile_problem
    assert app.root.ids.toast.text == app.t("needs.profile_failed", problem=app.reason(s.profile_problem))


def test_a_profile_that_cannot_be_written_is_said_in_the_tables_language(home, tmp_path, monkeypatch):
    """The notice of a box profile that cannot be written is in Italian on an Italian table
    (the session keeps the refusal's key, not its English text)."""
    app, s = home, home.session
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setattr(s, "settings", make_settings(box_profiles={"magnifico": str(blocker / "box-profile.json")}))
    app.set_lang("it")
    try:
        assert mag(app).new_game(seats=SEATS, variants={}, target=30, soldiers=40) is None
        ask_card_value(app, {"card": "tank_1", "field": "dice"})
        enter_on_keypad(app, "3")
        english = localized(s.profile_problem, "en")
        italian = app.reason(s.profile_problem)
        assert italian != english and "profile_unwritable" not in italian
        assert italian in app.root.ids.toast.text and english not in app.root.ids.toast.text
    finally:
        app.set_lang("en")


def test_a_vehicle_cost_is_offered_20_and_takes_three_digits(home):
    """rules-decisions (printed vehicle costs): the engine suggests 20 in ``needs["suggest"]``;
    the keypad opens on it, and a dearer print (120) fits."""
    app, s = home, home.session
    assert mag(app).new_game(seats=SEATS, variants={}, target=30, soldiers=40) is None
    ask_card_value(app, {"card": "tank_1", "field": "cost", "suggest": 20})
    pad = app.dialog.ids.keypad
    assert pad.value == "20"
    harness.tap(harness.find_text("OK", root=pad, exact=True))
    assert s.state.printed("tank_1", "cost") == 20
    ask_card_value(app, {"card": "tank_1", "field": "cost", "suggest": 20})
    pad = app.dialog.ids.keypad
    for _ in range(2):
        harness.tap(harness.find_text("<-", root=pad, exact=True))
    assert pad.value == ""
    enter_on_keypad(app, "120")
    assert s.state.printed("tank_1", "cost") == 120


def test_every_keypad_has_cancel_and_an_empty_ok_says_what_is_missing(home):
    """Issue 15: a popup always has Cancel; OK on an empty field names what is missing."""
    app, s = home, home.session
    assert mag(app).new_game(seats=SEATS, variants={}, target=30, soldiers=40) is None
    ask_card_value(app, {"card": "tank_1", "field": "dice"})
    d = app.dialog
    harness.tap(harness.find_text("OK", root=d.ids.keypad, exact=True))
    assert not harness.text_offenders(d)  # the note and Cancel fit at 800x480
    assert d.ids.note.text == app.t("needs.missing", field=app.t("needs.field.dice"))
    assert d.get_root_window() is not None  # still open, nothing sent
    assert s.state.printed("tank_1", "dice") is None
    harness.tap(d.ids.cancel)
    harness.frames(5)
    assert d.ids.cancel.text == app.t("common.cancel")
    assert s.state.printed("tank_1", "dice") is None
