"""The handsets' devices: gpiozero buttons and LEDs per seat, and the TM1637 displays.

``HandsetDevices`` opens what the pin map lists, routes each button edge to one callback
``on_edge(seat, button, edge)`` (edge: "press", "release", "hold") and shows a seat's
state on its LED and display. It knows nothing of what a seat enters; ``BidHandsets``
(hardware.handsets) does. The only debounce is gpiozero's ``bounce_time`` (``bounce_ms``).
"""

from __future__ import annotations

import logging
import threading
from typing import Any, Callable

from hardware.asks import Ask, Value, display_text
from hardware.led_blinker import LedBlinker
from hardware.settings import HandsetSettings

log = logging.getLogger(__name__)

BUTTONS = ("up", "down", "lock")
LED_MODES = {"waiting": "off", "entering": "blink", "locked": "on"}


class HandsetDevices:
    """Buttons, LEDs and displays of the handsets present in the pin map."""

    def __init__(self, settings: HandsetSettings, on_edge: Callable[[int, str, str], None], *,
                 pin_factory: Any = None, blink_s: float = 0.5):
        self.settings = settings
        self.on_edge = on_edge
        self.blink_s = blink_s
        self.buttons: dict[tuple[int, str], Any] = {}  # gpiozero Buttons
        self.leds: dict[int, Any] = {}  # gpiozero LEDs
        self.displays: Any = None  # a tm1637.DisplayBus when any seat has a display
        self._led_mode: dict[int, str] = {}
        self._blinker = LedBlinker(blink_s)  # one thread for every blinking LED (led_blinker.py)
        self._out_locks: dict[int, threading.Lock] = {}
        self._open(pin_factory)

    def _open(self, factory: Any) -> None:
        present = self.settings.present()
        if not present:
            return
        from gpiozero import LED, Button

        from hardware.tm1637 import DisplayBus

        hs = self.settings
        bounce = hs.bounce_ms / 1000 if hs.bounce_ms > 0 else None  # the one debounce: gpiozero's
        try:
            for h in present:
                for name in BUTTONS:
                    button = Button(
                        getattr(h, name), pull_up=True, bounce_time=bounce, hold_time=hs.hold_s,
                        hold_repeat=False, pin_factory=factory,
                    )
                    button.when_pressed = self._callback(h.seat, name, "press")
                    button.when_released = self._callback(h.seat, name, "release")
                    if name == "lock":
                        button.when_held = self._callback(h.seat, name, "hold")
                    self.buttons[h.seat, name] = button
                if h.led is not None:
                    self.leds[h.seat] = LED(h.led, pin_factory=factory)
                self._out_locks[h.seat] = threading.Lock()
            data_pins = {h.seat: h.display for h in present if h.display is not None}
            if data_pins:
                self.displays = DisplayBus(hs.display_clock, data_pins, brightness=hs.brightness, pin_factory=factory)
        except Exception:
            self.close()
            raise

    def _callback(self, seat: int, button: str, edge: str) -> Callable[[], None]:
        def callback() -> None:
            try:
                self.on_edge(seat, button, edge)
            except Exception:  # noqa: BLE001 - a handset fault must not kill gpiozero's thread
                log.exception("handset of seat %s failed", seat)  # never which button: that is a press

        return callback

    def has_handset(self, seat: int) -> bool:
        return (seat, "lock") in self.buttons

    def has_display(self, seat: int) -> bool:
        return self.displays is not None and seat in self.displays.displays

    def led_mode(self, seat: int) -> str | None:
        """"off", "blink" or "on": what the seat's LED does (None without an LED)."""
        return self._led_mode.get(seat, "off") if seat in self.leds else None

    def show(self, seat: int, read: Callable[[], tuple[str, Value | None, Ask | None]]) -> None:
        """Make the seat's LED and display match ``read()`` (state, value, ask), read under
        the seat's output lock so that the latest state always wins."""
        out = self._out_locks.get(seat)
        if out is None:
            return
        with out:
            state, value, ask = read()
            led = self.leds.get(seat)
            if led is not None:
                mode = LED_MODES[state]
                if self._led_mode.get(seat) != mode:
                    if mode == "blink":
                        self._blinker.add(led)
                    else:
                        self._blinker.remove(led)
                        if mode == "on":
                            led.on()
                        else:
                            led.off()
                    self._led_mode[seat] = mode
            if self.has_display(seat):
                self.displays.show(seat, display_text(state, value, ask))

    def close(self) -> None:
        # Each button's hold thread polls every 0.1 s; tell them all to stop first, and wake each
        # from its poll (it then sees the stop), so the closes below wait for none of them.
        for button in self.buttons.values():
            thread = getattr(button, "_hold_thread", None)
            if thread is not None:
                thread.stopping.set()
                thread.holding.set()
        self._blinker.close()
        for device in [*self.buttons.values(), *self.leds.values()]:
            device.close()
        self.buttons.clear()
        self.leds.clear()
        if self.displays is not None:
            self.displays.close()
            self.displays = None
