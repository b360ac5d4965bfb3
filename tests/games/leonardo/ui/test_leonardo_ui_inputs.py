"""The ways a spin and a bid reach the game on Leonardo's screens, and undo (issue 11, item 5:
"the spin (typed, reader, app)", "the open auction with the handsets (steps of 5) or taps",
"undo"). leonardo-decisions: The machina de la sorte ("every spin is an input: typed 1-12, or
read from a reader that reports d12, or spun by the app with the table's configured faces");
Turn and moves (the open auction in steps of 5); the game contract: a spin is public ("reveal"),
undo stops there."""

from __future__ import annotations

import random

from leonardo_ui_helpers import L, new_game, play_until, tap

from companion.app import harness
from companion.games.leonardo import box as B
from companion.games.leonardo import commands as C
from companion.games.leonardo.game import GAME
from companion.games.leonardo.ui.presenters import head_task
from hardware.dice import Roll


def spin_due(app):
    """A turn's movement spin is what the table must enter next (from round 2)."""
    def due(view):
        a = app.session.action("Spin")
        return view["round"] >= 2 and head_task(view) is None and a is not None and a.get("enabled", True)
    return due


def last(app):
    return GAME.command_from_dict(app.session.commands()[-1])


def test_a_spin_read_by_the_reader_waits_for_the_confirm(home):
    app = home
    new_game(app)
    view = play_until(app, spin_due(app))
    assert app.manager.current == L + "turn"
    desk = app.hardware.dice
    assert desk.request_open == (1, "d12")  # the reader is armed for one d12
    seat = view["turn"]["seat"]
    head = len(app.session.commands())
    desk._reader_event({"type": "roll", "roll": Roll("d6", (4,), "reader")})  # the wrong die: refused
    harness.frames(3)
    assert app.screens[L + "turn"].ids.spin.chosen == 0 and len(app.session.commands()) == head
    desk._reader_event({"type": "roll", "roll": Roll("d12", (7,), "reader")})  # as the reader's thread reports it
    harness.frames(3)
    pad = app.screens[L + "turn"].ids.spin
    assert (pad.chosen, pad.source) == (7, "reader") and "7" in pad.ok.text
    assert len(app.session.commands()) == head  # nothing sent before the table confirms
    harness.tap(pad.ok, 3)
    assert last(app) == C.Spin(seat, 7)


def test_the_apps_spin_follows_the_faces_the_table_configured(home):
    app = home
    new_game(app, faces={10: 1, 11: 2, 12: 1})  # a machina that stops only on 10, 11 or 12
    view = play_until(app, spin_due(app))
    pad = app.screens[L + "turn"].ids.spin
    harness.tap(pad.app_spin, 3)  # the app's own secure random source
    spun = last(app)
    assert spun.seat == view["turn"]["seat"] and spun.number in (10, 11, 12)
    view = play_until(app, spin_due(app))
    pad = app.screens[L + "turn"].ids.spin
    pad.rng = lambda: random.Random(5)  # a seeded source: the same draw as the faces give
    harness.tap(pad.app_spin, 3)
    assert last(app) == C.Spin(view["turn"]["seat"], B.virtual_spin(random.Random(5), view["box"]))


def test_a_typed_spin_is_public_and_undo_stops_there(home):
    app = home
    new_game(app)
    view = play_until(app, spin_due(app))
    seat, head = view["turn"]["seat"], len(app.session.commands())
    pad = app.screens[L + "turn"].ids.spin
    harness.tap(pad.buttons[3], 1)
    harness.tap(pad.ok, 3)
    assert last(app) == C.Spin(seat, 3)
    tap(app, "top_undo")
    assert len(app.session.commands()) == head + 1  # the spin was seen by all: it stays
    assert app.root.ids.toast.text and app.root.ids.toast.text != app.t("top.undone")


def test_undo_takes_back_a_purchase(home):
    app = home
    new_game(app)
    view = play_until(app, lambda v: (head_task(v) or {}).get("t") == "buy")
    space = head_task(view)["space"]
    assert app.manager.current == L + "landing"
    tap(app, "buy")
    assert app.session.view()["owner"][space - 1] == view["turn"]["seat"]
    tap(app, "top_undo")
    assert app.root.ids.toast.text == app.t("top.undone")
    after = app.session.view()
    assert after["owner"][space - 1] is None and after["seats"] == view["seats"]
    assert app.manager.current == L + "landing" and "buy" in app.screens[L + "landing"].ids


def test_an_auction_bid_on_a_handset_in_steps_of_5(home):
    app = home
    new_game(app)
    view = play_until(app, lambda v: (head_task(v) or {}).get("t") == "auction")
    task = head_task(view)
    assert app.manager.current == L + "auction"
    hs = app.hardware.handsets
    bidder = next(b for b in task["bidders"] if b != task["leader"] and hs.ask_of(b) is not None)
    least = task["high"] + 5
    assert hs.private_value(bidder) == least  # the handset starts at the lowest bid it may make
    for button in ("up", "up", "lock"):  # +5, +5, then the lock is the bid
        pin = hs.buttons[bidder, button].pin
        pin.drive_low()
        pin.drive_high()
        harness.frames(3)
    assert last(app) == C.Bid(bidder, least + 10)
    after = head_task(app.session.view())
    assert (after["high"], after["leader"]) == (least + 10, bidder)
    others = [b for b in after["bidders"] if b != bidder and hs.ask_of(b) is not None]
    assert all(hs.private_value(b) == least + 15 for b in others)  # opened again from the new lowest bid
