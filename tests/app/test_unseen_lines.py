"""No unseen line is drawn through Kivy's stencil (issue 13: memory, sixth pass).

Kivy draws a ``Line`` wider than 1 under a colour that is not opaque through a stencil of its
own: four stencil steps and a rectangle, every frame, and with Mesa's software renderer
about 9 MB more resident after start and 13 MB after a game, when every button's transparent
edge went that way. The edge of a button and the ring of a swatch are transparent unless
selected; then they are 1 wide, and their own width when they show.
"""

import pytest
from kivy.factory import Factory
from kivy.graphics import Color, Line

from companion.app import harness
from companion.app.theme import PALETTE


def stenciled_lines(widget) -> list[tuple[str, float, float]]:
    """(class, width, alpha) of each line of ``widget`` and its children that Kivy would
    draw through a stencil: wider than 1 under a colour not opaque."""
    found = []
    for w in widget.walk(restrict=True):
        for canvas in (w.canvas.before, w.canvas, w.canvas.after):
            alpha = 1.0
            for instruction in canvas.children:
                if isinstance(instruction, Color):
                    alpha = instruction.a
                elif isinstance(instruction, Line) and instruction.width != 1.0 and alpha < 1:
                    found.append((type(w).__name__, instruction.width, alpha))
    return found


def test_a_button_edge_is_one_wide_until_selected(home):
    button = Factory.Btn(text="x", size=(120, 48))
    harness.frames(1)
    assert stenciled_lines(button) == []
    assert button._edge.width == 1.0 and button._edge_colour.a == 0
    button.kind = "selected"  # the edge shows, in the accent colour, at its width
    assert round(button._edge.width, 3) == 1.4  # a C float
    assert button._edge_colour.rgba == pytest.approx(PALETTE["accent"])
    button.kind = "normal"
    assert button._edge.width == 1.0 and stenciled_lines(button) == []


def test_a_swatch_ring_is_one_wide_until_shown(home):
    swatch = Factory.Swatch()
    harness.frames(1)
    assert stenciled_lines(swatch) == []
    swatch.ring = True
    harness.frames(1)  # kv updates a canvas on the next frame
    ring = next(i for i in swatch.canvas.children if isinstance(i, Line))
    assert ring.width == 2
    swatch.ring = False
    harness.frames(1)
    assert stenciled_lines(swatch) == []


def test_home_draws_no_stenciled_line(home):
    assert stenciled_lines(home.root) == []
