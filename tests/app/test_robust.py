"""Startup never crashes: a broken journal, a broken settings file or missing hardware
becomes a message on screen."""

import os

from companion.app import harness
from companion.app.parts import open_journal
from companion.app.settings import Settings
from tests.kivy_app import make_settings


def test_unopenable_journal_starts_in_memory_with_a_message(home, tmp_path):
    app = home
    good = app.settings
    app.settings = make_settings(database=str(tmp_path))  # a folder, not a file
    try:
        app._start_session()
        app.go("home")
        harness.frames(2)
        assert app.startup_error  # said on the home screen...
        assert app.startup_error in harness.texts()
        assert app.session.journal.__class__.__name__ == "MemoryJournal"  # ...and the app still works
        harness.tap(harness.find_id("new_magnifico"))
        assert app.manager.current == "magnifico.new_game"
    finally:
        app.settings = good
        app._start_session()


def test_corrupt_journal_is_moved_aside_and_said(tmp_path):
    from companion.storage import Journal

    bad = tmp_path / "journal.sqlite3"
    Journal(bad, key_file=tmp_path / "key").close()  # a journal this app made (its shadow is beside it)...
    bad.write_bytes(b"this is not a database" * 100)  # ...then damaged (a file it did not make is refused)
    journal, problem = open_journal(Settings({"hardware": "simulated", "database": str(bad)}),
                                    key_file=str(tmp_path / "key"))
    try:
        assert problem is not None and problem[0] == "home.journal_notice"
        assert any(name.startswith("journal.sqlite3.damaged") for name in os.listdir(tmp_path))
    finally:
        journal.close()


def test_gpio_on_a_laptop_is_a_message_not_a_crash(home):
    app = home
    harness.tap(harness.find_id("settings"))
    harness.tap(harness.find_id("hw_real"))
    status = harness.find_id("status_handsets").text
    assert app.hardware.handsets is None and app.hardware.problem
    assert app.reason(app.hardware.problem) in status
    harness.tap(harness.find_id("hw_sim"))
    assert app.hardware.handsets is not None
    assert "MockFactory" in harness.find_id("status_pins").text


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
