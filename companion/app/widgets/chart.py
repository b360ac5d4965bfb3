"""A line chart per player over the rounds (victory points, florins), drawn with Kivy graphics,
with each player's name in its line's colour."""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.widget import Widget

from companion.app.theme import PALETTE
from companion.app.widgets.textures import text_texture


class LineChart(Widget):
    """``series`` is ``[(label, rgba, [value per round, ...]), ...]``."""

    series = ListProperty([])
    title = StringProperty("")
    unit = NumericProperty(1.0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        for name in ("pos", "size", "series", "title", "unit"):
            self.fbind(name, self.redraw)

    def redraw(self, *_):
        self.canvas.clear()
        if self.width < 20 or self.height < 20:
            return
        u = self.unit
        fs = max(9, int(11 * u))
        values = [v for _, _, vs in self.series for v in vs]
        top = max(values + [1])
        step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500) if top / s <= 6)
        top = ((top + step - 1) // step) * step
        rounds = max([len(vs) for _, _, vs in self.series] + [2])
        left, bottom = self.x + 34 * u, self.y + 20 * u
        right, upper = self.right - 8 * u, self.top - 24 * u
        w, h = right - left, upper - bottom
        with self.canvas:
            tex = text_texture(self.title, max(10, int(14 * u)), True)
            Color(*PALETTE["accent"])
            Rectangle(texture=tex, pos=(left, self.top - tex.height - 2), size=tex.size)
            # the legend: each seat's name in its line's colour, right of the title when it fits
            names = [(text_texture(str(label), fs + 1, True), rgba) for label, rgba, _vs in self.series]
            x = right - sum(t.width + 10 * u for t, _ in names) + 10 * u
            if x >= left + tex.width + 12 * u:
                for t, rgba in names:
                    Color(*rgba)
                    Rectangle(texture=t, pos=(x, self.top - t.height - 2), size=t.size)
                    x += t.width + 10 * u
            for v in range(0, int(top) + 1, step):
                y = bottom + h * v / top
                Color(*PALETTE["line"])
                Line(points=[left, y, right, y], width=1)
                t = text_texture(str(v), fs)
                Color(*PALETTE["text_dim"])
                Rectangle(texture=t, pos=(left - t.width - 4 * u, y - t.height / 2), size=t.size)
            every = max(1, -(-rounds * fs * 2 // max(int(w), 1)))  # a label per round while they fit
            for r in range(0, rounds, every):
                x = left + w * r / max(rounds - 1, 1)
                t = text_texture(str(r + 1), fs)
                Color(*PALETTE["text_dim"])
                Rectangle(texture=t, pos=(x - t.width / 2, self.y + 2), size=t.size)
            for _label, rgba, vs in self.series:
                pts = []
                for r, v in enumerate(vs):
                    pts += [left + w * r / max(rounds - 1, 1), bottom + h * v / top]
                Color(*rgba)
                if len(pts) >= 4:
                    Line(points=pts, width=2 * u)
                for i in range(0, len(pts), 2):
                    Ellipse(pos=(pts[i] - 3 * u, pts[i + 1] - 3 * u), size=(6 * u, 6 * u))
