"""TM1637 4-digit displays, bit-banged over gpiozero output pins.

All displays share one clock line and each has its own data line. A display only
listens after a start condition (data falling while the clock is high) on *its* data
line, so the clock pulses meant for one display leave the others alone. Because the
pins are plain ``DigitalOutputDevice`` objects this runs on gpiozero's MockFactory too.

The chip acknowledges each byte by pulling data low on the ninth clock; we cannot read
an output pin, so we drive data low ourselves for that clock (no contention, no read).
"""

from __future__ import annotations

import logging
import threading

from gpiozero import DigitalOutputDevice

log = logging.getLogger(__name__)

SEGMENTS = {
    "0": 0x3F, "1": 0x06, "2": 0x5B, "3": 0x4F, "4": 0x66, "5": 0x6D, "6": 0x7D, "7": 0x07,
    "8": 0x7F, "9": 0x6F, " ": 0x00, "-": 0x40, "_": 0x08, "L": 0x38, "o": 0x5C, "E": 0x79,
    "r": 0x50, "n": 0x54, "P": 0x73, "A": 0x77, "b": 0x7C, "d": 0x5E, "U": 0x3E, "t": 0x78,
    # letters for the labels of a choice ("GuEL" / "Ghib"); none looks like a digit
    "C": 0x39, "c": 0x58, "F": 0x71, "G": 0x3D, "H": 0x76, "h": 0x74, "i": 0x10, "J": 0x1E,
    "q": 0x67, "u": 0x1C, "y": 0x6E,
}
DOT = 0x80  # the decimal point, or the colon on digit 1 of clock-style modules
DATA_AUTO_INCREMENT = 0x40
ADDRESS_0 = 0xC0
DISPLAY_ON = 0x88


def encode(text: str, width: int = 4) -> list[int]:
    """Segment bytes for ``text``, right-aligned; a '.' lights the previous digit's point."""
    digits: list[int] = []
    for ch in text:
        if ch == "." and digits:
            digits[-1] |= DOT
            continue
        try:
            digits.append(SEGMENTS[ch])
        except KeyError:
            raise ValueError(f"a TM1637 cannot show {ch!r}") from None
    if len(digits) > width:
        raise ValueError(f"{text!r} does not fit {width} digits")
    return [0] * (width - len(digits)) + digits


class ClockLine:
    """The shared CLK line and the lock that keeps one transfer on it at a time."""

    def __init__(self, pin: int, *, pin_factory=None):
        self.device = DigitalOutputDevice(pin, initial_value=True, pin_factory=pin_factory)
        self.lock = threading.Lock()

    def close(self):
        self.device.close()


class TM1637:
    """One display on its own data line."""

    def __init__(self, clock: ClockLine, data_pin: int, *, brightness: int = 3, pin_factory=None):
        self.clock = clock
        self.dio = DigitalOutputDevice(data_pin, initial_value=True, pin_factory=pin_factory)
        self.brightness = brightness

    def show(self, text: str) -> None:
        self.write(encode(text))

    def write(self, segments: list[int]) -> None:
        with self.clock.lock:
            self._command([DATA_AUTO_INCREMENT])
            self._command([ADDRESS_0, *segments])
            self._command([DISPLAY_ON | (self.brightness & 7)])

    def _command(self, data: list[int]) -> None:
        clk, dio = self.clock.device, self.dio
        # start: data falls while the clock is high
        clk.on()
        dio.on()
        dio.off()
        for byte in data:
            for bit in range(8):
                clk.off()
                dio.value = (byte >> bit) & 1
                clk.on()
            clk.off()
            dio.off()  # the chip pulls data low to acknowledge: never drive against it
            clk.on()
        # stop: data rises while the clock is high
        clk.off()
        dio.off()
        clk.on()
        dio.on()

    def close(self):
        self.dio.close()


class DisplayBus:
    """The clock line plus one TM1637 per seat, written by one worker thread.

    ``show(seat, text)`` returns at once; the worker writes the latest text per seat, so
    button callbacks never wait for the bit-banging and the shared clock is never used by
    two threads at once.
    """

    def __init__(self, clock_pin: int, data_pins: dict[int, int], *, brightness: int = 3, pin_factory=None):
        self.clock = ClockLine(clock_pin, pin_factory=pin_factory)
        self.displays = {
            seat: TM1637(self.clock, pin, brightness=brightness, pin_factory=pin_factory)
            for seat, pin in data_pins.items()
        }
        self._pending: dict[int, str] = {}
        self._shown: dict[int, str] = {}
        self._cond = threading.Condition()
        self._busy = False
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="tm1637", daemon=True)
        self._thread.start()

    def show(self, seat: int, text: str) -> None:
        if seat not in self.displays:
            return
        encode(text)  # refuse what cannot be shown here, in the caller's thread
        with self._cond:
            self._pending[seat] = text
            self._cond.notify()

    def shown(self, seat: int) -> str | None:
        """The text last written to the seat's display (tests, the simulator)."""
        with self._cond:
            return self._shown.get(seat)

    def flush(self, timeout: float = 1.0) -> bool:
        """Wait until every pending text is on its display."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)

    def _run(self):
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending or self._closed)
                if self._closed:
                    return
                seat, text = self._pending.popitem()
                self._busy = True
            try:
                self.displays[seat].show(text)
            except Exception:  # noqa: BLE001 - a display fault must not end the game
                log.exception("display of seat %s failed", seat)
            with self._cond:
                self._shown[seat] = text
                self._busy = False
                self._cond.notify_all()

    def close(self):
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(1.0)
        for d in self.displays.values():
            d.close()
        self.clock.close()


def decode(trace, clk, dio):
    """Decode the bytes sent on data line ``dio`` from a trace of (pin, level) changes.

    Returns a list of transfers (start to stop), each a list of bytes. Bits are read on
    the clock's rising edge while a transfer on ``dio`` is open; the ninth clock of every
    byte is the acknowledge and is skipped.
    """
    level = {clk: True, dio: True}
    transfers, current, bits = [], None, []
    for pin, value in trace:
        if pin not in level:
            continue
        before = level[pin]
        level[pin] = value
        if pin == dio and level[clk] and before and not value:
            current, bits = [], []  # start
        elif pin == dio and level[clk] and not before and value and current is not None:
            transfers.append(current)  # stop
            current = None
        elif pin == clk and value and not before and current is not None:
            bits.append(level[dio])
            if len(bits) == 9:
                current.append(sum(int(b) << i for i, b in enumerate(bits[:8])))
                bits = []
    return transfers
