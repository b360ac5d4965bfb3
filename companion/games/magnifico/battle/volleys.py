"""Tank assaults in the float odds (flow.py): the volley, one tank after another.

A side's tanks fire one at a time; after the first, the next fires only if the policy
says so (policy.tank_fires), which depends on the defenders left for the attacker and on
its own soldiers for the defender: a threshold on the column's fields. The volley is the
same after every interception that leaves as many tanks, so it is computed once per
count and scaled by each interception's probability. Where the defender fires every
tank whatever the attackers left, its whole assault does not depend on the column's
fields: one flat table (`defender_rows`) for all of them.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, TypeAlias

from .columns import LOWS, SHIFTS, WIDTH, factor, normal
from .outcomes import BIG, LOST, SOLDIERS_SHIFT, Rows, Volley, ranked
from .policy import Compact

if TYPE_CHECKING:
    from .flow import Flow

Shots: TypeAlias = tuple[tuple[int | None, float, int], ...]  # Volley.shots
# after some tanks fired: ({attackers left: column}, {attackers: column of losses}, column of wins)
Done: TypeAlias = tuple[dict[int, int], dict[int, int], int]


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
    fires only while the defender has at most `fires_up_to` soldiers. The fields where
    every tank fires take the whole assault as one flat table (`defender_rows`), the
    rest go shot by shot."""
    always = flow.tables.fires_always_up_to(st)
    if always >= 0:
        low = part & flow.mask("below", always + 1)
        if low:
            sub = ("tank rows", id(volley), st[2])  # the volley is kept in the same cache
            table = flow.tables.cache.get(sub)
            if table is None:
                table = flow.tables.cache[sub] = defender_rows(volley, st[2])
            rows, tails = table
            flow.defender_rows((None, after, rows, tails, None), low, mass)
            part -= low
            if not part:
                return
    intercepts = [i for i in volley.intercepts if not (mass * i[0] < flow.epsilon and flow.prune(mass * i[0]))]
    done = _defender_steps(flow, volley.shots, st, part, {i[3] for i in intercepts})
    for x, X, delta, left in intercepts:
        columns, lost, won = done[left]
        base = after - delta
        for a, column in columns.items():
            flow.add_defender(flow.resolve(base - ((st[2] - a) << SOLDIERS_SHIFT)), column * X, mass * x)
        for a, column in lost.items():
            flow.merged_ends[("attacker", a)] += column * X
        if won:
            flow.merged_ends[LOST] += won * X


def defender_rows(volley: Volley, attackers: int) -> Rows:
    """The defender's whole tank assault against `attackers` soldiers when every tank
    fires whatever the defenders (the attackers left do not depend on them): flat rows
    as outcomes.Rows, one per interception and count of attackers left (key delta), the
    defender's tank explosions (delta None, the attacker wins with `won` soldiers) and
    the attacker's fall (delta None, won None). The same rules as _defender_steps."""
    merged: dict[tuple[int | None, int | None], float] = {}
    chains = _chain(volley.shots, attackers, max((i[3] for i in volley.intercepts), default=0))
    for x, _, delta, left in volley.intercepts:
        live, lost, won = chains[left]
        for a, p in live.items():
            k = (delta + ((attackers - a) << SOLDIERS_SHIFT), None)
            merged[k] = merged.get(k, 0.0) + x * p
        for a, p in lost.items():
            merged[(None, a)] = merged.get((None, a), 0.0) + x * p
        if won:
            merged[(None, None)] = merged.get((None, None), 0.0) + x * won
    return ranked([(x, 0, factor(x), delta, a) for (delta, a), x in merged.items() if x > 0])


def _chain(shots: Shots, attackers: int, last: int) -> list[tuple[dict[int, float], dict[int, float], float]]:
    """After 0..last tanks fired at `attackers` soldiers, each tank whatever the defenders:
    ({attackers left: p}, {attackers when a tank exploded: p}, p of the attackers' fall)."""
    live = {attackers: 1.0}
    lost: dict[int, float] = {}
    won = 0.0
    out = []
    for shot in range(last + 1):
        out.append((live, dict(lost), won))
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
    return out


def _defender_steps(flow: Flow, shots: Shots, st: Compact, column: int, lefts: set[int]) -> dict[int, Done]:
    """{tanks: ({attackers left: merged column after}, {attackers left: column of the
    defender's losses}, column of its wins)}, normal, for every number of tanks in
    `lefts`: one volley shot by shot (the next tank fires only while the defender has at
    most fires_up_to soldiers), seen after each count."""
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
            result = ({a: c for a, c in seen.items() if c}, {a: normal(raw) for a, raw in lost.items() if raw},
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
