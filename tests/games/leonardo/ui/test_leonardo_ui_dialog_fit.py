"""Leonardo's dialogs at a real table: the correction form, a choice among buttons (a secret
faction, a bet's product, a space's owner), a printed name and the keypad are as high as their
rows at both screen sizes and in both languages (the correction's rows sat over an empty band
of 194 px above its buttons at 800x480, a printed name's under one of 79 px below its title), a long
list scrolls inside the window, and the correction form follows a resize while it is open."""

from __future__ import annotations

import pytest
from kivy.core.window import Window
from leonardo_ui_helpers import save_example_box, start_by_touch, tap

from companion.app import harness
from companion.games.leonardo.ui import forms
from tests.app.dialog_fit import assert_fits, settle, until_closed


@pytest.fixture
def game(home):
    save_example_box(home)
    start_by_touch(home)
    yield home
    harness.resize((800, 480))


def open_correction(app):
    tap(app, "top_menu")
    tap(app, "menu_correction")
    settle()
    return app.dialog


def dialogs(app):
    """Each of Leonardo's dialogs, opened one after the other (a function that opens it)."""
    yield lambda: open_correction(app)
    yield lambda: forms.private_faction(app, 0, lambda _r: None)
    yield lambda: forms.bet_dialog(app, 1, False, lambda _r: None)
    yield lambda: forms.ask_text(app, forms._t(app, "ask.title"), "The name printed on space 6", lambda _v: None)
    yield lambda: forms.ask_printed_value(app, {"item": "space.6", "field": "rent.1"}, None) or app.dialog


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
def test_each_dialog_is_as_high_as_its_rows(game, size, lang):
    app = game
    app.set_lang(lang)
    harness.resize(size)
    for opener in dialogs(app):
        d = opener()
        settle()
        assert_fits(app, d)
        until_closed(d)


def test_a_long_choice_scrolls_inside_the_window(game):
    """A space's owner: every open space to choose from, more than the window holds."""
    app = game
    d = open_correction(app)
    tap(app, "correct_owner")
    settle()
    d = app.dialog
    scroll = d.ids.choice_0.parent.parent
    assert scroll.height < scroll.children[0].height  # it scrolls
    assert d.height == pytest.approx(Window.height * 0.95, abs=1)
    assert_fits(app, d)
    until_closed(d)


def test_the_correction_form_follows_a_resize_while_open(game):
    app = game
    harness.resize((1280, 800))
    d = open_correction(app)
    tall = d.height
    harness.resize((800, 480))
    settle(3)
    assert_fits(app, d)
    assert d.height < tall * 0.7
    b = d.ids.correct_0_cash
    assert b.height == pytest.approx(app.touch * 0.9) and b.font_size == pytest.approx(app.u * 12)
    until_closed(d)


@pytest.mark.parametrize("button", ["correct_owner", "correct_0_cash"])
def test_the_correction_form_is_gone_when_the_next_dialog_opens(game, button):
    """Issue 13 (every tap under 50 ms): the owner's long list (or a counter's keypad) is drawn
    alone in the frame that opens it, not over the correction form fading out under it."""
    app = game
    form = open_correction(app)
    tap(app, button, frames=1)
    assert form.get_root_window() is None
    assert [c for c in Window.children if c is not app.root] == [app.dialog]
    until_closed(app.dialog)
