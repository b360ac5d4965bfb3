"""Handsets for any sealed request, reopened after a restart, silent in the log, debounced once.

- Issue 9: "handsets that take a step, minimum, maximum or a list of choices per request"
  (a Leonardo faction, an auction in fives), Magnifico's tens staying the default.
- Issue 12 item 2: after a restart "locked seats locked, amounts hidden, displays showing
  the locked state".
- Issue 12 item 6: "the log never shows presses or amounts per seat before the reveal".
- Issue 12 item 7: "Handsets debounce once (gpiozero's), tuned so presses 100 ms apart all count".
"""

import dataclasses
import logging
import re
import time

import pytest

from hardware import settings as hw_settings
from hardware.asks import Ask, auto_labels, display_text
from hardware.errors import InputRefused
from hardware.handsets import ENTERING, LOCKED, WAITING, BidHandsets, Handsets
from hardware.keyboard import HandsetKeyboard
from hardware.tm1637 import encode

NAMES = {0: "Anna", 1: "Bruno", 2: "Carla", 3: "Dario", 4: "Elena"}


class Table:
    """Handsets on mock pins; every callback recorded in one list, in the order it ran."""

    def __init__(self, factory, main_thread, settings=None, **kwargs):
        self.main = main_thread
        self.calls = []
        self.h = BidHandsets(
            settings or hw_settings.load().handsets, pin_factory=factory, post=main_thread.post,
            on_state=lambda seat, state: self.calls.append(("state", seat, state)),
            on_notice=lambda seat, text: self.calls.append(("notice", seat, text)),
            on_lock=lambda seat, value: self.calls.append(("lock", seat, value)),
            on_unlock=lambda seat: self.calls.append(("unlock", seat)),
            on_all_locked=lambda values: self.calls.append(("all", values)),
            **kwargs,
        )

    def press(self, seat, button, times=1):
        pin = self.h.buttons[seat, button].pin
        for _ in range(times):
            pin.drive_low()
            pin.drive_high()
        self.main.pump()

    def shown(self, seat):
        self.h.displays.flush()
        return self.h.displays.shown(seat)

    def engine(self):
        return [c for c in self.calls if c[0] in ("lock", "unlock")]


@pytest.fixture
def table(factory, main_thread):
    t = Table(factory, main_thread, defer_locks=False)
    yield t
    t.h.close()


# -- requests of any shape -------------------------------------------------------------------

def test_an_auction_in_fives(table):
    """A game whose bids go in fives from 5 (issue 9: "auction steps of 5")."""
    h = table.h
    h.start_sealed({0: Ask(minimum=5, step=5, maximum=23), 1: Ask(minimum=0, step=5, maximum=100)}, names=NAMES)
    table.main.pump()
    assert h.private_value(0) == 5 and h.private_value(1) == 0
    table.press(0, "up", 10)
    assert h.private_value(0) == 20  # 23 rounded down to a step
    assert table.shown(0) == "  20"
    table.press(0, "down", 10)
    assert h.private_value(0) == 5
    with pytest.raises(InputRefused, match="12 is not possible: steps of 5 from 5"):
        h.set_value(0, 12)
    with pytest.raises(InputRefused, match="Anna cannot go above 23"):
        h.set_value(0, 25)
    h.set_value(0, 15)
    table.press(0, "lock")
    table.press(1, "up", 3)
    table.press(1, "lock")
    assert table.engine() == [("lock", 0, 15), ("lock", 1, 15)]
    assert table.calls[-1] == ("all", {0: 15, 1: 15})
    assert table.shown(0) == "L 15"


def test_a_sealed_choice_of_faction(table):
    """A Leonardo faction: up/down go round the choices, the display shows a label, the
    engine gets the choice's name."""
    h = table.h
    ask = Ask(choices=("guelph", "ghibelline"))
    h.start_sealed({0: ask, 1: ask, 2: ask}, names=NAMES, waiting=[3, 4])
    table.main.pump()
    assert h.states() == {0: ENTERING, 1: ENTERING, 2: ENTERING, 3: WAITING, 4: WAITING}
    assert h.private_value(0) == "guelph" and table.shown(0) == "GuEL"
    table.press(0, "up")
    assert h.private_value(0) == "ghibelline" and table.shown(0) == "Ghib"
    table.press(0, "up")
    assert h.private_value(0) == "guelph"  # round again
    table.press(1, "down")
    assert h.private_value(1) == "ghibelline"
    with pytest.raises(InputRefused, match="'neutral' is not one of guelph, ghibelline"):
        h.set_value(2, "neutral")
    h.set_value(2, "ghibelline")
    for seat in (0, 1, 2):
        table.press(seat, "lock")
    assert table.engine() == [("lock", 0, "guelph"), ("lock", 1, "ghibelline"), ("lock", 2, "ghibelline")]
    assert table.shown(1) == "LGhi"
    assert h.values() == {0: "guelph", 1: "ghibelline", 2: "ghibelline"}
    table.press(3, "up")  # a waiting seat's buttons do nothing
    assert h.state(3) == WAITING


