"""Small maps and card lists for precise rule tests, and helpers that play a game forward.

The engine takes map and cards from the header, so these tests need no data files.
"""

from __future__ import annotations

import types

import pytest

from companion.games.magnifico import commands as C
from companion.games.magnifico import engine as E

PROJECT_COUNTS = {
    "walls": 2, "automaton": 2, "battle_wagon": 4, "multi_gun": 4, "bombard": 4, "great_cannon": 2,
    "transmission_gear": 8, "cannon_lighter": 4, "multi_cannon": 1, "gyroscope": 4, "anti_tank_bomb": 2,
    "anti_aircraft_culverin": 2, "paratrooper": 2, "submarine": 2, "armoured_ship": 2, "work_of_art": 4,
}


def small_map() -> dict:
    """Ten territories: a ring A1-A2-A3-A4-B4-B3-B2-B1-A1, C1 off B2, C2 off B3.
    Sea 'west' touches A1, B1, C1; sea 'east' touches A4, B4, C2."""
    ids = ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4", "C1", "C2"]
    seas = {"A1": ["west"], "B1": ["west"], "C1": ["west"], "A4": ["east"], "B4": ["east"], "C2": ["east"]}
    borders = [["A1", "A2"], ["A2", "A3"], ["A3", "A4"], ["B1", "B2"], ["B2", "B3"], ["B3", "B4"],
               ["A1", "B1"], ["A4", "B4"], ["C1", "B2"], ["C2", "B3"]]
    return {
        "id": "test", "verified": False,
        "territories": [{"id": t, "name": {"it": t, "en": t}, "seas": seas.get(t, []), "pos": [0, 0]} for t in ids],
        "seas": [{"id": "west", "name": {"en": "West"}}, {"id": "east", "name": {"en": "East"}}],
        "borders": borders, "crossings": [],
    }


def full_cards(known: bool = True) -> list[dict]:
    """The 60 cards of the box (rd: Deck); printed values invented for the tests, or None."""
    def v(x):
        return x if known else None

    cards = [{"id": "leonardo", "kind": "leonardo", "printed": {}}]
    for i in range(1, 6):
        cards.append({"id": f"tank_{i}", "kind": "tank", "printed": {"cost": 20, "dice": v(3 + i % 3), "hits": v(4)}})
        cards.append({"id": f"airplane_{i}", "kind": "airplane", "printed": {"cost": 20, "hooks": v(2)}})
    for kind, n in PROJECT_COUNTS.items():
        for i in range(1, n + 1):
            printed = {"activation": v(20)}
            if kind == "work_of_art":
                printed["vp"] = v(3)
            cards.append({"id": f"{kind}_{i}", "kind": kind, "printed": printed})
    return cards


def header(n: int = 4, *, known: bool = True, variants=None, target: int = 30, per_army: int = 40,
           map_=None) -> dict:
    names = ["Anna", "Bruno", "Carla", "Dario", "Elena"][:n]
    colors = ["red", "blue", "green", "yellow", "black"][:n]
    return {"game": "magnifico", "format": 1, "seats": [{"name": a, "color": c} for a, c in zip(names, colors)],
            "variants": variants or {}, "target": target, "soldiers_per_army": per_army,
            "map": map_ or small_map(), "cards": full_cards(known)}


def run(state, *cmds):
    """Apply commands in order, returning the final state and all events."""
    events = []
    for cmd in cmds:
        state, ev = E.apply(state, cmd)
        events += ev
    return state, events


def removal(state):
    k = E.REMOVED_AT_SETUP[state.n]
    return C.RemoveCards(tuple([f"tank_{i}" for i in range(1, k + 1)] + [f"airplane_{i}" for i in range(1, k + 1)]))


WIN = ("hit",) * 6
LOSE = ("blank",) * 6


def to_castles(state, leonardo: int = 0):
    """Through card removal and the start roll, with ``leonardo`` winning it."""
    if state.phase == "remove_cards":
        state, _ = E.apply(state, removal(state))
    for s in range(state.n):
        state, _ = E.apply(state, C.StartOrderRoll(s, WIN if s == leonardo else LOSE))
    return state


def to_auction(state, castles=("A1", "A3", "B2", "C2", "B4"), leonardo: int = 0):
    """Through setup into round 1: castles placed from the holder clockwise."""
    state = to_castles(state, leonardo)
    order = list(state.castle_order)
    for s in order:
        state, _ = E.apply(state, C.PlaceFirstCastle(s, castles[s]))
    return state


def draw(state):
    """Draw the auction's cards: the first ones still unknown in each deck."""
    v, p = E.auction_counts(state)
    vd, pd = state.decks["vehicles"], state.decks["projects"]
    cards = (vd["unknown"] + vd["bottom"])[:v] + (pd["unknown"] + pd["bottom"])[:p]
    return E.apply(state, C.DrawAuction(tuple(cards)))[0]


def to_turns(state, bids=None):
    """Draw, everyone bids 10 (or ``bids``), everyone passes: straight to the turns."""
    state = draw(state)
    for s in list(state.auction.bidders):
        state, _ = E.apply(state, C.LockBid(s, (bids or {}).get(s, 10)))
    while state.phase == "choosing":
        state, _ = E.apply(state, C.PassChoice(E.next_chooser(state)))
    return state


def end_turns_until(state, seat):
    while state.phase == "turns" and state.turn.seat != seat:
        state, _ = E.apply(state, C.EndTurn(state.turn.seat))
    return state


def give(state, seat, *cards):
    """Put cards straight into a player's play area (test shortcut, outside the rules)."""
    state = state.copy()
    for c in cards:
        for d in state.decks.values():
            for part in d.values():
                if c in part:
                    part.remove(c)
        state.seats[seat].in_play.append(c)
    return state


H = types.SimpleNamespace(
    small_map=small_map, full_cards=full_cards, header=header, run=run, removal=removal, to_castles=to_castles,
    to_auction=to_auction, draw=draw, to_turns=to_turns, end_turns_until=end_turns_until, give=give, WIN=WIN,
    LOSE=LOSE,
)


@pytest.fixture(scope="session")
def h():
    return H
