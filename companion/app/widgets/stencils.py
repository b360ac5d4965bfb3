"""A scroll view's stencil without the clear (issue 13: frames; docs/performance.md, "Frames:
the stencils").

Kivy's rule for a stencil view (every scroll view) starts with a stencil push, and a push at the
first level clears the whole window's stencil: in software GL a masked clear of the window's
depth and stencil buffer, once for each scroll view a frame (Magnate's city draws twelve: 4 ms
of a 26 ms frame here). The window's clear empties the stencil at the start of each frame, and each
view's pop draws its rectangle again to undo its push, so the stencil is already empty at every
first-level push: the clear is left out (Kivy's ``clear_stencil``). Set once a view's kv rules
are applied (``app.kv``), so Kivy's own rule, the scroll bars included, stays as it is.
"""

from __future__ import annotations

from kivy.graphics import StencilPush
from kivy.uix.stencilview import StencilView


def no_clear(view: StencilView) -> None:
    """``view``'s stencil pushes no longer clear the window's stencil."""
    for instruction in view.canvas.before.children:
        if isinstance(instruction, StencilPush):
            instruction.clear_stencil = False