def test_asks_from_a_games_expects_and_their_labels():
    assert Ask.from_dict({"choices": ["guelph", "ghibelline"]}).labels == ("GuEL", "Ghib")
    assert Ask.from_dict({"step": 5, "min": 5, "max": 60}) == Ask(minimum=5, maximum=60, step=5)
    assert Ask.from_dict({"choices": ["a", "b"], "labels": ["A", "b"]}).labels == ("A", "b")
    assert auto_labels(("north", "south", "west")) == ("1", "2", "3")  # "w" cannot be drawn
    assert auto_labels(("red", "reds")) == ("1", "2")  # the same first letters
    with pytest.raises(InputRefused):
        Ask(choices=("a", "a"))
    with pytest.raises(InputRefused):
        Ask(choices=("a", "b"), labels=("WWWW", "b"))
    with pytest.raises(InputRefused):
        Ask(step=0)
    assert Ask(minimum=10, maximum=5).empty
    assert display_text(LOCKED, "guelph", Ask(choices=("guelph", "ghibelline"))) == "LGuE"
    for label in auto_labels(("guelph", "ghibelline")):
        assert len(encode(label)) == 4


def test_the_magnifico_default_is_unchanged(table):
    """start_auction keeps today's behaviour: 10 up to the florins in tens; under 10: no bid."""
    h = table.h
    h.start_auction({0: 95, 1: 9, 2: 40})
    table.main.pump()
    assert h.states() == {0: ENTERING, 1: WAITING, 2: ENTERING}
    assert h.ask_of(0) == Ask(minimum=10, maximum=95, step=10) and h.ask_of(1) is None
    table.press(0, "up", 20)
    assert h.private_amount(0) == 90


def test_a_request_nobody_can_enter_is_refused(table):
    with pytest.raises(InputRefused, match="Anna has nothing to enter: 10 to 5 is empty"):
        table.h.start_sealed({0: Ask(minimum=10, maximum=5)}, names=NAMES)


# -- after a restart ------------------------------------------------------------------------

def test_reopened_after_a_restart_with_the_locked_values(table):
    """Issue 12 item 2: Anna and Bruno had locked 30 and 50 before the crash; the engine holds
    them. The handsets come back locked, the shared screen learns nothing new, each display
    shows its own seat "L" and its value as before, and nothing is sent twice."""
    h = table.h
    h.start_auction({0: 100, 1: 100, 2: 100}, names=NAMES, locked={0: 30, 1: 50})
    table.main.pump()
    assert h.states() == {0: LOCKED, 1: LOCKED, 2: ENTERING}
    assert [c for c in table.calls if c[0] == "state"] == [("state", 0, LOCKED), ("state", 1, LOCKED),
                                                           ("state", 2, ENTERING)]
    assert table.engine() == []  # the engine already holds them
    assert h.led_mode(0) == h.led_mode(1) == "on" and h.led_mode(2) == "blink"
    assert (table.shown(0), table.shown(1), table.shown(2)) == ("L 30", "L 50", "  10")
    table.press(0, "up")  # locked: nothing moves
    assert h.private_value(0) == 30
    table.press(0, "lock")  # pressed again: unlocks, and the engine drops what it holds
    assert h.state(0) == ENTERING and table.engine() == [("unlock", 0)]
    table.press(0, "up")
    assert h.private_value(0) == 40 and table.shown(0) == "  40"  # goes on from 30
    table.press(0, "lock")
    table.press(2, "lock")
    assert table.engine() == [("unlock", 0), ("lock", 0, 40), ("lock", 2, 10)]
    assert table.calls[-1] == ("all", {0: 40, 1: 50, 2: 10})


