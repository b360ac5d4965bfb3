"""Text drawn straight on a canvas (``companion/app/widgets/textures.py``) and Leonardo's board
names (``ring.py``): their cached textures are rendered when made. Kivy renders a text's pixels
at its texture's first draw, so a map or board made ahead of a tap (``warm_up.py``) rendered its
names in the frame of the tap that first showed it (issue 13: Leonardo's first Start rendered
the board's 64 names and numbers in its frame)."""

from __future__ import annotations

import pytest
from kivy.core.window import Window
from kivy.graphics import Rectangle
from kivy.uix.widget import Widget

from companion.app import harness
from companion.app.widgets import textures
from companion.games.leonardo.ui.widgets import ring


def drawn(*shown: object) -> None:
    """A frame that draws the textures ``shown``."""
    widget = Widget(size=(400, 100))
    with widget.canvas:
        for texture in shown:
            Rectangle(texture=texture, pos=(0, 0), size=texture.size)
    Window.add_widget(widget)
    try:
        harness.frames(2)
    finally:
        Window.remove_widget(widget)


@pytest.mark.parametrize("make", [
    lambda: textures.text_texture("Sea of Ligury, made ahead", 17),
    lambda: textures.fitted_texture("Duchy of Milan, made ahead", 15, 400),
    lambda: ring._name_texture("Piazza made ahead", 8, 43, 2),
    lambda: textures.text_texture("made ahead 7", 9, True),
], ids=["text_texture", "fitted_texture", "a board name", "a board number (bold)"])
def test_a_cached_text_is_rendered_when_made_not_in_the_frame_that_first_draws_it(renders, make):
    texture = make()
    assert len(renders) == 1 and "made ahead" in renders[0]
    drawn(texture)
    assert len(renders) == 1  # nothing left for the frame


def test_the_sizes_tried_and_left_are_never_rendered(renders):
    """A name fitted to a width is laid out at each size down from the largest; only the one
    kept is rendered."""
    texture = textures.fitted_texture("A very long name of a territory, fitted", 30, 150)
    assert texture.width <= 150 and renders == ["A very long name of a territory, fitted"]


def test_a_screens_labels_are_rendered_ahead_and_once(renders):
    """Issue 13: a screen filled ahead with what its tap will show (a Resume's rehearsal,
    warm_up.py) had its labels' texts laid out but rendered in the frame of that tap (35 in a
    Leonardo Resume's). ``render_labels`` renders each one not rendered yet, and only those."""
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.label import Label

    box = BoxLayout(size=(600, 100))
    labels = [Label(text=f"ahead {i}") for i in range(3)] + [Label(text="")]
    for label in labels:
        box.add_widget(label)
    harness.frames(2)  # laid out, each label's text at its size
    assert renders == [] and all(label.texture.id == 0 for label in labels[:3])  # not rendered: left to the first draw
    assert textures.render_labels(box) == 3 and sorted(renders) == ["ahead 0", "ahead 1", "ahead 2"]
    assert textures.render_labels(box) == 0 and len(renders) == 3  # rendered once
    drawn(*(label.texture for label in labels[:3]))
    assert len(renders) == 3  # nothing left for the frame
