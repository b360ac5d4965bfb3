"""Issue 10 (screens, it/en, 800x480 and 1280x800): no text of Magnate's screens is cut or
spills out of its box or button, over every screen of the screenshots' tour (the shell's
measure, ``harness.text_offenders``: each shown Label's texture against its box)."""

from __future__ import annotations

import time

import pytest

from companion.app import harness
from tests.app.canvas_lines import stenciled_lines
from companion.games.magnate.ui import tour

SIZES = ((800, 480), (1280, 800))
SEED = 133  # a demo game that reaches every screen by its 54th command (then the tour runs to the end)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_magnate_screen_fits_its_text_and_draws_no_line_through_a_stencil(home, lang):
    app = home
    app.set_lang(lang)
    offenders: list[str] = []
    stenciled: list[str] = []  # lines Kivy draws through a stencil of its own (issue 13: ~1 ms each a frame)
    seen: list[str] = []
    started = time.monotonic()
    try:
        for name in tour.visit(app, seed=SEED):
            seen.append(name)
            app.root.ids.toast.opacity = 0  # a passing message is not part of the screen
            for size in SIZES:
                harness.resize(size)
                offenders += [f"{name} {size}: {o}" for o in harness.text_offenders()]
            harness.resize(SIZES[0])
            stenciled += [f"{name}: {line}" for root in harness.visible_roots() for line in stenciled_lines(root)]
            assert time.monotonic() - started < 240, "the tour takes too long"
    finally:
        harness.resize(SIZES[0])
    # every screen of the game: new game, setup, roll, tax, income, turn and its modes, city, end
    assert {"magnate-new-game", "magnate-setup", "magnate-roll", "magnate-tax", "magnate-income", "magnate-turn",
            "magnate-cards", "magnate-district", "magnate-payment", "magnate-trade", "magnate-develop",
            "magnate-sell", "magnate-city", "magnate-correction", "magnate-end", "magnate-charts"} <= set(seen)
    assert not offenders, "\n".join(offenders)
    assert not stenciled, "\n".join(stenciled)
