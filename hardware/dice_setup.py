"""What a Settings screen needs for the dice reader: the ports found and a test roll.

    ports = list_ports()                       # [PortInfo(device, description, source)], source "usb" | "simulator"
    try_roll(port, n=1, kind="mag", post=post, on_done=show)   # returns at once
    try_roll(reader=session_reader, ...)       # the app's running reader (it holds its port)

``on_done(RollCheck)`` runs through ``post`` (the app's main thread) with the roll read or
the reason there is none (a keyed message). With the app's own reader, a roll the desk
was waiting for is armed again afterwards.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable

from hardware.dice import Roll, check_kind
from hardware.dice_ports import PortInfo, list_ports  # noqa: F401 - re-exported for the screen
from hardware.dice_reader import DiceReader
from hardware.errors import HardwareError
from hardware.messages import HardwareMessage


@dataclass(frozen=True)
class RollCheck:
    """The outcome of a test roll: ``roll`` on success, else ``problem``; ``port`` as used."""

    roll: Roll | None
    port: str | None
    problem: HardwareMessage | str | None = None

    @property
    def ok(self) -> bool:
        return self.roll is not None


def roll_check(port: str | None = None, *, reader: DiceReader | None = None, n: int = 1, kind: str = "mag",
               timeout: float = 30.0, hello_timeout: float = 3.0) -> RollCheck:
    """Wait for one roll (blocking): on ``reader``, else on a reader opened on ``port`` for it
    (``None``: found by HELLO, the simulator's announcement included)."""
    check_kind(kind)
    own = reader is None
    if reader is None:
        reader = DiceReader(port, hello_timeout=min(hello_timeout, timeout / 2), backoff=(0.2, 2.0))
    try:
        roll = reader.wait_roll(n, kind, timeout)
        return RollCheck(roll, reader.port_in_use or reader.port)
    except HardwareError as err:
        return RollCheck(None, reader.port_in_use or reader.port, err.message)
    finally:
        if own:
            reader.stop()


def try_roll(port: str | None = None, *, on_done: Callable[[RollCheck], None],
             post: Callable[[Callable[[], None]], None] | None = None, **kwargs) -> threading.Thread:
    """``roll_check`` on a thread; ``on_done`` gets the RollCheck through ``post``."""
    deliver = post or (lambda fn: fn())

    def run() -> None:
        result = roll_check(port, **kwargs)
        deliver(lambda: on_done(result))

    thread = threading.Thread(target=run, name="dice-test-roll", daemon=True)
    thread.start()
    return thread
