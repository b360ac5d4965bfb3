"""Hardware settings: the handsets' pin map and the dice reader's port.

One JSON file (the default is ``data/hardware/hardware.json``, found as package data); a table's own copy
overrides it key by key. Pins are BCM numbers. ``validate`` refuses a map that uses a
pin twice, a pin that is not on the 40-pin header, or a malformed entry, with a
message that names the seat and the button.
"""

from __future__ import annotations

import copy
import json
import pathlib
from dataclasses import dataclass, field

from companion.core.resources import data_path
from hardware.errors import HardwareError
from hardware.messages import text

DEFAULT_PATH = data_path("hardware", "hardware.json")  # shipped as package data (a wheel has no checkout)

# GPIO 0 and 1 are the HAT EEPROM's I2C (ID_SD/ID_SC): never used.
HEADER_GPIOS = frozenset(range(2, 28))
# The header's special functions, named so a clash can be explained.
SPECIAL = {
    2: "I2C1 SDA", 3: "I2C1 SCL", 14: "UART TXD", 15: "UART RXD",
    7: "SPI0 CE1", 8: "SPI0 CE0", 9: "SPI0 MISO", 10: "SPI0 MOSI", 11: "SPI0 SCLK",
}
BUTTONS = ("up", "down", "lock")
MODES = ("auto", "gpio", "simulated")
UNLOCK_MODES = ("press", "hold")


@dataclass(frozen=True)
class HandsetPins:
    """One handset's pins; ``display`` is the TM1637 data line, None when none is fitted."""

    seat: int
    up: int
    down: int
    lock: int
    led: int | None = None
    display: int | None = None
    present: bool = True

    def pins(self) -> dict[str, int]:
        named = {"up": self.up, "down": self.down, "lock": self.lock, "led": self.led, "display": self.display}
        return {k: v for k, v in named.items() if v is not None}


@dataclass(frozen=True)
class HandsetSettings:
    seats: tuple[HandsetPins, ...] = ()
    display_clock: int | None = None
    bounce_ms: float = 10  # gpiozero's bounce_time: the only debounce (presses 100 ms apart all count)
    hold_s: float = 1.0
    unlock: str = "press"
    brightness: int = 3

    def present(self) -> tuple[HandsetPins, ...]:
        return tuple(h for h in self.seats if h.present)

    def for_seat(self, seat: int) -> HandsetPins | None:
        for h in self.seats:
            if h.seat == seat and h.present:
                return h
        return None


@dataclass(frozen=True)
class DiceSettings:
    port: str | None = None
    baudrate: int = 115200
    hello_timeout_s: float = 3.0
    backoff_s: tuple[float, float] = (0.5, 8.0)
    ping_s: float = 5.0


@dataclass(frozen=True)
class HardwareSettings:
    mode: str = "auto"
    pin_factory: str = "lgpio"
    handsets: HandsetSettings = field(default_factory=HandsetSettings)
    dice: DiceSettings = field(default_factory=DiceSettings)


