"""The journal opened behind the first screen (late_journal.py, issue 13: "start under 1 s"):
home offers the same game to resume before and after the journal is open, a resume tapped
before it is open reads its game alone without waiting (or waits, when the file's two copies
disagree on the game), and a journal the opening would
have something to say about is opened before the first screen, as it always was."""

from __future__ import annotations

import sqlite3
import sys
import threading
import time

import pytest

from companion.app import harness, late_journal, parts
from companion.app.late_journal import LateJournal
from companion.storage.journal import Journal
from tests.games.magnifico.ui.games import new_game_with_cards_removed, roll_start_order, start
from tests.kivy_app import make_settings


def restart_late(app):
    """What the app does at start: the session over a late journal, the home screen drawn."""
    app._start_session(late=True)
    app.go("home")
    return app.screens["home"]


def test_home_offers_the_same_resume_before_and_after_the_journal_opens(home):
    app = home
    game_id = start(app).game_id  # an unfinished Magnifico game, played last
    screen = restart_late(app)
    assert isinstance(app.session.journal, LateJournal) and not app.journal_ready()
    early = screen.resume_text
    assert early.startswith("Resume Magnifico: Anna, Bruno, Carla")
    harness.frames_until(app.journal_ready, 60)  # the first frame started the thread; it handed over
    assert isinstance(app.session.journal, Journal) and app.startup_error == ""
    assert screen.resume_text == early and app.session.unfinished(app.uis).id == game_id


def test_a_long_journal_is_checked_by_another_process_while_the_app_opens_it(home, monkeypatch):
    """precheck.py: the whole check of every row and line, Python that held the app's lock
    beside the table's taps for a second here with a hundred played games, is made by another
    process, started with the app, while it makes its first screen and the journal's thread
    imports; the thread trusts it and reads nothing."""
    from companion.storage import precheck
    from companion.storage import shadow as shadows

    app = home
    game_id = start(app).game_id
    monkeypatch.setattr(precheck, "PRECHECK_FROM", 0)  # (a long journal: some 2,000 lines of the shadow)
    found, real = [], precheck.Precheck.found

    def spying(self, *args):
        answer = real(self, *args)
        found.append((self, answer))
        return answer

    monkeypatch.setattr(precheck.Precheck, "found", spying)
    monkeypatch.setattr(shadows, "parse", lambda data: pytest.fail("the journal's file read in the app"))
    restart_late(app)
    assert app.session.journal._precheck is not None  # started with the app, before its first frame
    harness.frames_until(app.journal_ready, 60)
    assert isinstance(app.session.journal, Journal) and app.startup_error == ""
    [(check, answer)] = found
    assert answer is not None and game_id in answer[1] and check.process.exitcode == 0
    assert app.session.journal.state(game_id) is not None  # (the games as the file holds them)


def test_a_resume_tapped_before_the_journal_is_open_reads_its_game_alone(home, monkeypatch):
    """On a Pi the journal opens seconds after the first screen (SQLAlchemy, then every row
    checked): a Resume tapped meanwhile reads its game alone (its rows and shadow lines, the
    two copies agreeing) and shows it without waiting; the journal, once open, has the game
    open already and takes the next command."""
    app = home
    game_id = new_game_with_cards_removed(app).game_id  # a command of it to read
    shown = app.session.state.to_dict()
    opening = parts.open_journal

    def slow(settings, **kwargs):  # a slow machine: the tap comes while the journal is being opened
        time.sleep(0.5)
        return opening(settings, **kwargs)

    monkeypatch.setattr(parts, "open_journal", slow)
    restart_late(app)
    late = app.session.journal
    assert isinstance(late, LateJournal) and not late.is_open
    harness.tap(harness.find_id("resume"), n_frames=1)  # the first frame starts the thread, the next taps
    assert not late.is_open, "the Resume waited for the journal"
    assert app.session.game_id == game_id and app.manager.current.startswith("magnifico.")
    assert app.session.state.to_dict() == shown
    harness.frames_until(app.journal_ready, 60)
    journal = late.opened()[0]
    assert app.session.journal is journal and game_id in journal._open  # opened by the thread, not in a frame
    assert app.session.game_id == game_id and journal.state(game_id).to_dict() == shown
    roll_start_order(app.session)  # the next commands go to the journal
    assert journal.commands(game_id)[-1]["type"] == "StartOrderRoll"
    app.go("home")


