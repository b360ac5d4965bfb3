"""A dialog dims the window around its panel, not under it (issue 13: frames; docs/performance.md,
"Frames: a dialog's dimming"): the panel is opaque, so what it covers was blended for nothing in
every frame while a dialog was open. The dimming leaves out only the panel's inner box, inset by
its corners' radius, so the rounded corners are dimmed behind as before."""

from __future__ import annotations

import pytest
from kivy.core.window import Window
from kivy.graphics import Rectangle

from companion.app import harness
from companion.app.widgets.dialogs import dialog

RADIUS = 10  # the panel's corners (app.kv)


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
def test_the_dimming_covers_the_window_but_the_panel_s_inner_box(home, size):
    harness.resize(size)
    d = dialog(home, "A dialog", size=(0.5, 0.6))
    d.open()
    try:
        harness.frames(3)
        boxes = [(r.pos[0], r.pos[1], r.size[0], r.size[1]) for r in d.canvas.children if isinstance(r, Rectangle)]
        w, h = Window.size
        hole = (d.x + RADIUS, d.y + RADIUS, d.width - 2 * RADIUS, d.height - 2 * RADIUS)
        assert d.ids.frame.pos == d.pos and d.ids.frame.size == d.size  # the panel fills the dialog
        assert sum(bw * bh for _x, _y, bw, bh in boxes) == pytest.approx(w * h - hole[2] * hole[3])
        for x, y, bw, bh in boxes:  # inside the window, none over the hole, none over another
            assert x >= 0 and y >= 0 and x + bw <= w + 1e-6 and y + bh <= h + 1e-6
            assert not _overlap((x, y, bw, bh), hole)
        assert not any(_overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    finally:
        d.dismiss()
        harness.frames(2)
        harness.resize((800, 480))


def _overlap(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return min(ax + aw, bx + bw) - max(ax, bx) > 1e-6 and min(ay + ah, by + bh) - max(ay, by) > 1e-6
