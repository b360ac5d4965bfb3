"""A button's text is fitted (wrapped, then shrunk to 70%) once the layout has given it its
size, and rendered once for it (issue 13: a screen's first visit rendered each button's text
8 to 10 times, as the layout passed through sizes a few pixels wide)."""

from collections import Counter

import pytest
from kivy.core.window import Window
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.app import harness
from companion.app.widgets.common import Btn

LONG = "A deed pays a token of each of its suits to its owner"  # three lines at 16 px, a quarter row wide


@pytest.fixture
def renders(monkeypatch):
    """How many times each widget's text was rendered."""
    counts: Counter = Counter()
    plain = Label.texture_update

    def texture_update(self, *args):
        counts[self] += 1
        return plain(self, *args)

    monkeypatch.setattr(Label, "texture_update", texture_update)
    return counts


def nested_rows(texts, height=44):
    """Buttons in a row, in a column, in a panel: a first layout passes through narrow sizes."""
    outer = BoxLayout(padding=8)
    column = BoxLayout(orientation="vertical", padding=4)
    row = BoxLayout(size_hint_y=None, height=height, spacing=4)
    buttons = [Btn(text=t, font_size=16) for t in texts]
    for b in buttons:
        row.add_widget(b)
    column.add_widget(row)
    column.add_widget(BoxLayout())
    outer.add_widget(column)
    return outer, buttons


def shown(root):
    root.size = Window.size
    Window.add_widget(root)
    harness.frames(2)


def old_fit(text, width, height, base=16.0):
    """The size the fit gives: the first of base, base - 1, ... that fits, down to 70%."""
    probe = Label(text=text, font_size=base, text_size=(width - 8, None))
    size = base
    probe.texture_update()
    while size > base * 0.7 and probe.texture_size[1] > height - 2:
        size -= 1
        probe.font_size = size
        probe.texture_update()
    return size


def test_a_first_layout_renders_each_buttons_text_once(home, renders):
    root, buttons = nested_rows(["Back", "Swap the two players", "Start", "Menu"])
    try:
        shown(root)
        assert all(b.width > 100 for b in buttons)
        assert [renders[b] for b in buttons] == [1, 1, 1, 1]
        assert all(b.font_size == 16 for b in buttons)
    finally:
        Window.remove_widget(root)


def test_a_long_text_shrinks_to_the_same_size_as_before(home, renders):
    root, buttons = nested_rows([LONG, "Start", "Back", "Menu"], height=44)
    try:
        shown(root)
        long, start = buttons[:2]
        assert long.font_size < 16 and start.font_size == 16
        assert long.font_size == old_fit(LONG, long.width, long.height)
        assert long.texture_size[1] <= long.height - 2 or long.font_size <= 16 * 0.7
        assert renders[long] == 2  # at its own size, then at the size chosen (those between measured)
    finally:
        Window.remove_widget(root)


def test_a_text_that_cannot_fit_ends_at_seventy_percent(home):
    root, buttons = nested_rows([LONG * 3, "Start", "Back", "Menu"], height=30)
    try:
        shown(root)
        assert buttons[0].font_size == old_fit(LONG * 3, buttons[0].width, 30) <= 16 * 0.7
    finally:
        Window.remove_widget(root)


def test_a_new_text_is_fitted_again_and_shown(home, renders):
    root, buttons = nested_rows(["Start", "Back", "Menu", "Undo"])
    try:
        shown(root)
        start = buttons[0]
        renders.clear()
        start.text = LONG
        harness.frames(1)
        assert start.font_size == old_fit(LONG, start.width, start.height) < 16
        assert start._label.text == LONG  # the texture is of the new text
        start.text = "Start"
        harness.frames(1)
        assert start.font_size == 16 and start._label.text == "Start"
    finally:
        Window.remove_widget(root)


def test_a_button_changed_out_of_the_window_is_fitted_when_it_comes_back(home):
    root, buttons = nested_rows(["Start", "Back", "Menu", "Undo"])
    try:
        shown(root)
        Window.remove_widget(root)
        harness.frames(1)
        buttons[0].text = LONG
        harness.frames(1)
        shown(root)
        assert buttons[0].font_size == old_fit(LONG, buttons[0].width, buttons[0].height) < 16
        assert buttons[0]._label.text == LONG
    finally:
        Window.remove_widget(root)