def test_reopened_without_the_values(table):
    """With bare seats the display shows "L" alone, and an unlock starts again from the first value."""
    h = table.h
    h.start_auction({0: 100, 1: 100}, locked=[1])
    table.main.pump()
    assert h.state(1) == LOCKED and table.shown(1) == "L   " and h.private_value(1) is None
    table.press(1, "lock")
    assert h.state(1) == ENTERING and h.private_value(1) == 10 and table.shown(1) == "  10"
    assert table.engine() == [("unlock", 1)]


def test_reopened_with_deferred_locks_sends_only_the_new_ones(factory, main_thread):
    t = Table(factory, main_thread, defer_locks=True)
    try:
        t.h.start_auction({0: 100, 1: 100}, locked={1: 20})
        t.press(0, "lock")
        assert t.engine() == [("lock", 0, 10)]  # seat 1's lock is the engine's already
        assert t.calls[-1] == ("all", {0: 10, 1: 20})
    finally:
        t.h.close()


def test_a_restored_value_the_ask_does_not_allow_is_refused(table):
    with pytest.raises(InputRefused, match="steps of 10"):
        table.h.start_auction({0: 100}, locked={0: 35})


# -- the log (issue 12 item 6) -----------------------------------------------------------------

ALLOWED_LOG = re.compile(
    r"^(handsets ready: .*|sealed entry opened for \d+ seats \(\d+ already locked\)|(Anna|Bruno|Carla) (locked|unlocked)"
    r"|every seat has locked: the entries can be revealed)$"
)


def test_the_log_never_shows_presses_or_amounts(factory, main_thread, caplog):
    """A whole sealed auction at DEBUG, every logger: at most that a seat locked or unlocked."""
    caplog.set_level(logging.DEBUG)
    handsets = hw_settings.load().handsets
    seats = list(handsets.seats)
    seats[2] = dataclasses.replace(seats[2], display=None)  # Carla uses the keypad
    t = Table(factory, main_thread, dataclasses.replace(handsets, seats=tuple(seats)), defer_locks=False)
    try:
        t.h.start_auction({0: 100, 1: 80, 2: 60, 3: 5}, names=NAMES)
        t.press(0, "up", 4)  # Anna: 50
        t.press(1, "up", 2)
        t.press(1, "down")  # Bruno: 20
        t.press(2, "up")  # Carla has no display: a notice, never logged
        t.press(2, "lock")  # no amount yet: a notice
        t.h.set_value(2, 30)
        t.press(0, "lock")
        t.press(0, "up")  # locked: a notice
        t.press(0, "lock")  # unlock
        t.press(0, "down")  # Anna: 40
        t.press(0, "lock")
        t.press(3, "up")  # not bidding
        t.press(1, "lock")
        sealed_log = [r.getMessage() for r in caplog.records]
        t.press(2, "lock")  # the last lock: the reveal
    finally:
        t.h.close()
    assert [c for c in t.calls if c[0] == "all"] == [("all", {0: 40, 1: 20, 2: 30})]
    for text in sealed_log:
        assert ALLOWED_LOG.match(text), text
    assert [m for m in sealed_log if "locked" in m and "opened" not in m] == [
        "Anna locked", "Anna unlocked", "Anna locked", "Bruno locked"]
    for record in caplog.records:
        text = record.getMessage()
        assert not re.search(r"\b(up|down)\b", text), text
        assert not any(re.search(rf"\b{amount}\b", text) for amount in (20, 30, 40, 50)), text


# -- debouncing (issue 12 item 7) ------------------------------------------------------------

def test_the_one_debounce_is_gpiozeros(table):
    bounce = hw_settings.load().handsets.bounce_ms / 1000
    assert bounce == 0.01
    for button in table.h.buttons.values():
        assert button.pin.bounce == pytest.approx(bounce)  # gpiozero's bounce_time on the pin itself


def test_keyboard_presses_100_ms_apart_all_count(table):
    """Bruno's intended 30: three presses of up, 100 ms apart (50 ms down, 50 ms up)."""
    kb = HandsetKeyboard(table.h)
    table.h.start_auction({0: 100, 1: 100}, names=NAMES)
    for _ in range(2):
        kb.key("3", True)
        time.sleep(0.05)
        kb.key("3", False)
        time.sleep(0.05)
    assert table.h.private_value(1) == 30
    for _ in range(5):  # and much faster than any hand: a press 1 ms after the release
        kb.key("3", True)
        kb.key("3", False)
        time.sleep(0.001)
    assert table.h.private_value(1) == 80


def test_handsets_is_the_generic_name():
    assert Handsets is BidHandsets
