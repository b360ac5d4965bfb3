"""Frozen copy of companion/games/magnifico/battle/odds.py before the speed work (commit db91fd9),
kept only as the baseline of bench/bench_odds.py.

Exact odds of a battle under the default policy ("steady", see policy.py and docs/battle.md).

The battle under the policy is a Markov chain over compact states, one node per decision
point. Dice are enumerated as counts of faces with their multinomial weights (never 3^n
single faces). Probability mass flows forward in decreasing order of a measure that
every change of pieces lowers; the one cycle (a round in which nothing changed) is
solved in closed form. All arithmetic is on integers; fractions are reduced at the end.
"""

from __future__ import annotations

import heapq
import random
from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from math import comb, gcd, lcm

from companion.errors import GameError

from companion.games.magnifico.battle import policy as P


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


# ---------------------------------------------------------------- one assault, enumerated
# A weight w stands for the probability w / 6**B, B a bound on the dice the assault can
# roll; rolling n dice turns w into (w // 6**n) * weight, exact because w is a multiple
# of 6**(dice still to roll).


def _add(dist: dict, key, w) -> None:
    dist[key] = dist.get(key, 0) + w


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
    """The side's tanks fire in turn, the first always, the next ones while the policy
    says so (P.tank_fires): ((alive|win|explode, kills so far, weight over
    6**(tanks * dice)), ...). Depends on the soldiers on both sides and the protection."""
    side = st[0]
    foe_soldiers = st[P.SOLDIERS[1 - side]]
    key = ("volley", side, tanks, foe_soldiers, st[P.SOLDIERS[side]], P.level(c, st))
    rows = cache.get(key)
    if rows is not None:
        return rows
    dice = c.tank_dice[side]
    shots = [(P.tank_kills(c, st, e), x) for e, x in explosions_table(dice)]
    own = st[P.SOLDIERS[side]]
    alive = {0: 1}
    done: dict = {}
    for fired in range(tanks):
        rest = pow6(dice * (tanks - fired - 1))
        later: dict = {}
        for k, v in alive.items():
            if fired and not P.worth_firing(shots, foe_soldiers - k, own):
                _add(done, ("alive", k), v * rest * pow6(dice))
                continue
            for kills, x in shots:
                if kills is None:
                    _add(done, ("explode", k), v * x * rest)
                elif k + kills >= foe_soldiers:
                    _add(done, ("win", 0), v * x * rest)
                else:
                    _add(later, k + kills, v * x)
        alive = later
    for k, v in alive.items():
        _add(done, ("alive", k), v)
    rows = tuple((kind, k, x) for (kind, k), x in done.items())
    cache[key] = rows
    return rows


def _measure(st: tuple) -> int:
    return st[2] + st[3] + st[4] + st[5] + st[6] + st[7] + st[8] + (0 if st[9] else 1)


def assault_bound(c: P.Context, st: tuple, action: str) -> int:
    """At most how many dice one assault of the policy rolls from st (interceptions included)."""
    side = st[0]
    foe_airplanes = st[P.AIRPLANES_AT[1 - side]]
    if action == "infantry":
        return st[P.SOLDIERS[side]]
    if action == "automaton":
        return st[8]
    if action == "airplanes":
        return st[P.AIRPLANES_AT[side]] + foe_airplanes
    return foe_airplanes + st[P.TANKS_AT[side]] * c.tank_dice[side]


def _order(st: tuple) -> tuple:
    """Within one set of pieces: the attacker's decision points, by assaults made, then the defender's."""
    return (st[0], bin(st[1]).count("1"), st[1])


