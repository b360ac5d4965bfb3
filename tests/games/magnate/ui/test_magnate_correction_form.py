"""Magnate's correction form at a real table (docs/magnate.md, Corrections): as high as its rows
in each of its kinds, at both screen sizes and in both languages (its rows sat over an empty
band above its buttons), following a window resized while it is open, and opened without
measuring its texts again and again (issue 13: the first opening took 44-57 ms)."""

from __future__ import annotations

import pytest
from kivy.core.window import Window
from kivy.uix.label import Label

from companion.app import harness
from companion.games.magnate.ui.correction import KINDS
from tests.app.dialog_fit import assert_fits, settle, until_closed

from .touches import play, start_game, tap


@pytest.fixture
def game(home):
    start_game(home)
    play(home, until=4)
    yield home
    harness.resize((800, 480))


def open_form(app):
    tap("top_menu")
    tap("menu_correction")
    settle()
    return app.dialog


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
def test_the_form_is_as_high_as_its_rows(game, size, lang):
    app = game
    app.set_lang(lang)
    harness.resize(size)
    d = open_form(app)
    for kind in KINDS:
        tap("kind_" + kind)
        harness.frames(2)
        assert_fits(app, d)
    until_closed(d)


def test_the_form_follows_a_window_resized_while_it_is_open(game):
    """1280x800 to 800x480: the rows, the reason and the buttons' text take the new sizes and
    the title stays in the window; the form still works."""
    app = game
    harness.resize((1280, 800))
    d = open_form(app)
    harness.resize((800, 480))
    settle(3)
    assert_fits(app, d)
    assert d.ids.reason.height == pytest.approx(app.touch)
    assert d.ids.kind_tokens.font_size == pytest.approx(app.u * 13)
    before = app.session.view()["seats"][1]["tokens"]["moons"]
    tap("seat_1")
    tap("suit_moons")
    harness.tap(d.ids.value.children[0])  # plus
    d.ids.reason.text = "a token rolled under the board"
    tap("apply")
    assert app.session.view()["seats"][1]["tokens"]["moons"] == before + 1


def test_opening_measures_each_text_about_once(game, monkeypatch):
    """Laid out at the window's size from the start: each label of the form is drawn at most
    three times on opening (it was six and a half on average: every button first laid out at
    Kivy's default 100 px, its text shrunk step by step, then again at its real width)."""
    app = game
    drawn = []
    plain = Label.texture_update

    def texture_update(self, *args):  # the name Kivy's weak methods look up
        drawn.append(self)
        return plain(self, *args)

    tap("top_menu")
    monkeypatch.setattr(Label, "texture_update", texture_update)
    tap("menu_correction")
    settle()
    monkeypatch.undo()
    d = app.dialog
    labels = [w for w in d.walk() if isinstance(w, Label)]
    assert len([w for w in drawn if any(w is x for x in labels)]) <= 3 * len(labels)
    until_closed(d)


def test_the_menu_is_gone_in_the_frame_that_opens_the_form(game):
    """That frame draws one dialog over the screen: the menu faded out under the form for six
    more frames, each drawing both (about 8 ms more a frame in software GL)."""
    app = game
    tap("top_menu")
    tap("menu_correction")
    assert [c for c in Window.children if c is not app.root] == [app.dialog]
    until_closed(app.dialog)


def test_a_tap_in_the_form_builds_no_new_buttons(game):
    """A stepper's tap or another seat shows the same buttons again (each was rebuilt on every
    tap); another kind builds only the buttons it adds."""
    app = game
    d = open_form(app)
    shown = list(d.walk())
    tap("seat_1")
    harness.tap(d.ids.value.children[0])  # plus
    assert all(any(w is x for x in shown) for w in d.walk())
    tap("kind_hand")
    tap("kind_tokens")
    assert all(any(w is x for x in shown) for w in d.walk())
    until_closed(d)
