"""A seat's QR code: the join address as PNG bytes or raw pixels for the table's screen.

``segno`` is pure Python (no Pillow, no C). Kivy shows either form:
``CoreImage(io.BytesIO(qr_png(url)), ext="png").texture``, or a ``Texture`` filled with
``qr_rgba(url)`` (rows bottom-up, as Kivy's textures are).
"""

from __future__ import annotations

import io

import segno


def _code(url: str) -> segno.QRCode:
    return segno.make(url, error="m", micro=False)


def qr_png(url: str, scale: int = 8, border: int = 2) -> bytes:
    """The code as a PNG, black on white, ``scale`` pixels per module."""
    out = io.BytesIO()
    _code(url).save(out, kind="png", scale=scale, border=border)
    return out.getvalue()


def qr_matrix(url: str, border: int = 2) -> list[list[bool]]:
    """The code's modules, top row first (True: dark), with a quiet ``border``."""
    return [[bool(v) for v in row] for row in _code(url).matrix_iter(scale=1, border=border)]


def qr_rgba(url: str, scale: int = 8, border: int = 2, *, bottom_up: bool = True) -> tuple[int, int, bytes]:
    """``(width, height, pixels)``: RGBA bytes, rows bottom-up unless told otherwise."""
    rows = qr_matrix(url, border)
    dark, light = b"\x00\x00\x00\xff" * scale, b"\xff\xff\xff\xff" * scale
    lines = [b"".join(dark if v else light for v in row) for row in rows]
    if bottom_up:
        lines.reverse()
    size = len(rows) * scale
    return size, size, b"".join(line * scale for line in lines)
