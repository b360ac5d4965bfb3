"""The board: a ring of 32 spaces round a square, space 1 (Piazza Maggiore) at the bottom
right, the pawns going left along the bottom, up the left side, right along the top and
down the right side, as they go round the real board.

Each space shows its number, its name, its kind by colour, its owner by a band on the
inner edge (with a dot per work of art) and the pawns standing on it. A tap selects the
space; ``choices`` (when set) greys out the rest, so a screen offers only what the rules
allow. The widget's one child (if any) fills the square inside the ring.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, InstructionGroup, Line, Rectangle
from kivy.properties import ListProperty, NumericProperty, ObjectProperty
from kivy.uix.floatlayout import FloatLayout

from companion.app.theme import PALETTE, rgb
from companion.app.widgets.common import laying_out
from companion.app.widgets.textures import rendered, text_texture

SIDE = 9  # cells along a side, corners included: 4 * 9 - 4 = 32
KIND_RGBA = {
    "square": rgb("#c9bb97"), "market": rgb("#d9a84e"), "street": rgb("#efe3c6"), "alley": rgb("#dccfae"),
    "bridge": rgb("#9cc0de"), None: rgb("#5d6472"),
}
ROLE_RGBA = {"start": rgb("#e0c46c"), "church": rgb("#b9b2c9"), "event": rgb("#d3a6a0")}
INK = rgb("#1f1b14")


def grid_of(n: int) -> tuple[int, int]:
    """(column, row) of space ``n`` on the 9 x 9 grid, (0, 0) at the bottom left."""
    i = n - 1
    if i <= 8:
        return 8 - i, 0  # 1..9: bottom row, right to left
    if i <= 16:
        return 0, i - 8  # 10..17: left column, going up
    if i <= 24:
        return i - 16, 8  # 18..25: top row, left to right
    return 8, 8 - (i - 24)  # 26..32: right column, going down


def inner_side(n: int) -> str:
    """Which edge of a space faces the middle of the board."""
    col, row = grid_of(n)
    if row == 0:
        return "top"
    if row == SIDE - 1:
        return "bottom"
    return "right" if col == 0 else "left"


@lru_cache(maxsize=1024)
def _name_texture(text: str, font_size: int, width: int, lines: int) -> Any:
    """A name wrapped on up to ``lines`` lines, shrunk until its longest word fits ``width``
    (a word is never cut in two)."""
    words = text.split() or [text]
    label = None
    for size in range(font_size, 5, -1):
        probe = CoreLabel(font_size=size)
        if max(probe.get_extents(w)[0] for w in words) <= width or size == 6:
            label = CoreLabel(text=text, font_size=size, text_size=(width, None), halign="center", max_lines=lines,
                              shorten=False, color=(1, 1, 1, 1))
            label.refresh()
            if label.texture.height <= size * 1.3 * lines or size == 6:
                return rendered(label.texture)
    assert label is not None
    return rendered(label.texture)


class LeonardoRing(FloatLayout):
    cells = ListProperty([])  # presenters.ring(view, lang)
    choices = ObjectProperty(None, allownone=True)  # None: every space; else the spaces one may tap
    selected = ListProperty([])  # spaces drawn with a gold edge
    marks = ObjectProperty({})  # space -> a short tag drawn over it ("+3", "1")
    unit = NumericProperty(1.0)

    __events__ = ("on_select",)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._pending = False
        self._whole = True  # the spaces to draw again, not only the gold edges
        self._edges = InstructionGroup()  # the selected spaces' edges, drawn over the spaces
        for name in ("pos", "size", "cells", "choices", "marks", "unit"):
            self.fbind(name, self._schedule)
        self.fbind("selected", self._schedule_edges)

    def _schedule(self, *_: Any) -> None:
        self._whole = True
        self._schedule_edges()

    def _schedule_edges(self, *_: Any) -> None:
        """Another selection alone (a tap on a space) redraws the edges only, not the 32 spaces."""
        if not self._pending:
            self._pending = True
            Clock.schedule_once(self.redraw, -1)

    # -- geometry -----------------------------------------------------------------------
    @property
    def square(self) -> tuple[float, float, float]:
        """(x, y, side) of the board's square, centred in the widget."""
        side = min(self.width, self.height)
        return self.x + (self.width - side) / 2, self.y + (self.height - side) / 2, side

    def cell_rect(self, n: int) -> tuple[float, float, float, float]:
        x0, y0, side = self.square
        c = side / SIDE
        col, row = grid_of(n)
        return x0 + col * c, y0 + row * c, c, c

    def centre_of(self, n: int) -> tuple[float, float]:
        x, y, w, h = self.cell_rect(n)
        return x + w / 2, y + h / 2

    def space_at(self, x: float, y: float) -> int | None:
        for n in range(1, 33):
            cx, cy, w, h = self.cell_rect(n)
            if cx <= x < cx + w and cy <= y < cy + h:
                return n
        return None

    def do_layout(self, *_: Any) -> None:
        x0, y0, side = self.square
        c = side / SIDE
        for child in self.children:
            child.pos = (x0 + c + 2, y0 + c + 2)
            child.size = (side - 2 * c - 4, side - 2 * c - 4)

    # -- touch ----------------------------------------------------------------------------
    def on_touch_down(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos):
            return False
        n = self.space_at(*touch.pos)
        if n is None:
            return bool(super().on_touch_down(touch))
        self.dispatch("on_select", n, self.choices is None or n in self.choices)
        return True

    def on_select(self, space: int, allowed: bool) -> None:
        pass

    # -- drawing ----------------------------------------------------------------------------
    def redraw(self, *_: Any) -> None:
        if laying_out(self):  # a size on the way to the real one: drawn once that is set
            Clock.schedule_once(self.redraw, -1)
            return
        self._pending = False
        if self._whole:
            self._whole = False
            self._draw_spaces()
        self._edges.clear()
        if self.width < 20 or not self.cells:
            return
        for n in self.selected:
            if n is None or not 1 <= n <= 4 * SIDE - 4:
                continue
            x, y, w, h = self.cell_rect(n)
            self._edges.add(Color(*PALETTE["accent"]))
            self._edges.add(Line(rectangle=(x + 1.5, y + 1.5, w - 3, h - 3), width=2))

    def _draw_spaces(self) -> None:
        self.canvas.before.clear()
        if self.width < 20 or not self.cells:
            return
        x0, y0, side = self.square
        c = side / SIDE
        u = self.unit
        with self.canvas.before:
            Color(*PALETTE["panel"])
            Rectangle(pos=(x0, y0), size=(side, side))
            for cell in self.cells:
                self._cell(cell, c, u)
        self.canvas.before.add(self._edges)

    def _cell(self, cell: dict[str, Any], c: float, u: float) -> None:
        n = cell["n"]
        x, y, w, h = self.cell_rect(n)
        pad = 1
        off = self.choices is not None and n not in self.choices
        bg = ROLE_RGBA.get(cell["role"]) or KIND_RGBA.get(cell["kind"], KIND_RGBA[None])
        Color(*bg)
        Rectangle(pos=(x + pad, y + pad), size=(w - 2 * pad, h - 2 * pad))
        band = c * 0.2
        side = inner_side(n)
        if cell["rgba"] is not None:
            Color(*cell["rgba"])
            bx, by, bw, bh = {
                "top": (x + pad, y + h - pad - band, w - 2 * pad, band),
                "bottom": (x + pad, y + pad, w - 2 * pad, band),
                "left": (x + pad, y + pad, band, h - 2 * pad),
                "right": (x + w - pad - band, y + pad, band, h - 2 * pad),
            }[side]
            Rectangle(pos=(bx, by), size=(bw, bh))
            works = len(cell["works"])
            if works:
                Color(1, 1, 1, 1)
                r = band * 0.55
                for k in range(works):
                    if side in ("top", "bottom"):
                        cx, cy = bx + bw * (k + 1) / (works + 1), by + bh / 2
                    else:
                        cx, cy = bx + bw / 2, by + bh * (k + 1) / (works + 1)
                    Ellipse(pos=(cx - r / 2, cy - r / 2), size=(r, r))
        # the number and the name
        tex = text_texture(str(n), max(7, int(9 * u)), True)
        Color(*INK)
        nx = x + pad + 2 + (band if side == "left" else 0)
        ny = y + h - pad - tex.height - (band if side == "top" else 0)
        Rectangle(texture=tex, pos=(nx, ny), size=tex.size)
        pawns = cell["pawns"]
        r = min(c * 0.22, (w - 2 * pad - band - 4) / max(3, len(pawns)) - 1)
        pawn_row = r + 3 if pawns else 0
        inner_w = int(w - 2 * pad - (band if side in ("left", "right") else 0) - 2)
        top = y + h - pad - tex.height - (band if side == "top" else 0)  # under the number
        bottom = y + pad + (band if side == "bottom" else 0) + pawn_row
        name = _name_texture(cell["name"], max(7, int(8 * u)), max(10, inner_w), 2 if top - bottom > 18 * u else 1)
        tx = x + pad + (band if side == "left" else 0) + (inner_w - name.width) / 2 + 1
        ty = bottom + max(0.0, (top - bottom - name.height) / 2)
        Rectangle(texture=name, pos=(tx, ty), size=name.size)
        # pawns, in a row along the bottom of the space
        for k, rgba in enumerate(pawns):
            px = x + pad + 2 + (band if side == "left" else 0) + k * (r + 1)
            py = y + pad + 2 + (band if side == "bottom" else 0)
            Color(*INK)
            Ellipse(pos=(px - 1, py - 1), size=(r + 2, r + 2))
            Color(*rgba)
            Ellipse(pos=(px, py), size=(r, r))
        tag = (self.marks or {}).get(n)
        if tag:
            # in the top corner opposite the number: the name stays readable under it
            t = text_texture(str(tag), max(8, int(11 * u)), True)
            tx = x + w - pad - t.width - 3 - (band if side == "right" else 0)
            ty = y + h - pad - t.height - 1 - (band if side == "top" else 0)
            Color(0, 0, 0, 0.7)
            Rectangle(pos=(tx - 2, ty - 1), size=(t.width + 4, t.height + 2))
            Color(*PALETTE["accent"])
            Rectangle(texture=t, pos=(tx, ty), size=t.size)
        if off:
            Color(0.08, 0.09, 0.12, 0.62)
            Rectangle(pos=(x + pad, y + pad), size=(w - 2 * pad, h - 2 * pad))
