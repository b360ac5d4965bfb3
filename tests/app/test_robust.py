"""Startup never crashes: a broken journal or missing hardware becomes a message on screen.
Undo and correction are always one tap away."""

import os
import time

import pytest

from companion.app import harness
from companion.app.settings import Settings
from tests.app.conftest import make_settings


def test_unopenable_journal_starts_in_memory_with_a_message(home, tmp_path):
    app = home
    good = app.settings
    app.settings = make_settings(database=str(tmp_path))  # a folder, not a file
    try:
        app._start_session()
        app.go("home")
        harness.frames(2)
        if app.session.problem == ("home.no_storage", {}):
            pytest.skip("the journal is not in this build yet")
        assert app.startup_error  # said on the home screen...
        assert app.startup_error in harness.texts()
        assert app.session.journal.__class__.__name__ == "MemoryJournal"  # ...and the app still works
        harness.tap(harness.find_id("new_game"))
        assert app.manager.current == "new_game"
    finally:
        app.settings = good
        app._start_session()


def test_corrupt_journal_is_moved_aside_and_said(tmp_path):
    pytest.importorskip("companion.storage")
    from companion.app.session import Session

    from companion.storage import Journal

    bad = tmp_path / "journal.sqlite3"
    Journal(bad, key_file=tmp_path / "key").close()  # a journal this app made (its shadow is beside it)...
    bad.write_bytes(b"this is not a database" * 100)  # ...then damaged (a file it did not make is refused)
    session = Session.open(Settings({"hardware": "simulated", "database": str(bad)}),
                           journal_args={"key_file": str(tmp_path / "key")})
    try:
        assert session.problem is not None and session.problem[0] == "home.journal_notice"
        assert any(name.startswith("journal.sqlite3.damaged") for name in os.listdir(tmp_path))
    finally:
        session.close()


def test_gpio_on_a_laptop_is_a_message_not_a_crash(home):
    pytest.importorskip("hardware.handsets")
    app = home
    harness.tap(harness.find_id("settings"))
    harness.tap(harness.find_id("hw_real"))
    status = harness.find_id("status_handsets").text
    assert app.session.handsets is None and app.session.hw_problem
    assert app.session.hw_problem in status
    harness.tap(harness.find_id("hw_sim"))
    assert app.session.handsets is not None
    assert "MockFactory" in harness.find_id("status_pins").text


def test_undo_and_correction_from_the_top_bar(home):
    pytest.importorskip("companion.games.magnifico.engine")
    app = home
    s = app.session
    assert s.new_game(seats=[{"name": n, "color": c} for n, c in (("A", "red"), ("B", "blue"), ("C", "green"))],
                      variants={}, target=30, soldiers=40) is None
    app.go_current()
    harness.frames(2)
    harness.tap(harness.find_id("removed"))
    assert s.view()["phase"] == "start_roll"
    harness.tap(harness.find_id("top_undo"))
    assert s.view()["phase"] == "remove_cards"  # nothing was revealed: undo takes it back
    assert app.manager.current == "setup"
    harness.tap(harness.find_id("removed"))  # corrections start once the setup's cards are removed
    assert s.view()["phase"] == "start_roll"
    harness.tap(harness.find_id("top_menu"))
    harness.tap(harness.find_id("menu_correction"))
    dialog = app.dialog
    harness.tap(dialog.ids["seat_1"])
    harness.tap(dialog.ids["apply"])
    assert app.root.ids.toast.text == app.t("correction.need_reason")  # a correction needs a reason
    dialog.ids["reason"].text = "miscounted"
    florins = s.view()["seats"][1]["florins"]
    harness.tap(dialog.ids["value"].children[0])  # plus: 10 florins more
    harness.tap(dialog.ids["apply"])
    # the engine's Correct takes it (docs/storage.md): florins changed, the log says why
    assert app.root.ids.toast.text == app.t("correction.done")
    assert s.view()["seats"][1]["florins"] == florins + 10
    assert any("miscounted" in line for line in s.log())
    for _ in range(100):  # the dialog's closing animation still holds the touches
        if dialog.get_root_window() is None:
            break
        time.sleep(0.01)
        harness.frames(1)
    harness.tap(harness.find_id("top_undo"))
    assert s.view()["seats"][1]["florins"] == florins  # undo takes a correction back like any command


def test_correcting_a_territory(home):
    pytest.importorskip("companion.games.magnifico.engine")
    app = home
    s = app.session
    assert s.new_game(seats=[{"name": n, "color": c} for n, c in (("A", "red"), ("B", "blue"), ("C", "green"))],
                      variants={}, target=30, soldiers=40) is None
    app.go_current()
    harness.frames(2)
    harness.tap(harness.find_id("removed"))
    harness.tap(harness.find_id("top_menu"))
    harness.tap(harness.find_id("menu_correction"))
    dialog = app.dialog
    harness.tap(dialog.ids["kind_territory"])
    first = dialog.ids["territory_name"].text
    harness.tap(dialog.ids["territory_next"])
    assert dialog.ids["territory_name"].text != first  # the territories one by one, by name
    tid = sorted(s.view()["territories"], key=lambda t: s.territory_name(t, app.lang))[1]
    assert s.territory_name(tid, app.lang) in dialog.ids["territory_name"].text
    harness.tap(dialog.ids["field_owner"])
    harness.tap(dialog.ids["owner_2"])
    dialog.ids["reason"].text = "C placed a soldier there and we forgot"
    harness.tap(dialog.ids["apply"])
    assert app.root.ids.toast.text == app.t("correction.done")
    t = s.view()["territories"][tid]
    assert (t["owner"], t["soldiers"]) == (2, 1)  # a new owner puts 1 soldier there (docs/storage.md)


def test_broken_settings_file_uses_defaults_and_says_so(home, tmp_path):
    bad = tmp_path / "settings.json"
    bad.write_text("{ not json", encoding="utf-8")
    settings = Settings.load(bad)
    assert settings.get("lang") == "it" and settings.problem
    app = home
    good = app.settings
    settings.values.update(make_settings().values)  # the broken file's defaults, the test's journal
    app.settings = settings
    try:
        app._start_session()
        assert str(bad) in app.startup_error
    finally:
        app.settings = good
        app._start_session()
