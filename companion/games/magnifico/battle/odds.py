"""Exact odds of a battle under the default policy ("steady", see policy.py and docs/battle.md).

The battle is a Markov chain over compact states. Dice are enumerated as counts of
faces with their multinomial weights (never 3^n single faces); probability mass is
pushed forward round by round (an attacker's turn and the defender's turn after it)
in decreasing order of a measure that every change lowers (pieces, towers, the
castle's protection), so each round-start state is finished before it is used. A
round that changes nothing brings the chain back to where it was: that self-loop is
folded in exactly by dividing by (1 - p_stay). All arithmetic is in exact fractions.
"""

from __future__ import annotations

import heapq
import random
from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from math import comb

from companion.errors import GameError

from . import policy as P

ONE = Fraction(1)


# ---------------------------------------------------------------- dice tables
# Every table gives integer weights over 6**n for n dice: 3 hit, 2 blank, 1 explosion faces.


@lru_cache(maxsize=None)
def faces_table(n: int) -> tuple:
    """((hits, blanks, explosions, weight), ...) over n dice."""
    rows = []
    for h in range(n + 1):
        for e in range(n - h + 1):
            b = n - h - e
            rows.append((h, b, e, comb(n, h) * comb(n - h, e) * 3**h * 2**b))
    return tuple(rows)


@lru_cache(maxsize=None)
def hits_explosions_table(n: int) -> tuple:
    """((hits, explosions, weight), ...): blanks summed out."""
    return tuple((h, e, w) for h, _, e, w in faces_table(n))


@lru_cache(maxsize=None)
def hits_table(n: int) -> tuple:
    """((hits, weight), ...): explosions count as blanks (the automaton), so 3 of 6 faces hit."""
    return tuple((h, comb(n, h) * 3**n) for h in range(n + 1))


@lru_cache(maxsize=None)
def explosions_table(n: int) -> tuple:
    """((explosions, weight), ...) with 3 meaning 3 or more."""
    rows = defaultdict(int)
    for e in range(n + 1):
        rows[min(e, 3)] += comb(n, e) * 5 ** (n - e)
    return tuple(sorted(rows.items()))


@lru_cache(maxsize=None)
def pow6(n: int) -> int:
    return 6**n


PARATROOPER = (("hit", 3), ("blank", 2), ("explosion", 1))


def worth_infantry_for(c: P.Context):
    """Expected kills of an attacker infantry assault >= its expected own losses (n/6)."""

    @lru_cache(maxsize=None)
    def worth(n: int, protection: int) -> bool:
        mg, bw = c.multi_gun[0], c.battle_wagon[0]
        expected = sum(w * max(0, h + min(mg, h) + min(bw, b) - protection) for h, b, e, w in faces_table(n))
        return 6 * expected >= n * pow6(n)

    return worth


# ---------------------------------------------------------------- one turn, enumerated
# A weight w stands for the probability w / 6**B, B a bound on the dice a path can still
# roll in the round; rolling n dice turns w into (w // 6**n) * weight, exact because w is
# a multiple of 6**(dice still to roll).


def _add(dist: dict, key, w) -> None:
    dist[key] = dist.get(key, 0) + w


def turn_bound(c: P.Context, st: tuple) -> int:
    """At most how many dice the acting side's turn (interceptions included) rolls from st."""
    side = st[0]
    me = st[P.SOLDIERS[side]] + st[P.AIRPLANES_AT[side]] + 2 * st[P.AIRPLANES_AT[1 - side]]
    me += st[P.TANKS_AT[side]] * c.tank_dice[side] + 1
    return me + (st[8] if side == P.DEFENDER else 0)


def _infantry_rows(c: P.Context, st: tuple, cache: dict) -> tuple:
    """An infantry assault's outcomes from st, merged: ((end, or (used, a_s, d_s, towers)), weight).

    Only the soldiers, towers and paratrooper change it, so rows are shared by all states
    that differ in tanks or airplanes (cached for one computation)."""
    key = (st[0], st[1], st[2], st[5], st[8], st[9])
    rows = cache.get(key)
    if rows is None:
        merged: dict = {}
        for h, b, e, x in faces_table(st[P.SOLDIERS[st[0]]]):
            s = P.infantry_effect(c, st, h, b, e)
            _add(merged, s if s[0] == "end" else (s[1], s[2], s[5], s[8]), x)
        rows = cache[key] = tuple(merged.items())
    return rows


