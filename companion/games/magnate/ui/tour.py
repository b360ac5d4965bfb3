"""Play a seeded demo game of Magnate through its screens, stopping on each one (for the
screenshots; the shell's ``companion.app.tour`` shows its own screens around it).

The demo's bots decide; each command is entered with the buttons a player would tap
(``drive.steps``), so the pictures show the screens as they are used. Once every screen of
the game has been shown, the rest of the game goes straight to the session, to the end.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from companion.app import harness
from companion.games.magnate import commands as C
from companion.games.magnate.game import GAME

from . import drive

M = "magnate."
NAMES = (("Anna", "red"), ("Bruno", "blue"))
CITY_AT_TURN = 16  # a city with a few buildings and deeds on both sides

# (command type, the step before which a picture is taken) -> its name
SHOTS = {
    ("SetDistricts", 2): "magnate-setup",
    ("Roll", -1): "magnate-roll",
    ("TaxRoll", -1): "magnate-tax",
    ("ChooseIncome", 0): "magnate-income",
    ("Build", 0): "magnate-turn",
    ("Found", 0): "magnate-turn",
    ("Sell", 0): "magnate-turn",
    ("Trade", 0): "magnate-turn",
    ("Develop", 0): "magnate-turn",
    ("Build", 1): "magnate-cards",
    ("Build", 2): "magnate-district",
    ("Build", -1): "magnate-payment",
    ("Trade", -1): "magnate-trade",
    ("Develop", -1): "magnate-develop",
    ("Sell", -1): "magnate-sell",
}


def _tap(widget: Any) -> None:
    """What a tap does (the tests touch the window; the tour only needs the screens)."""
    widget.dispatch("on_release")
    harness.frames(1)


def _dismiss(app: Any) -> None:
    from kivy.core.window import Window

    for child in list(Window.children):
        if child is not app.root and hasattr(child, "dismiss"):
            child.dismiss()
    harness.frames(2)


def visit(app: Any, seed: int = 7, seats: int | None = None, names: Sequence[str] | None = None) -> Iterator[str]:
    """Each screen once: the first time the demo game reaches it. Magnate seats two (``seats``
    can be nothing else); ``names``, where given, are the players' names."""
    if seats not in (None, len(NAMES)):
        raise ValueError(f"Magnate seats {len(NAMES)} players, not {seats}")
    seen: set[str] = set()
    for name in _play(app, seed, names):
        if name not in seen:
            seen.add(name)
            yield name


def start(app: Any, seed: int, courts: bool = True, names: Sequence[str] | None = None) -> None:
    """A new game from Magnate's form, with the demo's names or ``names`` (what the tests start
    from too)."""
    form = app.screens[M + "new_game"]
    form.reset()
    form.seats = harness.named([{"name": n, "color": c} for n, c in NAMES], names)
    app.go(M + "new_game")
    harness.frames(2)
    variants = dict(GAME.demo_header(2, seed)["variants"], courts=courts)
    form.variants = variants
    form.refresh()


def _play(app: Any, seed: int, names: Sequence[str] | None) -> Iterator[str]:
    s = app.session
    start(app, seed, names=names)
    yield "magnate-new-game"
    _tap(harness.find_id("start"))
    index, shown = 0, set()
    wanted = set(SHOTS.values()) | {"magnate-city", "magnate-correction"}
    while True:
        command = GAME.demo_move(s.state, seed, index)
        if command is None:
            break
        if wanted <= shown:  # every screen of the game shown: on to the end without them
            if not s.send(command).ok:
                raise RuntimeError(f"the demo's command was refused: {command}")
            index += 1
            continue
        kind = type(command).__name__
        if s.view().get("turn") == CITY_AT_TURN and isinstance(command, C.Roll):
            app.go_table()
            harness.frames(2)
            shown.add("magnate-city")
            yield "magnate-city"
            app.open_menu()
            harness.frames(2)
            _tap(app.dialog.ids.menu_correction)
            harness.frames(2)
            shown.add("magnate-correction")
            yield "magnate-correction"
            _dismiss(app)
        app.go(drive.screen_of(command))
        harness.frames(1)
        todo = drive.steps(command)
        for i, step in enumerate(todo):
            name = SHOTS.get((kind, i)) or (SHOTS.get((kind, -1)) if i == len(todo) - 1 else None)
            if name:
                harness.frames(1)
                shown.add(name)
                yield name
            drive.enter(step, harness.find_id, _tap)
        if len(s.commands()) != index + 1:
            raise RuntimeError(f"the screens did not enter {command}: {app.root.ids.toast.text}")
        index += 1
    app.go_current()
    harness.frames(2)
    yield "magnate-end"
    app.go("game_over")
    harness.frames(2)
    yield "magnate-charts"
    app.go_table()
    harness.frames(2)
    yield "magnate-city-end"
