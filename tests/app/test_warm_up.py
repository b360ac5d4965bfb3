"""While nobody touches, the app builds ahead what the next taps would build (issue 13: a
game's first visit built its kv, modules and every screen inside one tap, 80 to 190 ms on the
development machine): a game's screens one at a time while one of them is shown, and on
home the game to resume (read from the journal, its screens built), the last game's kv
files, classes and setup form, then the other games' kv files and classes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from companion.app import harness
from companion.app.screen_book import Screens
from companion.app.warm_up import Opening, Resumable, WarmUp

from .screen_fakes import FakeUI, Manager

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Table:
    uis: dict[str, FakeUI]
    last: list[str | None] = field(default_factory=lambda: ["magnate"])
    resume: Resumable | None = None  # the game home's Resume would open

    open: bool = True  # the journal itself is open (not only the list home shows)
    alone: bool | None = None  # the game to resume reads alone while the journal opens (None: asked of no one)

    def __post_init__(self) -> None:
        self.manager = Manager()
        self.screens = Screens(self.manager, {}, lambda: list(self.uis.values()))
        self.asked = 0
        self.text_fields = 0
        self.resumables = 0
        self.probes = 0
        self.warm = WarmUp(self.screens, self.uis, self.likely, self.text_field, resumable=self.resumable,
                           ready=lambda: self.open, resume_ready=None if self.alone is None else self.reads_alone)

    def reads_alone(self) -> bool:
        self.probes += 1
        return self.open or bool(self.alone)

    def resumable(self) -> Resumable | None:
        self.resumables += 1
        return self.resume

    def text_field(self) -> object:
        self.text_fields += 1
        return object()

    def likely(self) -> str | None:
        self.asked += 1
        return self.last.pop(0) if self.last else ""


def games() -> dict[str, FakeUI]:
    return {"magnate": FakeUI("magnate", ("new_game", "setup", "turn")),
            "leonardo": FakeUI("leonardo", ("new_game", "board"))}


def test_on_a_games_screen_its_other_screens_are_built_one_a_step():
    table = Table(games())
    table.screens["magnate.new_game"]
    assert table.warm.step("magnate.new_game") == "magnate.setup"
    assert table.warm.step("magnate.new_game") == "magnate.turn"
    assert table.warm.step("magnate.setup") is None
    assert table.manager.added == ["magnate.new_game", "magnate.setup", "magnate.turn"]
    assert table.uis["leonardo"].built == []  # another game is never touched


def test_a_screen_built_makes_its_first_fill_ahead_before_the_next_is_built():
    """A screen with an ``ahead()`` (a game's first play screen: its widgets, its map drawn)
    has it run once, the step after it is built, and never while it is the screen shown."""
    uis = {"magnate": FakeUI("magnate", ("new_game", "setup", "turn"), ahead=("new_game", "setup", "turn"))}
    table = Table(uis)
    table.screens["magnate.new_game"]
    steps = [table.warm.step("magnate.new_game") for _ in range(5)]
    assert steps == ["magnate.setup", "magnate.setup ahead", "magnate.turn", "magnate.turn ahead", None]
    screens = table.screens
    assert [screens[n].aheads for n in ("magnate.new_game", "magnate.setup", "magnate.turn")] == [0, 1, 1]
    assert table.warm.step("magnate.setup") == "magnate.new_game ahead"  # no longer shown
    assert table.warm.step("magnate.setup") is None and screens["magnate.new_game"].aheads == 1


def test_a_screen_once_shown_is_never_given_its_first_fill_ahead():
    """A screen built inside a tap (a Start or a Resume taken at once) shows the open game; its
    ``ahead()`` fills for a game not started (an empty board), so it must never run on it once
    it has been shown, even after the table has moved on to another screen."""
    uis = {"magnate": FakeUI("magnate", ("new_game", "turn", "city"), ahead=("turn", "city"))}
    table = Table(uis)
    table.screens["magnate.turn"]  # built in the tap that showed it
    table.warm.shown("magnate.turn")
    steps = [table.warm.step("magnate.turn") for _ in range(4)]
    assert steps == ["magnate.new_game", "magnate.city", "magnate.city ahead", None]  # the city: never shown yet
    assert table.warm.step("magnate.city") is None  # the turn no longer shown, but shown before
    assert table.screens["magnate.turn"].aheads == 0 and table.screens["magnate.city"].aheads == 1


def test_a_screen_showing_an_earlier_state_is_refreshed_when_nothing_else_is_left():
    """Issue 13: Magnate's city made again in the tap that opened it after a command (72 ms
    here). A built screen not shown whose ``stale()`` says so is refreshed, once, after the
    game's screens are built; never the screen shown, never one up to date."""
    uis = {"magnate": FakeUI("magnate", ("new_game", "turn", "city"), stale=("city",))}
    table = Table(uis)
    table.screens["magnate.turn"]
    assert [table.warm.step("magnate.turn") for _ in range(3)] == ["magnate.new_game", "magnate.city", None]
    city = table.screens["magnate.city"]
    assert city.refreshes == 0  # up to date: left alone
    city.behind = True  # a command on the turn screen
    assert table.warm.step("magnate.city") is None and city.refreshes == 0  # shown: its own refresh
    assert table.warm.step("magnate.turn") == "magnate.city refreshed" and city.refreshes == 1
    assert table.warm.step("magnate.turn") is None and city.refreshes == 1


