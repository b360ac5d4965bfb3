"""Magnifico's Python-built forms at a real table: ending by agreement (rd: ending by agreement)
is as high as its rows at both screen sizes and in both languages (its buttons sat under an
empty band of 207 px at 800x480), and the correction form follows a window resized while it is
open (it kept its rows at the old size: at 800x480 its title was pushed 75 px off its frame)."""

from __future__ import annotations

import pytest

from companion.app import harness
from companion.games.magnifico.ui.forms import open_agreement_form
from tests.app.dialog_fit import assert_fits, settle, until_closed
from tests.games.magnifico.ui.games import start
from tests.games.magnifico.ui.test_correction_form import open_correction, past_the_setup


@pytest.fixture
def window(home):
    yield home
    harness.resize((800, 480))


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
def test_ending_by_agreement_is_as_high_as_its_rows(window, size, lang):
    app = window
    start(app)
    app.set_lang(lang)
    harness.resize(size)
    d = open_agreement_form(app)
    settle()
    assert_fits(app, d)
    until_closed(d)


def test_the_correction_form_follows_a_resize_while_open(window):
    app = window
    past_the_setup(app)
    harness.resize((1280, 800))
    d = open_correction(app)
    settle()
    tall = d.height
    harness.resize((800, 480))
    settle(3)
    assert_fits(app, d)
    assert d.height < tall * 0.7
    assert d.ids.reason.height == pytest.approx(app.touch)
    assert d.ids.reason.font_size == pytest.approx(app.u * 18)
    until_closed(d)