def test_home_reads_the_game_to_resume_while_the_journal_opens(home, monkeypatch):
    """Home's warm-up reads the game to resume from the file alone while the journal opens
    (it waited for the journal before), and builds the screen Resume opens on: the Resume
    tap then finds the game read (the same state) and its screen built, the journal still
    opening."""
    app = home
    game_id = new_game_with_cards_removed(app).game_id
    shown = app.session.state.to_dict()
    opening, release = parts.open_journal, threading.Event()

    def held(settings, **kwargs):  # the journal opens only once the test lets it
        release.wait(60)
        return opening(settings, **kwargs)

    monkeypatch.setattr(parts, "open_journal", held)
    try:
        restart_late(app)
        late = app.session.journal
        harness.idle(app, 12)
        assert not late.is_open and list(app.warm_up.read) == ["magnifico"]
        first = app.warm_up.read["magnifico"]
        assert first in app.screens
        state = late.state(game_id)
        assert late.state(game_id) is state  # kept, as the journal keeps it
        harness.tap(harness.find_id("resume"), n_frames=1)
        assert not late.is_open and app.manager.current == first and app.session.state is state
        assert state.to_dict() == shown
    finally:
        release.set()
    harness.frames_until(app.journal_ready, 60)
    app.go("home")


def test_a_resume_of_a_game_the_two_copies_disagree_on_waits_for_the_journal(home, monkeypatch, tmp_path):
    """A row of the game damaged in the database: the game is not read alone; the Resume
    waits for the journal, which restores the row from the shadow and says so. (A journal
    of its own: a repaired journal lists its games again at its next opening, before the
    first screen, which the other tests here would then meet.)"""
    app = home
    good = app.settings
    app.settings = make_settings(database=str(tmp_path / "journal.sqlite3"), key_file=str(tmp_path / "journal.key"))
    try:
        app._start_session()
        game_id = new_game_with_cards_removed(app).game_id
        shown = app.session.state.to_dict()
        app.session.close()
        conn = sqlite3.connect(app.settings.get("database"))
        conn.execute("UPDATE commands SET body = '{broken' WHERE game_id = ? AND seq = 1", (game_id,))
        conn.commit()
        conn.close()
        opening = parts.open_journal
        monkeypatch.setattr(parts, "open_journal", lambda settings, **kwargs: (time.sleep(0.3), opening(settings, **kwargs))[1])
        restart_late(app)
        late = app.session.journal
        assert isinstance(late, LateJournal)
        harness.tap(harness.find_id("resume"), n_frames=1)
        assert late.is_open and app.session.game_id == game_id and app.session.state.to_dict() == shown
        harness.frames_until(app.journal_ready, 60)
        assert "restored from the second copy" in app.startup_error
    finally:
        app.settings = good
        app._start_session()
        app.go("home")


def test_a_journal_opened_before_the_first_frame_is_handed_over_at_it(home):
    """A tap before the first frame (a finger on the glass at start) waits for the journal,
    opened then on the main thread; the first frame hands it over all the same. It never was:
    the app waited for it the whole session (its notices unsaid, home's work ahead held back)."""
    app = home
    game_id = start(app).game_id
    restart_late(app)
    late = app.session.journal
    assert isinstance(late, LateJournal) and not late.is_open
    late.opened()  # what a resume tapped before the first frame does
    assert late.is_open and not app.journal_ready()
    harness.frames_until(app.journal_ready, 5)
    assert app.session.journal is late.opened()[0] and app.session.unfinished(app.uis).id == game_id
    app.go("home")


def test_a_journal_held_elsewhere_is_opened_before_the_first_screen_and_said(home):
    """Another app holds the file: the list cannot be trusted, so the journal is opened at
    once and its refusal is on the first screen (in memory meanwhile), as before."""
    app = home
    good = app.settings
    start(app)
    path = app.settings.get("database")
    app.session.close()  # let go of the file, then another "app" takes it
    other = Journal(path, key_file=app.settings.get("key_file"))
    try:
        restart_late(app)
        assert app.session.journal.__class__.__name__ == "MemoryJournal"
        assert app.startup_error and "already open" in app.startup_error
    finally:
        other.close()
        app.settings = good
        app._start_session()


