"""Odds of a battle under the default policy ("steady", see policy.py and docs/battle.md).

The battle under the policy is a Markov chain over compact states, one node per decision
point. Dice are enumerated as counts of faces with their multinomial weights (never 3^n
single faces). Probability mass flows forward in decreasing order of a measure that
every change of pieces lowers; the one cycle (a round in which nothing changed) is
solved in closed form. Exact mode: all arithmetic on integers, fractions reduced at the
end. Float mode (odds(position, exact=False)): the same flow in floats. The chain's
moves are built once per battle (context) and kept, so the odds after each roll of the
same battle only redo the flow (docs/battle.md, "Speed").
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


@lru_cache(maxsize=None)
def airplane_rows(flying: int, interceptors: int, paratrooper: bool) -> tuple:
    """An air assault of `flying` airplanes, met first by `interceptors` (Anti-aircraft
    Culverin; hits destroy flying airplanes, explosions the interceptors), then, if
    `paratrooper` and an airplane is left, one of them drops the paratrooper (rulebook
    13.14), then the rest fire: ((own airplanes lost, enemy airplanes lost, hits,
    paratrooper roll or None), weight over 6**(flying + interceptors)), merged.
    The same rules as policy.intercept_effect, paratrooper_effect and airplanes_effect
    (a test checks they agree)."""
    total = flying + interceptors
    rows: dict = {}
    for h1, e1, x1 in hits_explosions_table(interceptors):
        shot = min(h1, flying)
        left = flying - shot
        drops = [(None, 0, 1, 0)]
        if paratrooper and left:
            drops = [(roll, 1 if roll == "explosion" else 0, x, 1) for roll, x in PARATROOPER]
        for para, para_lost, xp, para_dice in drops:
            fly = left - para_dice
            for h, e, x in hits_explosions_table(fly):
                key = (shot + para_lost + e, e1, h, para)
                rolled = interceptors + para_dice + fly
                rows[key] = rows.get(key, 0) + x1 * xp * x * pow6(total - rolled)
    return tuple(k + (w,) for k, w in rows.items())


def _volley(c: P.Context, st: tuple, tanks: int, cache: dict) -> tuple:
    """The side's tanks fire in turn, the first always, the next ones while the policy
    says so (P.tank_fires): ((alive|win|explode, kills so far, weight over
    6**(tanks * dice)), ...). Depends on the soldiers on both sides and the protection."""
    side = st[0]
    foe_soldiers = st[P.SOLDIERS[1 - side]]
    # the castle protects against the attacker's tanks only
    key = ("volley", side, tanks, foe_soldiers, st[P.SOLDIERS[side]], P.level(c, st) if side == P.ATTACKER else 0)
    rows = cache.get(key)
    if rows is not None:
        return rows
    dice = c.tank_dice[side]
    shots = [(P.tank_kills(c, st, e), x) for e, x in explosions_table(dice)]
    own = st[P.SOLDIERS[side]]
    # whether the next tank fires, by defenders left (shared by the volleys of one level and army)
    fires_key = ("fires", side, own, key[-1])
    fires = cache.get(fires_key)
    if fires is None or len(fires) <= foe_soldiers:
        fires = cache[fires_key] = [P.worth_firing(shots, left, own) for left in range(foe_soldiers + 1)]
    exploding = sum(x for kills, x in shots if kills is None)
    hitting = [(kills, x) for kills, x in shots if kills is not None]
    alive = {0: 1}
    done: dict = {}
    get = done.get
    for fired in range(tanks):
        rest = pow6(dice * (tanks - fired - 1))
        later: dict = {}
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


# The chain's nodes are compact states packed into one int (hashing a 10-tuple at every
# dictionary look-up was most of the time): bit 0 the side, bits 1-4 the assaults made,
# then the eight piece counts in fields of `bits` bits. node >> 8 is the group (the pieces).
_LOW = 8
_ORDER = [_order((low & 1, low >> 1)) for low in range(32)]


class _Chain:
    """The policy's Markov chain in one battle context: every decision point's moves,
    computed once and kept, so the odds after each roll of one battle (same context,
    fewer pieces) reuse what the odds before it built (see _chain).

    A decision point whose action is END is the next turn's start, and one whose action
    is RETREAT is that end: moves go to them directly (fewer nodes). Ends stay tuples
    ("end", winner, a_soldiers, d_soldiers); nodes are ints."""

    def __init__(self, c: P.Context, bits: int):
        self.c = c
        self.bits = bits
        self.shifts = [_LOW + bits * k for k in range(8)]
        self.mask = (1 << bits) - 1
        self.worth = worth_infantry_for(c)
        self.cache: dict = {}
        self.targets: dict = {}
        self.actions: dict = {}
        self.moves: dict = {}
        self.programs: dict = {}
        self.float_programs: dict = {}

    def encode(self, st: tuple) -> int:
        n = st[0] | st[1] << 1
        for value, shift in zip(st[2:], self.shifts):
            n |= int(value) << shift
        return n

    def decode(self, n: int) -> tuple:
        m = self.mask
        s = self.shifts
        return (n & 1, (n >> 1) & 15, n >> s[0] & m, n >> s[1] & m, n >> s[2] & m, n >> s[3] & m,
                n >> s[4] & m, n >> s[5] & m, n >> s[6] & m, bool(n >> s[7] & m))

    def target(self, st: tuple):
        """The node (or end) a compact state st stands for: END and RETREAT taken at once."""
        if st[0] == "end":
            return st
        return self.node_target(self.encode(st))

    def node_target(self, n: int):
        """target() of a packed state."""
        t = self.targets.get(n)
        if t is None:
            s = self.decode(n)
            while True:
                action = P.decide(self.c, s, self.worth)
                if action == P.END:
                    s = P.next_turn(s)
                elif action == P.RETREAT:
                    t = P.end(None, s)
                    break
                else:
                    t = self.encode(s)
                    self.actions[t] = action
                    break
            self.targets[n] = t
        return t

    def infantry(self, node: int, st: tuple) -> tuple:
        """The infantry assault's moves from node: (dist {node or end: weight}, dice)."""
        s, m = self.shifts, self.mask
        # the castle matters only to the attacker (protection, Great Cannons): the
        # defender's rows leave the towers field alone and are shared across it
        castle = st[0] == P.ATTACKER
        key = ("packed infantry",) + st[:2] + ((st[2], st[5], st[8], st[9]) if castle else (st[2], st[5]))
        rows = self.cache.get(key)
        if rows is None:
            rows = self.cache[key] = tuple(
                (row, x) if row[0] == "end" else
                (row[0] << 1 | row[1] << s[0] | row[2] << s[3] | (row[3] << s[6] if castle else 0), x)
                for row, x in _infantry_rows(self.c, st, self.cache))
        keep = node & ~(15 << 1 | m << s[0] | m << s[3] | (m << s[6] if castle else 0))
        targets = self.targets
        dist: dict = {}
        for row, x in rows:
            if type(row) is int:
                n = keep | row
                t = targets.get(n)
                if t is None:
                    t = self.node_target(n)
                dist[t] = dist.get(t, 0) + x
            else:
                dist[row] = dist.get(row, 0) + x
        return dist, st[P.SOLDIERS[st[0]]]

    def automaton(self, node: int, st: tuple) -> tuple:
        """The defender's automaton: one die per tower, explosions count as blanks."""
        base = node | P.AUTOMATON << 1
        targets = self.targets
        dist: dict = {}
        for hits, x in hits_table(st[8]):
            if hits >= st[2]:
                t = ("end", "defender", 0, st[5])
                dist[t] = dist.get(t, 0) + x
            else:
                n = base - (hits << self.shifts[0])
                t = targets.get(n)
                if t is None:
                    t = self.node_target(n)
                dist[t] = dist.get(t, 0) + x
        return dist, st[8]

    def tanks(self, node: int, st: tuple) -> tuple:
        """The tank assault's moves: the Anti-tank Bomb interception, then the volley (_volley)."""
        c = self.c
        side = st[0]
        foe = 1 - side
        st = P.mark(st, P.TANKS)
        tanks = st[P.TANKS_AT[side]]
        interceptors = min(st[P.AIRPLANES_AT[foe]], tanks) if c.anti_tank_bomb[foe] else 0
        s = self.shifts
        own_tanks, foe_air = s[P.TANKS_AT[side] - 2], s[P.AIRPLANES_AT[foe] - 2]
        foe_soldiers = s[P.SOLDIERS[foe] - 2]
        base = node | P.TANKS << 1
        dice = c.tank_dice[side]
        own = st[P.SOLDIERS[side]]
        foes = st[P.SOLDIERS[foe]]
        name, foe_name = P._name(side), P._name(foe)
        targets = self.targets
        dist: dict = {}
        for hits, explosions, x in hits_explosions_table(interceptors):
            shot = min(hits, tanks)
            left = tanks - shot
            after = base - (shot << own_tanks) - (explosions << foe_air)
            if not left:
                n = after
                t = targets.get(n)
                if t is None:
                    t = self.node_target(n)
                dist[t] = dist.get(t, 0) + x * pow6(tanks * dice)
                continue
            x *= pow6(shot * dice)
            for kind, kills, y in _volley(c, st, left, self.cache):
                if kind == "alive":
                    n = after - (kills << foe_soldiers)
                    t = targets.get(n)
                    if t is None:
                        t = self.node_target(n)
                    dist[t] = dist.get(t, 0) + x * y
                    continue
                if kind == "win":
                    t = ("end", name, own, 0) if side == P.ATTACKER else ("end", name, 0, own)
                else:
                    t = ("end", foe_name, 0, foes - kills) if side == P.ATTACKER else ("end", foe_name, foes - kills, 0)
                dist[t] = dist.get(t, 0) + x * y
        return dist, interceptors + tanks * dice

    def airplanes(self, node: int, st: tuple) -> tuple:
        """The air assault's moves from node, without building a state per roll:
        (dist {node or end: weight}, dice)."""
        c = self.c
        side = st[0]
        foe = 1 - side
        flying = st[P.AIRPLANES_AT[side]]
        interceptors = min(st[P.AIRPLANES_AT[foe]], flying) if c.culverin[foe] else 0
        paratrooper = side == P.ATTACKER and c.paratrooper and c.castle and not st[9] and st[2] >= 2
        s = self.shifts
        own_air, foe_air = s[P.AIRPLANES_AT[side] - 2], s[P.AIRPLANES_AT[foe] - 2]
        foe_soldiers, own_soldiers = s[P.SOLDIERS[foe] - 2], s[P.SOLDIERS[side] - 2]
        para_bit = 1 << s[7]
        base = node | P.AIRPLANES << 1
        foes, own = st[P.SOLDIERS[foe]], st[P.SOLDIERS[side]]
        per_hit = 1 + c.gyroscope[side]
        winner = P._name(side)
        targets = self.targets
        dist: dict = {}
        for lost, foe_lost, hits, para, w in airplane_rows(flying, interceptors, paratrooper):
            kills = hits * per_hit
            if kills >= foes:
                left = own - 1 if para else own
                t = ("end", winner, left, 0) if side == P.ATTACKER else ("end", winner, 0, left)
            else:
                n = base - (lost << own_air) - (foe_lost << foe_air) - (kills << foe_soldiers)
                if para:
                    n -= 1 << own_soldiers
                    if para == "hit":
                        n |= para_bit
                t = targets.get(n)
                if t is None:
                    t = self.node_target(n)
            dist[t] = dist.get(t, 0) + w
        return dist, flying + interceptors

    def out(self, node: int) -> tuple:
        """The node's moves, weights over 6**dice: (same pieces ((node, w), ...), others ((node or end, w), ...), dice)."""
        moves = self.moves.get(node)
        if moves is None:
            st = self.decode(node)
            action = self.actions.get(node) or P.decide(self.c, st, self.worth)
            dist, dice = getattr(self, action)(node, st)
            group = node >> _LOW
            inside, leaving = [], []
            for move in dist.items():
                t = move[0]
                (inside if type(t) is int and t >> _LOW == group else leaving).append(move)
            moves = self.moves[node] = tuple(inside), tuple(leaving), dice
        return moves

    def program(self, group: int, entered) -> tuple:
        """The group's nodes reachable from the entered ones, in flow order (the attacker's
        turn start first, index 0), with their moves: (order, {node: index}, inner
        [((index, w), ...)], leaving [((target, w), ...)], dice [n], head in order)."""
        known = self.programs.get(group)
        if known is not None and all(s in known[1] for s in entered):
            return known
        nodes = set(known[0]) if known else set()
        todo = list(entered)
        while todo:
            s = todo.pop()
            if s not in nodes:
                nodes.add(s)
                todo.extend(t for t, _ in self.out(s)[0] if t not in nodes)
        order = sorted(nodes, key=lambda s: _ORDER[s & 31])
        index = {s: i for i, s in enumerate(order)}
        moves = [self.out(s) for s in order]
        program = (order, index, [tuple((index[t], x) for t, x in m[0]) for m in moves],
                   [m[1] for m in moves], [m[2] for m in moves], order[0] == group << _LOW)
        self.programs[group] = program
        self.float_programs.pop(group, None)
        return program

    def float_program(self, group: int, entered) -> tuple:
        """program() with float probabilities: (order, inner, leaving, head in order)."""
        program = self.program(group, entered)
        known = self.float_programs.get(group)
        if known is None or known[0] is not program[0]:
            order, _, inner, leaving, dice, has_head = program
            units = [1.0 / pow6(n) for n in dice]
            known = (order,
                     [tuple((j, x * u) for j, x in row) for row, u in zip(inner, units)],
                     [tuple((t, x * u) for t, x in row) for row, u in zip(leaving, units)],
                     has_head)
            self.float_programs[group] = known
        return known


