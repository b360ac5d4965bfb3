"""Rounded corners in ``theme.CORNER_SEGMENTS`` pieces (issue 13: frames; docs/performance.md,
"Frames: the rounded corners"). Kivy draws a rounded rectangle as a fan of triangles from its
middle, ten pieces a corner by default; in software GL each triangle costs its setup, and four
pieces instead of ten took 8% to 11% off a frame of the heaviest screens. At the app's radii (3 to 10 px,
the map's up to 8 px times its scale) four pieces move the arc by about a quarter of a pixel at
most."""

import ast
import math
import re
from pathlib import Path

from kivy.core.window import Window
from kivy.graphics import RoundedRectangle
from kivy.graphics.instructions import InstructionGroup

from companion.app.theme import CORNER_SEGMENTS

ROOT = Path(__file__).resolve().parents[2]


def rounded(group):
    for i in group.children:
        if isinstance(i, RoundedRectangle):
            yield i
        if isinstance(i, InstructionGroup):
            yield from rounded(i)


def test_the_pieces_keep_the_arc_within_a_third_of_a_pixel():
    largest = 8 * 800 / 480  # the map's selected box at 1280x800 (kv's radii are 10 px at most)
    assert largest * (1 - math.cos(math.pi / 4 / CORNER_SEGMENTS)) < 1 / 3


def test_every_kv_rounded_rectangle_names_its_pieces():
    missing = []
    for kv in sorted((ROOT / "kv").rglob("*.kv")):
        lines = kv.read_text().splitlines()
        for n, line in enumerate(lines):
            m = re.match(r"^(\s*)RoundedRectangle:\s*$", line)
            if m:
                block = []
                for later in lines[n + 1:]:
                    if not later.startswith(m.group(1) + " "):
                        break
                    block.append(later.strip())
                if "segments: CORNER" not in block:
                    missing.append(f"{kv.relative_to(ROOT)}:{n + 1}")
    assert missing == []


def test_every_python_rounded_rectangle_names_its_pieces():
    missing = []
    for source in sorted((ROOT / "companion").rglob("*.py")):
        for node in ast.walk(ast.parse(source.read_text())):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "RoundedRectangle"
                    and "segments" not in {k.arg for k in node.keywords}):
                missing.append(f"{source.relative_to(ROOT)}:{node.lineno}")
    assert missing == []


def test_home_draws_its_corners_in_the_app_s_pieces(home):
    found = [r for root in Window.children for w in root.walk()
             for part in (w.canvas.before, w.canvas, w.canvas.after) for r in rounded(part)]
    assert found  # the buttons' and panels' backgrounds
    assert {tuple(r.segments) for r in found} == {(CORNER_SEGMENTS,) * 4}
