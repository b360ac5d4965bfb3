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
from math import comb, gcd, lcm

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


@lru_cache(maxsize=None)
def totals_table(n: int, multi_gun: int, battle_wagon: int) -> tuple:
    """((total hits after the bonuses, explosions, weight), ...) of n infantry dice."""
    merged: dict = defaultdict(int)
    for h, b, e, w in faces_table(n):
        merged[(h + min(multi_gun, h) + min(battle_wagon, b), e)] += w
    return tuple((t, e, w) for (t, e), w in merged.items())


def _infantry_rows(c: P.Context, st: tuple, cache: dict) -> tuple:
    """An infantry assault's outcomes from st, merged: ((end, or (used, a_s, d_s, towers)), weight).

    Only the soldiers, towers and paratrooper change it, so rows are shared by all states
    that differ in tanks or airplanes (cached for one computation)."""
    key = (st[0], st[1], st[2], st[5], st[8], st[9])
    rows = cache.get(key)
    if rows is None:
        side = st[0]
        table = totals_table(st[P.SOLDIERS[side]], c.multi_gun[side], c.battle_wagon[side])
        rows = cache[key] = tuple(P.infantry_outcomes(c, st, table).items())
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


def end_distribution(position: dict) -> tuple[dict, int]:
    """Where the battle ends under the policy, exactly: ({(winner, attacker soldiers,
    defender soldiers): numerator}, common denominator); winner None is a retreat."""
    if position["over"]:
        return {(position["winner"], position["attacker"]["soldiers"], position["defender"]["soldiers"]): 1}, 1
    c = P.context(position)
    worth = worth_infantry_for(c)
    start = P.compact(position)
    cache: dict = {}

    def turn(st):
        """The whole turn from st: ({next turn's state or end: weight over 6**bound}, bound)."""
        bound = turn_bound(c, st)
        out: dict = {}
        turn_into(c, st, pow6(bound), worth, out, cache)
        return out, bound

    # Masses are integers over one common denominator. The chain's nodes are turn starts;
    # an attacker's and the defender's turn start with the same pieces form a pair that
    # may cycle (two turns in which nothing changed), solved in closed form. Pairs are
    # taken a level (one value of the measure) at a time: none leads to another of the
    # same level, so the denominator grows once per level, by the lcm of its pairs' factors.
    mass: dict = {}
    ends: dict = {}
    heap: list = []
    queued: set = set()

    def push(dist: dict, numerator: int) -> None:
        for s, w in dist.items():
            if s[0] == "end":
                ends[s] = ends.get(s, 0) + numerator * w
                continue
            mass[s] = mass.get(s, 0) + numerator * w
            pieces = s[2:]
            if pieces not in queued:
                queued.add(pieces)
                heapq.heappush(heap, (-_measure(s), pieces))

    if start[0] == P.ATTACKER and start[1] == 0:
        push({start: 1}, 1)
        denominator = 1
    else:
        dist, bound = turn(start)
        push(dist, 1)
        denominator = pow6(bound)
    while heap:
        top = heap[0][0]
        pairs = []
        while heap and heap[0][0] == top:
            pieces = heapq.heappop(heap)[1]
            att, dfd = (P.ATTACKER, 0) + pieces, (P.DEFENDER, 0) + pieces
            a, d = mass.pop(att, 0), mass.pop(dfd, 0)
            dist_a, bound_a = turn(att)
            dist_d, bound_d = turn(dfd)
            w_a = dist_a.pop(dfd, 0)  # the attacker's turn changed nothing
            w_d = dist_d.pop(att, 0)  # nor did the defender's
            scale = pow6(bound_a + bound_d) - w_a * w_d
            common = gcd(scale, *dist_a.values(), *dist_d.values())  # mostly spare powers of 6
            if common > 1:
                scale //= common
                dist_a = {k: w // common for k, w in dist_a.items()}
                dist_d = {k: w // common for k, w in dist_d.items()}
            # mass through each start, over (denominator * scale):
            through_a = a * pow6(bound_d) + w_d * d
            through_d = d * pow6(bound_a) + w_a * a
            pairs.append((scale, through_a, dist_a, through_d, dist_d))
        factor = lcm(*(p[0] for p in pairs))
        for other in mass:
            mass[other] *= factor
        for other in ends:
            ends[other] *= factor
        denominator *= factor
        for scale, through_a, dist_a, through_d, dist_d in pairs:
            push(dist_a, through_a * (factor // scale))
            push(dist_d, through_d * (factor // scale))
    return {(w, a, d): n for (_, w, a, d), n in ends.items()}, denominator


def _decimal(n: int) -> str:
    """str(n) for any size (Python refuses str() of ints over 4300 digits by default)."""
    if n < 10**4000:
        return str(n)
    half = int(n.bit_length() * 0.30103) // 2
    high, low = divmod(n, 10**half)
    return _decimal(high) + _decimal(low).zfill(half)


def _fraction(p: Fraction) -> str:
    return f"{_decimal(p.numerator)}/{_decimal(p.denominator)}"


def odds(position: dict) -> dict:
    """Exact odds of a position under the policy: attacker win, defender win, retreat,
    and the distribution of each side's surviving soldiers (with "at least" sums)."""
    if not isinstance(position, dict) or "setup" not in position:
        raise GameError("odds need a battle position (from start or step)")
    ends, denominator = end_distribution(position)
    totals = {"attacker": 0, "defender": 0, None: 0}
    survivors = {"attacker": defaultdict(int), "defender": defaultdict(int)}
    for (winner, a, d), n in ends.items():
        totals[winner] += n
        survivors["attacker"][a] += n
        survivors["defender"][d] += n
    exact = {key: Fraction(n, denominator) for key, n in totals.items()}
    result = {
        "attacker_wins": float(exact["attacker"]),
        "defender_wins": float(exact["defender"]),
        "retreat": float(exact[None]),
        "exact": {
            "attacker_wins": _fraction(exact["attacker"]),
            "defender_wins": _fraction(exact["defender"]),
            "retreat": _fraction(exact[None]),
        },
        "policy": P.NAME,
        "survivors": {},
    }
    for side, counts in survivors.items():
        rows = {}
        at_least = 0
        for n in sorted(counts, reverse=True):
            at_least += counts[n]
            p = Fraction(counts[n], denominator)
            rows[str(n)] = {"p": float(p), "exact": _fraction(p), "at_least": at_least / denominator}
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


# ---------------------------------------------------------------- the policy as notation steps

_FACES = ("hit", "hit", "hit", "blank", "blank", "explosion")


def policy_step(position: dict, rng: random.Random) -> dict:
    """The policy's next notation step from a running position, its dice rolled with rng.

    Drives the step machine itself, so a simulation through it checks the compact model
    the exact odds use against the machine's rules."""
    from . import machine

    c = P.context(position)
    worth = worth_infantry_for(c)
    st = P.compact(position)
    action = P.decide(c, st, worth)
    if action == P.END:
        st = P.next_turn(st)
        action = P.decide(c, st, worth)
    side = "attacker" if st[0] == P.ATTACKER else "defender"
    if action == P.RETREAT:
        return {"side": "attacker", "retreat": True}

    def roll(n):
        return [rng.choice(_FACES) for _ in range(n)]

    step = {"side": side, "assault": action}
    if action == "infantry":
        step["dice"] = roll(st[P.SOLDIERS[st[0]]])
        if st[0] == P.ATTACKER and c.great_cannon and st[8]:
            step["great_cannon"] = True
        return step
    if action == "automaton":
        step["dice"] = roll(st[8])
        return step
    st = P.mark(st, P.TANKS if action == "tanks" else P.AIRPLANES)
    n = P.intercept_count(c, st, action)
    if n:
        dice = roll(n)
        step["intercept"] = {"airplanes": n, "dice": dice}
        st = P.intercept_effect(st, action, dice.count("hit"), dice.count("explosion"))
    if action == "airplanes":
        flying = st[P.AIRPLANES_AT[st[0]]]
        if P.uses_paratrooper(c, st):
            step["paratrooper"] = roll(1)[0]
            flying -= 1
        step["dice"] = roll(flying)
        return step
    step["rolls"] = []
    for _ in range(st[P.TANKS_AT[st[0]]]):
        step["rolls"].append(roll(c.tank_dice[st[0]]))
        if machine.step(position, step)["over"]:
            break
    return step


def simulate(position: dict, games: int, seed: int = 0) -> dict:
    """Play the policy `games` times through the step machine: {(winner, a, d): count}."""
    from . import machine

    rng = random.Random(seed)
    counts: dict = defaultdict(int)
    for _ in range(games):
        pos = position
        while not pos["over"]:
            pos = machine.step(pos, policy_step(pos, rng))
        counts[(pos["winner"], pos["attacker"]["soldiers"], pos["defender"]["soldiers"])] += 1
    return dict(counts)
