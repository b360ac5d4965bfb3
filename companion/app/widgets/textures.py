"""Text drawn straight on a canvas, with the rendered textures cached (maps and charts redraw often).

Kivy renders a text's pixels only when its texture is first drawn. The caches here are mostly
filled while a screen is made ahead of a tap (a map drawn while the players type their names,
``warm_up.py``), so their textures are rendered then (``rendered``), not in the frame of the tap
that first shows them: Leonardo's first Start rendered the board's 64 names and numbers in its
frame.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from kivy.core.text import Label as CoreLabel


@lru_cache(maxsize=2048)
def fitted_texture(text: str, font_size: int, max_width: int, smallest: int = 8):
    """The text at the largest size up to ``font_size`` that fits ``max_width`` (then shortened)."""
    for size in range(font_size, smallest - 1, -1):
        if _laid_out(text, size).width <= max_width:  # the sizes tried and left are never rendered
            return text_texture(text, size)
    return text_texture(text, smallest, False, max_width)


@lru_cache(maxsize=2048)
def text_texture(text: str, font_size: int, bold: bool = False, max_width: int = 0):
    return rendered(_laid_out(text, font_size, bold, max_width))


@lru_cache(maxsize=2048)
def _laid_out(text: str, font_size: int, bold: bool = False, max_width: int = 0) -> Any:
    """The text's texture, its size known, its pixels not rendered yet."""
    label = CoreLabel(text=text, font_size=font_size, bold=bold, color=(1, 1, 1, 1),
                      text_size=(max_width, None) if max_width else (None, None),
                      shorten=bool(max_width), halign="center")
    label.refresh()
    return label.texture


def rendered(texture: Any) -> Any:
    """A text's ``texture`` with its pixels rendered now: a new texture's first bind runs the
    render that Kivy left for its first draw."""
    texture.bind()
    return texture


def render_labels(root: Any) -> int:
    """The pixels of every label's text under ``root`` rendered now, where Kivy left them for
    the text's first draw: a screen filled ahead with what its tap will show (a Resume's,
    ``warm_up.py``) keeps no text for that tap's frame. How many were rendered."""
    from kivy.uix.label import Label

    done = 0
    for widget in root.walk(restrict=True):
        texture = widget.texture if isinstance(widget, Label) else None
        if texture is not None and not texture.id:  # never bound: its pixels not rendered yet
            rendered(texture)
            done += 1
    return done
