"""Office cards: drawn on Piazza Maggiore, and the pushes their holders make.

leonardo-decisions: landing on space 1 the player takes the office card on top and pays
its price (30 or 50) if it can in cash, else the card goes to the bottom of its deck; an
empty deck does nothing. When a pawn lands on a space for which an opponent holds an
office, once that space is resolved the holder may push the pawn up to 5 spaces either
way; the new space is resolved in turn, pushes do not chain, and a push past (or onto)
space 1 pays the 100. With a 50 office the holder also takes one man-at-arms from the
pushed player (kept if it has fewer than 2, else back to the deck). Several holders are
asked in turn order after the pawn's owner; the first push ends the asking.
"""

from __future__ import annotations

from typing import Any

from . import box as B
from . import commands as C
from .common import BANK, deck_size, draw, head, office_card, others_in_order, phase, seat_of, transfer
from .state import State
from .words import m, refuse

Events = list[dict[str, Any]]
PASSAGE = 100
MAX_PUSH = 5


def wrap(space: int) -> int:
    return (space - 1) % B.SPACES + 1


def draw_on_start(state: State, seat: int) -> None:
    if deck_size(state.offices):
        state.current["tasks"].insert(0, {"t": "office_draw", "seat": seat})


def draw_office(state: State, cmd: C.DrawOffice, events: Events) -> None:
    phase(state, "turns")
    task = head(state, "office_draw")
    if task is None:
        raise refuse("no_office_draw")
    card = draw(state.offices, cmd.card, m("deck.offices"))
    space, cost = office_card(state, card)
    seat = task["seat"]
    p = state.seats[seat]
    taken = p.cash >= cost
    events.append({"type": "office_drawn", "seat": seat, "card": card, "space": space, "price": cost,
                   "taken": taken, "reveal": True, "opens": []})
    state.current["tasks"].pop(0)
    if taken:
        p.offices.append(card)
        transfer(state, seat, BANK, cost, events, "office", card=card, quiet=True)
    else:
        state.offices["bottom"].append(card)


def holder_price(state: State, holder: int, space: int) -> int:
    """The best price among ``holder``'s office cards for ``space`` (0: none)."""
    prices = [office_card(state, c)[1] for c in state.seats[holder].offices if office_card(state, c)[0] == space]
    return max(prices, default=0)


def push_check(state: State, seat: int, space: int) -> None:
    """After a landed space is resolved: the opponents that may push the pawn."""
    if state.seats[seat].out or state.seats[seat].space != space:
        return
    holders = [h for h in others_in_order(state, seat) if holder_price(state, h, space)]
    if holders:
        state.current["tasks"].insert(0, {"t": "push", "seat": seat, "space": space, "holders": holders})


def _holder(state: State, seat: Any) -> tuple[int, dict[str, Any]]:
    task = head(state, "push")
    s = seat_of(state, seat)
    if task is None:
        raise refuse("no_push")
    if s != task["holders"][0]:
        raise refuse("not_your_push", name=state.name(s), holder=state.name(task["holders"][0]))
    return s, task


def push(state: State, cmd: C.Push, events: Events) -> None:
    phase(state, "turns")
    holder, task = _holder(state, cmd.seat)
    steps = cmd.steps
    if isinstance(steps, bool) or not isinstance(steps, int) or not 0 < abs(steps) <= MAX_PUSH:
        raise refuse("push_range", most=MAX_PUSH)
    pushed, start = task["seat"], task["space"]
    new = wrap(start + steps)
    sign = 1 if steps > 0 else -1
    path = [wrap(start + sign * i) for i in range(1, abs(steps) + 1)]
    state.seats[pushed].space = new
    state.current["tasks"].pop(0)
    events.append({"type": "pushed", "seat": holder, "pushed": pushed, "from": start, "to": new, "steps": steps})
    if B.START in path and state.corporation(pushed) is None:
        transfer(state, BANK, pushed, PASSAGE, events, "passage", space=B.START)
    if holder_price(state, holder, start) >= 50 and state.seats[pushed].men:
        state.seats[pushed].men -= 1
        kept = state.seats[holder].men < 2
        if kept:
            state.seats[holder].men += 1
        else:
            state.men_deck += 1
        events.append({"type": "man_taken", "seat": holder, "from": pushed, "kept": kept})
    state.current["tasks"].insert(0, {"t": "land", "seat": pushed, "space": new, "pushed": True})


def pass_push(state: State, cmd: C.PassPush, events: Events) -> None:
    phase(state, "turns")
    holder, task = _holder(state, cmd.seat)
    task["holders"].pop(0)
    events.append({"type": "push_passed", "seat": holder})
    if not task["holders"]:
        state.current["tasks"].pop(0)
