"""A screen not shown, drawn once ahead (``companion/app/drawn_ahead.py``): its first frame
uploaded its textures and made the software renderer's code inside the tap that showed it
(issue 13). The drawing goes through the window's own render context and leaves it as it was."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from kivy.core.text import LabelBase
from kivy.core.window import Window
from kivy.graphics import Color, Rectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.app import harness
from companion.app.drawn_ahead import draw_ahead, drawable


@pytest.fixture
def renders(app, monkeypatch) -> Iterator[list[str]]:
    """The texts of these tests whose pixels Kivy renders from now on (not the app's screen's)."""
    done: list[str] = []
    original = LabelBase.render

    def render(self: LabelBase, real: bool = False) -> object:
        if real and str(self.text).startswith("drawn ahead"):
            done.append(str(self.text))
        return original(self, real)

    monkeypatch.setattr(LabelBase, "render", render)
    yield done


def labels(n: int) -> BoxLayout:
    box = BoxLayout(size=(600, 100))
    for i in range(n):
        box.add_widget(Label(text=f"drawn ahead {i}"))
    harness.frames(2)  # laid out: each label's texture made, its pixels left to its first draw
    return box


def test_a_widget_drawn_ahead_has_its_textures_uploaded_and_the_window_kept(renders):
    box = labels(3)
    assert renders == []
    context = Window.render_context
    before = list(context.children)
    assert draw_ahead(box)
    assert sorted(renders) == ["drawn ahead 0", "drawn ahead 1", "drawn ahead 2"]
    assert list(context.children) == before  # the window's canvas back in its place
    harness.frames(2)  # the frames draw the window as before
    assert len(renders) == 3 and box.parent is None


def test_a_widget_in_the_window_is_left_to_the_frames(renders):
    box = labels(2)
    Window.add_widget(box)
    try:
        assert not draw_ahead(box)
        assert renders == []
    finally:
        Window.remove_widget(box)
    harness.frames(1)


def test_a_widget_with_an_empty_colour_is_not_drawn_and_the_frames_go_on(app):
    """A fill made ahead for a game not started can leave a kv rule's colour empty (Magnate's
    token bar): Kivy stops on it mid-draw, and every frame after failed too."""
    widget = Widget(size=(100, 100))
    with widget.canvas:
        colour = Color(1, 0, 0, 1)
        Rectangle(size=(50, 50))
    assert drawable(widget.canvas)
    colour.rgba = []
    assert not drawable(widget.canvas) and not draw_ahead(widget)
    harness.frames(2)
    colour.rgba = (0, 1, 0, 1)
    assert draw_ahead(widget)
    harness.frames(1)


def test_what_is_drawn_ahead_never_reaches_a_shown_frame(app):
    """The drawing lands in the back buffer; the next frame clears it before it draws the window,
    and only such a frame is ever flipped to the screen."""
    from kivy.graphics.opengl import GL_RGBA, GL_UNSIGNED_BYTE, glReadPixels

    w, h = Window.size
    red = Widget(size=(w, h))
    with red.canvas:
        Color(1, 0, 0, 1)
        Rectangle(size=(w, h))

    def centre() -> bytes:
        return bytes(glReadPixels(w // 2, h // 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE))[:3]

    Window.canvas.ask_update()
    harness.frames(1)
    shown = centre()
    assert shown != b"\xff\x00\x00"
    assert draw_ahead(red)
    assert centre() == b"\xff\x00\x00"  # in the back buffer, which is not on the screen
    Window.canvas.ask_update()
    harness.frames(1)
    assert centre() == shown
