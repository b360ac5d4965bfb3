"""Sealed bids on mock handsets, Magnifico's default (rules-decisions: Auction: "Every player
with at least 10 florins bids secretly, 10 to all they hold, in tens. Bids are revealed
together, only once every bid is locked"). Other requests: test_sealed_requests.py."""

import dataclasses
import logging
import re
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import GameError
from hardware import settings as hw_settings
from hardware.errors import HardwareError
from hardware.handsets import ENTERING, LOCKED, WAITING, BidHandsets, display_text
from hardware.keyboard import HandsetKeyboard, map_key
from hardware.tm1637 import decode as decode_tm1637
from hardware.tm1637 import encode

NAMES = {0: "Anna", 1: "Bruno", 2: "Carla", 3: "Dario", 4: "Elena"}


def default_handsets(**changes):
    hs = hw_settings.load().handsets
    return dataclasses.replace(hs, **changes)


class Table:
    """A BidHandsets on mock pins with every callback recorded."""

    def __init__(self, factory, main_thread, settings=None, **kwargs):
        self.factory, self.main = factory, main_thread
        self.shared = []  # what the shared screen gets: on_state and on_notice
        self.engine = []  # what goes to the engine: on_lock / on_unlock
        self.revealed = []
        self.settings = settings or default_handsets()
        self.h = BidHandsets(
            self.settings, pin_factory=factory, post=main_thread.post,
            on_state=lambda seat, state: self.shared.append(("state", seat, state)),
            on_notice=lambda seat, text: self.shared.append(("notice", seat, text)),
            on_lock=lambda seat, amount: self.engine.append(("LockBid", seat, amount)),
            on_unlock=lambda seat: self.engine.append(("UnlockBid", seat)),
            on_all_locked=lambda bids: self.revealed.append(bids),
            **kwargs,
        )

    def pin(self, seat, button):
        return self.h.buttons[seat, button].pin

    def press(self, seat, button, times=1):
        for _ in range(times):
            self.pin(seat, button).drive_low()
            self.pin(seat, button).drive_high()
        self.main.pump()

    def close(self):
        self.h.close()


@pytest.fixture
def table(factory, main_thread):
    t = Table(factory, main_thread)
    yield t
    t.close()


def test_default_pin_map_fits_five_handsets_on_the_header():
    hs = hw_settings.load().handsets
    assert len(hs.present()) == 5
    pins = [p for h in hs.seats for p in h.pins().values()] + [hs.display_clock]
    assert len(pins) == len(set(pins)) == 26
    assert set(pins) <= hw_settings.HEADER_GPIOS


