"""Playing Magnate through its screens with real touches: the demo's bots decide, each command
is entered with the buttons a player taps (``companion.games.magnate.ui.drive``), and every
command is checked to have reached the journal as the bot meant it."""

from __future__ import annotations

from typing import Any

from companion.app import harness
from companion.games.magnate.game import GAME
from companion.games.magnate.ui import drive

SEED, COURTS = 23, False  # a short seeded game (148 commands) that uses every kind of command
NAMES = (("Anna", "red"), ("Bruno", "blue"))


def tap(wid: str) -> Any:
    return touch(harness.find_id(wid))


def touch(widget: Any) -> Any:
    """A real touch on ``widget``; a list that scrolls is scrolled to it first, as a player
    would, and the widget must then be in view."""
    from kivy.uix.scrollview import ScrollView

    view = widget.parent
    while view is not None and not isinstance(view, ScrollView):
        view = None if view.parent is view else view.parent  # the window is its own parent
    harness.frames(1)  # laid out first: a person taps what the screen shows
    if view is not None:
        content = view.children[0]
        spare = content.height - view.height
        if spare <= 0:
            view.scroll_y = 1
        else:
            below = widget.to_window(widget.x, widget.center_y)[1] - content.to_window(content.x, content.y)[1]
            view.scroll_y = min(1.0, max(0.0, (below - view.height / 2) / spare))
        harness.frames(1)
        x, y = widget.to_window(*widget.center)
        left, bottom = view.to_window(view.x, view.y)
        assert left <= x <= left + view.width and bottom <= y <= bottom + view.height, f"{widget} is out of view"
    x, y = widget.to_window(*widget.center)
    finger = harness.Touch(x, y)
    finger.down()
    finger.up()
    harness.frames(1)  # dispatched: down, then up (a button acts on the spot)
    return widget


def start_game(app: Any, courts: bool = COURTS) -> None:
    """From the home screen: Magnate's form, the two names typed, the Courts set, start."""
    app.go("home")
    harness.frames(2)
    tap("new_magnate")
    assert app.manager.current == "magnate.new_game"
    form = app.screens["magnate.new_game"]
    form.reset()
    form.refresh()
    harness.frames(2)
    for i, (name, _colour) in enumerate(NAMES):
        form.ids[f"seat_{i}"].ids.name.text = name
    if form.variants["courts"] != courts:
        tap("variant_courts")
    tap("start")
    assert app.session.has_game and app.session.game.name == "magnate"
    assert app.manager.current == "magnate.setup"


def play(app: Any, until: int | None = None, seed: int = SEED) -> int:
    """Enter the bots' commands by touches until ``until`` commands are in the journal (the
    end of the game when None); the number of commands in the journal."""
    s = app.session
    while until is None or len(s.commands()) < until:
        index = len(s.commands())
        command = GAME.demo_move(s.state, seed, index)
        if command is None:
            break
        # the app already shows the screen where this command is entered
        assert app.manager.current == drive.screen_of(command), (index, command, app.manager.current)
        for step in drive.steps(command):
            drive.enter(step, harness.find_id, touch)
        done = s.commands()
        assert len(done) == index + 1, (command, app.root.ids.toast.text)
        assert done[-1] == GAME.command_to_dict(command)
    return len(s.commands())


def uninterrupted(seed: int = SEED, courts: bool = COURTS) -> Any:
    """The same game played by the rules alone: the state it ends in."""
    header = GAME.demo_header(2, seed)
    header["variants"]["courts"] = courts
    state = GAME.new_game(header)
    index = 0
    while (command := GAME.demo_move(state, seed, index)) is not None:
        state, _ = GAME.apply(state, command)
        index += 1
    return state