def test_on_home_the_last_game_is_prepared_then_its_setup_form_built():
    table = Table(games())
    assert table.warm.step("home") == "magnate"  # kv files and classes, nothing built
    assert table.manager.added == [] and table.uis["magnate"].built == ["magnate"]
    assert table.warm.step("home") == "magnate.new_game"
    assert table.warm.step("home") == "magnate.new_game filled"
    assert table.screens["magnate.new_game"].refreshes == 1  # filled once, ahead of the tap
    assert table.manager.added == ["magnate.new_game"] and table.asked == 1  # asked once


def test_then_a_first_text_field_and_the_other_games_kv_files_and_classes_and_setup_forms():
    """A table that switches games built the other game's kv and classes in the tap that picked
    it (64 to 97 ms, bench/first_visits.py "other game last"), and then its setup form (41 to
    50 ms with the kv loaded): while the table chooses its first game, the other games' setup
    forms are built and filled too, last."""
    table = Table(games())
    steps = [table.warm.step("home") for _ in range(8)]
    assert steps == ["magnate", "magnate.new_game", "magnate.new_game filled", "text fields", "leonardo",
                     "leonardo.new_game", "leonardo.new_game filled", None]
    assert table.uis["leonardo"].built == ["leonardo"] and table.text_fields == 1
    assert table.manager.added == ["magnate.new_game", "leonardo.new_game"]  # no other screen built
    assert table.screens["leonardo.new_game"].refreshes == 1
    assert table.warm.step("home") is None and table.text_fields == 1  # each once


def test_once_a_game_is_opened_the_other_forms_go_at_the_next_pauses_and_stay_gone():
    """Issue 13 (memory: about 2.5 MB a form): the forms built for the table's choice are let go
    of once it has chosen, one a pause, on whatever screen is shown; the last game's form (built
    before, as it was) and the chosen game's stay; none is built again in the session."""
    uis = {**games(), "magnifico": FakeUI("magnifico", ("new_game", "turn"))}
    table = Table(uis, last=["magnate", "leonardo"])
    steps = [table.warm.step("home") for _ in range(11)]
    assert steps[-1] is None and {"leonardo.new_game", "magnifico.new_game"} <= set(table.manager.added)
    table.warm.opened("leonardo")  # picked on home, Start tapped: a game is open
    assert table.warm.step("leonardo.board") == "magnifico.new_game dropped"
    assert table.manager.added == ["magnate.new_game", "leonardo.new_game"]
    assert "magnifico.new_game" not in table.screens and "magnifico.new_game" not in table.warm.filled
    table.warm.home_again()  # back on home after the game: Leonardo is the last game now
    assert [table.warm.step("home") for _ in range(3)] == [None, None, None]
    assert "magnifico.new_game" not in table.screens  # not built again in this session


def test_a_form_shown_when_its_turn_to_go_comes_is_kept():
    table = Table(games(), last=[""])
    while table.warm.step("home") is not None:
        pass
    table.manager.current = "leonardo.new_game"  # the table is back on that form
    table.warm.opened("magnate")
    assert table.warm.step("leonardo.new_game") != "leonardo.new_game dropped"
    assert "leonardo.new_game" in table.screens


def test_while_the_journal_opens_home_asks_again():
    table = Table(games(), last=[None, None, "magnate"])
    assert table.warm.step("home") is None  # not known yet
    assert table.warm.step("home") is None
    assert table.warm.step("home") == "magnate"
    assert table.warm.step("home") == "magnate.new_game"
    assert table.asked == 3


def test_while_the_journal_opens_home_works_on_what_needs_none_of_it():
    """Issue 13: the journal itself opens behind the first screen (0.1 to 0.3 s after the
    first frame here, longer on a Pi), and home's warm-up waited for it, so a game picked meanwhile built its
    setup form inside the tap. The last game comes from the list home shows: its kv files, its
    setup form and the other games' are made while the journal opens; the game to resume is
    asked for once it is open, and read and built first then."""
    reads: list[str] = []
    table = Table(games(), last=["magnate"], open=False,
                  resume=Resumable("leonardo", lambda: reads.append("leonardo") or "leonardo.board"))
    steps = [table.warm.step("home") for _ in range(6)]
    assert steps == ["magnate", "magnate.new_game", "magnate.new_game filled", "text fields", "leonardo", None]
    assert table.resumables == 0 and reads == []  # nothing asked of the journal yet
    table.open = True
    steps = [table.warm.step("home") for _ in range(5)]
    # then its other screens, and its setup form filled (the other games' forms: the journal is open)
    assert steps == ["leonardo read", "leonardo.board", "leonardo.new_game", "leonardo.new_game filled", None]
    assert (table.asked, table.resumables, reads) == (1, 1, ["leonardo"])


@pytest.mark.parametrize("alone", (True, False))
def test_while_the_journal_opens_reading_the_game_to_resume_alone_is_a_piece_of_its_own(alone):
    """Issue 13: asking whether the game to resume reads alone reads it from the file
    (late_journal.py, 40 ms here and 110 to 490 ms beside the journal's opening thread); in
    the step that also prepared the game's kv files, a pick tapped meanwhile waited for both.
    That first asking is now a step of its own, whatever its answer, and it is asked once."""
    table = Table(games(), last=["magnate"], open=False, alone=alone,
                  resume=Resumable("leonardo", lambda: "leonardo.board"))
    assert table.warm.step("home") == "resume probed"
    assert table.uis["leonardo"].built == [] and table.uis["magnate"].built == [] and table.manager.added == []
    assert (table.probes, table.resumables) == ((1, 1) if alone else (1, 0))
    assert table.warm.step("home") == ("leonardo" if alone else "magnate")
    assert table.probes == (1 if alone else 2)  # (a game that does not read alone is asked again)


