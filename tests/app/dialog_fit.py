"""What the dialog tests measure: the empty bands of a dialog, top to bottom, and whether it is
whole inside the window (shared by the shell's and the games' form tests)."""

from __future__ import annotations

import time
from typing import Any

from kivy.core.window import Window
from kivy.uix.scrollview import ScrollView

from companion.app import harness


def _shown_height(w: Any) -> float:
    """How much of ``w``'s height shows something, from its top: a scrolling list as high as its
    list, a stretching layout as its rows, a stretching plain widget (a spacer) nothing."""
    if isinstance(w, ScrollView):
        return min(w.height, w.children[0].height) if w.children else 0.0
    if w.size_hint_y is None:
        return float(w.height)
    if hasattr(w, "minimum_height"):
        return min(w.height, w.minimum_height)
    return 0.0


def empty_bands(d: Any) -> list[float]:
    """The vertical gaps of dialog ``d``, top to bottom: from its frame's top to the title, from
    the title to the first row, between rows, and from the last row to the frame's bottom. A
    negative gap is an overlap: a row pushed out of the frame."""
    frame, body = d.ids.frame, d.ids.body.__self__  # ids hold weak proxies
    items = [c for c in reversed(frame.children) if c is not body] + list(reversed(body.children))
    gaps, above = [], frame.top
    for w in items:
        gaps.append(above - w.top)
        above = w.top - _shown_height(w)
    gaps.append(above - frame.y)
    return gaps


def assert_fits(app: Any, d: Any) -> None:
    """``d`` stands whole in the window with no empty band wider than its own padding (12 u),
    and no text of it is cut or spilling."""
    gaps = empty_bands(d)
    assert max(gaps) <= app.u * 12 + 1, gaps
    assert min(gaps) >= -1, gaps
    title = harness.find_text(d.title, root=d, exact=True)
    assert 0 <= d.y and d.top <= Window.height and title.top <= Window.height
    assert harness.text_offenders(d) == []


def settle(frames: int = 20) -> None:
    """The opening animation's frames."""
    for _ in range(frames):
        harness.frames(1)


def until_closed(d: Any) -> None:
    """The closing animation holds the touches until it ends."""
    d.dismiss()
    for _ in range(100):
        if d.get_root_window() is None:
            break
        time.sleep(0.01)
        harness.frames(1)
