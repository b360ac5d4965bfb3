"""Tank assaults in the float odds (flow.py): the volley, one tank after another.

A side's tanks fire one at a time; after the first, the next fires only if the policy
says so (policy.tank_fires), which depends on the defenders left for the attacker and on
its own soldiers for the defender: a threshold on the column's fields. The volley is the
same after every interception that leaves as many tanks, so it is computed once per
count and scaled by each interception's probability.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import TYPE_CHECKING, TypeAlias

from .columns import LOWS, SHIFTS, WIDTH, factor, normal
from .outcomes import BIG, LOST, SOLDIERS_SHIFT, Volley
from .policy import Compact

if TYPE_CHECKING:
    from .flow import Flow

Shots: TypeAlias = tuple[tuple[int | None, float, int], ...]  # Volley.shots
# the defender's volley after some shots: ((attackers left, X, p), ...), ((attackers when a tank
# exploded, X), ...), X of its win; X a probability p as a factor (_defender_chain)
Chain: TypeAlias = tuple[tuple[tuple[int, int, float], ...], tuple[tuple[int, int], ...], int]
# after some tanks fired: ({attackers left: (column, share of the mass)}, {attackers: column of losses}, wins)
Done: TypeAlias = tuple[dict[int, tuple[int, float]], dict[int, int], int]


def attacker(flow: Flow, volley: Volley, st: Compact, after: int, part: int, mass: float) -> None:
    """The attacker's tanks fire one at a time; the next fires only with at least
    `fires_from` defenders left (the first always)."""
    intercepts = [i for i in volley.intercepts if not (mass * i[0] < flow.epsilon and flow.prune(mass * i[0]))]
    done = _attacker_shots(volley.shots, flow.tables.fires_from(st), part, {i[3] for i in intercepts})
    for x, X, delta, left in intercepts:
        column, lost, won = done[left]
        if column:
            flow.add_attacker(flow.resolve(after - delta), column * X, mass * x)
        if lost:
            flow.ends[LOST] += lost * X
        if won:
            flow.ends[("attacker", st[2])] += won * X


def _attacker_shots(shots: Shots, fires_from: int, live: int, lefts: set[int]) -> dict[int, tuple[int, int, int]]:
    """{tanks: (column after they fired, column of the attacker's losses, of its wins)},
    normal, for every number of tanks in `lefts`: one volley, seen after each count."""
    results: dict[int, tuple[int, int, int]] = {}
    after = lost = won = 0
    stops = -1 if fires_from >= BIG else LOWS[min(fires_from, 129)]  # -1: every field
    last = max(lefts, default=0)
    for shot in range(last + 1):
        if shot in lefts:
            results[shot] = (after + live, normal(lost), normal(won))
        if shot == last:
            break
        if shot:
            stop = live & stops
            if stop:
                after += stop
                live -= stop
        if not live:
            for left in lefts:
                results.setdefault(left, (after, normal(lost), normal(won)))
            break
        nxt = 0
        for kills, _, Xs in shots:
            q = live * Xs
            if kills is None:
                lost += q
            elif kills:
                w = q & LOWS[kills + 1]
                if w:
                    won += w
                nxt += q >> SHIFTS[kills + 1] << WIDTH
            else:
                nxt += q
        live = normal(nxt)
    return results


def defender(flow: Flow, volley: Volley, st: Compact, after: int, part: int, mass: float) -> None:
    """The defender's tanks fire one at a time at the attacker's soldiers; the next
    fires only while the defender has at most `fires_up_to` soldiers."""
    intercepts = [i for i in volley.intercepts if not (mass * i[0] < flow.epsilon and flow.prune(mass * i[0]))]
    done = _defender_shots(flow, volley.shots, st, part, {i[3] for i in intercepts})
    for x, X, delta, left in intercepts:
        columns, lost, won = done[left]
        base = after - delta
        for a, (column, share) in columns.items():
            flow.add_defender(flow.resolve(base - ((st[2] - a) << SOLDIERS_SHIFT)), column * X, mass * x * share)
        for a, column in lost.items():
            flow.merged_ends[("attacker", a)] += column * X
        if won:
            flow.merged_ends[LOST] += won * X


def _defender_shots(flow: Flow, shots: Shots, st: Compact, column: int, lefts: set[int]) -> dict[int, Done]:
    """{tanks: ({attackers left: (merged column after, at most this share of the
    column's mass)}, {attackers left: column of the defender's losses}, column of its
    wins)}, normal, for every number of tanks in `lefts`: one volley, seen after each
    count. The fields where every tank fires take the chain's closed form
    (`_defender_chain`), the rest go shot by shot."""
    always = flow.tables.fires_always_up_to(st)
    if always < 0:
        return _defender_steps(flow, shots, st, column, lefts)
    low = column & flow.mask("below", always + 1)
    results = _defender_closed(shots, st[2], low, lefts) if low else {}
    if column - low:
        for left, (columns, lost, won) in _defender_steps(flow, shots, st, column - low, lefts).items():
            if left not in results:
                results[left] = (columns, lost, won)
                continue
            c0, l0, w0 = results[left]
            results[left] = ({a: (c0.get(a, (0, 0.0))[0] + columns.get(a, (0, 0.0))[0], 1.0)
                              for a in c0.keys() | columns.keys()},
                             {a: l0.get(a, 0) + lost.get(a, 0) for a in l0.keys() | lost.keys()}, w0 + won)
    return results


def _defender_closed(shots: Shots, attackers: int, column: int, lefts: set[int]) -> dict[int, Done]:
    """_defender_shots of a column whose every field fires each tank: the attackers left
    do not depend on the defenders, so each outcome of the whole volley is one
    multiplication of the column by its probability."""
    chain = _defender_chain(shots, attackers, max(lefts, default=0))
    results: dict[int, Done] = {}
    for left in lefts:
        live, lost, won = chain[left]
        after = {a: (normal(column * X), p) for a, X, p in live}
        losses = {a: normal(column * X) for a, X in lost}
        results[left] = ({a: c for a, c in after.items() if c[0]}, {a: c for a, c in losses.items() if c},
                         normal(column * won) if won else 0)
    return results


@lru_cache(maxsize=256)
def _defender_chain(shots: Shots, attackers: int, last: int) -> tuple[Chain, ...]:
    """After 0..last tanks fired at `attackers` soldiers, each tank whatever the defenders
    (the same rules as _defender_steps): (((attackers left, X, p), ...), ((attackers left
    when a tank exploded, X), ...), X of the defender's win (every attacker fell)), X a
    probability as a factor (and the probability of each count left)."""
    live = {attackers: 1.0}
    lost: dict[int, float] = {}
    won = 0.0
    out: list[Chain] = []
    for shot in range(last + 1):
        out.append((tuple((a, factor(p), p) for a, p in live.items() if factor(p)),
                    tuple((a, factor(p)) for a, p in lost.items() if factor(p)), factor(won)))
        if shot == last:
            break
        nxt: dict[int, float] = {}
        for a, p in live.items():
            for kills, x, _ in shots:
                if kills is None:
                    lost[a] = lost.get(a, 0.0) + p * x
                elif kills >= a:
                    won += p * x
                else:
                    nxt[a - kills] = nxt.get(a - kills, 0.0) + p * x
        live = nxt
    return tuple(out)


def _defender_steps(flow: Flow, shots: Shots, st: Compact, column: int, lefts: set[int]) -> dict[int, Done]:
    """_defender_shots shot by shot (the next tank fires only while the defender has at
    most fires_up_to soldiers)."""
    results: dict[int, Done] = {}
    live = {st[2]: column}
    after: defaultdict[int, int] = defaultdict(int)
    lost: defaultdict[int, int] = defaultdict(int)
    won = 0
    last = max(lefts, default=0)
    for shot in range(last + 1):
        if shot in lefts or not live:  # what `shot` tanks leave (all later counts if none is left to fire)
            seen = dict(after)
            for a, c in live.items():
                seen[a] = seen.get(a, 0) + c
            result = ({a: (c, 1.0) for a, c in seen.items() if c}, {a: normal(raw) for a, raw in lost.items() if raw},
                      normal(won))
            for left in lefts if not live else (shot,):
                results.setdefault(left, result)
        if shot == last or not live:
            break
        nxt: defaultdict[int, int] = defaultdict(int)
        for a, column in live.items():
            if shot:
                stop = column & flow.mask("from", flow.tables.fires_up_to(st, a) + 1)
                if stop:
                    after[a] += stop
                    column -= stop
                if not column:
                    continue
            for kills, _, Xs in shots:
                q = column * Xs
                if kills is None:
                    lost[a] += q
                elif kills >= a:
                    won += q
                else:
                    nxt[a - kills] += q
        live = {a: normal(raw) for a, raw in nxt.items()}
    return results
