"""The victory point track, 0 to 40 like the frame of the board, with each army's marker."""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.properties import ListProperty, NumericProperty
from kivy.uix.widget import Widget

from companion.app.theme import PALETTE
from companion.app.widgets.textures import text_texture

TRACK_MAX = 40


class VPTrack(Widget):
    """``markers`` is a list of ``(vp, rgba)`` in seat order; ``target`` is marked with a gold line."""

    markers = ListProperty([])
    target = NumericProperty(30)
    unit = NumericProperty(1.0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        for name in ("pos", "size", "markers", "target", "unit"):
            self.fbind(name, self.redraw)

    def cell_x(self, vp: int) -> float:
        cw = self.width / (TRACK_MAX + 1)
        return self.x + cw * (min(max(vp, 0), TRACK_MAX) + 0.5)

    def redraw(self, *_):
        self.canvas.clear()
        if self.width < 10:
            return
        u = self.unit
        cw = self.width / (TRACK_MAX + 1)
        band_h = min(self.height * 0.42, 22 * u)
        band_y = self.y
        fs = max(8, int(10 * u))
        with self.canvas:
            for vp in range(TRACK_MAX + 1):
                x = self.x + vp * cw
                shade = PALETTE["panel_hi"] if vp % 5 else PALETTE["line"]
                Color(*shade)
                Rectangle(pos=(x + 0.5, band_y), size=(cw - 1, band_h))
                if vp % 5 == 0:
                    tex = text_texture(str(vp), fs, True)
                    Color(*PALETTE["text"])
                    Rectangle(texture=tex, pos=(x + cw / 2 - tex.width / 2, band_y + band_h / 2 - tex.height / 2),
                              size=tex.size)
            tx = self.x + min(self.target, TRACK_MAX) * cw
            Color(*PALETTE["accent"])
            Line(rectangle=(tx, band_y, cw, self.height - 1), width=1.6 * u)
            # markers stacked above their cell, in seat order
            stacks: dict[int, int] = {}
            d = min(cw * 1.5, (self.height - band_h) * 0.45)
            for vp, rgba in self.markers:
                vp = min(max(int(vp), 0), TRACK_MAX)
                level = stacks.get(vp, 0)
                stacks[vp] = level + 1
                cx = self.cell_x(vp)
                cy = band_y + band_h + d * 0.55 + level * d * 0.8
                Color(0, 0, 0, 0.6)
                Ellipse(pos=(cx - d / 2 - 1, cy - d / 2 - 1), size=(d + 2, d + 2))
                Color(*rgba)
                Ellipse(pos=(cx - d / 2, cy - d / 2), size=(d, d))