def test_a_game_that_fails_to_prepare_ahead_does_not_stop_the_others(caplog):
    """A game's UI package whose kv or classes fail to load: home used to prepare only the game
    played last, which had loaded before; now it prepares every game, and a broken one nobody
    picks must not take the app down (its pick raises as before)."""

    class Broken(FakeUI):
        def screens(self) -> dict[str, type]:
            raise SyntaxError("a kv rule it cannot parse")

    uis = {"broken": Broken("broken", ("new_game",)), **games()}
    table = Table(uis, last=[""])
    steps = [table.warm.step("home") for _ in range(9)]
    assert steps == ["text fields", "broken failed", "magnate", "leonardo", "magnate.new_game",
                     "magnate.new_game filled", "leonardo.new_game", "leonardo.new_game filled", None]
    assert table.warm.failed == {"broken": "SyntaxError: a kv rule it cannot parse"}
    assert "preparing broken ahead failed" in caplog.text


def test_a_brand_new_table_prepares_every_game_then_builds_their_setup_forms():
    """A journal holding no game: no last game; its first pick found no game prepared (62 to
    111 ms, bench/first_visits.py "new table"). Every game is prepared, then every setup form
    built and filled, for the table's first choice."""
    table = Table(games(), last=["", ""])
    steps = [table.warm.step("home") for _ in range(3)]
    assert steps == ["text fields", "magnate", "leonardo"]
    assert table.manager.added == [] and table.asked == 1
    assert table.uis["magnate"].built == ["magnate"] and table.uis["leonardo"].built == ["leonardo"]
    steps = [table.warm.step("home") for _ in range(5)]
    assert steps == ["magnate.new_game", "magnate.new_game filled", "leonardo.new_game", "leonardo.new_game filled",
                     None]


def test_on_home_the_game_to_resume_is_read_and_its_screen_built_first():
    """Issue 13: a table that starts the app again mid-game taps Resume, which read the game
    from the journal and built its screens inside the tap (60 to 95 ms here). Now, before the
    last game's setup form: the game to resume prepared, read (once), the screen it opens on
    built and its first fill made; then the setup form (a new game, the other tap home
    offers), then what a pick of another game needs (the text fields, the other games' kv
    files and setup forms: a pick of another game 0.6 s after the first frame built its form
    in the tap, 44 to 62 ms here), and only then the resumed game's other screens and theirs
    (a Resume builds them on the game's own screens anyway)."""
    reads: list[str] = []

    def read() -> str:
        reads.append("leonardo")
        return "leonardo.board"

    uis = {"magnate": FakeUI("magnate", ("new_game", "turn")),
           "leonardo": FakeUI("leonardo", ("new_game", "setup", "board"), ahead=("setup", "board"))}
    table = Table(uis, last=["leonardo"], resume=Resumable("leonardo", read))
    steps = [table.warm.step("home") for _ in range(10)]
    assert steps == ["leonardo", "leonardo read", "leonardo.board", "leonardo.board ahead", "leonardo.new_game",
                     "leonardo.new_game filled", "text fields", "magnate", "magnate.new_game",
                     "magnate.new_game filled"]
    assert reads == ["leonardo"] and table.resumables == 1
    assert table.manager.added == ["leonardo.board", "leonardo.new_game", "magnate.new_game"]
    assert table.uis["magnate"].built == ["magnate"]  # the other game: kv and classes, then its form
    assert [table.warm.step("home") for _ in range(3)] == ["leonardo.setup", "leonardo.setup ahead", None]


def test_the_screen_a_resume_opens_on_is_filled_with_its_game_after_its_first_fill(caplog):
    """Issue 13: a Resume's tap filled its screen with the game for the first time, its rows
    made and their texts drawn in the tap (70 to 100 ms a Resume here). Right after that
    screen's first fill ahead, it is filled with the game it resumes (``Resumable.rehearse``,
    the game not opened), once; again once the table is back on home. A screen that says it
    must not (Magnifico's battle, whose fill asks for the odds) is not; a rehearsal that fails
    is logged, and the Resume fills the screen in its tap as before."""
    rehearsed: list[str] = []
    uis = {"leonardo": FakeUI("leonardo", ("new_game", "board"), ahead=("board",))}
    table = Table(uis, last=["leonardo"], resume=Resumable("leonardo", lambda: "leonardo.board",
                                                          lambda screen: rehearsed.append(screen.name)))
    steps = [table.warm.step("home") for _ in range(6)]
    assert steps == ["leonardo", "leonardo read", "leonardo.board", "leonardo.board ahead",
                     "leonardo.board rehearsed", "leonardo.new_game"]
    assert rehearsed == ["leonardo.board"] and table.screens["leonardo.board"].aheads == 1
    assert "leonardo.board rehearsed" not in [table.warm.step("home") for _ in range(4)]
    table.warm.home_again()
    assert "leonardo.board rehearsed" in [table.warm.step("home") for _ in range(3)]
    assert rehearsed == ["leonardo.board"] * 2
    # a screen that renders its labels' texts ahead (BaseScreen.render_texts) does so a piece later,
    # once they are laid out: in the tap's frame they were rendered at their first draw
    table.screens["leonardo.board"].render_texts = lambda: 7
    table.warm.home_again()
    steps = [table.warm.step("home") for _ in range(4)]
    assert steps[:3] == ["leonardo read", "leonardo.board rehearsed", "leonardo.board texts rendered (7)"]

    def fails(screen: object) -> None:
        raise KeyError("a seat the fill did not expect")

    table = Table({"leonardo": FakeUI("leonardo", ("new_game", "board"), ahead=("board",))}, last=["leonardo"],
                  resume=Resumable("leonardo", lambda: "leonardo.board", fails))
    steps = [table.warm.step("home") for _ in range(6)]
    assert steps[4:] == ["leonardo.board rehearsal failed", "leonardo.new_game"]
    assert "filling leonardo.board with the game to resume failed" in caplog.text

    table = Table({"leonardo": FakeUI("leonardo", ("new_game", "board"), ahead=("board",))}, last=["leonardo"],
                  resume=Resumable("leonardo", lambda: "leonardo.board", lambda screen: rehearsed.append("no")))
    table.screens["leonardo.board"].rehearses = False
    steps = [table.warm.step("home") for _ in range(6)]
    assert "leonardo.board ahead" in steps and not any("rehears" in str(step) for step in steps)
    assert "no" not in rehearsed


