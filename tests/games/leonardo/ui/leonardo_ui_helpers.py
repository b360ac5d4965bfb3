"""Helpers of Leonardo's UI tests: real touches on the real widgets of the running app, and a
bots' game (``GAME.demo_move``) whose every decision is made by those touches."""

from __future__ import annotations

import time
from typing import Any

from kivy.core.window import Window
from kivy.uix.scrollview import ScrollView

from companion.app import harness
from companion.games.leonardo import box as B
from companion.games.leonardo import commands as C
from companion.games.leonardo.game import GAME
from companion.games.leonardo.state import FACTIONS
from companion.storage import box_profile

L = "leonardo."
NAMES = (("Anna", "red"), ("Bruno", "blue"), ("Carla", "green"))


def screen(app: Any, name: str | None = None) -> Any:
    return app.screens[name or app.manager.current]


def wid(app: Any, name: str) -> Any:
    """The widget of the current screen (or the open dialog) with the kv/Python id ``name``."""
    if app.dialog is not None and app.dialog.get_root_window() is not None and name in app.dialog.ids:
        return app.dialog.ids[name]
    ids = screen(app).ids
    if name in ids and ids[name].get_root_window() is not None:
        return ids[name]
    return harness.find_id(name)


def tap(app: Any, name: str, frames: int = 3) -> Any:
    """A touch on the widget ``name``; it must be on, not greyed out with a reason. A widget
    in a scrolling list is scrolled into view first, as a finger would."""
    w = wid(app, name)
    for _ in range(10):  # a list just rebuilt is laid out over the next frames
        w = wid(app, name)
        view = _scroller(w)
        if view is None or _in_view(w, view):
            break
        view.scroll_to(w, padding=0, animate=False)
        harness.frames(1)
    else:
        raise AssertionError(f"{name} is not in view")
    assert not getattr(w, "reason", ""), f"{name} is off: {w.reason}"
    return harness.tap(w, frames)


def _scroller(w: Any) -> ScrollView | None:
    parent = w.parent
    while parent is not None and parent is not Window and not isinstance(parent, ScrollView):
        parent = parent.parent  # the window is its own parent: the walk stops there
    return parent if isinstance(parent, ScrollView) else None


def _in_view(w: Any, view: ScrollView) -> bool:
    harness.frames(1)
    x, y = w.to_window(*w.center)
    left, bottom = view.parent.to_window(view.x, view.y)
    return left <= x <= left + view.width and bottom <= y <= bottom + view.height


def tap_space(app: Any, space: int, frames: int = 3) -> None:
    """A touch on a space of the board of the current screen."""
    ring = screen(app).ids.ring
    harness.frames(1)
    x, y = ring.to_window(*ring.centre_of(space))
    touch = harness.Touch(x, y)
    touch.down()
    touch.up()
    harness.frames(frames)


def dialog_closed(app: Any, dialog: Any = None) -> None:
    """Wait until ``dialog`` (by default every dialog) has left the window: a dialog's closing
    animation still holds the touches. The next dialog of a chain (a bet's product, then its
    amount) may already be open."""
    for _ in range(100):
        if (dialog not in Window.children) if dialog is not None else list(Window.children) == [app.root]:
            return
        time.sleep(0.01)
        harness.frames(1)
    raise AssertionError("a dialog stays open")


def keypad(app: Any, number: int) -> None:
    """Type ``number`` on the open keypad dialog and press OK."""
    dialog = app.dialog
    pad = dialog.ids.keypad
    keys = {w.key: w for w in harness.walk(pad) if getattr(w, "key", None)}
    for digit in str(number):
        harness.tap(keys[digit], 1)
    assert pad.value == str(number), (pad.value, number, app.dialog.title)
    harness.tap(keys["ok"], 3)
    dialog_closed(app, dialog)


def choose(app: Any, index: int) -> None:
    """Tap the ``index``-th button of the open choice dialog."""
    dialog = app.dialog
    harness.tap(dialog.ids[f"choice_{index}"], 3)
    dialog_closed(app, dialog)


def spin(app: Any, number: int) -> None:
    """A typed spin: the number on the spin pad, then confirm."""
    pad = wid(app, "spin")
    harness.tap(pad.buttons[number], 1)
    assert pad.chosen == number
    harness.tap(pad.ok, 3)


def save_example_box(app: Any) -> dict[str, Any]:
    """The example box (invented values) as the table's profile, as if entered on the box screen."""
    profile = B.example()
    box_profile.save(GAME, profile, app.session.profile_path("leonardo"))
    return profile