def _merge(base: dict, override: dict) -> dict:
    out = copy.deepcopy(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def load(path: str | pathlib.Path | None = None) -> HardwareSettings:
    """The default settings, overridden by the JSON file at ``path`` if given."""
    data = _read(DEFAULT_PATH)
    if path is not None:
        data = _merge(data, _read(pathlib.Path(path)))
    return from_dict(data)


def _read(path: pathlib.Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise HardwareError.of("settings_missing", path=str(path)) from None
    except (OSError, ValueError, RecursionError) as err:  # ValueError: bad UTF-8 or JSON, huge numbers
        raise HardwareError.of("settings_unreadable", path=str(path), error=str(err)) from None
    if not isinstance(data, dict):
        raise HardwareError.of("settings_not_object", path=str(path))
    return data


def _pin(value, where) -> int | None:
    """A BCM pin number; ``where`` names it in a refusal (a keyed message)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise HardwareError.of("pin_not_number", where=where, value=repr(value))
    if value not in HEADER_GPIOS:
        raise HardwareError.of("pin_not_on_header", where=where, pin=value)
    return value


def _section(data: dict, key: str, kind=dict):
    value = data.get(key)
    if value is None:
        return kind()
    if not isinstance(value, kind):
        message = "settings_not_section" if kind is dict else "settings_not_list"
        raise HardwareError.of(message, section=key, value=repr(value))
    return value


def from_dict(data: dict) -> HardwareSettings:
    """Build and validate settings from plain JSON data."""
    try:
        return _from_dict(data)
    except (TypeError, ValueError, IndexError, KeyError, AttributeError, OverflowError) as err:
        # a number where a list goes, text where a number goes...: told, never a traceback
        raise HardwareError.of("settings_wrong_form", error=str(err)) from None


def _from_dict(data: dict) -> HardwareSettings:
    mode = data.get("mode", "auto")
    if mode not in MODES:
        raise HardwareError.of("bad_mode", modes=", ".join(MODES), mode=repr(mode))
    hs = _section(data, "handsets")
    seats = []
    for i, entry in enumerate(_section(hs, "seats", list)):
        if not isinstance(entry, dict) or not isinstance(entry.get("seat"), int):
            raise HardwareError.of("entry_needs_seat", n=i + 1)
        seat = entry["seat"]
        pins = {}
        for name in BUTTONS:
            where = text("where_button", seat=seat, button=name)
            if entry.get(name) is None:
                raise HardwareError.of("button_no_pin", where=where)
            pins[name] = _pin(entry[name], where)
        seats.append(HandsetPins(
            seat=seat, **pins,
            led=_pin(entry.get("led"), text("where_led", seat=seat)),
            display=_pin(entry.get("display"), text("where_display", seat=seat)),
            present=bool(entry.get("present", True)),
        ))
    unlock = hs.get("unlock", "press")
    if unlock not in UNLOCK_MODES:
        raise HardwareError.of("bad_unlock", unlock=repr(unlock))
    dice = _section(data, "dice")
    backoff = dice.get("backoff_s", (0.5, 8.0))
    if not isinstance(dice.get("port") or "", str):
        raise HardwareError.of("bad_dice_port", port=repr(dice["port"]))
    settings = HardwareSettings(
        mode=mode,
        pin_factory=str(data.get("pin_factory", "lgpio")),
        handsets=HandsetSettings(
            seats=tuple(seats),
            display_clock=_pin(hs.get("display_clock"), text("where_clock")),
            bounce_ms=float(hs.get("bounce_ms", 10)),  # "guard_ms" of older files: no longer read
            hold_s=float(hs.get("hold_s", 1.0)),
            unlock=unlock,
            brightness=int(hs.get("brightness", 3)),
        ),
        dice=DiceSettings(
            port=dice.get("port") or None,
            baudrate=int(dice.get("baudrate", 115200)),
            hello_timeout_s=float(dice.get("hello_timeout_s", 3.0)),
            backoff_s=(float(backoff[0]), float(backoff[1])),
            ping_s=float(dice.get("ping_s", 5.0)),
        ),
    )
    validate(settings.handsets)
    return settings


def validate(hs: HandsetSettings) -> None:
    """Refuse a pin map that uses a pin twice, a seat twice, or displays without a clock."""
    used: dict[int, str] = {}
    seen_seats = set()

    def claim(pin: int, what):
        if pin in used:
            raise HardwareError.of("pin_twice", pin=pin, first=used[pin], second=what)
        used[pin] = what

    if hs.display_clock is not None:
        claim(hs.display_clock, text("use_clock"))
    for h in hs.seats:
        if h.seat in seen_seats:
            raise HardwareError.of("seat_two_handsets", seat=h.seat)
        seen_seats.add(h.seat)
        for name, pin in h.pins().items():
            claim(pin, text("use_seat", seat=h.seat, use=name))
        if h.display is not None and hs.display_clock is None:
            raise HardwareError.of("display_without_clock", seat=h.seat)
    if not 0 <= hs.brightness <= 7:
        raise HardwareError.of("bad_brightness", brightness=hs.brightness)
    if hs.bounce_ms < 0 or hs.hold_s <= 0:
        raise HardwareError.of("bad_timing")


def wiring_table(hs: HandsetSettings) -> str:
    """A Markdown table of the pin map (what hardware/README.md shows), with header pin numbers."""
    rows = ["| seat | up | down | lock | LED | display DIO |", "| --- | --- | --- | --- | --- | --- |"]

    def cell(pin):
        if pin is None:
            return "-"
        note = f", {SPECIAL[pin]}" if pin in SPECIAL else ""
        return f"GPIO{pin} (pin {BCM_TO_PHYSICAL[pin]}{note})"

    for h in hs.seats:
        rows.append(f"| {h.seat} | {cell(h.up)} | {cell(h.down)} | {cell(h.lock)} | {cell(h.led)} | {cell(h.display)} |")
    if hs.display_clock is not None:
        rows.append(f"\nShared display CLK: {cell(hs.display_clock)}")
    return "\n".join(rows)


BCM_TO_PHYSICAL = {
    2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18, 10: 19,
    9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 5: 29, 6: 31, 12: 32, 13: 33, 19: 35, 16: 36, 26: 37,
    20: 38, 21: 40,
}
