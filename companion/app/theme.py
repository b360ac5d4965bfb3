"""Colours and sizes. Pure functions so presenters and tests can use them without a window."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

BASE_SIZE = (800, 480)  # the Pi touchscreen: every layout is designed for it, then scaled
TOUCH_MM = 9.0  # smallest touch target, in millimetres
MIN_TOUCH_PX = 44  # when the screen reports a low dpi, never go under this at 800x480
# A rounded corner's arc in this many straight pieces (Kivy draws ten): at the app's radii (3 to
# 10 px, the map's 8 px times its scale) the arc moves by about a quarter of a pixel at most, and
# each piece is one more triangle a frame (docs/performance.md, "Frames: the rounded corners")
CORNER_SEGMENTS = 4


def rgb(hex_colour: str, alpha: float = 1.0) -> tuple[float, float, float, float]:
    h = hex_colour.lstrip("#")
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255, alpha)


PALETTE = {
    "bg": rgb("#1b1f27"),
    "panel": rgb("#262c37"),
    "panel_hi": rgb("#323a48"),
    "line": rgb("#48536a"),
    "text": rgb("#f3ead6"),
    "text_dim": rgb("#aeb4c0"),
    "accent": rgb("#d9a33b"),  # gold: the one thing to tap next
    "accent_text": rgb("#1b1f27"),
    "button": rgb("#3b4558"),
    "button_down": rgb("#56627a"),
    "disabled": rgb("#2c313b"),
    "disabled_text": rgb("#747b88"),
    "danger": rgb("#c8553d"),
    "ok": rgb("#5a9e5c"),
    "land": rgb("#cdbf98"),
    "sea": rgb("#294a66"),
    "sea_text": rgb("#8fb4d4"),
    "helvetic": rgb("#4a4338"),
    "border": rgb("#6b5e45"),
    "crossing": rgb("#e2d3a6"),
    "banner": rgb("#3a2f1a"),
}

ARMY_COLOURS = {
    "red": rgb("#d23c32"),
    "blue": rgb("#3a6fd8"),
    "green": rgb("#3f9e4a"),
    "yellow": rgb("#e8c22a"),
    "purple": rgb("#8c4fc0"),
    "orange": rgb("#e07b25"),
}
DEFAULT_COLOURS = ("red", "blue", "green", "yellow", "purple")


def army(colour: str) -> tuple[float, float, float, float]:
    """The RGBA of an army colour name (grey for a colour the app does not know)."""
    return ARMY_COLOURS.get(colour, rgb("#9a9a9a"))


def seat_colours(seats: Sequence[Mapping[str, Any]]) -> list[tuple[float, float, float, float]]:
    """Each seat's colour from a header's seats: its ``color`` when the app knows the name, else
    the first colour no other seat uses, so every seat stays apart (a game whose seats have
    no colour, or one the app does not know)."""
    known = [ARMY_COLOURS.get(str(seat.get("color") or "")) for seat in seats]
    free = [c for c in ARMY_COLOURS.values() if c not in known]
    out = []
    for rgba in known:
        if rgba is None:
            rgba = free.pop(0) if free else rgb("#9a9a9a")
        out.append(rgba)
    return out


def text_on(rgba) -> tuple[float, float, float, float]:
    """Black or white text, whichever reads better on ``rgba``."""
    r, g, b = rgba[:3]
    return (0.08, 0.08, 0.1, 1) if 0.299 * r + 0.587 * g + 0.114 * b > 0.55 else (1, 1, 1, 1)


def scale(width: float, height: float) -> float:
    """How much larger than the 800x480 design the window is (never below 0.8)."""
    return max(0.8, min(width / BASE_SIZE[0], height / BASE_SIZE[1]))


def touch_px(width: float, height: float, dpi: float) -> float:
    """Height of a touch target in pixels: at least 9 mm on the glass, and scaled with the window."""
    return max(TOUCH_MM / 25.4 * dpi, MIN_TOUCH_PX * scale(width, height))
