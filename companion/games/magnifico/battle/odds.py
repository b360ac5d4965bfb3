"""Odds of a battle under the default policy ("steady", see policy.py and docs/battle.md).

`odds(position)` gives decimals, fast enough for the battle screen after every roll
(flow.py: probability flowing over columns of states, pruned within a stated bound);
`odds(position, exact=True)` gives reduced fractions as well (exact.py: integer
arithmetic, seconds and thousands of digits for the largest battles). Both take and
return plain dicts, so they can run in another process.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeAlias

from companion.errors import GameError

from . import policy as P

if TYPE_CHECKING:
    from .flow import Flow

# The flow and the exact machinery load on their first use: the app's own process needs
# the battle's rules only (its odds run in another process) and so never loads them.

ROUNDING = 1e-12  # float and fixed-point rounding, on top of the pruned mass (tests check it)

End: TypeAlias = tuple[str | None, int, int]  # (winner or None: a retreat, attacker soldiers, defender soldiers)

_FLOWS: dict[P.Context, Flow] = {}
_KEEP = 1  # flows kept: the battle on the screen, asked again after every roll
MAX_FLOW_ENTRIES = 50_000  # a flow holding more tables and keys than this starts afresh

_TOTALS = (("attacker_wins", "attacker"), ("defender_wins", "defender"), ("retreat", None))


def odds(position: dict[str, Any], exact: bool = False) -> dict[str, Any]:
    """Odds of a position under the policy: attacker win, defender win, retreat, and the
    distribution of each side's surviving soldiers (with "at least" sums).

    Decimals by default, each at most ``error_bound`` below the exact probability (the
    mass pruned, plus rounding; docs/battle.md, "Float odds"). exact=True: the same
    numbers from exact fractions, which come as reduced "n/d" strings under "exact"."""
    if not isinstance(position, dict) or "setup" not in position:
        raise GameError.of("battle.odds_needs_position")
    if exact:
        from . import exact as exact_odds

        numerators, denominator = exact_odds.end_distribution(position)
        return _exact_report(numerators, denominator)
    if position["over"]:
        end = (position["winner"], position["attacker"]["soldiers"], position["defender"]["soldiers"])
        return report({end: 1.0})
    st = P.compact(position)
    ends, pruned = _flow(P.context(position), st).run(st)
    return report(ends, pruned + ROUNDING)


def _flow(c: P.Context, st: P.Compact) -> Flow:
    """A flow of context c that serves compact state st, kept for the last _KEEP battles
    while it stays small (the later positions of a battle have fewer pieces: it serves them)."""
    from .flow import Flow

    flow = _FLOWS.pop(c, None)
    if flow is None or not flow.fits(st) or flow.size() > MAX_FLOW_ENTRIES:
        flow = Flow(c, P.worth_infantry_for(c), st)
        while len(_FLOWS) >= _KEEP:
            del _FLOWS[next(iter(_FLOWS))]
    _FLOWS[c] = flow
    return flow


def clear_cache() -> None:
    """Forget every kept flow, chain and table (the benchmark measures cold runs)."""
    from . import dice, exact as exact_odds, exact_moves, outcomes

    _FLOWS.clear()
    exact_odds.clear_cache()
    dice.clear()
    outcomes.defender_infantry.cache_clear()
    outcomes.air_rows.cache_clear()
    outcomes.volley_rows.cache_clear()
    outcomes._volley_by_hits.cache_clear()
    outcomes.dice_floats.cache_clear()
    outcomes.dice_by_hits.cache_clear()
    outcomes.hits_floats.cache_clear()
    exact_moves.airplane_rows.cache_clear()


def report(ends: Mapping[End, float], error_bound: float = 0.0) -> dict[str, Any]:
    """The odds of an end distribution {(winner, attacker soldiers, defender soldiers): p}."""
    totals: dict[str | None, float] = {"attacker": 0.0, "defender": 0.0, None: 0.0}
    survivors: dict[str, defaultdict[int, float]] = {"attacker": defaultdict(float), "defender": defaultdict(float)}
    for (winner, a, d), p in ends.items():
        totals[winner] += p
        survivors["attacker"][a] += p
        survivors["defender"][d] += p
    result: dict[str, Any] = {name: totals[key] for name, key in _TOTALS}
    result.update({"policy": P.NAME, "error_bound": error_bound, "survivors": {}})
    for side, masses in survivors.items():
        rows = {}
        at_least = 0.0
        for n in sorted(masses, reverse=True):
            at_least += masses[n]
            rows[str(n)] = {"p": masses[n], "at_least": min(1.0, at_least)}
        result["survivors"][side] = dict(sorted(rows.items(), key=lambda kv: int(kv[0])))
    return result


def _exact_report(ends: Mapping[End, int], denominator: int) -> dict[str, Any]:
    """report() of exact numerators over one denominator, with the fractions as strings."""
    from fractions import Fraction

    from . import exact as exact_odds

    totals: dict[str | None, int] = {"attacker": 0, "defender": 0, None: 0}
    survivors: dict[str, defaultdict[int, int]] = {"attacker": defaultdict(int), "defender": defaultdict(int)}
    for (winner, a, d), n in ends.items():
        totals[winner] += n
        survivors["attacker"][a] += n
        survivors["defender"][d] += n
    fractions = {key: Fraction(n, denominator) for key, n in totals.items()}
    result: dict[str, Any] = {name: float(fractions[key]) for name, key in _TOTALS}
    result.update({"exact": {name: exact_odds._fraction(fractions[key]) for name, key in _TOTALS},
                   "policy": P.NAME, "error_bound": 0.0, "survivors": {}})
    for side, counts in survivors.items():
        rows = {}
        at_least = 0
        for n in sorted(counts, reverse=True):
            at_least += counts[n]
            p = Fraction(counts[n], denominator)
            rows[str(n)] = {"p": float(p), "exact": exact_odds._fraction(p), "at_least": at_least / denominator}
        result["survivors"][side] = dict(sorted(rows.items(), key=lambda kv: int(kv[0])))
    return result
