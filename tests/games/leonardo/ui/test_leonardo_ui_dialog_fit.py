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


def test_the_owners_list_opened_again_makes_no_buttons(game, monkeypatch):
    """Issue 13 (every tap under 50 ms): the owner's list (a button for each of 23 spaces) takes
    the buttons of a list closed before instead of making them again (7 ms of its tap each time
    it opened); its labels, their looks and what a choice does are as they were."""
    from companion.app.widgets import common

    app = game
    open_correction(app)
    tap(app, "correct_owner")
    settle()
    first = app.dialog
    n = sum(1 for key in first.ids if key.startswith("choice_"))
    labels = [first.ids[f"choice_{i}"].text for i in range(n)]
    first.ids.choice_0.kind = "selected"  # a look a list may have left on a button
    until_closed(first)
    open_correction(app)
    made = []
    btn_init = common.Btn.__init__

    def counted(self, **kwargs):
        made.append(self)
        btn_init(self, **kwargs)

    monkeypatch.setattr(common.Btn, "__init__", counted)
    tap(app, "correct_owner")
    settle()
    again = app.dialog
    assert again is not first and len(made) == 1  # its Back button alone; the old code: 24
    assert [again.ids[f"choice_{i}"].text for i in range(n)] == labels
    assert all(again.ids[f"choice_{i}"].kind == "normal" for i in range(n))
    space = app.screens["leonardo.setup"].session.view()  # nobody owns a space yet
    assert all(o is None for o in space.get("owner", []))
    target = again.ids.choice_1.text
    tap(app, "choice_1")  # the space: then who owns it, a second list
    settle()
    owners = app.dialog
    assert owners is not again and owners.title == target
    tap(app, "choice_1")  # the first seat (choice_0 is the bank)
    settle()
    owned = [n for n, o in enumerate(app.session.view()["owner"], 1) if o == 0]
    assert len(owned) == 1 and owners.get_root_window() is None
