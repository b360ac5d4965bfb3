"""The game's top bar (``companion/app/widgets/top_bar.py``): hidden off a game's screens, it
takes no touch, and showing or hiding it renders none of its buttons' texts again (issue 13:
every Start, Resume and way home rendered the bar's four buttons again in its tap, because the
bar was ``disabled`` while hidden and its buttons took its height)."""

from __future__ import annotations

from kivy.uix.button import Button

from companion.app import harness
from companion.app.widgets.top_bar import TopBar

BUTTONS = ("top_table", "top_act", "top_undo", "top_menu")


def test_showing_and_hiding_the_bar_renders_none_of_its_buttons_again(home, renders):
    bar = home.root.ids.topbar
    texts = [bar.parent.parent.ids[name].text for name in BUTTONS]
    assert all(texts)
    try:
        for shown in (True, False, True):
            home.show_bar = shown
            harness.frames(2)
            assert bar.height == (home.touch if shown else 0) and bar.opacity == (1 if shown else 0)
    finally:
        home.show_bar = False
        harness.frames(2)
    assert not set(texts) & set(renders), renders


def test_a_hidden_bar_takes_no_touch(app):
    pressed: list[str] = []
    bar = TopBar(size=(200, 40), pos=(0, 0))
    button = Button(size=(100, 40), pos=(0, 0), size_hint=(None, None))
    button.bind(on_press=lambda _b: pressed.append("press"))
    bar.add_widget(button)
    for shown in (False, True):
        bar.shown = shown
        touch = harness.Touch(50, 20)
        touch.pos = (50, 20)
        assert bar.on_touch_down(touch) is shown
        bar.on_touch_up(touch)
    assert pressed == ["press"]  # only while shown