def test_a_game_to_resume_that_cannot_be_read_ahead_is_left_to_the_tap(caplog):
    """A journal that fails to give the game back: logged, not raised (an error in the clock's
    idle check would end the app); its screens are built all the same, and the Resume tap
    says why, as before."""

    def read() -> str:
        raise OSError("disk I/O error")

    table = Table(games(), resume=Resumable("magnate", read))
    steps = [table.warm.step("home") for _ in range(9)]
    assert steps == ["magnate", "magnate read", "magnate.new_game", "magnate.new_game filled", "text fields",
                     "leonardo", "leonardo.new_game", "leonardo.new_game filled", "magnate.setup"]
    assert "reading the magnate game to resume ahead failed" in caplog.text
    assert table.warm.step("home") == "magnate.turn"


def test_back_on_home_the_journal_is_asked_again():
    """What home works ahead for is asked once the journal is open, and again each time the
    table comes back to home or the journal is opened again (the settings changed): a game
    left unfinished since, or in the other journal, is read then."""
    uis = {"magnate": FakeUI("magnate", ("new_game", "turn")), "leonardo": FakeUI("leonardo", ("new_game", "board"))}
    table = Table(uis, last=["magnate", "leonardo"])
    steps = [table.warm.step("home") for _ in range(5)]
    assert steps == ["magnate", "magnate.new_game", "magnate.new_game filled", "text fields", "leonardo"]
    table.warm.opened("magnate")  # a game was played: no other game's form is built for a choice now
    assert table.warm.step("home") is None and (table.asked, table.resumables) == (1, 1)
    table.resume = Resumable("leonardo", lambda: "leonardo.board")
    table.warm.home_again()
    steps = [table.warm.step("home") for _ in range(5)]
    assert steps == ["leonardo read", "leonardo.board", "leonardo.new_game", "leonardo.new_game filled", None]
    assert (table.asked, table.resumables) == (2, 2)


def test_no_game_to_resume_leaves_home_as_it_was():
    table = Table(games(), resume=None)
    steps = [table.warm.step("home") for _ in range(3)]
    assert steps == ["magnate", "magnate.new_game", "magnate.new_game filled"] and table.resumables == 1


def test_once_a_game_is_open_its_menu_is_made_after_its_screens():
    """The menu (main.py hands over ``dialogs.make_menu``) is made once a game is started or
    resumed, the last piece on its screens; not again until the next game; never on home."""
    uis = {"magnate": FakeUI("magnate", ("new_game", "turn", "city"))}
    table = Table(uis)
    made = []
    table.warm.menu = lambda: made.append(1) or "menu"
    assert [table.warm.step("home") for _ in range(4)] == ["magnate", "magnate.new_game", "magnate.new_game filled",
                                                          "text fields"]
    table.warm.game_changed()
    table.screens["magnate.turn"]
    assert [table.warm.step("magnate.turn") for _ in range(3)] == ["magnate.city", "menu", None]
    assert made == [1] and table.warm.step("home") != "menu"
    table.warm.game_changed()  # the next game
    assert table.warm.step("magnate.turn") == "menu" and made == [1, 1]


def test_a_shell_screen_builds_nothing():
    table = Table(games())
    assert table.warm.step("settings") is None and table.warm.step("history") is None
    assert table.asked == 0 and table.manager.added == []


def test_the_app_builds_a_games_screens_while_its_setup_form_waits(home):
    """Magnate's setup form shown; a few seconds of no touch later every Magnate screen is
    built and has made its first fill ahead, so the start tap builds none."""
    app = home
    ui = app.uis["magnate"]
    harness.tap(harness.find_id("new_magnate"))
    assert app.manager.current == ui.new_game_screen
    app.collector.last_touch = app.collector.clock()
    app._idle_tick(0)  # a touch just now: nothing is done
    before = set(dict(app.screens))
    # a screen built, its first fill made ahead, then drawn; the Start's screen opened: a piece a frame
    harness.idle(app, 4 * len(ui.screens()) + 4)
    assert app.screens.unbuilt(ui) == []
    assert {name for name in app.screens.prepared["magnate"] if hasattr(app.screens[name], "ahead")
            and name != ui.new_game_screen} <= app.warm_up.ahead
    assert set(dict(app.screens)) >= before
    built = len(app.screens)
    harness.tap(harness.find_id("start"))
    assert app.manager.current != ui.new_game_screen and len(app.screens) == built


