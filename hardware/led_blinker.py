"""One thread that blinks every handset LED meant to blink, all in step.

gpiozero's ``LED.blink`` starts a thread per LED and per call: a sealed bid's start made one
per seat inside the tap that opened it. ``LedBlinker`` keeps a single thread for the whole
table, started the first time an LED blinks, asleep while none does; the LEDs it blinks are
lit and dark together, which is also easier on the eye than six blinks out of step.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

log = logging.getLogger(__name__)


class LedBlinker:
    """``add(led)`` blinks an LED (on for ``period_s``, off for ``period_s``), ``remove(led)``
    stops it and leaves it as the caller sets it; ``close()`` ends the thread."""

    def __init__(self, period_s: float) -> None:
        self.period_s = period_s
        self._leds: list[Any] = []
        self._lit = True  # the phase every blinking LED shows
        self._flip = 0.0  # when the phase changes next (time.monotonic)
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False

    @property
    def blinking(self) -> int:
        return len(self._leds)

    def add(self, led: Any) -> None:
        with self._changed:
            if self._closed or led in self._leds:
                return
            if not self._leds:  # the first LED to blink starts the phase: lit
                self._lit, self._flip = True, time.monotonic() + self.period_s
            self._leds.append(led)
            self._show(led)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="handset LEDs", daemon=True)
                self._thread.start()
            self._changed.notify()

    def remove(self, led: Any) -> None:
        """Once this returns the thread no longer touches ``led``."""
        with self._changed:
            if led in self._leds:
                self._leds.remove(led)

    def close(self) -> None:
        with self._changed:
            self._closed = True
            self._leds.clear()
            self._changed.notify()
        thread, self._thread = self._thread, None
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=1)

    def _run(self) -> None:
        with self._changed:
            while not self._closed:
                if not self._leds:
                    self._changed.wait()  # asleep while nothing blinks
                    continue
                now = time.monotonic()
                if now < self._flip:
                    self._changed.wait(self._flip - now)
                    continue
                self._next_phase(now)
                for led in list(self._leds):
                    self._show(led)

    def _next_phase(self, now: float) -> None:
        """Flip the phase; the next flip a period on, or a period from ``now`` when the thread
        woke a period or more late (a busy machine): one flip, never two at once."""
        self._lit = not self._lit
        self._flip += self.period_s
        if self._flip <= now:
            self._flip = now + self.period_s

    def _show(self, led: Any) -> None:
        try:
            if self._lit:
                led.on()
            else:
                led.off()
        except Exception as err:  # noqa: BLE001 - a closed or failing LED must not stop the others' blink
            log.warning("a handset LED failed (%s: %s); it blinks no more", type(err).__name__, err)
            if led in self._leds:
                self._leds.remove(led)
