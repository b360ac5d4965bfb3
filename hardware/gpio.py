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


def pin_factory(mode: str = "auto", name: str = "lgpio", *, model: str | None | bool = False):
    """Return ``(factory, label)``; label is "MockFactory" or the real factory's name.

    ``mode``: "auto" (real pins on a Pi, mock pins elsewhere), "gpio" (real pins or an
    error), "simulated" (mock pins). ``model`` overrides the Pi detection (tests).
    """
    from gpiozero.pins.mock import MockFactory

    if model is False:
        model = pi_model()
    if mode == "simulated" or (mode == "auto" and not model):
        return MockFactory(), "MockFactory"
    if mode not in ("auto", "gpio"):
        raise HardwareError(f"hardware mode must be auto, gpio or simulated, not {mode!r}")
    where = model or "this machine (not detected as a Raspberry Pi)"
    if name not in FACTORIES:
        raise HardwareError(f"unknown pin factory {name!r}; use one of {', '.join(FACTORIES)}")
    try:
        point = next(ep for ep in entry_points(group=FACTORY_GROUP) if ep.name == name)
        factory = point.load()()
    except Exception as err:  # noqa: BLE001 - every failure becomes one clear message
        raise HardwareError(
            f"GPIO handsets: the {name} pin factory does not work on {where}: {err}. "
            "Install it (sudo apt install python3-lgpio, with a venv made with "
            "--system-site-packages), add the user to the gpio group, or set the hardware "
            "mode to \"simulated\" to play without handsets. Mock pins are never used "
            "silently on a Pi."
        ) from err
    log.info("GPIO handsets use the %s pin factory on %s", name, where)
    return factory, name
