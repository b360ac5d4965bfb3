"""The end of a game: elimination, or the agreed time with the capital count.

leonardo-decisions: Money and the end. The game ends when one player (or corporation)
is left, or when the table ends it at the agreed time (``EndByAgreement``, a recorded
command; the current turn is played to its end first). The highest capital wins:
cash + printed prices of palaces and bridges + values of the works of art on them +
prices of the offices held. Equal capital: more cash wins; still equal: they all win.
With corporations (variant) the game is won only by elimination.
"""

from __future__ import annotations

from typing import Any

from companion.core.game import Outcome

from . import commands as C
from .common import office_card, phase, price
from .state import Phase, State
from .words import refuse

Events = list[dict[str, Any]]


def capital(state: State, seat: int) -> int:
    """Cash + palaces and bridges at their printed price + works of art + offices held."""
    p = state.seats[seat]
    total = p.cash + sum(office_card(state, c)[1] for c in p.offices)
    for space in state.holdings(seat):
        total += price(state, space) + sum(state.works[space - 1])
    return total


def capital_parts(state: State, seat: int) -> dict[str, Any]:
    """What the capital count would give now, part by part, for a screen: ``cash``,
    ``holdings`` (printed prices), ``works``, ``offices`` and ``total``; a price nobody has
    entered yet counts 0 and ``unknown`` says how many there were. A member of a
    corporation shows the corporation's books (its lead's); a bankrupt player has none."""
    lead = state.entity(seat)
    p = state.seats[lead]
    out = {"cash": 0, "holdings": 0, "works": 0, "offices": 0, "total": 0, "unknown": 0}
    if state.seats[seat].out:
        return out
    out["cash"] = p.cash
    for card in p.offices:
        value = state.box["offices"][card - 1].get("price")
        out["offices"] += value or 0
        out["unknown"] += value is None
    for space in state.holdings(lead):
        value = state.box["spaces"][str(space)].get("price")
        out["holdings"] += value or 0
        out["unknown"] += value is None
        out["works"] += sum(state.works[space - 1])
    out["total"] = out["cash"] + out["holdings"] + out["works"] + out["offices"]
    return out


def finish(state: State, reason: str, events: Events) -> None:
    """The game is over: winners, scores, the ``game_over`` event."""
    alive = state.active()
    scores = {s: capital(state, s) for s in alive} if reason == "agreement" else {}
    if reason == "agreement":
        best = max(scores.values())
        tied = [s for s in alive if scores[s] == best]
        most_cash = max(state.seats[s].cash for s in tied)
        leads = [s for s in tied if state.seats[s].cash == most_cash]
    else:
        leads = alive
    winners = sorted(x for lead in leads for x in state.members(lead))
    state.outcome = {"winners": winners, "reason": reason, "scores": {str(s): v for s, v in scores.items()}}
    state.phase = Phase.OVER
    state.turn = None
    events.append({"type": "game_over", "winners": winners, "reason": reason,
                   "scores": {str(s): v for s, v in scores.items()}})


REASONS = {"elimination": "by_elimination", "agreement": "by_agreement"}  # keys of the catalogue


def outcome(state: State) -> Outcome | None:
    """Winners (several on a tie that stands), the reason's catalogue key, capital by seat."""
    if state.outcome is None:
        return None
    o = state.outcome
    return Outcome(tuple(o["winners"]), REASONS[o["reason"]], dict(o["scores"]))


def end_by_agreement(state: State, cmd: C.EndByAgreement, events: Events) -> None:
    phase(state, "turns")
    if state.corporations:
        raise refuse("end_only_by_elimination")
    if state.end_agreed:
        raise refuse("end_already_agreed")
    state.end_agreed = True
    events.append({"type": "end_agreed", "round": state.round, "seat": state.current["seat"]})
