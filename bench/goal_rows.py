"""One measured figure against its goal: what each bench writes with ``--json FILE`` and
``bench/goals.py`` gathers into one table (issue 13: every figure against its goal, beside
a baseline measured in the same run, with a Raspberry Pi estimate)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

MODEL_FILES = ("/proc/device-tree/model", "/sys/firmware/devicetree/base/model")
SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swrast")  # Mesa's renderers without a GPU


def raspberry_pi(files: tuple[str, ...] = MODEL_FILES) -> str | None:
    """The board's model when this machine is a Raspberry Pi (its device tree says so), else None."""
    for name in files:
        try:
            model = Path(name).read_bytes().rstrip(b"\0").decode("ascii", "replace").strip()
        except OSError:
            continue
        if model.startswith("Raspberry Pi"):
            return model
    return None


def software_renderer(renderer: str) -> bool:
    """Whether a GL renderer's name (GL_RENDERER) is a software renderer, not a GPU driver."""
    return renderer.lower().startswith(SOFTWARE_RENDERERS)


PI_SLOWER = (3, 5)  # a Raspberry Pi runs Python about 3 to 5 times slower than the development machine
PI_MODEL = raspberry_pi()  # run on a Pi: every figure is the Pi's own, no estimate


def pi_times(value: float, shown: Callable[[float], str]) -> str:
    """The Pi estimate of a time measured here, each end written by ``shown``: "a-b", or on a
    Pi the figure itself, said to be measured there."""
    if PI_MODEL:
        return f"{shown(value)} measured on this Pi"
    return f"{shown(value * PI_SLOWER[0])}-{shown(value * PI_SLOWER[1])}"


def row(goal: str, what: str, value: float, unit: str, limit: float, *, baseline: float | None = None,
        baseline_what: str = "", higher: bool = False, pi: str | None = None, note: str = "") -> dict[str, Any]:
    """A figure: ``value`` in ``unit`` ("s", "ms", "MB", "x" or "objects"), met when below ``limit``
    (above it when ``higher``); ``pi`` the Pi estimate when it is not the CPU's 3-5 times."""
    return {"goal": goal, "what": what, "value": value, "unit": unit, "limit": limit, "higher": higher,
            "baseline": baseline, "baseline_what": baseline_what, "pi": pi, "note": note}


def met(r: dict[str, Any]) -> bool:
    return bool(r["value"] >= r["limit"] if r["higher"] else r["value"] < r["limit"])


def figure(value: float | None, unit: str) -> str:
    if value is None:
        return ""
    if unit == "x":
        return f"{value:.0f}x" if value >= 10 else f"{value:.1f}x"
    if unit == "objects":
        return f"{value:.0f}"
    return f"{value:.2f} s" if unit == "s" else f"{value:.1f} {unit}"


def pi_estimate(r: dict[str, Any], on_a_pi: bool = PI_MODEL is not None) -> str:
    """Times scale with the CPU; a ratio of two times on the same machine does not; memory is
    the bench's own estimate (without this machine's software renderer). Measured on a Pi,
    every figure is the Pi's own."""
    if on_a_pi:
        return "measured on a Pi"
    if r["pi"] is not None:
        return str(r["pi"])
    if r["unit"] in ("s", "ms"):
        low, high = (figure(r["value"] * k, r["unit"]) for k in PI_SLOWER)
        return f"{low} to {high}"
    return "the same" if r["unit"] == "x" else ""


def write(path: str | None, rows: list[dict[str, Any]]) -> None:
    """The rows as JSON in ``path`` (nothing without a path)."""
    if path:
        with open(path, "w", encoding="utf-8") as out:
            json.dump(rows, out, indent=1)