def test_a_short_pause_is_enough_for_a_piece_of_work_ahead(home, monkeypatch):
    """A Start tapped 0.6 s after the setup form showed used to find nothing built: the warm-up
    waited for the collector's 0.5 s of quiet and checked every 0.25 s. Now a pause of
    ``warm_up.QUIET`` is enough, checked every ``warm_up.TICK``; the full collection keeps
    its own longer quiet (idle_collector.QUIET)."""
    from companion.app import idle_collector, warm_up

    assert warm_up.QUIET + warm_up.TICK < 0.5 and warm_up.QUIET < idle_collector.QUIET
    app = home
    harness.tap(harness.find_id("new_magnate"))
    app.warm_up.ahead.clear()  # as in a fresh app: the first fills still to make ahead
    monkeypatch.setattr(app.collector, "check", lambda: False)  # no full collection due: pieces only

    def piece(touch_ago: float) -> bool:
        """The clock's check, the last touch ``touch_ago`` seconds ago: did it do a piece?"""
        app.collector.last_touch = app.collector.clock() - touch_ago
        before = set(dict(app.screens)), set(app.warm_up.ahead)
        app._idle_tick(0)
        return (set(dict(app.screens)), set(app.warm_up.ahead)) != before

    assert not piece(warm_up.QUIET - 0.1)
    assert piece(warm_up.QUIET + 0.01)  # the old code waited for 0.5 s
    app.collector.touched()  # a finger down and held still: no piece while it is on the glass
    assert not piece(10.0)
    app.collector.lifted()  # lifted where nothing changed: Kivy draws no frame for it
    harness.frames(1)  # (the last piece's frame: one piece a frame)
    assert piece(10.0)  # the warm-up goes on all the same
    assert app._collecting.timeout == warm_up.TICK


def test_a_pause_takes_a_piece_a_frame_not_one_a_tick(home, monkeypatch):
    """After a piece of work ahead the next one runs at the next frame, not a clock check
    (warm_up.TICK) later: a table that switched games found the picked game's kv files still
    unread after a pause of 1.5 s, its pick loading them in the tap (47 to 63 ms). A finger
    on the glass stops the chain, and it ends where nothing is left to do."""
    app = home
    harness.tap(harness.find_id("new_magnate"))
    steps: list[str | None] = []
    real = app.warm_up.step
    monkeypatch.setattr(app.warm_up, "step", lambda current: steps.append(real(current)) or steps[-1])
    ticks = app._collecting
    ticks.cancel()  # only the chain runs here: no clock check between the frames
    try:
        app.warm_up.ahead.clear()  # as in a fresh app: the first fills still to make ahead
        app.collector.last_touch -= 10.0
        app._idle_tick(0)
        assert len(steps) == 1 and steps[0] is not None
        harness.frames(1)  # that piece's layouts (it came between two frames, as the clock's never does)
        harness.frames(3)
        assert len(steps) == 4  # one a frame
        app.collector.touched()  # a finger down: no piece until it lifts and the table pauses
        harness.frames(3)
        assert len(steps) == 4 and app._chained is None  # the frame's check found the finger down
        app.collector.lifted()
        app.collector.last_touch -= 10.0
        app._idle_tick(0)
        for _ in range(200):
            if steps[-1] is None:
                break
            harness.frames(1)
        assert steps[-1] is None and app._chained is None  # nothing left: back to the clock's checks
        done = len(steps)
        harness.frames(3)
        assert len(steps) == done
    finally:
        ticks()


def test_two_checks_in_one_frame_take_one_piece(home, monkeypatch):
    """Issue 13: the clock's own check (every ``warm_up.TICK``) and the chained one after a
    piece could come in the same tick: two pieces in one frame, a finger that came down waited
    for both, and a screen filled by the first had its texts rendered by the second before its
    layout ran (none rendered: a Leonardo Start opened ahead rendered them again in its tap,
    test_opening.py). The second check waits for the frame's layouts."""
    app = home
    harness.tap(harness.find_id("new_magnate"))
    steps: list[str | None] = []
    real = app.warm_up.step
    monkeypatch.setattr(app.warm_up, "step", lambda current: steps.append(real(current)) or steps[-1])
    monkeypatch.setattr(app.collector, "check", lambda: False)  # pieces only
    ticks = app._collecting
    ticks.cancel()
    try:
        app.warm_up.ahead.clear()
        app.collector.last_touch -= 10.0
        app._idle_tick(0)
        app._idle_tick(0)  # the clock's check, in the tick of the chained one
        assert len(steps) == 1 and steps[0] is not None and app._chained is not None
        harness.frames(1)  # the frame's layouts run
        app._idle_tick(0)
        assert len(steps) == 2 and steps[1] is not None
    finally:
        ticks()


def test_a_full_collection_in_the_chain_does_not_end_it(home, monkeypatch):
    """A full collection that falls due between two pieces takes that frame, and the next
    piece runs at the frame after it, not a clock check (warm_up.TICK) later: the chain used
    to end there, so a fresh process, whose first full collection fell in the chain, left the
    rest of the work ahead to the clock's checks."""
    app = home
    harness.tap(harness.find_id("new_magnate"))
    steps: list[str | None] = []
    real = app.warm_up.step
    monkeypatch.setattr(app.warm_up, "step", lambda current: steps.append(real(current)) or steps[-1])
    checks: list[bool] = []  # the collector's checks: a full collection due at the third only
    monkeypatch.setattr(app.collector, "check", lambda: checks.append(len(checks) == 2) or checks[-1])
    ticks = app._collecting
    ticks.cancel()  # only the chain runs here
    try:
        app.warm_up.ahead.clear()
        app.collector.last_touch -= 10.0
        app._idle_tick(0)
        harness.frames(1)  # that piece's layouts (it came between two frames, as the clock's never does)
        harness.frames(1)
        assert len(steps) == 2 and app._chained is not None
        harness.frames(1)  # the third check: a collection due, no piece
        assert checks[2] and len(steps) == 2 and app._chained is not None
        harness.frames(1)
        assert len(steps) == 3 and steps[-1] is not None
    finally:
        ticks()


