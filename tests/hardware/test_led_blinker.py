"""The handsets' LEDs: every blinking LED on one thread, in step (hardware/led_blinker.py).
The LED shows the seat's state: off waiting, blinking while entering, lit once locked
(hardware/README.md, "Handsets"); issue 13: the Start made one gpiozero thread per seat."""

import threading
import time

from gpiozero import LED

from hardware.led_blinker import LedBlinker

from tests.hardware.test_handsets import Table, default_handsets


def wait_for(check, seconds=2.0):
    deadline = time.monotonic() + seconds
    while not check() and time.monotonic() < deadline:
        time.sleep(0.005)
    return check()


def test_blinking_leds_turn_on_and_off_together(factory):
    leds = [LED(pin, pin_factory=factory) for pin in (5, 6, 13)]
    blinker = LedBlinker(0.02)
    try:
        blinker.add(leds[0])
        assert leds[0].is_lit  # a blink starts lit
        blinker.add(leds[1])
        assert leds[1].is_lit  # joins the phase the others show
        assert wait_for(lambda: not leds[0].is_lit)
        states = []
        for _ in range(6):
            with blinker._changed:  # between two flips: both show the same phase
                states.append((leds[0].is_lit, leds[1].is_lit))
            time.sleep(0.013)
        assert all(a == b for a, b in states) and len({a for a, _ in states}) == 2
        assert not leds[2].is_lit  # never added
    finally:
        blinker.close()
        for led in leds:
            led.close()


def test_a_removed_led_is_left_as_its_caller_sets_it(factory):
    led = LED(5, pin_factory=factory)
    blinker = LedBlinker(0.01)
    try:
        blinker.add(led)
        blinker.remove(led)
        led.on()  # what the seat's locked state shows
        time.sleep(0.05)  # five periods: the thread must not touch it any more
        assert led.is_lit and blinker.blinking == 0
    finally:
        blinker.close()
        led.close()


def blinkers() -> set[threading.Thread]:
    return {thread for thread in threading.enumerate() if thread.name == "handset LEDs"}


def test_one_thread_for_every_seat_and_none_left_after_close(factory, main_thread):
    before = blinkers()  # another test's handsets left open in this process keep theirs
    t = Table(factory, main_thread, default_handsets(), blink_s=0.02)
    try:
        t.h.start_auction({seat: 100 for seat in range(5)})
        main_thread.pump()
        assert {t.h.led_mode(seat) for seat in range(5)} == {"blink"}
        blinking = blinkers() - before
        assert len(blinking) == 1  # gpiozero's blink() made one per seat
        led = t.h.devices.leds[0]
        assert wait_for(lambda: not led.is_lit) and wait_for(lambda: led.is_lit)
        t.press(0, "lock")
        assert t.h.led_mode(0) == "on"
        time.sleep(0.06)
        assert led.is_lit  # locked: lit and no longer blinking
    finally:
        t.close()
    assert wait_for(lambda: not blinkers() & blinking)


def test_a_late_wake_flips_the_phase_once():
    """A thread woken a period or more late (a busy machine) flips once and waits a whole
    period: it used to set the next flip to the moment it woke, and flip again at once."""
    blinker = LedBlinker(0.1)
    blinker._lit, blinker._flip = True, 1.0
    blinker._next_phase(1.05)  # on time
    assert (blinker._lit, round(blinker._flip, 6)) == (False, 1.1)
    blinker._next_phase(1.35)  # two periods late
    assert (blinker._lit, round(blinker._flip, 6)) == (True, 1.45)


def test_a_failing_led_is_said_and_the_others_go_on_blinking(factory, caplog):
    class Broken:
        def on(self):
            raise OSError("the pin is gone")

        off = on

    led = LED(5, pin_factory=factory)
    blinker = LedBlinker(0.01)
    try:
        blinker.add(Broken())
        blinker.add(led)
        assert blinker.blinking == 1  # the broken one dropped at its first show
        assert "a handset LED failed (OSError: the pin is gone)" in caplog.text
        assert wait_for(lambda: not led.is_lit) and wait_for(lambda: led.is_lit)
    finally:
        blinker.close()
        led.close()
