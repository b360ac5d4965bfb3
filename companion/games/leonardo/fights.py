"""Pawns sharing a space at the end of a turn: tribute and fights between men-at-arms.

leonardo-decisions: after the move (and any push), against each other pawn on that space
in turn order: nobody armed, nothing; one side armed, the other pays it 10 florins per
palace it owns (bridges do not count); both armed, they spin (ties spin again) and each
loser sends one man-at-arms to the bottom of the deck until one side has none, and that
side pays the tribute. No tribute and no fight in a church (9, 17).
"""

from __future__ import annotations

from typing import Any

from . import box as B
from . import commands as C
from .common import head, others_in_order, phase, seat_of, spin_number
from .state import State
from .words import refuse

Events = list[dict[str, Any]]
TRIBUTE = 10  # per palace


def encounters(state: State, seat: int) -> list[dict[str, Any]]:
    """The encounter tasks of ``seat``'s pawn where it ended its turn."""
    p = state.seats[seat]
    if p.out or p.space is None or p.space in B.CHURCHES:
        return []
    return [{"t": "encounter", "seat": seat, "other": o} for o in others_in_order(state, seat)
            if state.seats[o].space == p.space]


def encounter(state: State, task: dict[str, Any], events: Events) -> list[dict[str, Any]]:
    """One pair: the tasks it turns into (a payment, a fight, or nothing)."""
    a, b = task["seat"], task["other"]
    if state.seats[a].out or state.seats[b].out:
        return []
    armed_a, armed_b = state.seats[a].men > 0, state.seats[b].men > 0
    if armed_a and armed_b:
        events.append({"type": "fight", "seat": a, "other": b})
        return [{"t": "fight", "seat": a, "other": b, "spins": {}}]
    if not (armed_a or armed_b):
        return []
    payer, payee = (b, a) if armed_a else (a, b)
    palaces = len(state.palaces(payer))
    events.append({"type": "tribute", "seat": payer, "to": payee, "palaces": palaces, "amount": TRIBUTE * palaces})
    if not palaces:
        return []
    return [{"t": "pay", "debtor": payer, "creditor": payee, "amount": TRIBUTE * palaces, "why": "tribute"}]


def fight_spin(state: State, cmd: C.FightSpin, events: Events) -> None:
    phase(state, "turns")
    seat = seat_of(state, cmd.seat)
    task = head(state, "fight")
    if task is None:
        raise refuse("no_fight")
    if seat not in (task["seat"], task["other"]):
        raise refuse("not_fighting", name=state.name(seat))
    if seat in task["spins"]:
        raise refuse("already_spun", name=state.name(seat))
    number = spin_number(cmd.number)
    task["spins"][seat] = number
    events.append({"type": "fight_spin", "seat": seat, "number": number, "reveal": True, "opens": []})
    if len(task["spins"]) < 2:
        return
    a, b = task["seat"], task["other"]
    if task["spins"][a] == task["spins"][b]:
        task["spins"] = {}
        events.append({"type": "fight_tied", "seat": a, "other": b})
        return
    winner, loser = (a, b) if task["spins"][a] > task["spins"][b] else (b, a)
    state.seats[loser].men -= 1
    state.men_deck += 1
    events.append({"type": "fight_round", "winner": winner, "loser": loser, "men": state.seats[loser].men})
    task["spins"] = {}
    if not state.seats[loser].men:
        state.current["tasks"][0] = {"t": "encounter", "seat": a, "other": b}