def test_a_row_damaged_in_the_database_alone_is_said_once_the_journal_opens(home):
    """The list behind the first screen reads no command rows: the journal opened behind it
    finds the damaged row, restores it from its second copy and says so on home."""
    app = home
    game_id = new_game_with_cards_removed(app).game_id  # one command
    path = app.settings.get("database")
    app.session.close()
    conn = sqlite3.connect(path)
    broken = conn.execute("UPDATE commands SET body = '{broken' WHERE game_id = ?", (game_id,)).rowcount
    conn.commit()
    conn.close()
    assert broken > 0
    restart_late(app)
    assert isinstance(app.session.journal, LateJournal) and app.startup_error == ""
    harness.frames_until(app.journal_ready, 60)
    assert "restored from the second copy" in app.startup_error
    assert app.session.unfinished(app.uis).id == game_id


def test_the_journals_notice_is_said_in_the_tables_language(home):
    """The notices are keyed messages: an Italian table reads the repair in Italian, and
    in English once the table switches language."""
    app = home
    game_id = new_game_with_cards_removed(app).game_id
    path = app.settings.get("database")
    app.session.close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE commands SET body = '{broken' WHERE game_id = ?", (game_id,))
    conn.commit()
    conn.close()
    app.set_lang("it")
    try:
        restart_late(app)
        harness.frames_until(app.journal_ready, 60)
        assert app.startup_error.startswith("Registro: Il giornale ")
        assert "dalla seconda copia" in app.startup_error and "second copy" not in app.startup_error
        app.set_lang("en")
        assert "restored from the second copy" in app.startup_error and "seconda copia" not in app.startup_error
    finally:
        app.set_lang("en")


def test_a_pick_tapped_as_the_journal_lands_opens_its_form(home, monkeypatch, tmp_path):
    """A finger that comes down in the frame the journal lands in: the landing refreshes home
    before the frame dispatches the touch, and home made its buttons anew, not laid out yet,
    so the touch found no button and the tap did nothing (a table tapping right after a start;
    on a Pi the journal takes seconds to open). The buttons are kept where they are, and the
    pick opens the game's setup form."""
    app = home
    opening = parts.open_journal

    def slow(settings, **kwargs):  # the journal lands while the finger is on its way
        time.sleep(0.2)
        return opening(settings, **kwargs)

    monkeypatch.setattr(parts, "open_journal", slow)
    good = app.settings
    app.settings = make_settings(database=str(tmp_path / "journal.sqlite3"), key_file=str(tmp_path / "journal.key"))
    try:  # a brand-new table's journal, whatever the shared one holds: it opens behind the first screen
        screen = restart_late(app)
        harness.frames(1)  # home laid out
        app._open_journal_late()  # what the first frame drawn does (none is drawn when nothing changed)
        late = app.session.journal
        assert isinstance(late, LateJournal) and not app.journal_ready()
        button = screen.ids["new_magnate"]
        finger = harness.Touch(*button.to_window(*button.center))
        deadline = time.monotonic() + 30
        while not late.is_open and time.monotonic() < deadline:  # opened; its landing waits for the next frame
            time.sleep(0.01)
        assert late.is_open
        finger.down()
        harness.frames(1)  # the landing (home refreshed), then the touch
        assert app.journal_ready() and screen.ids["new_magnate"] is button and button.state == "down"
        finger.up()
        harness.frames(2)
        assert app.manager.current == "magnate.new_game"
    finally:
        app.settings = good
        app._start_session()
        app.go("home")


def test_a_game_read_alone_is_read_with_short_switches_and_the_interval_set_back(monkeypatch, tmp_path):
    """Issue 13: each row SQLite reads lets go of Python's lock; beside the journal's opening
    thread, taking it back waited up to Python's switch interval (5 ms) a row, so the reading
    alone of a game to resume took 110 to 190 ms for 40 ms of work. It runs with the interval
    shortened (``late_journal.HANDOVER``), set back as it ends, also when it fails."""
    from companion.storage import reader as reader_module

    seen: list[float] = []

    def focused(cls, *args, **kwargs):
        seen.append(sys.getswitchinterval())
        raise OSError("the file went away")

    monkeypatch.setattr(reader_module.JournalReader, "focused", classmethod(focused))
    before = sys.getswitchinterval()
    late = LateJournal(make_settings(), [], tmp_path / "journal.sqlite3")
    assert late.reads_alone(7) is False
    assert seen == [pytest.approx(late_journal.HANDOVER)] and sys.getswitchinterval() == pytest.approx(before)