def test_the_app_asks_again_back_on_home_and_on_a_journal_opened_again(home, monkeypatch):
    """A table that leaves a game for home, or whose settings open the journal again, may have a
    game to resume that the warm-up has not read: it asks again then, not on every change."""
    app = home
    calls: list[str] = []
    monkeypatch.setattr(app.warm_up, "home_again", lambda: calls.append(app.manager.current))
    app.go("settings")
    harness.frames(1)
    assert calls == [] and "settings" in app.warm_up.ahead  # shown: never filled ahead
    app.go("home")
    harness.frames(1)
    assert calls == ["home"]
    app._start_session()  # what a change of the settings does
    harness.frames(1)
    assert calls == ["home", "home"]


def test_the_last_game_is_the_journals_latest(home):
    app = home
    assert app.journal_ready()
    latest = app.session.games()
    assert app._last_game() == (latest[0].game if latest else "")


# a fresh app on FOLDER's journal, whose one game is unfinished: home's idle checks (no real
# waiting), then Resume, with what the tap read from the journal, built and imported
RESUME_PROBE = """
import json, sys
from companion.app import kivy_env
kivy_env.configure(headless=True)
from companion.app import harness
name, folder = sys.argv[1], sys.argv[2]
app = harness.start_in(folder)
harness.idle(app, 40)
journal = type(app.session.journal)
reads = []
load = journal._load
journal._load = lambda self, game_id: reads.append(game_id) or load(self, game_id)
built, modules, ahead = set(dict(app.screens)), set(sys.modules), app.warm_up.read.get(name)
def texts(screen):
    return [w.text for w in harness.walk(screen) if isinstance(getattr(w, "text", None), str) and w.text]
filled, rehearsed = texts(app.screens[ahead]), dict(app.warm_up.rehearsed)
harness.tap(harness.find_id("resume"))
shown = texts(app.manager.current_screen)
print(json.dumps({"screen": app.manager.current, "ahead": ahead, "reads": reads,
                  "built": sorted(set(dict(app.screens)) - built),
                  "imported": sorted(m for m in set(sys.modules) - modules if m.startswith("companion")),
                  "rehearsed": rehearsed, "texts": len(shown),
                  "new texts": len([t for t in shown if t not in filled])}))
harness.stop(app)
"""


# a fresh app on FOLDER's journal (one game of NAME) whose journal is held unopened: home's
# idle checks, what they built; then the journal opened, and the idle checks again
HELD_PROBE = """
import json, sys
from companion.app import kivy_env
kivy_env.configure(headless=True)
from companion.app import harness
from companion.app.late_journal import LateJournal
name, folder = sys.argv[1], sys.argv[2]
start = LateJournal.start
LateJournal.start = lambda self, post, landed: None  # held: the thread is not started
app = harness.start_in(folder, journal=False)
harness.idle(app, 30)
held = {"ready": app.journal_ready(), "built": sorted(dict(app.screens)), "read": dict(app.warm_up.read),
        "open": app.session.journal.is_open}
start(app.session.journal, app._post, lambda: app._journal_open(app.session.journal))
for _ in range(500):
    harness.frames(1)
    if app.journal_ready():
        break
harness.idle(app, 20)
print(json.dumps({"held": held, "ready": app.journal_ready(), "read": dict(app.warm_up.read)}))
harness.stop(app)
"""


@pytest.mark.parametrize("name", ("magnifico", "leonardo"))
def test_home_builds_the_last_games_setup_form_before_the_journal_opens(tmp_path, name):
    """Issue 13, in a fresh app whose journal is held unopened: home's idle checks read the
    game to resume from the file alone (late_journal.py: it reads alone while the journal
    opens), then build the last game's setup form from the list home shows (a pick before the
    journal opened built it in the tap); nothing opens the journal; once it is open, the game
    to resume stays read."""
    from tests.app.test_first_taps_imports import table

    table(tmp_path, name)  # its one game, unfinished
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-c", HELD_PROBE, name, str(tmp_path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["held"]["ready"] is False and list(seen["held"]["read"]) == [name]
    assert seen["held"]["open"] is False and f"{name}.new_game" in seen["held"]["built"]
    assert seen["ready"] is True and list(seen["read"]) == [name]


@pytest.mark.parametrize("name", ("magnifico", "magnate", "leonardo"))
def test_a_resume_after_a_pause_reads_builds_and_imports_nothing(tmp_path, name):
    """Issue 13, in a fresh app: home's warm-up has read the game to resume, built the screen it
    opens on and filled it with that game, so the Resume tap reads nothing from the journal,
    builds no screen, draws next to no new text and imports no module but the wording of a
    game's log lines (0.2 to 0.3 ms by ``python -X importtime``, for the events a screen lists);
    it opens the screen read ahead."""
    from tests.app.test_first_taps_imports import table

    table(tmp_path, name)  # its one game: the first ten demo commands, unfinished
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-c", RESUME_PROBE, name, str(tmp_path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["screen"].startswith(name + ".") and seen["screen"] == seen["ahead"]
    assert seen["reads"] == [] and seen["built"] == []
    assert [m for m in seen["imported"] if m != f"companion.games.{name}.describe"] == []
    # its screen filled with the game ahead (70 to 100 ms a Resume before), so the tap draws next to
    # no new text: the last turn's lines at most (the game's notes, made as it opens); 18 to 28 of
    # the screen's 20 to 29 texts were new in the tap without it
    # (and its labels' texts rendered: True)
    assert seen["rehearsed"] == {name: True} and seen["new texts"] <= seen["texts"] // 10


