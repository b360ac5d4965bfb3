"""Setting up: a new game from its header, the palaces dealt, the secret factions, the
start spin (leonardo-decisions: Turn and moves, Factions).

Every pawn starts on space 1 with 250 florins. Each seat is dealt one palace card (the
table enters which; the bridges were set aside before the deal) and owns that palace at
once. Each player chooses Guelph or Ghibelline secretly (``ChooseFaction``, sealed in
group "factions"; it may choose again until the setup is over). Then everyone spins:
the highest starts, tied players spin again.
"""

from __future__ import annotations

from typing import Any

from . import box as B
from . import commands as C
from .common import kind, phase, seat_of, sl, spin_number
from .state import FACTIONS, START_CASH, Phase, Player, State
from .turn import begin
from .variants import DEFAULT_VARIANTS, VARIANTS
from .words import m, refuse

Events = list[dict[str, Any]]
SEATS = (3, 6)


def new_game(header: Any) -> State:
    """The state right after the box is opened: palaces to deal, factions to choose."""
    if not isinstance(header, dict):
        raise refuse("header_not_object")
    if header.get("game", "leonardo") != "leonardo":
        raise refuse("not_leonardo", game=repr(header.get("game")))
    seats = header.get("seats")
    if not isinstance(seats, list) or not SEATS[0] <= len(seats) <= SEATS[1]:
        raise refuse("seats_count", least=SEATS[0], most=SEATS[1])
    players = []
    for i, s in enumerate(seats):
        if isinstance(s, str):
            s = {"name": s}
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or not s["name"].strip():
            raise refuse("seat_needs_name", seat=i + 1)
        players.append(Player(s["name"], str(s.get("color", "")), START_CASH))
    variants = dict(DEFAULT_VARIANTS)
    given = header.get("variants") or {}
    if not isinstance(given, dict):
        raise refuse("variants_not_object")
    for k, v in given.items():
        if k not in VARIANTS:
            raise refuse("unknown_variant", variant=repr(k), known=list(VARIANTS))
        if v not in VARIANTS[k][1]:
            raise refuse("variant_value", variant=k, values=[repr(x) for x in VARIANTS[k][1]])
        variants[k] = v
    if variants["corporations"] and len(players) < 4:
        raise refuse("corporations_four")
    profile = B.normalize(header.get("box"))
    lacking = B.to_start(profile, B.missing(profile, checked=True))
    if lacking:
        raise refuse("box_to_start", needs=lacking[0], what=[m(f"what.{x['item']}") for x in lacking])
    state = State(seats=players, box=profile, variants=variants)
    state.dealt = [None] * len(players)
    state.offices = {"unknown": list(range(1, len(profile["offices"]) + 1)), "bottom": []}
    state.events = {"unknown": list(range(1, len(profile["events"]) + 1)), "bottom": []}
    state.men_deck = profile["men_at_arms"]
    state.bank["paid"] = START_CASH * len(players)
    return state


def deal_palace(state: State, cmd: C.DealPalace, events: Events) -> None:
    phase(state, "setup")
    seat = seat_of(state, cmd.seat)
    dealt = state.dealt[seat]
    if dealt is not None:
        raise refuse("already_dealt", name=state.name(seat), space=sl(state, dealt))
    space = cmd.space
    if isinstance(space, bool) or not isinstance(space, int) or not 1 <= space <= B.SPACES:
        raise refuse("no_space", space=repr(space), most=B.SPACES)
    k = kind(state, space)
    if k == "bridge":
        raise refuse("bridge_set_aside", space=sl(state, space))
    if k not in B.PALACE_KINDS:
        raise refuse("not_a_palace", space=sl(state, space))
    holder = state.owner[space - 1]
    if holder is not None:
        raise refuse("palace_dealt_twice", space=sl(state, space), name=state.name(holder))
    state.owner[space - 1] = seat
    state.dealt[seat] = space
    events.append({"type": "palace_dealt", "seat": seat, "space": space, "reveal": True, "opens": []})
    _maybe_done(state, events)


def choose_faction(state: State, cmd: C.ChooseFaction, events: Events) -> None:
    phase(state, "setup")
    seat = seat_of(state, cmd.seat)
    if cmd.faction not in FACTIONS:
        raise refuse("no_faction", faction=repr(cmd.faction))
    again = state.seats[seat].faction is not None
    state.seats[seat].faction = cmd.faction
    events.append({"type": "faction_chosen", "seat": seat, "again": again})  # never which
    _maybe_done(state, events)


def _maybe_done(state: State, events: Events) -> None:
    if None in state.dealt or any(p.faction is None for p in state.seats):
        return
    state.phase = Phase.START_SPIN
    state.start = {"contenders": list(range(state.n)), "spins": {}}
    events.append({"type": "setup_done"})


def start_spin(state: State, cmd: C.StartSpin, events: Events) -> None:
    phase(state, "start_spin")
    seat = seat_of(state, cmd.seat)
    st = state.start
    if seat not in st["contenders"]:
        raise refuse("not_spinning", name=state.name(seat))
    if seat in st["spins"]:
        raise refuse("already_spun", name=state.name(seat))
    st["spins"][seat] = spin_number(cmd.number)
    events.append({"type": "start_spin", "seat": seat, "number": cmd.number, "reveal": True, "opens": []})
    if len(st["spins"]) < len(st["contenders"]):
        return
    best = max(st["spins"].values())
    tied = [s for s in st["contenders"] if st["spins"][s] == best]
    if len(tied) > 1:
        state.start = {"contenders": tied, "spins": {}}
        events.append({"type": "start_tied", "seats": tied, "number": best})
        return
    state.first = tied[0]
    state.start = {"contenders": [], "spins": {}}
    state.phase, state.round = Phase.TURNS, 1
    events.append({"type": "first_player", "seat": state.first})
    begin(state, state.first, events)