def open_form(app: Any) -> Any:
    """Home, then Leonardo's setup form, reset to its first look; the form."""
    app.go("home")
    harness.frames(2)
    tap(app, "new_leonardo")
    assert app.manager.current == L + "new_game"
    form = screen(app)
    form.reset()
    form.refresh()
    harness.frames(2)
    return form


def start_by_touch(app: Any, variants: dict[str, Any] | None = None) -> None:
    """Home, New game, Leonardo, names typed, variants tapped, Start."""
    form = open_form(app)
    rows = list(reversed(form.ids.seats.children))
    for row, (name, _colour) in zip(rows, NAMES):
        text = next(w for w in harness.walk(row) if w.__class__.__name__ == "TextInput")
        text.text = name  # what typing does
    for key, value in (variants or {}).items():
        for _ in range(3):
            if form.variants[key] == value:
                break
            tap(app, "variant_" + key)
        assert form.variants[key] == value
    tap(app, "start")


def act(app: Any, command: Any) -> None:
    """Make the demo bot's decision ``command`` by touches on the screen the app shows."""
    s = app.session
    view = s.view()
    cur = app.manager.current
    if isinstance(command, C.DealPalace):
        assert cur == L + "setup"
        tap(app, f"deal_{command.seat}")
        tap_space(app, command.space)
    elif isinstance(command, C.ChooseFaction):
        tap(app, f"faction_{command.seat}")
        choose(app, FACTIONS.index(command.faction))
    elif isinstance(command, (C.StartSpin, C.Spin, C.MarketSpin, C.FightSpin)):
        spin(app, command.number)
    elif isinstance(command, C.BuyArt):
        tap(app, "buy_art")
        tap(app, f"art_{command.space}")
        keypad(app, command.value)
    elif isinstance(command, C.DrawOffice):
        entry = view["box"]["offices"][command.card - 1]
        target = (entry["space"], entry["price"])
        for card in s.action("DrawOffice")["cards"]:
            other = view["box"]["offices"][card - 1]
            if (other["space"], other["price"]) == target and f"office_{card}" in screen(app).ids:
                tap(app, f"office_{card}")
                return
        raise AssertionError(f"no button for office card {command.card}")
    elif isinstance(command, C.DrawEvent):
        tap(app, "event_" + view["box"]["events"][command.card - 1])
    elif isinstance(command, C.Buy):
        tap(app, "buy")
    elif isinstance(command, C.Decline):
        tap(app, "decline")
    elif isinstance(command, C.Bid):
        high = view["turn"]["tasks"][0]["high"]
        step = command.amount - high
        if step in (5, 10, 25):
            tap(app, f"bid_{command.seat}_{step}")
        else:
            tap(app, f"bid_{command.seat}_keypad")
            keypad(app, command.amount)
    elif isinstance(command, C.PassBid):
        tap(app, f"pass_{command.seat}")
    elif isinstance(command, (C.Bet, C.LockBet)):
        tap(app, f"bet_{command.seat}")
        choose(app, B.PRODUCTS.index(command.product))
        keypad(app, command.amount)
    elif isinstance(command, C.Push):
        tap(app, f"push_{command.steps}")
    elif isinstance(command, C.PassPush):
        tap(app, "pass_push")
    elif isinstance(command, C.Sell):
        tap(app, f"sell_{command.space}")
    elif isinstance(command, C.EndByAgreement):
        tap(app, "end")
        choose(app, 0)
    else:
        raise AssertionError(f"no touch for {command}")


def shown(app: Any) -> dict[str, Any]:
    """What the table sees: the screen, the banner and every text on it."""
    app.refresh_current()
    harness.frames(2)
    return {"screen": app.manager.current, "banner": app.banner, "phase": app.phase_line,
            "texts": harness.texts(screen(app))}


def play_until(app: Any, done: Any, seed: int = 92) -> dict[str, Any]:
    """The bots' game (sent as the screens send it) until ``done(view)``; the screen of that moment."""
    s = app.session
    for _ in range(400):
        view = s.view()
        if done(view):
            app.go_current()
            harness.frames(3)
            return view
        command = GAME.demo_move(s.state, seed, len(s.commands()))
        assert command is not None, "the game ended first"
        assert app.send(command), s.last_reason
    raise AssertionError("never got there")


def new_game(app: Any, faces: dict[int, int] | None = None, sealed_bets: bool = False) -> None:
    """A game by touches on the example box; ``faces``: the machina's weights the table entered."""
    profile = B.example()
    if faces is not None:
        profile["machina"]["faces"] = {str(n): faces.get(n, 0) for n in B.MACHINA}
    box_profile.save(GAME, profile, app.session.profile_path("leonardo"))
    start_by_touch(app, variants={"sealed_bets": sealed_bets})
