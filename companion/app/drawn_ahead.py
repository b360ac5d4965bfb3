"""A screen not shown, drawn once while the table is idle, so that its first frame is an ordinary one.

The first frame that draws something new does work no later frame does: the GL driver uploads
the textures it meets for the first time (texts, a map's pieces), and Mesa's software renderer
compiles machine code for each new combination of drawing state it meets, with LLVM (a GPU
driver compiles its own shader variants the same way). On the development machine the Resume of
a Magnifico game late in its course compiled some 260 million instructions' worth of LLVM inside
its tap, and in every fresh app, not only the first one: those variants did not come back from
Mesa's disk cache (docs/performance.md, "A screen drawn ahead"). Drawn once ahead, through the
window's own render context (the same shader program the frames use; a second program of the
same source met fresh variants), they are made at a pause. The drawing goes to the window's
back buffer, which the next frame clears before it draws the screen shown: nothing of it shows.
A screen whose fill ahead left a colour empty (rows made for a game not started) is not drawn:
Kivy stops on it mid-draw and leaves the renderer's state broken for the frames after.
"""

from __future__ import annotations

from typing import Any


def draw_ahead(widget: Any) -> bool:
    """``widget``'s canvas drawn once into the window's back buffer, the window's own canvas
    taken out of its render context meanwhile; False when the widget is in the window's tree
    (it is drawn with every frame) or there is no window."""
    from kivy.core.window import Window

    context = getattr(Window, "render_context", None) if Window is not None else None
    if widget.parent is not None or context is None or not drawable(widget.canvas):
        return False
    place = context.indexof(Window.canvas)
    if place < 0:
        return False
    context.remove(Window.canvas)
    context.add(widget.canvas)
    try:
        context.draw()
    finally:
        context.remove(widget.canvas)
        context.insert(place, Window.canvas)
    return True


def drawable(canvas: Any) -> bool:
    """Whether every colour under ``canvas`` holds its four values (a kv rule's colour bound to
    a value the fill has not set yet can be empty: no frame ever draws that widget unfilled)."""
    from kivy.graphics import Color

    groups = [canvas]
    while groups:
        for child in getattr(groups.pop(), "children", ()):
            if isinstance(child, Color) and len(child.rgba) != 4:
                return False
            groups.append(child)
    return True