def test_full_sealed_auction_for_five_seats(factory, main_thread, caplog):
    """Raise, lower, clamp, keypad, lock, unlock, simultaneous locks, reveal last."""
    caplog.set_level(logging.DEBUG)
    # seat 2 has a handset without a display (keypad); seat 4 has no handset at all
    seats = list(default_handsets().seats)
    seats[2] = dataclasses.replace(seats[2], display=None)
    seats[4] = dataclasses.replace(seats[4], present=False)
    t = Table(factory, main_thread, default_handsets(seats=tuple(seats)))
    h = t.h
    try:
        assert h.status == "handsets: simulated (MockFactory)"
        assert h.uses_keypad(2) and h.uses_keypad(4) and not h.uses_keypad(0)
        h.start_auction({0: 1000, 1: 800, 2: 450, 3: 95, 4: 65}, names=NAMES)
        main_thread.pump()
        assert h.states() == {s: ENTERING for s in range(5)}
        assert h.led_mode(0) == "blink"

        t.press(0, "up", 72)  # 10 + 720
        assert h.private_amount(0) == 730
        t.press(1, "up", 60)
        t.press(1, "down", 5)  # raising then lowering
        assert h.private_amount(1) == 560
        t.press(3, "up", 20)  # clamped to the 90 of 95 florins held
        assert h.private_amount(3) == 90
        t.press(3, "down", 20)
        assert h.private_amount(3) == 10  # never below 10
        t.press(3, "up", 8)
        assert h.private_amount(3) == 90

        # the keypad seat: up/down do nothing, the lock waits for an amount
        t.press(2, "up")
        t.press(2, "lock")
        assert h.state(2) == ENTERING and h.private_amount(2) is None
        h.set_amount(2, 370)

        # lock, then press again to unlock, change, lock again
        t.press(0, "lock")
        assert h.state(0) == LOCKED and h.led_mode(0) == "on" and factory.pin(14).state
        t.press(0, "up")  # a locked bid does not move
        assert h.private_amount(0) == 730
        t.press(0, "lock")
        assert h.state(0) == ENTERING
        t.press(0, "up", 1)
        t.press(0, "lock")
        assert t.engine == []  # sealed: no amount has left the controller

        t.press(1, "lock")
        assert h.state(1) == LOCKED
        assert [e[2] for e in t.shared if e[:2] == ("state", 1)] == [ENTERING, LOCKED]

        # seats 2 and 3 press lock at the same instant, from two threads
        barrier = threading.Barrier(2)

        def press(seat):
            barrier.wait()
            t.pin(seat, "lock").drive_low()

        threads = [threading.Thread(target=press, args=(s,)) for s in (2, 3)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        t.pin(2, "lock").drive_high()
        t.pin(3, "lock").drive_high()
        main_thread.pump()
        assert h.state(2) == h.state(3) == LOCKED

        # four of five locked: still sealed
        assert not h.all_locked and t.revealed == []
        with pytest.raises(HardwareError, match="sealed"):
            h.bids()

        # the seat without a handset locks on the screen; that is the last lock
        h.set_amount(4, 60)
        h.lock(4)
        main_thread.pump()
        assert h.all_locked
        assert t.revealed == [{0: 740, 1: 560, 2: 370, 3: 90, 4: 60}]
        assert t.engine == [("LockBid", s, a) for s, a in t.revealed[0].items()]
        assert h.bids() == t.revealed[0]
        # after the reveal nothing changes any more
        t.press(0, "lock")
        with pytest.raises(GameError):
            h.unlock(1)
        assert h.state(0) == LOCKED and len(t.revealed) == 1

        # the seat's own display showed its locked bid
        h.displays.flush()
        assert h.displays.shown(0) == "L740"
        sent = decode_tm1637(factory.trace, 4, 15)
        assert sent[-2] == [0xC0, *encode("L740")]
        assert sent[-1] == [0x88 | 3]

        # nothing for the shared screen or the log ever held an amount
        amounts = {740, 730, 560, 370, 90, 60}
        for item in t.shared:
            assert not any(isinstance(x, int) and x in amounts for x in item[1:] if x not in range(5))
            assert not any(re.search(rf"\b{a}\b", str(x)) for a in amounts for x in item[2:])
        for record in caplog.records:
            text = record.getMessage()
            assert not any(re.search(rf"\b{a}\b", text) for a in amounts), text
        assert ("state", 4, LOCKED) in t.shared
    finally:
        t.close()


def test_amounts_reach_the_engine_only_at_the_reveal_with_defer_locks(factory, main_thread):
    t = Table(factory, main_thread, defer_locks=True)
    try:
        t.h.start_auction({0: 50, 1: 50, 2: 0}, names=NAMES)
        t.press(0, "up", 2)
        t.press(0, "lock")
        t.press(0, "lock")  # unlock: the engine never hears of it
        t.press(0, "lock")
        assert t.engine == []
        t.press(1, "lock")
        assert t.engine == [("LockBid", 0, 30), ("LockBid", 1, 10)]
        assert t.revealed == [{0: 30, 1: 10}]
        assert t.h.state(2) == WAITING  # under 10 florins: no bid
    finally:
        t.close()


def test_without_defer_each_lock_and_unlock_reaches_the_engine_at_once(factory, main_thread):
    t = Table(factory, main_thread, defer_locks=False)
    try:
        t.h.start_auction({0: 50, 1: 50})
        t.press(0, "lock")
        assert t.engine == [("LockBid", 0, 10)] and t.revealed == []
        t.press(0, "lock")
        t.press(0, "up")
        t.press(0, "lock")
        t.press(1, "lock")
        assert t.engine == [("LockBid", 0, 10), ("UnlockBid", 0), ("LockBid", 0, 20), ("LockBid", 1, 10)]
        assert t.revealed == [{0: 20, 1: 10}]
    finally:
        t.close()


def test_events_reach_the_app_in_order_lock_before_reveal(table, main_thread):
    table.h.defer_locks = False
    order = []
    table.h.on_lock = lambda seat, amount: order.append(("lock", seat))
    table.h.on_all_locked = lambda bids: order.append(("all",))
    table.h.start_auction({0: 20, 1: 20})
    table.press(1, "lock")
    table.press(0, "lock")
    assert order == [("lock", 1), ("lock", 0), ("all",)]


def test_holding_the_lock_button_does_not_unlock_the_bid_it_just_locked(factory, main_thread):
    t = Table(factory, main_thread, default_handsets(hold_s=0.05))
    try:
        t.h.start_auction({0: 40})
        t.pin(0, "lock").drive_low()
        time.sleep(0.2)  # held past hold_s
        t.pin(0, "lock").drive_high()
        main_thread.pump()
        assert t.h.state(0) == LOCKED
        assert [e[0] for e in t.engine] == ["LockBid"]
    finally:
        t.close()


def test_a_held_up_button_adds_ten_once(factory, main_thread):
    t = Table(factory, main_thread, default_handsets(hold_s=0.05))
    try:
        t.h.start_auction({0: 400})
        t.pin(0, "up").drive_low()
        time.sleep(0.2)
        t.pin(0, "up").drive_high()
        assert t.h.private_amount(0) == 20
    finally:
        t.close()


def test_hold_mode_unlocks_only_on_a_hold(factory, main_thread):
    t = Table(factory, main_thread, default_handsets(hold_s=0.05, unlock="hold"))
    try:
        t.h.start_auction({0: 40, 1: 40})
        t.press(0, "lock")
        t.press(0, "lock")  # a short press on a locked seat does nothing in hold mode
        assert t.h.state(0) == LOCKED
        t.pin(0, "lock").drive_low()
        deadline = time.monotonic() + 2
        while t.h.led_mode(0) != "blink" and time.monotonic() < deadline:
            time.sleep(0.01)
        t.pin(0, "lock").drive_high()
        main_thread.pump()
        assert t.h.state(0) == ENTERING
        assert [e[2] for e in t.shared if e[:2] == ("state", 0)] == [ENTERING, LOCKED, ENTERING]
        assert t.engine == []
        assert t.h.led_mode(0) == "blink"
    finally:
        t.close()


def test_keypad_amounts_are_checked(table):
    h = table.h
    h.start_auction({0: 45, 1: 100}, names=NAMES)
    with pytest.raises(GameError, match="35 is not possible: steps of 10 from 10"):
        h.set_amount(0, 35)
    with pytest.raises(GameError, match="Anna cannot go above 45"):
        h.set_amount(0, 50)
    with pytest.raises(GameError, match="the lowest is 10"):
        h.set_amount(0, 0)
    with pytest.raises(GameError, match="is not a whole number"):
        h.set_amount(0, 20.0)
    h.set_amount(0, 40)
    h.lock(0)
    with pytest.raises(GameError, match="unlock it first"):
        h.set_amount(0, 30)
    with pytest.raises(GameError, match="seat 3 takes no part"):
        h.set_amount(3, 30)
    with pytest.raises(GameError, match="cannot bid"):
        h.start_auction({0: 5}, bidders=[0], names=NAMES)


def test_seats_that_do_not_bid_ignore_their_buttons(table, main_thread):
    table.h.start_auction({0: 100, 1: 9})
    table.press(1, "up")
    table.press(1, "lock")
    assert table.h.state(1) == WAITING
    assert table.h.led_mode(1) == "off"
    assert table.engine == []


def test_close_auction_turns_everything_off(table, factory):
    table.h.start_auction({0: 100, 1: 100})
    table.press(0, "lock")
    table.h.close_auction()
    assert table.h.states() == {}
    assert table.h.led_mode(0) == "off" and not factory.pin(14).state
    table.h.displays.flush()
    assert table.h.displays.shown(0) == "    "




def test_keyboard_drives_the_mock_pins(table, main_thread):
    kb = HandsetKeyboard(table.h)
    table.h.start_auction({s: 100 for s in range(5)})
    assert map_key("A") == (0, "lock") and map_key("x") is None
    for seat, (up, lock) in enumerate([("1", "a"), ("3", "d"), ("5", "g"), ("7", "j"), ("9", "l")]):
        assert kb.key(up, True) == (seat, "up", "press")
        kb.key(up, False)
        kb.tap(lock)
    main_thread.pump()
    assert table.revealed == [{s: 20 for s in range(5)}]


def test_display_texts():
    assert display_text(WAITING, None) == "    "
    assert display_text(ENTERING, 30) == "  30"
    assert display_text(LOCKED, 730) == "L730"
    assert display_text(LOCKED, 1230) == "1.230"
    assert len(encode(display_text(LOCKED, 1230))) == 4
    assert display_text(ENTERING, None) == "----"


def test_displays_share_a_clock_without_disturbing_each_other(table, factory):
    table.h.start_auction({0: 100, 1: 100})
    table.press(1, "up", 3)
    table.h.displays.flush()
    for seat, dio, text in [(0, 15, "  10"), (1, 24, "  40")]:
        sent = decode_tm1637(factory.trace, 4, dio)
        assert sent[-3:] == [[0x40], [0xC0, *encode(text)], [0x88 | 3]]
    # the other displays' data lines never left high while the clock ran
    for dio in (8, 7):
        assert all(level for pin, level in factory.trace if pin == dio)


def test_pin_map_validation():
    bad = hw_settings._read(hw_settings.DEFAULT_PATH)
    bad["handsets"]["seats"][1]["lock"] = 2
    with pytest.raises(HardwareError, match="GPIO2 is used twice: seat 0 up and seat 1 lock"):
        hw_settings.from_dict(bad)
    bad["handsets"]["seats"][1]["lock"] = 40
    with pytest.raises(HardwareError, match="GPIO40 is not a usable pin"):
        hw_settings.from_dict(bad)
    bad["handsets"]["seats"][1]["lock"] = 23
    bad["handsets"]["display_clock"] = None
    with pytest.raises(HardwareError, match="no display_clock"):
        hw_settings.from_dict(bad)


@pytest.mark.parametrize("data, why", [
    ({"handsets": [1, 2]}, 'hardware settings: "handsets" must be an object, not [1, 2]'),
    ({"handsets": {"seats": {"seat": 0}}}, "hardware settings: \"seats\" must be a list, not {'seat': 0}"),
    ({"mode": "magic"}, "hardware mode must be one of auto, gpio, simulated, not 'magic'"),
])
def test_settings_of_the_wrong_form_are_named(data, why):
    with pytest.raises(HardwareError) as err:
        hw_settings.from_dict(data)
    assert err.value.reason == why
    assert err.value.localized("it") != why  # and in Italian


def test_settings_file_overrides_the_default(tmp_path):
    path = tmp_path / "hardware.json"
    path.write_text('{"mode": "simulated", "dice": {"port": "loop://"}}')
    s = hw_settings.load(path)
    assert s.mode == "simulated" and s.dice.port == "loop://" and len(s.handsets.seats) == 5
    path.write_text("{nope")
    with pytest.raises(HardwareError, match="cannot be read"):
        hw_settings.load(path)


def test_on_a_pi_a_missing_pin_factory_is_an_error_never_mock_pins():
    settings = dataclasses.replace(hw_settings.load(), pin_factory="lgpio")
    try:
        import lgpio  # noqa: F401
    except ImportError:
        with pytest.raises(HardwareError, match="never used silently on a Pi"):
            BidHandsets.from_settings(settings, model="Raspberry Pi 4 Model B Rev 1.5")
    off_pi = BidHandsets.from_settings(settings, model=None)
    try:
        assert off_pi.status == "handsets: simulated (MockFactory)"
    finally:
        off_pi.close()
    chosen = BidHandsets.from_settings(dataclasses.replace(settings, mode="simulated"), model="Raspberry Pi 5")
    try:
        assert chosen.status == "handsets: simulated (MockFactory)"
    finally:
        chosen.close()


def test_pi_detection_reads_the_device_tree_model(tmp_path):
    from hardware.gpio import pi_model

    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.5\0")
    assert pi_model([str(tmp_path / "missing"), str(model)]) == "Raspberry Pi 4 Model B Rev 1.5"
    model.write_bytes(b"Some Other Board\0")
    assert pi_model([str(model)]) is None


def test_the_readme_shows_the_default_wiring():
    readme = (Path(__file__).resolve().parents[2] / "hardware" / "README.md").read_text()
    assert hw_settings.wiring_table(hw_settings.load().handsets) in readme


def test_header_pin_numbers_match_gpiozeros_board_data(factory):
    header = factory.board_info.headers["J8"]
    physical = {int(p.name[4:]): n for n, p in header.pins.items() if p.name.startswith("GPIO")}
    assert hw_settings.BCM_TO_PHYSICAL == {g: physical[g] for g in hw_settings.HEADER_GPIOS}


@pytest.fixture(scope="module")
def shared_table():
    """One set of mock handsets for every hypothesis example (building them takes a while)."""
    import queue

    from gpiozero.pins.mock import MockFactory

    factory, posted = MockFactory(), queue.Queue()
    record = {"shared": [], "engine": [], "revealed": []}
    h = BidHandsets(
        default_handsets(), pin_factory=factory, post=posted.put,
        on_state=lambda seat, state: record["shared"].append((seat, state)),
        on_notice=lambda seat, text: record["shared"].append((seat, text)),
        on_lock=lambda seat, amount: record["engine"].append((seat, amount)),
        on_all_locked=lambda bids: record["revealed"].append(bids),
    )

    def pump():
        while not posted.empty():
            posted.get()()

    yield h, record, pump
    h.close()
    factory.reset()


@given(
    florins=st.lists(st.integers(0, 120), min_size=5, max_size=5),
    presses=st.lists(st.tuples(st.integers(0, 4), st.sampled_from(["up", "down", "lock"])), max_size=40),
)
def test_random_presses_keep_bids_legal_and_sealed(shared_table, florins, presses):
    """rules-decisions: Auction: bids 10..all a player holds, in tens, revealed only once all are locked."""
    h, record, pump = shared_table
    for v in record.values():
        v.clear()
    h.start_auction(dict(enumerate(florins)))
    pump()
    bidders = [s for s, f in enumerate(florins) if f >= 10]
    for seat, button in presses:
        pin = h.buttons[seat, button].pin
        pin.drive_low()
        pin.drive_high()
        pump()
        for s in bidders:
            amount = h.private_amount(s)
            assert amount % 10 == 0 and 10 <= amount <= florins[s]
        every_locked = bool(bidders) and all(h.state(s) == LOCKED for s in bidders)
        assert h.all_locked == every_locked
        assert len(record["revealed"]) == (1 if every_locked else 0)
        assert len(record["engine"]) == (len(bidders) if every_locked else 0)
        assert all(isinstance(x, str) for _, x in record["shared"])  # never an amount
    for s, f in enumerate(florins):
        if f < 10:
            assert h.state(s) == WAITING
    h.close_auction()


def test_the_no_display_map_leaves_i2c_and_the_uart_free(factory, main_thread):
    s = hw_settings.load(hw_settings.DEFAULT_PATH.parent / "no-displays.json")
    pins = {p for h in s.handsets.seats for p in h.pins().values()}
    assert len(pins) == 20 and not pins & {2, 3, 14, 15}
    t = Table(factory, main_thread, s.handsets)
    try:
        assert all(t.h.uses_keypad(seat) for seat in range(5)) and t.h.displays is None
        t.h.start_auction({0: 30, 1: 30})
        t.press(0, "lock")  # no amount entered yet
        assert t.h.state(0) == ENTERING and ("notice", 0, "enter it on the screen's private keypad first") in t.shared
        t.h.set_amount(0, 30)
        t.press(0, "lock")
        assert t.h.state(0) == LOCKED
    finally:
        t.close()


def test_close_wakes_every_hold_thread_from_its_poll(factory, main_thread):
    """Issue 13 (a hardware choice in Settings reopens the handsets): each button's hold thread
    polls every 0.1 s; ``close`` wakes it so the closes wait for no poll to run out."""
    t = Table(factory, main_thread)
    woken = []

    class Spy(threading.Event):
        def set(self):
            woken.append(1)
            super().set()

    threads = [b._hold_thread for b in t.h.buttons.values() if getattr(b, "_hold_thread", None) is not None]
    assert threads
    for thread in threads:
        thread.holding = Spy()
    t.close()
    assert len(woken) == len(threads) and not any(thread.is_alive() for thread in threads)
