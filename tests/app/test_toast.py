"""The toast (widgets/common.py ``Toast``): a refusal or a notice at the bottom of the screen.
A long one, a correction refused with its reason say, wraps onto more lines inside the
window instead of spilling off both edges; a short one stays one line as wide as its text
(docs/architecture.md, "A game's screens": no cut or spilling text at 800x480 and 1280x800)."""

from __future__ import annotations

import pytest

from companion.app import harness

LONG = ("Anna's army has 25 soldiers, one the score marker and 14 on the board: at most 10 can be "
        "off the board, not 12, and a correction never ends the game")


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
def test_a_long_message_wraps_inside_the_window(home, size):
    harness.resize(size)
    try:
        toast = home.root.ids.toast
        home.toast(LONG)
        harness.frames(2)
        x0, y0 = toast.to_window(toast.x, toast.y)
        assert x0 >= 0 and x0 + toast.width <= size[0]  # on the window, not spilling off its edges
        assert toast.texture_size[1] > toast.font_size * 1.8  # on more than one line
        assert harness.text_offenders(toast) == []
    finally:
        harness.resize((800, 480))


def test_a_short_message_stays_one_line_as_wide_as_its_text(home):
    toast = home.root.ids.toast
    home.toast(LONG)
    home.toast("Saved")
    harness.frames(2)
    assert toast.text_size == [None, None] or tuple(toast.text_size) == (None, None)
    assert toast.width < 300 and toast.texture_size[1] < toast.font_size * 1.8
