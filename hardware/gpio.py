"""Choosing the pin factory: real GPIO on a Raspberry Pi, gpiozero's MockFactory elsewhere.

On a Pi the real pins are never silently replaced by mock ones: if the configured
factory does not load there, ``pin_factory`` raises a HardwareError that says what to
install. Mock pins on a Pi only when the settings say ``"mode": "simulated"``.
"""

from __future__ import annotations

import logging
import pathlib
from importlib.metadata import entry_points

from hardware.errors import HardwareError
from hardware.messages import text

log = logging.getLogger(__name__)

MODEL_FILES = ("/proc/device-tree/model", "/sys/firmware/devicetree/base/model")
FACTORIES = ("lgpio", "rpigpio", "pigpio", "native")  # gpiozero registers them as entry points
FACTORY_GROUP = "gpiozero_pin_factories"


def pi_model(files=MODEL_FILES) -> str | None:
    """The board's model string if this is a Raspberry Pi, else None."""
    for name in files:
        try:
            model = pathlib.Path(name).read_bytes().rstrip(b"\0").decode("ascii", "replace").strip()
        except OSError:
            continue
        if "Raspberry Pi" in model:
            return model
    return None


SIMULATED_HISTORY = 16  # state changes a simulated pin remembers (gpiozero's own keeps all of them)


def _short_memory_pin():
    """gpiozero's mock pin, remembering only its last few changes of state.

    ``MockPin`` appends every change to ``states`` for tests to assert on; a simulated
    display bit-banged through mock pins changes them thousands of times a game, so in an
    app running for hours that list would only grow."""
    from collections import deque

    from gpiozero.pins.mock import MockPin

    class ShortMemoryPin(MockPin):
        def clear_states(self):
            super().clear_states()
            self.states = deque(self.states, maxlen=SIMULATED_HISTORY)

    return ShortMemoryPin


def pin_factory(mode: str = "auto", name: str = "lgpio", *, model: str | None | bool = False):
    """Return ``(factory, label)``; label is "MockFactory" or the real factory's name.

    ``mode``: "auto" (real pins on a Pi, mock pins elsewhere), "gpio" (real pins or an
    error), "simulated" (mock pins). ``model`` overrides the Pi detection (tests).
    """
    from gpiozero.pins.mock import MockFactory

    if model is False:
        model = pi_model()
    if mode == "simulated" or (mode == "auto" and not model):
        return MockFactory(pin_class=_short_memory_pin()), "MockFactory"
    if mode not in ("auto", "gpio"):
        raise HardwareError.of("bad_mode", modes="auto, gpio, simulated", mode=repr(mode))
    where = model or text("not_a_pi")
    if name not in FACTORIES:
        raise HardwareError.of("unknown_factory", name=repr(name), factories=", ".join(FACTORIES))
    try:
        point = next(ep for ep in entry_points(group=FACTORY_GROUP) if ep.name == name)
        factory = point.load()()
    except Exception as err:  # noqa: BLE001 - every failure becomes one clear message
        raise HardwareError.of("factory_fails", name=name, where=where, error=str(err)) from err
    log.info("GPIO handsets use the %s pin factory on %s", name, where)
    return factory, name
