"""No unseen line is drawn, and none through Kivy's stencil (issue 13: memory, sixth and
seventh passes; taps: a frame with a software renderer).

Kivy draws a ``Line`` wider than 1 under a colour that is not opaque through a stencil of its
own: four stencil steps and a rectangle, every frame, and with Mesa's software renderer
about 9 MB more resident after start and 13 MB after a game, when every button's transparent
edge went that way (sixth pass). A transparent line that has points is still one draw a
frame, with Kivy's vertex buffers and the renderer's bins: about 2 MB more (seventh pass).
So the edge of a button, the ring of a swatch and the frame of a seat panel have no points
while they are unseen, and are 1 wide; when they show, they have their width, the accent
colour and the widget's shape, and follow it when it moves or resizes.
"""

import pytest
from kivy.core.window import Window
from kivy.factory import Factory
from kivy.graphics import Ellipse, Line

from companion.app import harness
from companion.app.theme import PALETTE
from tests.app.canvas_lines import lines, stenciled_lines, unseen_drawn


def box(line: Line) -> tuple[float, float, float, float]:
    """The bounding box (x, y, right, top) of a line's points, as drawn."""
    xs, ys = line.points[0::2], line.points[1::2]
    return min(xs), min(ys), max(xs), max(ys)


def near(expected):
    """Within 0.05 px: a rounded rectangle's arcs and an ellipse's points are computed."""
    return pytest.approx(expected, abs=0.05)


@pytest.fixture
def shown(home):
    """Put widgets in the window (Kivy builds a line's points when it draws it)."""
    added = []

    def show(widget):
        Window.add_widget(widget)
        added.append(widget)
        harness.frames(2)  # kv updates a canvas on the next frame
        return widget

    yield show
    for widget in added:
        Window.remove_widget(widget)
    harness.frames(1)


def test_a_button_edge_has_points_only_while_selected(shown):
    button = shown(Factory.Btn(text="x", size_hint=(None, None)))
    button.pos, button.size = (30, 40), (120, 48)  # after the kv rule's height
    harness.frames(1)
    assert stenciled_lines(button) == [] and unseen_drawn(button) == []
    assert button._edge.line.points == [] and button._edge.colour.a == 0
    button.kind = "selected"  # the edge shows, in the accent colour, at its width, round the button
    harness.frames(1)
    assert round(button._edge.line.width, 3) == 1.4  # a C float
    assert button._edge.colour.rgba == pytest.approx(PALETTE["accent"])
    assert button._edge.line.rounded_rectangle[:5] == (30, 40, 120, 48, 6)
    assert box(button._edge.line) == near((30, 40, 150, 88))
    button.pos, button.size = (100, 10), (200, 60)  # it follows the button
    harness.frames(1)
    assert box(button._edge.line) == near((100, 10, 300, 70))
    button.kind = "normal"
    harness.frames(1)
    assert button._edge.line.points == [] and button._edge.line.width == 1.0
    assert stenciled_lines(button) == [] and unseen_drawn(button) == []


def test_a_swatch_ring_has_points_only_while_shown(shown):
    swatch = shown(Factory.Swatch(pos=(50, 60)))
    assert stenciled_lines(swatch) == [] and unseen_drawn(swatch) == []
    assert swatch._ring.line.points == []
    swatch.ring = True
    harness.frames(1)
    ring = swatch._ring.line
    assert ring.width == 2 and swatch._ring.colour.rgba == pytest.approx(PALETTE["accent"])
    w, h = swatch.size
    assert box(ring) == near((48, 58, 50 + w + 2, 60 + h + 2))
    swatch.pos = (10, 20)
    harness.frames(1)
    assert box(ring) == near((8, 18, 10 + w + 2, 20 + h + 2))
    swatch.ring = False
    harness.frames(1)
    assert ring.points == [] and stenciled_lines(swatch) == [] and unseen_drawn(swatch) == []


def test_a_swatch_in_a_kv_rule_draws_its_ring_over_its_circle(shown, app):
    """A kv rule builds a child before applying its class rule: the ring must still follow
    the circle (magnifico auction.kv: a Leonardo seat's swatch has a ring)."""
    chip = shown(Factory.PlayerChip())
    swatch = next(w for w in chip.walk(restrict=True) if type(w).__name__ == "Swatch")
    swatch.ring = True
    harness.frames(1)
    order = [i for c in (swatch.canvas.before, swatch.canvas, swatch.canvas.after) for i in c.children
             if isinstance(i, (Ellipse, Line))]
    assert [type(i).__name__ for i in order] == ["Ellipse", "Line"]


# the kv panels with an edge that shows on a condition: (game, class, condition, shown when)
PANELS = [("magnifico", "MagPlayerPanel", "acting", True), ("leonardo", "LeonardoPlayerPanel", "acting", True),
          ("leonardo", "LeonardoCapitalRow", "winner", True), ("leonardo", "LeonardoBidRow", "leading", True),
          ("magnate", "MagnateCardChip", "complete", False)]


@pytest.mark.parametrize("game, cls, flag, when", PANELS)
def test_a_panel_frame_has_points_only_while_shown(shown, app, game, cls, flag, when):
    app.screens.load(app.uis[game])  # the game's kv rules
    panel = Factory.get(cls)()
    setattr(panel, flag, not when)
    shown(panel)
    assert unseen_drawn(panel) == [] and stenciled_lines(panel) == []
    setattr(panel, flag, when)
    harness.frames(2)
    frame = [line for name, line, alpha in lines(panel) if name == type(panel).__name__ and alpha == 1]
    assert len(frame) == 1 and box(frame[0]) == near((panel.x, panel.y, panel.right, panel.top))
    setattr(panel, flag, not when)
    harness.frames(2)
    assert unseen_drawn(panel) == [] and stenciled_lines(panel) == []


def test_home_draws_no_unseen_line(home):
    harness.frames(1)
    assert stenciled_lines(home.root) == [] and unseen_drawn(home.root) == []


def test_the_map_rings_the_territories_one_may_tap_without_a_stencil(shown):
    """Each ring was white at 0.9, so Kivy drew it through a stencil whose first push clears
    the window's: about 1 ms a ring a frame with Mesa's software renderer, 15 of the 31 ms of
    a frame of Magnifico's income screen with 14 rings. It is drawn opaque now, the same
    white over the screen's background."""
    from companion.games.magnifico.data import load_box
    from companion.games.magnifico.ui.widgets import mapview

    game_map = load_box()["map"]
    ids = [t["id"] for t in game_map["territories"]]
    view = shown(mapview.MapView(map_data=game_map, size_hint=(None, None), size=(434, 424), lang="en"))
    view.choices, view.selected = set(ids[:11]), [ids[0]]
    harness.frames(2)
    rings = [line for _name, line, alpha in lines(view) if line.width > 1 and line.rounded_rectangle]
    assert len(rings) == 10  # the choices but the one selected (drawn as a gold plate)
    assert stenciled_lines(view) == [] and unseen_drawn(view) == []
    assert mapview.RING[3] == 1 and mapview.RING[:3] == pytest.approx([0.9 + 0.1 * c for c in PALETTE["bg"][:3]])
