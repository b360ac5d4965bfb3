"""Every button a finger taps is at least 40 pixels high and 40 wide at 800x480 (the project's
finger): swept over every screen of each game's screenshots
tour, the shell's screens, the menu and each game's menu forms (its correction, Magnifico's
ending by agreement), in Italian and English.

Measured: every shown, enabled ``ButtonBehavior`` (buttons, toggles, check boxes), text input,
slider and switch, and each space of Leonardo's board ring (a space is a target of its own).
Exempt: Magnifico's map. Its territory boxes are about 30 px high, but a tap picks the nearest
territory whose box, widened half as much again and nearly doubled in height, holds the touch
(``MapView.territory_at``): the target a finger meets is larger than the box drawn. The map is
one drawing, not a widget per territory, so nothing of it is measured here.
"""

from __future__ import annotations

from typing import Any

import pytest
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.slider import Slider
from kivy.uix.switch import Switch
from kivy.uix.textinput import TextInput

from companion.app import harness
from companion.app import tour as shell_tour
from companion.app.widgets import dialogs

FINGER = 39.5  # pixels at 800x480: 40, less rounding
TAPPABLE = (ButtonBehavior, TextInput, Slider, Switch)
# the screen of each game's tour where its menu and menu forms are opened (a game under way)
FORMS_AT = {"leonardo": "leonardo-turn", "magnate": "magnate-turn", "magnifico": "11-turn"}


def small_targets(where: str) -> list[str]:
    """Every shown, enabled target smaller than a finger in the window (dialogs included)."""
    from companion.games.leonardo.ui.widgets.ring import LeonardoRing

    out = []
    for root in harness.visible_roots():
        for w in harness.walk(root):
            if not harness._on_screen(w):
                continue
            if isinstance(w, TAPPABLE) and not w.disabled and (w.width < FINGER or w.height < FINGER):
                out.append(f"{where}: {type(w).__name__} {getattr(w, 'text', '')!r} {w.width:.0f}x{w.height:.0f}")
            elif isinstance(w, LeonardoRing) and w.square[2] / 9 < FINGER:
                out.append(f"{where}: LeonardoRing space {w.square[2] / 9:.0f}x{w.square[2] / 9:.0f}")
    return out


def _close_dialogs(app: Any) -> None:
    from kivy.core.window import Window

    for child in list(Window.children):
        if child is not app.root and hasattr(child, "dismiss"):
            child.dismiss()
    for _ in range(100):  # the closing animation: the next sweep must not see it
        if list(Window.children) == [app.root]:
            break
        harness.frames(1)


def _opened(app: Any, action: Any) -> None:
    action()
    harness.frames(20)  # the opening animation: measured at its full size


def menu_forms(app: Any, where: str) -> list[str]:
    """The menu, then each of the open game's menu forms, each swept and closed."""
    screen = app.manager.current
    _opened(app, app.open_menu)
    small = small_targets(f"{where} menu")
    _close_dialogs(app)
    correction = app.ui.correction(app)
    assert correction is not None, "every game has a correction form"
    forms = [("correction", lambda: dialogs.open_form(app, "correction", correction))]
    extra = getattr(app.ui, "menu_items", None)
    forms += [(key, action) for key, action in (extra(app) if extra is not None else [])]
    for key, action in forms:
        _opened(app, action)
        assert len(harness.visible_roots()) > 1, f"the menu's {key} opened no dialog"
        small += small_targets(f"{where} {key}")
        _close_dialogs(app)
    app.go(screen)
    harness.frames(2)
    return small


def sweep(app: Any, names: Any, forms_at: str | None = None) -> tuple[list[str], int]:
    """The small targets of each screen ``names`` opens (and of the menu forms at ``forms_at``),
    and how many screens were seen."""
    small: list[str] = []
    screens, forms = 0, forms_at is None
    harness.resize((800, 480))
    for name in names:
        screens += 1
        app.root.ids.toast.opacity = 0
        harness.frames(2)
        small += small_targets(name)
        if name == forms_at:
            small += menu_forms(app, name)
            forms = True
    assert forms, f"the tour never showed {forms_at}: the menu forms were not measured"
    return small, screens


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("game", ["leonardo", "magnate", "magnifico"])
def test_every_button_of_a_games_tour_is_a_finger_wide_and_high(home, game, lang):
    app = home
    app.set_lang(lang)
    try:
        small, screens = sweep(app, app.uis[game].tour(app, 7), FORMS_AT[game])
    finally:
        _close_dialogs(app)
    assert screens >= 10  # the whole tour, from the new-game form to the game's end
    assert not small, "\n".join(small)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_button_of_the_shells_screens_is_a_finger_wide_and_high(home, lang):
    app = home
    app.set_lang(lang)
    small, screens = sweep(app, shell_tour.visit(app, games=[]))
    _opened(app, app.open_menu)
    small += small_targets("menu")
    _close_dialogs(app)
    assert screens == 4  # home, the new-game form, history, settings
    assert not small, "\n".join(small)
