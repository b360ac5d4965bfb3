"""Corporations (variant, at least 4 players): players pool everything and play on with
one pawn (leonardo-decisions: Money and the end, Corporations).

``FormCorporation(members, faction, pawn)`` is recorded like any command, between turns
(at the start of a turn, before any work of art or spin). The members' florins, palaces
and bridges (with their works of art), office cards and men-at-arms (at most 2; the rest
back to the deck) go to the seat whose pawn is kept (the corporation's *lead*); the other
pawns leave the board. A member that was already a corporation brings its members. The
corporation has one faction, named in the command; it gets no passage money; each member
spins on its turn and they pick one result (``ChooseSpin``); the game is then won only by
elimination. When the current turn was a member's, it passes to the kept pawn.
"""

from __future__ import annotations

from typing import Any

from . import commands as C
from .common import phase, seat_of, transfer
from .state import FACTIONS, State
from .turn import begin
from .words import refuse

Events = list[dict[str, Any]]
MAX_MEN = 2


def form(state: State, cmd: C.FormCorporation, events: Events) -> None:
    if not state.variants.get("corporations"):
        raise refuse("corporations_off")
    phase(state, "turns")
    turn = state.current
    if turn["step"] != "art" or turn["bought"] or turn["spins"]:
        raise refuse("corporation_between_turns")
    members = [seat_of(state, s) for s in cmd.members]
    if len(set(members)) != len(members) or len(members) < 2:
        raise refuse("corporation_members")
    for s in members:
        if state.seats[s].out or state.seats[s].member_of is not None:
            raise refuse("corporation_member_gone", name=state.name(s))
    lead = seat_of(state, cmd.pawn)
    if lead not in members:
        raise refuse("corporation_pawn", name=state.name(lead))
    if cmd.faction not in FACTIONS:
        raise refuse("no_faction", faction=repr(cmd.faction))
    everyone: set[int] = set()
    for s in members:
        everyone.update(state.members(s))
    lp = state.seats[lead]
    for s in members:
        if s == lead:
            continue
        p = state.seats[s]
        transfer(state, s, lead, p.cash, events, "pooled")
        for i, o in enumerate(state.owner):
            if o == s:
                state.owner[i] = lead
        lp.offices.extend(p.offices)
        p.offices = []
        lp.men += p.men
        p.men = 0
        p.space = None
        state.corporations = [c for c in state.corporations if c["lead"] != s]
        for x in state.members(s):
            state.seats[x].member_of = lead
    if lp.men > MAX_MEN:
        state.men_deck += lp.men - MAX_MEN
        lp.men = MAX_MEN
    state.corporations = [c for c in state.corporations if c["lead"] != lead]
    state.corporations.append({"lead": lead, "members": sorted(everyone), "faction": cmd.faction})
    events.append({"type": "corporation_formed", "seat": lead, "members": sorted(everyone), "faction": cmd.faction})
    if state.entity(turn["seat"]) == lead and turn["seat"] != lead:
        begin(state, lead, events)
