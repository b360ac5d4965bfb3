"""Issue 11 (the screens, "Italian and English, both sizes"): at 800x480 and 1280x800, in
Italian and English, no text of Leonardo's screens is cut or spills out of its box or button.
Measured with the shell's text-fit measure (``harness.text_offenders``) on every screen of the
screenshots' tour, dialogs included (the faction keypad, the box's questions)."""

import time

import pytest

from companion.app import harness
from tests.app.canvas_lines import stenciled_lines
from companion.games.leonardo.ui import tour

SIZES = ((800, 480), (1280, 800))


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_leonardo_screen_of_the_tour_fits_its_text_and_draws_no_line_through_a_stencil(home, lang):
    app = home
    app.set_lang(lang)
    offenders: list[str] = []
    stenciled: list[str] = []  # lines Kivy draws through a stencil of its own (issue 13: ~1 ms each a frame)
    started, screens = time.monotonic(), 0
    try:
        for name in tour.visit(app, seed=7):
            screens += 1
            app.root.ids.toast.opacity = 0  # a passing message is not part of the screen
            for size in SIZES:
                harness.resize(size)
                app.refresh_current()
                harness.frames(2)
                offenders += [f"{name} {size}: {o}" for o in harness.text_offenders()]
            harness.resize(SIZES[0])
            stenciled += [f"{name}: {line}" for root in harness.visible_roots() for line in stenciled_lines(root)]
            assert time.monotonic() - started < 400, "the tour takes too long"
    finally:
        harness.resize(SIZES[0])
    assert screens >= 20  # every Leonardo screen of the tour, from the new-game form to the charts
    assert not offenders, "\n".join(offenders)
    assert not stenciled, "\n".join(stenciled)
