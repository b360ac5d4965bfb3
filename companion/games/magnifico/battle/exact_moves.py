"""One assault of the policy enumerated exactly: integer weights over 6**dice.

The exact odds (exact.py) build their chain from these; every effect comes from the
policy's rules (policy.py) or from merged tables a test checks against them."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, TypeAlias

from . import policy as P
from .dice import PARATROOPER, explosions_table, hits_explosions_table, hits_table, pow6, totals_table
from .policy import Compact

Dist: TypeAlias = dict[Compact, int]  # state or end -> weight
Cache: TypeAlias = dict[tuple[Any, ...], Any]  # rows shared within one computation
AirplaneRow: TypeAlias = tuple[int, int, int, str | None, int]


# ---------------------------------------------------------------- one assault, enumerated
# A weight w stands for the probability w / 6**B, B a bound on the dice the assault can
# roll; rolling n dice turns w into (w // 6**n) * weight, exact because w is a multiple
# of 6**(dice still to roll).


def _add(dist: Dist, key: Compact, w: int) -> None:
    dist[key] = dist.get(key, 0) + w



def _infantry_rows(c: P.Context, st: Compact, cache: Cache) -> tuple[tuple[Compact, int], ...]:
    """An infantry assault's outcomes from st, merged: ((end, or (used, a_s, d_s, towers)), weight).

    Only the soldiers, towers and paratrooper change it, so rows are shared by all states
    that differ in tanks or airplanes (cached for one computation)."""
    key = (st[0], st[1], st[2], st[5], st[8], st[9])
    rows: tuple[tuple[Compact, int], ...] | None = cache.get(key)
    if rows is None:
        side = st[0]
        table = totals_table(st[P.SOLDIERS[side]], c.multi_gun[side], c.battle_wagon[side])
        rows = cache[key] = tuple(P.infantry_outcomes(c, st, table).items())
    return rows


def assault_into(c: P.Context, st: Compact, action: str, w: int, ends: Dist, nxt: Dist, cache: Cache) -> None:
    """Enumerate one assault of the policy from st with weight w: ends and next states."""
    if action == "infantry":
        q = w // pow6(st[P.SOLDIERS[st[0]]])
        for row, x in _infantry_rows(c, st, cache):
            if row[0] == "end":
                ends[row] = ends.get(row, 0) + q * x
            else:
                s = (st[0], row[0], row[1], st[3], st[4], row[2], st[6], st[7], row[3], st[9])
                nxt[s] = nxt.get(s, 0) + q * x
        return
    if action == "automaton":
        st = P.mark(st, P.AUTOMATON)
        q = w // pow6(st[8])
        for h, x in hits_table(st[8]):
            s = P.automaton_effect(st, h)
            _add(ends if s[0] == "end" else nxt, s, q * x)
        return
    kind = action
    st = P.mark(st, P.TANKS if kind == "tanks" else P.AIRPLANES)
    frontier = {st: w}
    n = P.intercept_count(c, st, kind)
    if n:
        frontier = {}
        q = w // pow6(n)
        for h, e, x in hits_explosions_table(n):
            _add(frontier, P.intercept_effect(st, kind, h, e), q * x)
    side = st[0]
    if kind == "airplanes":
        for s, v in frontier.items():
            flying = s[P.AIRPLANES_AT[side]]
            branches = [(s, v)]
            if P.uses_paratrooper(c, s):
                flying -= 1
                branches = [(P.paratrooper_effect(s, r), v // 6 * x) for r, x in PARATROOPER]
            for s2, v2 in branches:
                q = v2 // pow6(flying)
                for h, e, x in hits_explosions_table(flying):
                    s3 = P.airplanes_effect(c, s2, h, e)
                    _add(ends if s3[0] == "end" else nxt, s3, q * x)
        return
    # tanks: every tank left fires, one at a time, until the battle ends
    for s, v in frontier.items():
        tanks = s[P.TANKS_AT[side]]
        if not tanks:
            _add(nxt, s, v)
            continue
        q = v // pow6(tanks * c.tank_dice[side])
        foe_at = P.SOLDIERS[1 - side]
        for kind, kills, x in _volley(c, s, tanks, cache):
            if kind == "alive":
                shot = list(s)
                shot[foe_at] -= kills
                _add(nxt, tuple(shot), q * x)
            else:
                shot = list(s)
                if kind == "win":
                    shot[foe_at] = 0
                    over = P.end(P._name(side), shot)
                else:
                    shot[foe_at] -= kills
                    shot[P.SOLDIERS[side]] = 0
                    over = P.end(P._name(1 - side), shot)
                _add(ends, over, q * x)


@lru_cache(maxsize=1024)
def airplane_rows(flying: int, interceptors: int, paratrooper: bool) -> tuple[AirplaneRow, ...]:
    """An air assault of `flying` airplanes, met first by `interceptors` (Anti-aircraft
    Culverin; hits destroy flying airplanes, explosions the interceptors), then, if
    `paratrooper` and an airplane is left, one of them drops the paratrooper (rulebook
    13.14), then the rest fire: ((own airplanes lost, enemy airplanes lost, hits,
    paratrooper roll or None), weight over 6**(flying + interceptors)), merged.
    The same rules as policy.intercept_effect, paratrooper_effect and airplanes_effect
    (a test checks they agree)."""
    total = flying + interceptors
    rows: dict[tuple[int, int, int, str | None], int] = {}
    for h1, e1, x1 in hits_explosions_table(interceptors):
        shot = min(h1, flying)
        left = flying - shot
        drops: list[tuple[str | None, int, int, int]] = [(None, 0, 1, 0)]
        if paratrooper and left:
            drops = [(roll, 1 if roll == "explosion" else 0, x, 1) for roll, x in PARATROOPER]
        for para, para_lost, xp, para_dice in drops:
            fly = left - para_dice
            for h, e, x in hits_explosions_table(fly):
                key = (shot + para_lost + e, e1, h, para)
                rolled = interceptors + para_dice + fly
                rows[key] = rows.get(key, 0) + x1 * xp * x * pow6(total - rolled)
    return tuple(k + (w,) for k, w in rows.items())


def _volley(c: P.Context, st: Compact, tanks: int, cache: Cache) -> tuple[tuple[str, int, int], ...]:
    """The side's tanks fire in turn, the first always, the next ones while the policy
    says so (P.tank_fires): ((alive|win|explode, kills so far, weight over
    6**(tanks * dice)), ...). Depends on the soldiers on both sides and the protection."""
    side = st[0]
    foe_soldiers = st[P.SOLDIERS[1 - side]]
    # the castle protects against the attacker's tanks only
    key = ("volley", side, tanks, foe_soldiers, st[P.SOLDIERS[side]], P.level(c, st) if side == P.ATTACKER else 0)
    found: tuple[tuple[str, int, int], ...] | None = cache.get(key)
    if found is not None:
        return found
    dice = c.tank_dice[side]
    shots = [(P.tank_kills(c, st, e), x) for e, x in explosions_table(dice)]
    own = st[P.SOLDIERS[side]]
    # whether the next tank fires, by defenders left (shared by the volleys of one level and army)
    fires_key = ("fires", side, own, key[-1])
    fires: list[bool] | None = cache.get(fires_key)
    if fires is None or len(fires) <= foe_soldiers:
        fires = cache[fires_key] = [P.worth_firing(shots, left, own) for left in range(foe_soldiers + 1)]
    exploding = sum(x for kills, x in shots if kills is None)
    hitting = [(kills, x) for kills, x in shots if kills is not None]
    alive = {0: 1}
    done: dict[tuple[str, int], int] = {}
    get = done.get
    for fired in range(tanks):
        rest = pow6(dice * (tanks - fired - 1))
        later: dict[int, int] = {}
        for k, v in alive.items():
            if fired and not fires[foe_soldiers - k]:
                done[("alive", k)] = get(("alive", k), 0) + v * rest * pow6(dice)
                continue
            if exploding:
                done[("explode", k)] = get(("explode", k), 0) + v * exploding * rest
            for kills, x in hitting:
                if k + kills >= foe_soldiers:
                    done[("win", 0)] = get(("win", 0), 0) + v * x * rest
                else:
                    later[k + kills] = later.get(k + kills, 0) + v * x
        alive = later
    for k, v in alive.items():
        done[("alive", k)] = get(("alive", k), 0) + v
    rows = tuple((kind, k, x) for (kind, k), x in done.items())
    cache[key] = rows
    return rows


def _measure(st: Compact) -> int:
    m: int = st[2] + st[3] + st[4] + st[5] + st[6] + st[7] + st[8] + (0 if st[9] else 1)
    return m


def assault_bound(c: P.Context, st: Compact, action: str) -> int:
    """At most how many dice one assault of the policy rolls from st (interceptions included)."""
    side = st[0]
    foe_airplanes: int = st[P.AIRPLANES_AT[1 - side]]
    n: int
    if action == "infantry":
        n = st[P.SOLDIERS[side]]
    elif action == "automaton":
        n = st[8]
    elif action == "airplanes":
        n = st[P.AIRPLANES_AT[side]] + foe_airplanes
    else:
        n = foe_airplanes + st[P.TANKS_AT[side]] * c.tank_dice[side]
    return n

