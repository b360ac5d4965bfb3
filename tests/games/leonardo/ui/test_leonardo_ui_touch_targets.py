"""Buttons a finger meets every turn are at least 40 pixels high at 800x480 (the quality
sweep: the top bar's Table, Play, Undo and Menu, the machina's 1-12, the auction's raises and
the market's bet buttons were 36-37). Measured on the shown, enabled buttons of the tour."""

from __future__ import annotations

from kivy.uix.behaviors import ButtonBehavior

from companion.app import harness
from companion.games.leonardo.ui import tour

SCREENS = {"leonardo-start-spin": "leonardo.setup", "leonardo-market": "leonardo.market",
           "leonardo-auction": "leonardo.auction"}
FINGER = 39.5  # pixels, at 800x480


def _small(root) -> list[str]:
    return [f"{getattr(w, 'text', '')!r} {w.width:.0f}x{w.height:.0f}" for w in harness.walk(root)
            if isinstance(w, ButtonBehavior) and harness._on_screen(w) and not w.disabled and w.height < FINGER]


def test_the_buttons_of_a_turn_are_a_finger_high(home):
    app = home
    app.set_lang("it")
    small: list[str] = []
    seen: set[str] = set()
    for name in tour.visit(app):
        if name not in SCREENS:
            continue
        seen.add(name)
        harness.frames(2)
        small += [f"{name}: {b}" for b in _small(app.screens[SCREENS[name]])]
        small += [f"{name} top bar: {b}" for b in _small(app.root.ids.topbar)]
        if seen == set(SCREENS):
            break
    assert seen == set(SCREENS)
    assert not small, "\n".join(small)