_CHAINS: dict = {}
_KEEP = 1


def _chain(c: P.Context, bits: int) -> _Chain:
    """The chain of context c, kept for the last _KEEP contexts (one battle is one context)."""
    chain = _CHAINS.pop((c, bits), None)
    if chain is None:
        chain = _Chain(c, bits)
        while len(_CHAINS) >= _KEEP:
            del _CHAINS[next(iter(_CHAINS))]
    _CHAINS[(c, bits)] = chain
    return chain


def clear_cache() -> None:
    """Forget the kept chains (the benchmark measures cold runs with it)."""
    _CHAINS.clear()


def end_distribution(position: dict, exact: bool = True) -> tuple[dict, int | float]:
    """Where the battle ends under the policy: ({(winner, attacker soldiers, defender
    soldiers): mass}, denominator); winner None is a retreat. Exact: integer numerators
    over one common denominator; exact=False: float probabilities, denominator 1.0.

    The chain's nodes are decision points (compact states). Nodes with the same pieces
    form a group; inside it only the assaults made and whose turn it is change, in one
    order, except the attacker's turn start reached again after a round in which nothing
    changed: the one cycle, solved in closed form per group. Every other move lowers
    the measure, so groups are finished in decreasing measure. Exact masses are integers
    over one common denominator, which grows once per level (one value of the measure);
    fractions are reduced only at the end."""
    if position["over"]:
        key = (position["winner"], position["attacker"]["soldiers"], position["defender"]["soldiers"])
        return ({key: 1}, 1) if exact else ({key: 1.0}, 1.0)
    st = P.compact(position)
    chain = _chain(P.context(position), max(_LOW, max(st[2:9]).bit_length()))
    first = chain.target(st)
    if type(first) is not int:
        return ({first[1:]: 1}, 1) if exact else ({first[1:]: 1.0}, 1.0)
    if not exact:
        return _float_distribution(chain, first), 1.0
    # mass[t] = (numerator, level): over the denominator of that level; brought up to
    # date only when touched (the levels' factors in between: ratio)
    mass: dict = {first: (1, 0)}
    heap: list = [(-_measure(st), first >> _LOW)]
    members: dict = {first >> _LOW: {first}}
    factors: list = []
    ratios: dict = {}

    def ratio(i: int, j: int) -> int:
        r = ratios.get((i, j))
        if r is None:
            r = ratios[(i, j)] = ratio(i, j - 1) * factors[j - 1] if j - 1 > i else factors[i]
        return r

    def current(node, level: int) -> int:
        n, at = mass.pop(node, (0, level))
        return n if at == level else n * ratio(at, level)

    while heap:
        top = heap[0][0]
        level = len(factors)
        groups = []
        while heap and heap[0][0] == top:
            group = heapq.heappop(heap)[1]
            program = chain.program(group, members.pop(group))
            groups.append(_solve_group(program, [current(s, level) for s in program[0]]))
        factor = lcm(*(scale for scale, _ in groups))
        factors.append(factor)
        level += 1
        for scale, contributions in groups:
            numerator = factor // scale
            for t, w in contributions:
                old = mass.get(t)
                if old is None:
                    mass[t] = (numerator * w, level)
                    if type(t) is not int:
                        continue
                    g = t >> _LOW
                    entered = members.get(g)
                    if entered is None:
                        members[g] = {t}
                        heapq.heappush(heap, (-_measure(chain.decode(t)), g))
                    else:
                        entered.add(t)
                else:
                    n, at = old
                    mass[t] = ((n if at == level else n * ratio(at, level)) + numerator * w, level)
    level = len(factors)
    return {t[1:]: current(t, level) for t in list(mass)}, ratio(0, level) if level else 1


