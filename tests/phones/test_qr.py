"""companion.phones.qr: a seat's join code, as PNG and as pixels the screen can show."""

from __future__ import annotations

import struct
import zlib

import segno

from companion.phones.qr import qr_matrix, qr_png, qr_rgba

URL = "http://192.168.1.20:8765/s/" + "Ab-_" * 10 + "xyz"


def png_pixels(data: bytes) -> tuple[int, int, list[list[int]]]:
    """A greyscale or palette PNG of bit depth 1..8 (what segno writes), unfiltered to rows."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, head = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    assert head is not None
    width, height, depth = head[0], head[1], head[2]
    raw = zlib.decompress(idat)
    stride = (width * depth + 7) // 8
    rows, prev = [], bytes(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - 1] if i else 0
            up = prev[i]
            if f == 1:
                line[i] = (line[i] + left) & 255
            elif f == 2:
                line[i] = (line[i] + up) & 255
            elif f == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif f == 4:
                ul = prev[i - 1] if i else 0
                p = left + up - ul
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - ul)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else ul)) & 255
        prev = bytes(line)
        bits = "".join(f"{b:08b}" for b in line)
        rows.append([int(bits[x * depth:(x + 1) * depth], 2) for x in range(width)])
    return width, height, rows


def test_the_matrix_is_the_code_of_the_address():
    code = segno.make(URL, error="m", micro=False)
    rows = qr_matrix(URL, border=0)
    assert rows == [[bool(v) for v in row] for row in code.matrix]
    assert len(qr_matrix(URL, border=2)) == len(rows) + 4


def test_png_and_pixels_show_the_same_code():
    scale = 3
    width, height, rows = png_pixels(qr_png(URL, scale=scale))
    w, h, rgba = qr_rgba(URL, scale=scale, bottom_up=False)
    assert (width, height) == (w, h) == (len(qr_matrix(URL)) * scale,) * 2
    dark_png = [[v == 0 for v in row] for row in rows]
    dark_rgba = [[rgba[(y * w + x) * 4] == 0 for x in range(w)] for y in range(h)]
    assert dark_png == dark_rgba
    assert any(any(r) for r in dark_png) and not all(all(r) for r in dark_png)


def test_pixels_bottom_up_for_kivy_textures():
    w, h, top_down = qr_rgba(URL, scale=1, bottom_up=False)
    _, _, bottom_up = qr_rgba(URL, scale=1)
    line = w * 4
    assert [bottom_up[i * line:(i + 1) * line] for i in range(h)] == \
        [top_down[i * line:(i + 1) * line] for i in range(h)][::-1]