def assault_into(c: P.Context, st: tuple, action: str, w: int, ends: dict, nxt: dict, cache: dict) -> None:
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
                s2 = list(s)
                s2[foe_at] -= kills
                _add(nxt, tuple(s2), q * x)
            else:
                s2 = list(s)
                if kind == "win":
                    s2[foe_at] = 0
                    key = P.end(P._name(side), s2)
                else:
                    s2[foe_at] -= kills
                    s2[P.SOLDIERS[side]] = 0
                    key = P.end(P._name(1 - side), s2)
                _add(ends, key, q * x)


def _volley(c: P.Context, st: tuple, tanks: int, cache: dict) -> tuple:
    """All `tanks` tanks fire in turn: ((alive|win|explode, kills so far, weight over
    6**(tanks * dice)), ...). Depends only on the foe's soldiers and the protection."""
    side = st[0]
    foe_soldiers = st[P.SOLDIERS[1 - side]]
    key = ("volley", side, tanks, foe_soldiers, P.level(c, st))
    rows = cache.get(key)
    if rows is not None:
        return rows
    dice = c.tank_dice[side]
    table = explosions_table(dice)
    shots = [(P.tank_kills(c, st, e), x) for e, x in table]
    alive = {0: 1}
    done: dict = {}
    for fired in range(tanks):
        rest = pow6(dice * (tanks - fired - 1))
        later: dict = {}
        for k, v in alive.items():
            for kills, x in shots:
                if kills is None:
                    _add(done, ("explode", k), v * x * rest)
                elif k + kills >= foe_soldiers:
                    _add(done, ("win", 0), v * x * rest)
                else:
                    _add(later, k + kills, v * x)
        alive = later
    rows = tuple((kind, k, x) for (kind, k), x in done.items()) + tuple(("alive", k, x) for k, x in alive.items())
    cache[key] = rows
    return rows


def turn_into(c: P.Context, st: tuple, w: int, worth, out: dict, cache: dict) -> None:
    """The rest of the acting side's turn from st with weight w, into out: the next
    turn's states and the ends."""
    frontier = {st: w}
    while frontier:
        nxt: dict = {}
        for s, v in frontier.items():
            action = P.decide(c, s, worth)
            if action == P.END:
                _add(out, P.next_turn(s), v)
            elif action == P.RETREAT:
                _add(out, P.end(None, s), v)
            else:
                assault_into(c, s, action, v, out, nxt, cache)
        frontier = nxt


# ---------------------------------------------------------------- the chain


def _measure(st: tuple) -> int:
    return st[2] + st[3] + st[4] + st[5] + st[6] + st[7] + st[8] + (0 if st[9] else 1)


