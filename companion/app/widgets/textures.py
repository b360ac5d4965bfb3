"""Text drawn straight on a canvas, with the rendered textures cached (maps and charts redraw often)."""

from __future__ import annotations

from functools import lru_cache

from kivy.core.text import Label as CoreLabel


@lru_cache(maxsize=2048)
def fitted_texture(text: str, font_size: int, max_width: int, smallest: int = 8):
    """The text at the largest size up to ``font_size`` that fits ``max_width`` (then shortened)."""
    for size in range(font_size, smallest - 1, -1):
        tex = text_texture(text, size)
        if tex.width <= max_width:
            return tex
    return text_texture(text, smallest, False, max_width)


@lru_cache(maxsize=2048)
def text_texture(text: str, font_size: int, bold: bool = False, max_width: int = 0):
    label = CoreLabel(text=text, font_size=font_size, bold=bold, color=(1, 1, 1, 1),
                      text_size=(max_width, None) if max_width else (None, None),
                      shorten=bool(max_width), halign="center")
    label.refresh()
    return label.texture
