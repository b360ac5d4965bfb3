"""Corrections by hand: the table sets a counter, with its reason (as in Magnifico).

``Correct(target, value, reason)`` is a command like any other (journal, record, log),
taken in any phase, also after the end, and never a reveal. Targets:

- ``{"seat": n, "counter": "cash"}``: 0 or more florins; the difference comes from (or
  goes to) the bank, so the books still balance.
- ``{"seat": n, "counter": "men"}``: 0..2 men-at-arms, taken from or put back in the deck.
- ``{"seat": n, "counter": "space"}``: where the pawn stands, 1..32 (its first move, with
  the start counted, is then behind it).
- ``{"space": n, "counter": "owner"}``: a player still in the game (its pawn's seat), or
  None (the bank; the works of art on it leave the game). Only a palace or a bridge.
- ``{"space": n, "counter": "works"}``: the values of the works of art on an owned palace
  (at most 4); a value added comes from the deck, one removed leaves the game.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import box as B
from . import commands as C
from .state import State
from .words import refuse

Events = list[dict[str, Any]]
MAX_MEN = 2


def apply(state: State, cmd: C.Correct) -> tuple[State, Events]:
    new = state.copy()
    events: Events = []
    correct(new, cmd, events)
    return new, events


def correct(state: State, cmd: C.Correct, events: Events) -> None:
    if not isinstance(cmd.reason, str) or not cmd.reason.strip():
        raise refuse("correction_reason")
    target, value = cmd.target, cmd.value
    counter = target.get("counter")
    if set(target) == {"seat", "counter"}:
        seat = target["seat"]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
            raise refuse("no_seat", seat=repr(seat))
        if state.seats[seat].out or state.seats[seat].member_of is not None:
            raise refuse("correction_seat_gone", name=state.name(seat))
        old = _seat(state, seat, counter, value)
    elif set(target) == {"space", "counter"}:
        space = target["space"]
        if isinstance(space, bool) or not isinstance(space, int) or not 1 <= space <= B.SPACES:
            raise refuse("no_space", space=repr(space), most=B.SPACES)
        old = _space(state, space, counter, value)
    else:
        raise refuse("correction_target")
    events.append({"type": "corrected", "target": dict(target), "from": old, "to": value, "reason": cmd.reason})


def _count(value: Any, least: int, most: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least or (most is not None and value > most):
        raise refuse("correction_value", least=least, most="∞" if most is None else most)
    return value


def _seat(state: State, seat: int, counter: Any, value: Any) -> Any:
    p = state.seats[seat]
    if counter == "cash":
        old = p.cash
        p.cash = _count(value, 0)
        if value > old:
            state.bank["paid"] += value - old
        else:
            state.bank["received"] += old - value
        return old
    if counter == "men":
        old = p.men
        _count(value, 0, MAX_MEN)
        if value - old > state.men_deck:
            raise refuse("correction_no_men", left=state.men_deck)
        state.men_deck -= value - old
        p.men = value
        return old
    if counter == "space":
        where = p.space
        p.space = _count(value, 1, B.SPACES)
        p.moved = True  # a pawn put on the board by hand has left the start: no INCLUSA after
        return where
    raise refuse("correction_counter", counter=repr(counter))


def _space(state: State, space: int, counter: Any, value: Any) -> Any:
    kind = B.kind(state.box, space)
    if kind not in B.OPEN_KINDS:
        raise refuse("correction_not_property", space=space)
    i = space - 1
    if counter == "owner":
        was = state.owner[i]
        if value is not None:
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < state.n \
                    or state.seats[value].out or state.seats[value].member_of is not None:
                raise refuse("correction_owner")
        else:
            state.oda_gone.extend(state.works[i])
            state.works[i] = []
        state.owner[i] = value
        return was
    if counter == "works":
        if kind not in B.PALACE_KINDS or state.owner[i] is None:
            raise refuse("correction_works_palace")
        if not isinstance(value, list) or len(value) > B.MAX_WORKS or not all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value):
            raise refuse("correction_works", most=B.MAX_WORKS)
        before: list[int] = list(state.works[i])
        added = Counter(value) - Counter(before)
        removed = Counter(before) - Counter(value)
        state.oda_gone.extend(removed.elements())
        for v in added.elements():
            if not state.oda_available(v):
                raise refuse("art_value_gone", value=v)
            state.oda_drawn.append(v)
        state.works[i] = list(value)
        return before
    raise refuse("correction_counter", counter=repr(counter))
