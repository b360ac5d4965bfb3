"""Full collections wait for an idle table (docs/performance.md, "Taps, a full collection
inside a tap"): Python's own trigger of its oldest generation is off while the app runs, the
app collects it once no touch came for a while, and anyway once it is long overdue."""

from __future__ import annotations

import gc

import pytest

from companion.app import harness
from companion.app.idle_collector import DUE, NEVER, OVERDUE, QUIET, IdleCollector


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def collector(monkeypatch):
    """A collector on a fake clock, with the young collections since the last full one set
    by the test and each full collection counted instead of run."""
    clock = Clock()
    state = {"pending": 0, "full": 0}
    monkeypatch.setattr(gc, "get_count", lambda: (0, 0, state["pending"]))

    def collect(generation=2):
        assert generation == 2
        state["full"] += 1
        state["pending"] = 0
        return 0

    monkeypatch.setattr(gc, "collect", collect)
    return IdleCollector(clock=clock), clock, state


def test_a_due_collection_waits_for_the_table_to_be_idle(collector):
    c, clock, state = collector
    state["pending"] = DUE
    c.touched()
    clock.now += QUIET / 2
    assert not c.check() and state["full"] == 0  # a finger was down a moment ago
    clock.now += QUIET
    assert c.check() and state["full"] == 1  # quiet since: collected
    assert not c.check()  # nothing pending any more


def test_nothing_is_collected_before_it_is_due(collector):
    c, clock, state = collector
    state["pending"] = DUE - 1
    clock.now += 10 * QUIET
    assert not c.check() and state["full"] == 0


def test_an_overdue_collection_runs_on_a_busy_table(collector):
    c, clock, state = collector
    state["pending"] = OVERDUE - 1
    c.touched()
    assert not c.check()
    state["pending"] = OVERDUE
    assert c.check() and state["full"] == 1  # touched just now, collected all the same


def test_start_turns_pythons_own_trigger_off_and_stop_gives_it_back():
    before = gc.get_threshold()
    c = IdleCollector()
    c.start()
    try:
        assert gc.get_threshold() == (before[0], before[1], NEVER)
    finally:
        c.stop()
    assert gc.get_threshold() == before


def test_the_running_app_collects_when_idle_and_sees_its_touches(home):
    import time

    app = home
    assert gc.get_threshold()[2] == NEVER  # the app's collector is in charge
    app.collector.last_touch = 0.0
    touch = harness.Touch(2, 2)  # a finger anywhere on the window
    touch.down()
    touch.up()
    harness.frames(1)
    assert app.collector.last_touch > 0.0  # the window's touches reach it
    # a collection falls due: the clock's check takes it once the table is quiet
    app.collector.last_touch -= 10 * QUIET
    full = app.collector.collections
    for _ in range(DUE + 1):
        gc.collect(1)  # young collections, as a game's objects make them
    end = time.monotonic() + 5 * QUIET
    while app.collector.collections == full and time.monotonic() < end:
        harness.frames(1)
        time.sleep(0.01)
    assert app.collector.collections == full + 1