def _float_distribution(chain: _Chain, first: int) -> dict:
    """end_distribution in floats: the same flow, the cycle solved by one division."""
    mass = {first: 1.0}
    members = {first >> _LOW: {first}}
    heap = [(-_measure(chain.decode(first)), first >> _LOW)]
    pop = mass.pop
    get = mass.get
    while heap:
        group = heapq.heappop(heap)[1]
        order, inner, leaving, has_head = chain.float_program(group, members.pop(group))
        alpha = [pop(s, 0.0) for s in order]
        back_a = 0.0
        if has_head:
            beta = [0.0] * len(order)
            beta[0] = 1.0
            back_b = 0.0
            for i, row in enumerate(inner):
                a, b = alpha[i], beta[i]
                for j, x in row:
                    if j:
                        alpha[j] += a * x
                        beta[j] += b * x
                    else:
                        back_a += a * x
                        back_b += b * x
            loop = back_a / (1.0 - back_b)
            alpha = [a + b * loop for a, b in zip(alpha, beta)]
        else:
            for i, row in enumerate(inner):
                a = alpha[i]
                for j, x in row:
                    alpha[j] += a * x
        for node, row in zip(alpha, leaving):
            if not node:
                continue
            for t, x in row:
                old = get(t)
                if old is None:
                    mass[t] = node * x
                    if type(t) is int:
                        g = t >> _LOW
                        entered = members.get(g)
                        if entered is None:
                            members[g] = {t}
                            heapq.heappush(heap, (-_measure(chain.decode(t)), g))
                        else:
                            entered.add(t)
                else:
                    mass[t] = old + node * x
    return {(w, a, d): p for (_, w, a, d), p in mass.items()}