def end_distribution(position: dict) -> tuple[dict, int]:
    """Where the battle ends under the policy, exactly: ({(winner, attacker soldiers,
    defender soldiers): numerator}, common denominator); winner None is a retreat.

    The chain's nodes are decision points (compact states). Nodes with the same pieces
    form a group; inside it only the assaults made and whose turn it is change, in one
    order, except the defender's "end of turn" back to the attacker's turn start: the
    one cycle (a round in which nothing changed), solved in closed form per group.
    Every other move lowers the measure, so groups are finished a level (one value of
    the measure) at a time. Masses are integers over one common denominator, which
    grows once per level; fractions are reduced only at the end."""
    if position["over"]:
        return {(position["winner"], position["attacker"]["soldiers"], position["defender"]["soldiers"]): 1}, 1
    c = P.context(position)
    worth = worth_infantry_for(c)
    cache: dict = {}
    outs: dict = {}

    def out(st):
        """st's moves, weights over 6**dice: (same pieces [(node, w)], others [(node or end, w)], dice)."""
        if st not in outs:
            action = P.decide(c, st, worth)
            if action == P.END:
                dist, dice = {P.next_turn(st): 1}, 0
            elif action == P.RETREAT:
                dist, dice = {P.end(None, st): 1}, 0
            else:
                dice = assault_bound(c, st, action)
                dist = {}
                assault_into(c, st, action, pow6(dice), dist, dist, cache)
            pieces = st[2:]
            inside = tuple((t, x) for t, x in dist.items() if t[0] != "end" and t[2:] == pieces)
            leaving = tuple((t, x) for t, x in dist.items() if t[0] == "end" or t[2:] != pieces)
            outs[st] = inside, leaving, dice
        return outs[st]

    mass: dict = {}
    ends: dict = {}
    heap: list = []
    queued: set = set()
    members: dict = defaultdict(set)

    def push(dist, numerator: int) -> None:
        for s, w in dist:
            if s[0] == "end":
                ends[s] = ends.get(s, 0) + numerator * w
                continue
            mass[s] = mass.get(s, 0) + numerator * w
            pieces = s[2:]
            members[pieces].add(s)
            if pieces not in queued:
                queued.add(pieces)
                heapq.heappush(heap, (-_measure(s), pieces))

    push([(P.compact(position), 1)], 1)
    denominator = 1
    while heap:
        top = heap[0][0]
        groups = []
        while heap and heap[0][0] == top:
            pieces = heapq.heappop(heap)[1]
            groups.append(_solve_group(pieces, members.pop(pieces), mass, out))
        factor = lcm(*(scale for scale, _ in groups))
        for other in mass:
            mass[other] *= factor
        for other in ends:
            ends[other] *= factor
        denominator *= factor
        for scale, contributions in groups:
            push(contributions, factor // scale)
    return {(w, a, d): n for (_, w, a, d), n in ends.items()}, denominator


def _solve_group(pieces: tuple, entered: set, mass: dict, out) -> tuple:
    """Flow a group's mass (integers over the common denominator) through its nodes.

    Returns (scale, [(target, numerator over denominator * scale), ...]) for the
    targets outside the group. A node's mass is alpha + beta * l, l the unknown inflow
    back into the attacker's turn start; numbers carry 6**(dice still to roll in the
    group) so each division by a roll's 6**n is exact."""
    nodes = set()
    todo = list(entered)
    while todo:
        s = todo.pop()
        if s not in nodes:
            nodes.add(s)
            todo.extend(t for t, _ in out(s)[0] if t not in nodes)
    order = sorted(nodes, key=_order)
    unit = pow6(sum(out(s)[2] for s in order))
    head = (P.ATTACKER, 0) + pieces
    alpha = {s: mass.pop(s, 0) * unit for s in order}
    beta = dict.fromkeys(order, 0)
    if head in nodes:
        beta[head] = unit
    # the moves that change nothing but the turn and the assaults made
    back_a = back_b = 0
    for s in order:
        inside, _, dice = out(s)
        if not inside:
            continue
        div = pow6(dice)
        qa, qb = alpha[s] // div, beta[s] // div
        for t, x in inside:
            if t == head:
                back_a += qa * x
                back_b += qb * x
            else:
                alpha[t] += qa * x
                beta[t] += qb * x
    # head's inflow from the loop: L = unit * l = back_a + back_b * l, so l = back_a / z
    z = unit - back_b if head in nodes else 1
    contributions: dict = {}
    for s in order:
        _, leaving, dice = out(s)
        div = pow6(dice)
        node = (alpha[s] // div) * z + (beta[s] // div) * back_a
        if not node:
            continue
        for t, x in leaving:
            contributions[t] = contributions.get(t, 0) + node * x
    scale = unit * z
    common = gcd(scale, *contributions.values())
    if common > 1:
        scale //= common
        return scale, [(t, n // common) for t, n in contributions.items()]
    return scale, list(contributions.items())


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
    for fired in range(st[P.TANKS_AT[side]]):
        if fired and not P.tank_fires(c, st, st[P.SOLDIERS[1 - side]]):
            break
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
    foe = "defender" if side == "attacker" else "attacker"
    for _ in range(st[P.TANKS_AT[st[0]]]):
        step["rolls"].append(roll(c.tank_dice[st[0]]))
        preview = machine.step(position, step)
        if preview["over"] or not P.tank_fires(c, st, preview[foe]["soldiers"]):
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
