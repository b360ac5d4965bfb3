"""The shell's dialogs at a real table: a form is as high as its rows (no empty band under its
title or between its rows and its buttons), a long list scrolls inside the window, and a dialog
open while the window is resized takes the new sizes (a desktop window going from 1280x800 to
800x480 kept the old rows and pushed the title off the top)."""

from __future__ import annotations

import gc
import weakref

import pytest
from kivy.core.window import Window
from kivy.factory import Factory
from kivy.uix.widget import Widget

from companion.app import harness
from companion.app.widgets.dialogs import ask_number, dialog, touch, units
from tests.app.dialog_fit import assert_fits, empty_bands, settle, until_closed

SIZES = [(800, 480), (1280, 800)]


@pytest.fixture
def window(home):
    """The home screen; the window back at 800x480 afterwards."""
    yield home
    harness.resize((800, 480))


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", SIZES)
def test_the_keypad_is_as_high_as_its_keys(window, size, lang):
    """At full height the keys ended mid-dialog over a band of 60 px (800x480) above Cancel."""
    app = window
    app.set_lang(lang)
    harness.resize(size)
    d = ask_number(app, "A bid", "only you look at it", lambda _v: None, masked=True)
    settle()
    assert_fits(app, d)
    until_closed(d)


def _list_dialog(app, n: int):
    """A dialog of a help line, ``n`` buttons in a scrolling grid and a close button."""
    d = dialog(app, "A long list", size=(0.7, 0.9))
    d.ids.body.add_widget(Factory.Txt(text="choose one"))
    grid = d.scaled(Factory.GridLayout(cols=2, size_hint_y=None, row_force_default=True),
                    row_default_height=touch(), spacing=units(4))
    grid.bind(minimum_height=grid.setter("height"))
    for i in range(n):
        grid.add_widget(Factory.Btn(text=str(i)))
    scroll = Factory.ScrollView(do_scroll_x=False)
    scroll.add_widget(grid)
    d.ids.body.add_widget(scroll)
    d.ids.body.add_widget(Factory.Btn(text="close"))
    d.ids["scroll"], d.ids["grid"] = scroll, grid
    d.fit_height()
    d.open()
    settle()
    return d


def test_a_short_list_is_as_high_as_its_buttons_and_a_long_one_scrolls(window):
    app = window
    d = _list_dialog(app, 4)
    assert_fits(app, d)
    assert d.ids.scroll.height == pytest.approx(d.ids.grid.height, abs=1)  # nothing to scroll
    until_closed(d)
    d = _list_dialog(app, 40)
    assert d.height == pytest.approx(Window.height * 0.95, abs=1)  # the cap
    assert d.ids.scroll.height < d.ids.grid.height  # the list scrolls inside the window
    gaps = empty_bands(d)
    assert max(gaps) <= app.u * 12 + 1 and min(gaps) >= -1
    until_closed(d)


def test_a_dialog_open_while_the_window_is_resized_takes_the_new_sizes(window):
    """Rows sized in Python (``Dialog.scaled``) follow ``u`` and ``touch``; the fitted height
    follows both the rows and the window."""
    app = window
    harness.resize((1280, 800))
    d = dialog(app, "A form", size=(0.7, 0.9))
    d.ids.body.add_widget(Factory.Txt(text="type a reason"))
    row = d.scaled(Factory.BoxLayout(size_hint_y=None), height=touch(), spacing=units(6))
    row.add_widget(Factory.Btn(text="one"))
    row.add_widget(Factory.Btn(text="two"))
    text = d.scaled(Factory.TextInput(size_hint_y=None), height=touch(), font_size=units(16))
    for w in (row, text, Factory.Btn(text="close")):
        d.ids.body.add_widget(w)
    d.fit_height()
    d.open()
    settle()
    assert_fits(app, d)
    tall = d.height
    harness.resize((800, 480))
    settle(3)
    assert row.height == pytest.approx(app.touch) and row.spacing == pytest.approx(app.u * 6)
    assert text.height == pytest.approx(app.touch) and text.font_size == pytest.approx(app.u * 16)
    assert d.height < tall * 0.7  # as high as the new rows, not the old
    assert_fits(app, d)
    until_closed(d)


def test_a_closed_dialog_no_longer_follows_the_app(window):
    """A dialog listens to the app's u and touch only while open: a closed one is not kept
    alive by the app (issue 13: memory that grows from game to game)."""
    app = window
    d = dialog(app, "sizes")
    w = d.scaled(Widget(size_hint_y=None), height=touch(2))
    d.ids.body.add_widget(w)
    d.open()
    settle(3)
    harness.resize((1280, 800))
    settle(3)
    assert w.height == pytest.approx(2 * app.touch)  # followed while open
    until_closed(d)
    height = w.height
    harness.resize((800, 480))
    settle(3)
    assert w.height == height  # no longer followed once closed
    gone = weakref.ref(d)
    del d, w
    gc.collect()
    assert gone() is None
