"""Handsets on the keyboard: each key drives a gpiozero mock pin, as a real button would.

Keys per seat (one keyboard column per seat; number row = up, letter row = down,
home row = lock; hold the lock key to unlock in "hold" mode):

| seat | up | down | lock |
| --- | --- | --- | --- |
| 0 | 1 | q | a |
| 1 | 3 | e | d |
| 2 | 5 | t | g |
| 3 | 7 | u | j |
| 4 | 9 | o | l |

The app calls ``HandsetKeyboard.key(name, pressed)`` from its key-down and key-up
handlers (Kivy's key names are these lower-case letters and digits). Key repeat while a
key is held is harmless: a pin already low stays low.
"""

from __future__ import annotations

from hardware.errors import HardwareError

KEYMAP: dict[str, tuple[int, str]] = {}
for _seat, (_up, _down, _lock) in enumerate(["1qa", "3ed", "5tg", "7uj", "9ol"]):
    KEYMAP[_up] = (_seat, "up")
    KEYMAP[_down] = (_seat, "down")
    KEYMAP[_lock] = (_seat, "lock")


def map_key(name: str) -> tuple[int, str] | None:
    """The (seat, button) a key stands for, or None."""
    return KEYMAP.get(str(name).lower())


class HandsetKeyboard:
    """Drives the mock pins of a ``BidHandsets`` built on gpiozero's MockFactory."""

    def __init__(self, handsets):
        self.handsets = handsets

    def key(self, name: str, pressed: bool) -> tuple[int, str, str] | None:
        """Press or release the button behind ``name``: returns (seat, button, "press"|"release"),
        or None when the key means nothing or that seat has no handset."""
        mapped = map_key(name)
        if mapped is None:
            return None
        seat, button = mapped
        device = self.handsets.buttons.get((seat, button))
        if device is None:
            return None
        pin = device.pin
        if not hasattr(pin, "drive_low"):
            raise HardwareError.of("keyboard_needs_mock")
        if pressed:
            pin.drive_low()  # buttons pull up: pressed is low
        else:
            pin.drive_high()
        return seat, button, "press" if pressed else "release"

    def tap(self, name: str):
        self.key(name, True)
        self.key(name, False)