def test_a_dialogs_piece_comes_first_and_one_that_fails_is_logged(caplog):
    """What the dialog shown leads to (the menu's forms) is made at the next idle check, before
    the screens; a piece that fails is logged, and the tap makes it again and shows why."""
    table = Table(games())
    table.screens.prepare(table.uis["magnate"])
    done: list[str] = []

    def fails() -> str:
        raise RuntimeError("a broken form")

    table.warm.soon(lambda: done.append("form") or "the form")
    table.warm.soon(fails)
    assert table.warm.step("magnate.setup") == "the form" and done == ["form"]
    assert table.warm.step("magnate.setup") == "soon: failed"
    assert "a piece of work ahead failed" in caplog.text
    assert table.warm.step("magnate.setup") is not None  # the screens' work goes on


# a fresh app on FOLDER's journal (one unfinished game of another game): home's idle checks,
# then the pick of NAME (what its tap built), its Start, the idle checks again on the game's
# screen, then home and its idle checks: which setup forms are built at each moment
CHOICE_PROBE = """
import json, sys
from companion.app import kivy_env
kivy_env.configure(headless=True)
from companion.app import harness
name, folder = sys.argv[1], sys.argv[2]
app = harness.start_in(folder)
def forms():
    return sorted(s for s in dict(app.screens) if s.endswith(".new_game"))
seen = {}
for _ in range(60):  # until every form is built: which screens of the game to resume are by then
    harness.idle(app, 1)
    if len(forms()) == 3 and "forms made" not in seen:
        seen["forms made"] = sorted(s for s in dict(app.screens) if not s.endswith(".new_game"))
seen["choosing"] = forms()
seen["at last"] = sorted(s for s in dict(app.screens) if not s.endswith(".new_game"))
built = set(dict(app.screens))
harness.tap(harness.find_id("new_" + name))
seen["built by the pick"] = sorted(set(dict(app.screens)) - built)
harness.tap(harness.find_id("start"))
harness.idle(app, 60)
seen["playing"], seen["screen"] = forms(), app.manager.current
seen["in the manager"] = sorted(s.name for s in app.manager.screens if s.name.endswith(".new_game"))
app.go("home")
harness.idle(app, 60)
seen["home again"] = forms()
app.set_lang("it")  # what the forms let go of were bound to (the language) changes: no error
harness.frames(2)
harness.tap(harness.find_id("new_magnifico"))  # built again in its tap, in the table's language
seen["again"] = app.manager.current
harness.stop(app)
print(json.dumps(seen))
"""


def test_a_table_choosing_its_game_finds_each_setup_form_made_and_lets_go_of_the_others(tmp_path):
    """Issue 13, in a fresh app whose journal holds an unfinished Magnate game: while the table
    chooses, every game's setup form is built and filled ahead, right after the screen Resume
    opens and before Magnate's other screens, so picking Leonardo builds nothing in the tap
    (its form built there took 41 to 77 ms here); once Leonardo's game is
    open, Magnifico's form (about 2.5 MB) is let go of at the pauses, and it is not built
    again back on home. Magnate's (the last game's, built as before) and Leonardo's stay."""
    from tests.app.test_first_taps_imports import table

    table(tmp_path, "magnate")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-c", CHOICE_PROBE, "leonardo", str(tmp_path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    every = ["leonardo.new_game", "magnate.new_game", "magnifico.new_game"]
    assert seen["choosing"] == every
    # the other games' forms come before the resumed game's other screens (a pick 0.6 s after the
    # first frame built its form in the tap: 44 to 62 ms); the screen Resume opens comes first
    assert "magnate.roll" in seen["forms made"]  # the screen Resume opens on
    assert len(set(seen["at last"]) - set(seen["forms made"])) >= 2  # Magnate's others after the forms
    assert seen["built by the pick"] == []
    assert seen["screen"].startswith("leonardo.") and seen["screen"] != "leonardo.new_game"
    kept = ["leonardo.new_game", "magnate.new_game"]
    assert seen["playing"] == kept and seen["in the manager"] == kept
    assert seen["home again"] == kept
    assert seen["again"] == "magnifico.new_game"



def test_a_screen_filled_ahead_is_drawn_once_the_piece_after(caplog):
    """Issue 13: the first frame of a screen uploaded its textures and made the software
    renderer's code for what it draws inside the tap that showed it (a Magnifico Resume late in
    the game: some 260 million instructions of LLVM in its tap). With ``draw`` given, each
    screen filled ahead is drawn once the piece after its fill (drawn_ahead.py); never a screen
    shown since; a screen the drawing refuses is passed over, and one that fails is logged."""
    drawn: list[str] = []
    uis = {"magnate": FakeUI("magnate", ("new_game", "setup", "turn", "city"), ahead=("setup", "turn", "city"))}
    table = Table(uis)
    table.warm.draw = lambda screen: drawn.append(screen.name) or screen.name != "magnate.city"
    table.screens["magnate.new_game"]
    steps = [table.warm.step("magnate.new_game") for _ in range(5)]
    assert steps == ["magnate.setup", "magnate.setup ahead", "magnate.setup drawn", "magnate.turn", "magnate.turn ahead"]
    table.warm.shown("magnate.turn")  # its Start came first: the frames draw it
    steps = [table.warm.step("magnate.turn") for _ in range(4)]
    assert steps == ["magnate.city", "magnate.city ahead", None, None]  # the city refused: nothing more
    assert drawn == ["magnate.setup", "magnate.city"]

    def fails(screen: object) -> bool:
        raise ValueError("a colour left empty")

    table = Table({"magnate": FakeUI("magnate", ("new_game", "setup"), ahead=("setup",))})
    table.warm.draw = fails
    table.screens["magnate.new_game"]
    steps = [table.warm.step("magnate.new_game") for _ in range(4)]
    assert steps == ["magnate.setup", "magnate.setup ahead", "magnate.setup drawing failed", None]
    assert "drawing magnate.setup ahead failed" in caplog.text


