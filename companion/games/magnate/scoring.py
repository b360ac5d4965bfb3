"""The end of the game (rb Vittoria, md End): each district's totals, the victory points,
the tie-breaks and the winners.

Hands and deeds (with their tokens) are out of the count. Per district, each side sums its
completed buildings: a numbered card its rank, a Court 10, an Ace the number of completed
cards of its suit on that side of that district (itself included). The higher side scores
1 VP, a tie nobody. Most VP wins; then the total of the buildings' values (Aces as scored);
then the tokens left; then both win.
"""

from __future__ import annotations

from typing import Any

from companion.core.game import Outcome

from .cards import decktet
from .state import Building, State

REASONS = ("districts", "building_values", "tokens", "shared")  # an Outcome's reason


def building_value(column: list[Building], building: Building) -> int:
    """What a completed building counts in its district (0 for a deed)."""
    if not building.complete:
        return 0
    info = decktet()[building.card]
    if info.type == "ace":
        suit = info.suits[0]
        return sum(1 for b in column if b.complete and suit in decktet()[b.card].suits)
    if info.type == "court":
        return 10
    return info.rank or 0


def side_total(state: State, district: str, seat: int) -> int:
    column = state.city[district][seat]
    return sum(building_value(column, b) for b in column)


def district_totals(state: State) -> dict[str, list[int]]:
    """Each district's totals, a number per seat (what the end screen shows)."""
    return {d: [side_total(state, d, s) for s in range(state.n)] for d in state.districts}


def final_scores(state: State) -> dict[str, Any]:
    """The scoring as plain data: ``{"districts": {d: {"totals", "winner"}}, "vp", "values",
    "tokens", "winners", "reason"}`` (lists indexed by seat)."""
    districts: dict[str, dict[str, Any]] = {}
    vp = [0] * state.n
    values = [0] * state.n
    for d, totals in district_totals(state).items():
        best = max(totals)
        leaders = [s for s, t in enumerate(totals) if t == best]
        winner = leaders[0] if len(leaders) == 1 else None
        if winner is not None:
            vp[winner] += 1
        for s, t in enumerate(totals):
            values[s] += t
        districts[d] = {"totals": totals, "winner": winner}
    tokens = [sum(p.tokens.values()) for p in state.seats]
    contenders = list(range(state.n))
    reason = "shared"
    for why, key in (("districts", vp), ("building_values", values), ("tokens", tokens)):
        best = max(key[s] for s in contenders)
        contenders = [s for s in contenders if key[s] == best]
        if len(contenders) == 1:
            reason = why
            break
    return {"districts": districts, "vp": vp, "values": values, "tokens": tokens, "winners": contenders,
            "reason": reason}


def outcome(state: State) -> Outcome | None:
    """The Outcome of a finished game, None while it goes on."""
    if state.outcome is None:
        return None
    o = state.outcome
    scores = {k: o[k] for k in ("vp", "values", "tokens", "districts")}
    return Outcome(tuple(o["winners"]), o["reason"], scores)
