"""Helpers for Leonardo's rule tests: the example box (invented values), a game started
with known deals, factions and start player, and ways to put pawns and money in place.

Facts of the example box the tests lean on (data/leonardo/box-profile.example.json):
alleys 2 8 13 19 25 29 32, bridges 5 14 20 30 (price 60), quarters {2,4,6} {8,10,12}
{13,15,16} {18,19,21} {23,25,26} {27,29,31,32}; space 4 costs 60 with rents 60/90/120/150;
products gem 1 12, ivory 2 10, gold 3 8, spices 5 6; lose-all 4 7 9 11; office card 1 is
space 1 at 30, card 2 space 3 at 50, card 10 space 3 at 30, card 5 space 11 at 50; event
cards 1-5 "nothing", 6-9 Guelph, 10-13 Ghibelline; 12 men-at-arms.
"""

from __future__ import annotations

from typing import Any

from companion.games.leonardo import box as B
from companion.games.leonardo import commands as C
from companion.games.leonardo import engine as E
from companion.games.leonardo.state import State

BOX = B.example()
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]


def header(players: int = 3, variants: dict[str, Any] | None = None, profile: dict[str, Any] | None = None
           ) -> dict[str, Any]:
    return {"game": "leonardo", "format": 1, "seats": [{"name": NAMES[i]} for i in range(players)],
            "variants": variants or {}, "box": BOX if profile is None else profile}


def play(state: State, *cmds: Any) -> tuple[State, list[dict[str, Any]]]:
    """Apply the commands in order: (final state, every event)."""
    events: list[dict[str, Any]] = []
    for cmd in cmds:
        state, ev = E.apply(state, cmd)
        events += ev
    return state, events


def started(players: int = 3, deals: tuple[int, ...] = (2, 4, 6, 8, 10, 12), factions: tuple[str, ...] | None = None,
            first: int = 0, variants: dict[str, Any] | None = None, profile: dict[str, Any] | None = None) -> State:
    """A game in its first turn: seat i dealt ``deals[i]``, ``first`` starts."""
    s = E.new_game(header(players, variants, profile))
    factions = factions or tuple("guelph" if i % 2 == 0 else "ghibelline" for i in range(players))
    s, _ = play(s, *[C.DealPalace(i, deals[i]) for i in range(players)],
                *[C.ChooseFaction(i, factions[i]) for i in range(players)],
                *[C.StartSpin(i, 12 if i == first else 1) for i in range(players)])
    assert s.phase == "turns" and s.turn["seat"] == first
    return s


def at(state: State, seat: int, space: int, **fields: Any) -> State:
    """A copy with ``seat``'s pawn on ``space`` (its first move already made) and other
    player fields set (cash=..., men=...)."""
    s = state.copy()
    p = s.seats[seat]
    p.space, p.moved = space, True
    for k, v in fields.items():
        if k == "cash":
            # keep the books: the bank gives or takes the difference
            if v > p.cash:
                s.bank["paid"] += v - p.cash
            else:
                s.bank["received"] += p.cash - v
        if k == "men":
            s.men_deck -= v - p.men
        setattr(p, k, v)
    return s


def own(state: State, seat: int, *spaces: int, works: dict[int, list[int]] | None = None) -> State:
    """A copy where ``seat`` owns ``spaces`` (with works of art on some)."""
    s = state.copy()
    for sp in spaces:
        s.owner[sp - 1] = seat
    for sp, values in (works or {}).items():
        s.works[sp - 1] = list(values)
        s.oda_drawn += list(values)
    return s


def money(events: list[dict[str, Any]], why: str | None = None) -> list[tuple[Any, Any, int]]:
    """The (from, to, amount) of the money events (of one kind)."""
    return [(e["from"], e["to"], e["amount"]) for e in events if e["type"] == "money" and (why is None or e["why"] == why)]


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]

