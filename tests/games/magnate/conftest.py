"""Helpers for Magnate's rule tests: a game set up, tokens and buildings put in place.

The default table: districts Watchman, Light Keeper, Excuse, Borderland, Harvest (left to
right); Anna (seat 0) holds the Huntress, the Bard and the Sea (Moons, Suns, Waves), Bruno
the End, the Calamity and the Windfall (Leaves, Wyrms, Knots); Anna starts.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.magnate import commands as C
from companion.games.magnate import engine as E
from companion.games.magnate.cards import SUITS
from companion.games.magnate.state import Building, State

PAWNS = ("watchman", "light_keeper", "borderland", "harvest")
ANNA_CROWNS = ("huntress", "bard", "sea")


def header(**variants: bool) -> dict[str, Any]:
    return {"game": "magnate", "format": 1, "seats": [{"name": "Anna", "color": "red"},
                                                      {"name": "Bruno", "color": "blue"}],
            "variants": variants}


def run(state: State, *cmds: Any) -> tuple[State, list[dict[str, Any]]]:
    """Apply the commands in order; (the last state, all events)."""
    events: list[dict[str, Any]] = []
    for cmd in cmds:
        state, evs = E.apply(state, cmd)
        events.extend(evs)
    return state, events


def started(start: int = 0, **variants: bool) -> State:
    """A game set up, at the start player's roll."""
    state = E.new_game(header(**variants))
    state, _ = run(state, C.SetDistricts(PAWNS), C.DealCrowns(0, ANNA_CROWNS), C.StartPlayer(start))
    return state


def quiet_roll(state: State) -> State:
    """Roll 2 and 3 (no 1, and rank 3 pays only what a test put there) to reach the actions."""
    state, _ = E.apply(state, C.Roll((2, 3)))
    return state


def acting(start: int = 0, **variants: bool) -> State:
    """A game at the start player's actions (the roll made, nothing earned)."""
    return quiet_roll(started(start, **variants))


def tokens(state: State, seat: int, **counts: int) -> State:
    """A copy where ``seat`` holds exactly these tokens (others 0)."""
    state = state.copy()
    state.seats[seat].tokens = {s: counts.get(s, 0) for s in SUITS}
    return state


def place(state: State, seat: int, district: str, card: str, complete: bool = True, **on_it: int) -> State:
    """A copy with ``card`` put at the end of ``seat``'s column in ``district`` (no hand change)."""
    state = state.copy()
    state.city[district][seat].append(Building(card, complete, {} if complete else dict(on_it)))
    state.deck -= 1  # it came out of the deck (into a hand, then onto the table)
    return state


def held(state: State, seat: int) -> dict[str, int]:
    return {s: n for s, n in state.seats[seat].tokens.items() if n}


def reason_of(state: State, cmd: Any) -> str:
    """The English refusal of ``cmd`` (the test fails if it is accepted)."""
    reason = E.check(state, cmd)
    assert reason is not None, f"{cmd} was accepted"
    return str(reason)


@pytest.fixture
def game() -> State:
    return acting()