def _solve_group(program: tuple, masses: list) -> tuple:
    """Flow a group's mass (integers over the common denominator) through its nodes.

    Returns (scale, [(target, numerator over denominator * scale), ...]) for the
    targets outside the group. A node's mass is alpha + beta * l, l the unknown inflow
    back into the attacker's turn start (index 0); numbers carry 6**(dice still to roll
    in the group) so each division by a roll's 6**n is exact."""
    order, _, inner, leaving, dice, has_head = program
    unit = pow6(sum(dice))
    divs = [pow6(n) for n in dice]
    alpha = [m * unit for m in masses]
    beta = [0] * len(order)
    if has_head:
        beta[0] = unit
    back_a = back_b = 0
    for i, row in enumerate(inner):
        if not row:
            continue
        div = divs[i]
        qa, qb = alpha[i] // div, beta[i] // div
        for j, x in row:
            if j:
                alpha[j] += qa * x
                beta[j] += qb * x
            else:
                back_a += qa * x
                back_b += qb * x
    # head's inflow from the loop: L = unit * l = back_a + back_b * l, so l = back_a / z
    z = unit - back_b if has_head else 1
    nodes = []
    for i, row in enumerate(leaving):
        if row:
            div = divs[i]
            node = (alpha[i] // div) * z + (beta[i] // div) * back_a
            if node:
                nodes.append((node, row))
    # reduce by what the scale shares with every node's mass (a big % small per node,
    # then small gcds): cheaper than with every target's sum, and nearly as good
    scale = unit * z
    common = scale
    for node, _ in nodes:
        common = gcd(common, node % common)
        if common == 1:
            break
    if common > 1:
        scale //= common
        twos = (common & -common).bit_length() - 1
        odd = common >> twos
        nodes = [((node >> twos) // odd if odd > 1 else node >> twos, row) for node, row in nodes]
    contributions: dict = {}
    get = contributions.get
    for node, row in nodes:
        for t, x in row:
            contributions[t] = get(t, 0) + node * x
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


def odds(position: dict, exact: bool = True) -> dict:
    """Odds of a position under the policy: attacker win, defender win, retreat, and the
    distribution of each side's surviving soldiers (with "at least" sums).

    exact=True (the CLI): exact fractions as reduced "n/d" strings next to the floats.
    exact=False (live updates on the battle screen): the same computation in floats,
    much faster for big battles; every "exact" string is then None."""
    if not isinstance(position, dict) or "setup" not in position:
        raise GameError("odds need a battle position (from start or step)")
    ends, denominator = end_distribution(position, exact)
    totals = {"attacker": 0, "defender": 0, None: 0}
    survivors = {"attacker": defaultdict(int), "defender": defaultdict(int)}
    for (winner, a, d), n in ends.items():
        totals[winner] += n
        survivors["attacker"][a] += n
        survivors["defender"][d] += n
    if exact:
        fractions = {key: Fraction(n, denominator) for key, n in totals.items()}
        strings = {name: _fraction(fractions[key]) for name, key in _TOTALS}
    else:
        fractions = totals
        strings = dict.fromkeys(name for name, _ in _TOTALS)
    result = {name: float(fractions[key]) for name, key in _TOTALS}
    result.update({"exact": strings, "policy": P.NAME, "survivors": {}})
    for side, counts in survivors.items():
        rows = {}
        at_least = 0
        for n in sorted(counts, reverse=True):
            at_least += counts[n]
            if exact:
                p = Fraction(counts[n], denominator)
                rows[str(n)] = {"p": float(p), "exact": _fraction(p), "at_least": at_least / denominator}
            else:
                rows[str(n)] = {"p": counts[n], "exact": None, "at_least": min(1.0, at_least)}
        result["survivors"][side] = dict(sorted(rows.items(), key=lambda kv: int(kv[0])))
    return result


_TOTALS = (("attacker_wins", "attacker"), ("defender_wins", "defender"), ("retreat", None))


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