def end_distribution(position: dict) -> dict:
    """{(winner, attacker soldiers, defender soldiers): exact probability} under the policy."""
    if position["over"]:
        return {(position["winner"], position["attacker"]["soldiers"], position["defender"]["soldiers"]): ONE}
    c = P.context(position)
    worth = worth_infantry_for(c)
    start = P.compact(position)
    defender_turns: dict = {}
    cache: dict = {}

    def defender_turn(st):
        """The defender's turn from st: ({outcome: weight over 6**bound}, bound)."""
        if st not in defender_turns:
            bound = turn_bound(c, st)
            out: dict = {}
            turn_into(c, st, pow6(bound), worth, out, cache)
            defender_turns[st] = out, bound
        return defender_turns[st]

    def round_from(st, first_turn_of: int) -> tuple:
        """Turns from st until the attacker's next turn: ({outcome: weight}, bound)."""
        bound = turn_bound(c, st)
        if first_turn_of == P.ATTACKER:
            bound += turn_bound(c, P.next_turn(st) if st[0] == P.ATTACKER else st)
        half: dict = {}
        turn_into(c, st, pow6(bound), worth, half, cache)
        out: dict = {}
        for s, w in half.items():
            if s[0] == P.DEFENDER:
                dist, b = defender_turn(s)
                q = w // pow6(b)
                for s2, x in dist.items():
                    _add(out, s2, q * x)
            else:
                _add(out, s, w)
        return out, bound

    # All masses are integers over one common denominator, which grows by each state's
    # (6**bound - stay) as that state is processed: big-integer products, no gcd until the end.
    mass: dict = {}
    ends: dict = {}
    heap: list = []

    def push(dist: dict, numerator: int) -> None:
        for s, w in dist.items():
            if s[0] == "end":
                _add(ends, s, numerator * w)
            else:
                if s not in mass:
                    mass[s] = 0
                    heapq.heappush(heap, (-_measure(s), s))
                mass[s] += numerator * w

    if start[0] == P.ATTACKER and start[1] == 0:
        push({start: 1}, 1)
        denominator = 1
    else:
        dist, bound = round_from(start, start[0])
        push(dist, 1)
        denominator = pow6(bound)
    while heap:
        _, s = heapq.heappop(heap)
        m = mass.pop(s)
        dist, bound = round_from(s, P.ATTACKER)
        scale = pow6(bound) - dist.pop(s, 0)
        for other in mass:
            mass[other] *= scale
        for other in ends:
            ends[other] *= scale
        denominator *= scale
        push(dist, m)
    return {(w, a, d): Fraction(n, denominator) for (_, w, a, d), n in ends.items()}


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def odds(position: dict) -> dict:
    """Exact odds of a position: attacker win, defender win, retreat, and survivors."""
    if not isinstance(position, dict) or "setup" not in position:
        raise GameError("odds need a battle position (from start or step)")
    dist = end_distribution(position)
    totals = {"attacker": Fraction(0), "defender": Fraction(0), None: Fraction(0)}
    survivors = {"attacker": defaultdict(Fraction), "defender": defaultdict(Fraction)}
    for (winner, a, d), p in dist.items():
        totals[winner] += p
        survivors["attacker"][a] += p
        survivors["defender"][d] += p
    result = {
        "attacker_wins": float(totals["attacker"]),
        "defender_wins": float(totals["defender"]),
        "retreat": float(totals[None]),
        "exact": {
            "attacker_wins": _fraction(totals["attacker"]),
            "defender_wins": _fraction(totals["defender"]),
            "retreat": _fraction(totals[None]),
        },
        "policy": P.NAME,
        "survivors": {},
    }
    for side, counts in survivors.items():
        rows = {}
        at_least = Fraction(0)
        for n in sorted(counts, reverse=True):
            at_least += counts[n]
            rows[str(n)] = {"p": float(counts[n]), "exact": _fraction(counts[n]), "at_least": float(at_least)}
        result["survivors"][side] = dict(sorted(rows.items(), key=lambda kv: int(kv[0])))
    return result


# ---------------------------------------------------------------- simulation of the same policy


def _roll(rng: random.Random, n: int) -> tuple[int, int, int]:
    h = b = e = 0
    for _ in range(n):
        r = rng.randrange(6)
        if r < 3:
            h += 1
        elif r < 5:
            b += 1
        else:
            e += 1
    return h, b, e


def simulate_compact(position: dict, games: int, seed: int = 0) -> dict:
    """Play the policy `games` times on the compact state with random dice: {(winner, a, d): count}."""
    if position["over"]:
        return {(position["winner"], position["attacker"]["soldiers"], position["defender"]["soldiers"]): games}
    rng = random.Random(seed)
    c = P.context(position)
    worth = worth_infantry_for(c)
    start = P.compact(position)
    counts: dict = defaultdict(int)
    for _ in range(games):
        s = start
        while s[0] != "end":
            action = P.decide(c, s, worth)
            if action == P.END:
                s = P.next_turn(s)
            elif action == P.RETREAT:
                s = P.end(None, s)
            else:
                s = _sample_assault(c, s, action, rng)
        counts[s[1:]] += 1
    return dict(counts)


def _sample_assault(c: P.Context, st: tuple, action: str, rng: random.Random) -> tuple:
    if action == "infantry":
        return P.infantry_effect(c, st, *_roll(rng, st[P.SOLDIERS[st[0]]]))
    if action == "automaton":
        st = P.mark(st, P.AUTOMATON)
        return P.automaton_effect(st, sum(rng.randrange(2) for _ in range(st[8])))
    kind = action
    st = P.mark(st, P.TANKS if kind == "tanks" else P.AIRPLANES)
    n = P.intercept_count(c, st, kind)
    if n:
        h, _, e = _roll(rng, n)
        st = P.intercept_effect(st, kind, h, e)
    side = st[0]
    if kind == "airplanes":
        flying = st[P.AIRPLANES_AT[side]]
        if P.uses_paratrooper(c, st):
            flying -= 1
            h, b, e = _roll(rng, 1)
            st = P.paratrooper_effect(st, "hit" if h else "blank" if b else "explosion")
        h, _, e = _roll(rng, flying)
        return P.airplanes_effect(c, st, h, e)
    for _ in range(st[P.TANKS_AT[side]]):
        st = P.tank_effect(c, st, _roll(rng, c.tank_dice[side])[2])
        if st[0] == "end":
            break
    return st
