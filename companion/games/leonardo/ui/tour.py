"""Play a short demo game of Leonardo through its screens, stopping on each one (for the
screenshots; the shell's ``companion.app.tour`` shows its own screens around it).

The game is the bots' game of a fixed seed (``GAME.demo_move``) on the example box, whose
values are invented; every command goes through ``app.send`` as a tap sends it, and the
screens are opened where the table would see them. The box screen edits a throw-away copy
of a half-entered profile, never the table's own.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator, Sequence
from typing import Any

from companion.app import harness
from companion.games.leonardo import box as B
from companion.games.leonardo import commands as C
from companion.games.leonardo.demo import demo_header
from companion.games.leonardo.game import GAME

from . import presenters as P

L = "leonardo."
SEED, PLAYERS = 92, 3  # a seed whose first rounds see every kind of landing
SHOTS = {"buy": "leonardo-buy", "auction": "leonardo-auction", "office_draw": "leonardo-office",
         "event_draw": "leonardo-event", "push": "leonardo-push", "fight": "leonardo-fight",
         "pay": "leonardo-sell"}


def _show(app: Any, name: str) -> None:
    app.go(name)
    harness.frames(2)


def _dismiss(app: Any) -> None:
    from kivy.core.window import Window

    for child in list(Window.children):
        if child is not app.root and hasattr(child, "dismiss"):
            child.dismiss()
    harness.frames(2)


def _half_profile() -> dict[str, Any]:
    """The example box with the second half of the board and the cards still to enter."""
    p = B.example()
    for n in range(14, B.SPACES + 1):
        if n not in B.FIXED:
            p["spaces"][str(n)] = {"kind": None, "name": None, "quarter": None, "price": None, "rent": None}
    p["spaces"]["12"]["rent"] = [p["spaces"]["12"]["rent"][0], None, None, None]
    p["events"], p["oda"], p["name"] = None, p["oda"][:12], "Our box"
    return p


def visit(app: Any, seed: int = 7, seats: int | None = None, names: Sequence[str] | None = None) -> Iterator[str]:
    """Each screen once, in the order the game reaches it: ``seats`` players (3 by default),
    seated under ``names`` where given (the first ``seats`` of them)."""
    seen: set[str] = set()
    for name in _play(app, seats or PLAYERS, names):
        if name not in seen:
            seen.add(name)
            yield name


def _send(app: Any, command: Any) -> None:
    if not app.send(command):
        raise RuntimeError(f"the tour's command was refused: {command} ({app.session.last_reason})")


def _play(app: Any, players: int, names: Sequence[str] | None) -> Iterator[str]:
    s, ui = app.session, app.uis["leonardo"]
    header = demo_header(players, SEED, variants={"sealed_bets": False})
    header["seats"] = harness.named(header["seats"], names)
    form = app.screens[L + "new_game"]
    form.reset()
    form.seats = [dict(seat) for seat in header["seats"]]
    form.end_minutes = 90
    _show(app, L + "new_game")
    yield "leonardo-new-game"
    # the box screen, on a throw-away half-entered profile
    folder = tempfile.mkdtemp(prefix="leonardo-tour-")
    path = os.path.join(folder, "box.json")
    from companion.storage import box_profile

    box_profile.save(GAME, _half_profile(), path)
    box = app.screens[L + "box"]
    box.path_override = path
    box.section, box.space = "spaces", 12
    _show(app, L + "box")
    yield "leonardo-box"
    box.next_missing()
    harness.frames(2)
    yield "leonardo-box-next"
    _dismiss(app)
    box.show("cards")
    harness.frames(2)
    yield "leonardo-box-cards"
    box.path_override = None
    # a game on the example box (invented values)
    form.variants = dict(header["variants"])
    if not form.start(profile=header["box"]):
        raise RuntimeError(s.last_reason)
    harness.frames(2)
    setup = app.screens[L + "setup"]
    index = 0
    while s.view()["phase"] == "setup":
        command = GAME.demo_move(s.state, SEED, index)
        if isinstance(command, C.DealPalace):
            if command.seat == 1:
                setup.start_dealing(command.seat)
                harness.frames(2)
                yield "leonardo-setup"
            setup.start_dealing(command.seat) if setup.dealing != command.seat else None
            setup.on_ring_select(command.space, True)
        else:
            if command.seat == 0:
                setup.open_faction(0)
                harness.frames(2)
                yield "leonardo-faction"
                _dismiss(app)
            reason = ui.devices.choose_faction(command.seat, command.faction)
            harness.frames(3)
            if reason:
                raise RuntimeError(reason)
        index += 1
    _show(app, L + "setup")
    yield "leonardo-start-spin"
    done: set[str] = set()
    agreed = False
    while s.view()["phase"] != "over":
        view, legal = s.view(), s.legal()
        task = P.head_task(view)
        kind = task["t"] if task else None
        if kind is None and view["phase"] == "turns":
            if "turn" not in done and view["round"] >= 2:
                done.add("turn")
                _show(app, L + "turn")
                yield "leonardo-turn"
                _show(app, L + "table")
                yield "leonardo-board"
            if len(done & set(SHOTS)) == len(SHOTS) and not agreed and "turn" in done:
                agreed = True
                _send(app, C.EndByAgreement())
                continue
        if kind == "market" and task["stage"] == "bets" and task["bets"] and "market" not in done:
            done.add("market")
            _show(app, L + "market")
            yield "leonardo-market"
        if kind == "market" and task["stage"] == "spin" and "market_spin" not in done:
            done.add("market_spin")
            _show(app, L + "market")
            yield "leonardo-market-spin"
        if kind == "auction" and task["leader"] is not None and "auction" not in done:
            done.add("auction")
            _show(app, L + "auction")
            yield "leonardo-auction"
        if kind in SHOTS and kind not in ("auction",) and kind not in done:
            done.add(kind)
            _show(app, P.screen_for(view, legal))
            yield SHOTS[kind]
        command = GAME.demo_move(s.state, SEED, len(s.commands()))
        if command is None:
            break
        if isinstance(command, C.BuyArt) and "art" not in done:
            done.add("art")
            turn = app.screens[L + "turn"]
            _show(app, L + "turn")
            turn._choose_palace()
            harness.frames(2)
            yield "leonardo-turn-art"
            turn._cancel_art()
        _send(app, command)
        harness.frames(1)
    _show(app, L + "capital")
    yield "leonardo-capital"
    _show(app, "game_over")
    yield "leonardo-charts"
    _show(app, L + "table")
    yield "leonardo-board-final"