def test_the_screen_a_resume_opens_on_is_drawn_after_its_rehearsal():
    """The Resume's screen is drawn with the game it resumes: after its rehearsal and its
    texts, not after its first fill for a game not started; again after the next rehearsal."""
    drawn: list[str] = []
    uis = {"leonardo": FakeUI("leonardo", ("new_game", "board"), ahead=("board",))}
    table = Table(uis, last=["leonardo"], resume=Resumable("leonardo", lambda: "leonardo.board", lambda screen: None))
    table.warm.draw = lambda screen: drawn.append(screen.name) or True
    steps = [table.warm.step("home") for _ in range(7)]
    assert steps == ["leonardo", "leonardo read", "leonardo.board", "leonardo.board ahead", "leonardo.board rehearsed",
                     "leonardo.board drawn", "leonardo.new_game"]
    table.warm.home_again()
    assert "leonardo.board drawn" in [table.warm.step("home") for _ in range(4)]
    assert drawn == ["leonardo.board"] * 2


def test_on_a_setup_form_the_screen_its_start_opens_on_is_filled_with_that_game_ahead(caplog):
    """Issue 13: a first Start filled its play screen with the game for the first time in its
    tap: its rows made and their texts rendered (a Leonardo Start: 186 million instructions
    here, 26 texts). On a setup form, once a visit, the screen its Start would open on is built
    first, given its first fill, then filled with the game the form would begin as it stands
    (``Opening``: nothing started), its texts rendered a piece later, then drawn; a visit of
    the form again does it again (the form may have changed). A form whose Start would be
    refused has none; one that fails is logged, and the Start fills its screen as before."""
    asked: list[str] = []
    filled: list[str] = []
    drawn: list[str] = []

    def opening(ui: FakeUI) -> Opening:
        asked.append(ui.name)
        return Opening("magnate.setup", lambda screen: filled.append(screen.name))

    table = Table({"magnate": FakeUI("magnate", ("new_game", "turn", "setup"), ahead=("turn", "setup"))})
    table.warm.opening, table.warm.draw = opening, lambda screen: drawn.append(screen.name) or True
    table.screens["magnate.new_game"]
    steps = [table.warm.step("magnate.new_game") for _ in range(9)]
    assert steps == ["magnate.new_game opening", "magnate.setup", "magnate.setup ahead", "magnate.setup opened",
                     "magnate.setup drawn", "magnate.turn", "magnate.turn ahead", "magnate.turn drawn", None]
    assert asked == ["magnate"] and filled == ["magnate.setup"] and drawn == ["magnate.setup", "magnate.turn"]
    assert table.warm.step("magnate.turn") is None and asked == ["magnate"]  # only on the form
    table.screens["magnate.setup"].render_texts = lambda: 3
    table.warm.shown("magnate.new_game")  # the table is on the form again
    steps = [table.warm.step("magnate.new_game") for _ in range(5)]
    assert steps == ["magnate.new_game opening", "magnate.setup opened", "magnate.setup texts rendered (3)",
                     "magnate.setup drawn", None]
    assert filled == ["magnate.setup"] * 2 and table.screens["magnate.setup"].aheads == 1

    table = Table({"magnate": FakeUI("magnate", ("new_game", "setup"), ahead=("setup",))})
    table.warm.opening = lambda ui: None  # the form's Start would be refused: its tap says why
    table.screens["magnate.new_game"]
    steps = [table.warm.step("magnate.new_game") for _ in range(4)]
    assert steps == ["magnate.new_game opening", "magnate.setup", "magnate.setup ahead", None]

    def unreadable(ui: FakeUI) -> Opening:
        raise KeyError("a box profile the form did not expect")

    def fails(screen: object) -> None:
        raise KeyError("a seat the fill did not expect")

    for broken, said, step in ((unreadable, "reading what magnate.new_game would start failed", None),
                               (lambda ui: Opening("magnate.setup", fails),
                                "filling magnate.setup with the game magnate.new_game would start failed",
                                "magnate.setup opening failed")):
        table = Table({"magnate": FakeUI("magnate", ("new_game", "setup"), ahead=("setup",))})
        table.warm.opening = broken
        table.screens["magnate.new_game"]
        steps = [table.warm.step("magnate.new_game") for _ in range(5)]
        assert steps[0] == "magnate.new_game opening" and said in caplog.text
        assert [s for s in steps[1:] if s is not None] == ["magnate.setup", "magnate.setup ahead"] + [step] * (step is not None)

    table = Table({"magnate": FakeUI("magnate", ("new_game", "setup"), ahead=("setup",))})
    table.warm.opening = opening
    table.screens["magnate.setup"].rehearses = False  # a screen whose fill starts work (built first here)
    table.screens["magnate.new_game"]
    steps = [table.warm.step("magnate.new_game") for _ in range(4)]
    assert steps == ["magnate.setup ahead", "magnate.new_game opening", None, None]
    assert filled == ["magnate.setup"] * 2
