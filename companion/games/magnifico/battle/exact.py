"""Exact odds under the default policy ("steady", see policy.py and docs/battle.md).

The battle under the policy is a Markov chain over compact states, one node per decision
point. Dice are enumerated as counts of faces with their multinomial weights (never 3^n
single faces). Probability mass flows forward in decreasing order of a measure that
every change of pieces lowers; the one cycle (a round in which nothing changed) is
solved in closed form. All arithmetic on integers, fractions reduced at the end. The
chain's moves are built once per battle (context) and kept, so the exact odds after each
roll of the same battle only redo the flow (docs/battle.md, "Exact odds").
"""

from __future__ import annotations

import heapq
from fractions import Fraction
from math import gcd, lcm
from typing import Any, TypeAlias, cast

from . import policy as P
from .dice import hits_explosions_table, hits_table, pow6
from .exact_moves import _infantry_rows, _measure, _volley, airplane_rows
from .policy import Compact

Target: TypeAlias = int | Compact  # a node (a packed decision point) or an end
Dist: TypeAlias = dict[Target, int]  # target -> weight over 6**dice
Moves: TypeAlias = tuple[tuple[tuple[int, int], ...], tuple[tuple[Target, int], ...], int]
# (order, {node: index}, inner moves by index, leaving moves, dice, whether the head is in)
Program: TypeAlias = tuple[list[int], dict[int, int], list[tuple[tuple[int, int], ...]],
                           list[tuple[tuple[Target, int], ...]], list[int], bool]


def _order(st: tuple[int, ...]) -> tuple[int, int, int]:
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

    def __init__(self, c: P.Context, bits: int) -> None:
        self.c = c
        self.bits = bits
        self.shifts = [_LOW + bits * k for k in range(8)]
        self.mask = (1 << bits) - 1
        self.worth = P.worth_infantry_for(c)
        self.cache: dict[tuple[Any, ...], Any] = {}  # rows shared by the moves (exact_moves)
        self.targets: dict[int, Target] = {}
        self.actions: dict[int, str] = {}
        self.moves: dict[int, Moves] = {}
        self.programs: dict[int, Program] = {}

    def encode(self, st: Compact) -> int:
        n: int = st[0] | st[1] << 1
        for value, shift in zip(st[2:], self.shifts):
            n |= int(value) << shift
        return n

    def decode(self, n: int) -> Compact:
        m = self.mask
        s = self.shifts
        return (n & 1, (n >> 1) & 15, n >> s[0] & m, n >> s[1] & m, n >> s[2] & m, n >> s[3] & m,
                n >> s[4] & m, n >> s[5] & m, n >> s[6] & m, bool(n >> s[7] & m))

    def target(self, st: Compact) -> Target:
        """The node (or end) a compact state st stands for: END and RETREAT taken at once."""
        if st[0] == "end":
            return st
        return self.node_target(self.encode(st))

    def node_target(self, n: int) -> Target:
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

    def infantry(self, node: int, st: Compact) -> tuple[Dist, int]:
        """The infantry assault's moves from node: (dist {node or end: weight}, dice)."""
        s, m = self.shifts, self.mask
        # the castle matters only to the attacker (protection, Great Cannons): the
        # defender's rows leave the towers field alone and are shared across it
        castle = st[0] == P.ATTACKER
        key = ("packed infantry",) + st[:2] + ((st[2], st[5], st[8], st[9]) if castle else (st[2], st[5]))
        rows: tuple[tuple[Target, int], ...] | None = self.cache.get(key)
        if rows is None:
            rows = self.cache[key] = tuple(
                (row, x) if row[0] == "end" else
                (row[0] << 1 | row[1] << s[0] | row[2] << s[3] | (row[3] << s[6] if castle else 0), x)
                for row, x in _infantry_rows(self.c, st, self.cache))
        keep = node & ~(15 << 1 | m << s[0] | m << s[3] | (m << s[6] if castle else 0))
        targets = self.targets
        dist: Dist = {}
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

    def automaton(self, node: int, st: Compact) -> tuple[Dist, int]:
        """The defender's automaton: one die per tower, explosions count as blanks."""
        base = node | P.AUTOMATON << 1
        targets = self.targets
        dist: Dist = {}
        t: Target | None
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

    def tanks(self, node: int, st: Compact) -> tuple[Dist, int]:
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
        dist: Dist = {}
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

    def airplanes(self, node: int, st: Compact) -> tuple[Dist, int]:
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
        dist: Dist = {}
        t: Target | None
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

    def out(self, node: int) -> Moves:
        """The node's moves, weights over 6**dice: (same pieces ((node, w), ...), others ((node or end, w), ...), dice)."""
        moves = self.moves.get(node)
        if moves is None:
            st = self.decode(node)
            action = self.actions.get(node) or P.decide(self.c, st, self.worth)
            dist, dice = getattr(self, action)(node, st)
            group = node >> _LOW
            inside: list[tuple[int, int]] = []
            leaving: list[tuple[Target, int]] = []
            for move in dist.items():
                t = move[0]
                (inside if type(t) is int and t >> _LOW == group else leaving).append(move)
            moves = self.moves[node] = tuple(inside), tuple(leaving), dice
        return moves

    def program(self, group: int, entered: set[int]) -> Program:
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
        program: Program = (order, index, [tuple((index[t], x) for t, x in m[0]) for m in moves],
                   [m[1] for m in moves], [m[2] for m in moves], order[0] == group << _LOW)
        self.programs[group] = program
        return program


_CHAINS: dict[tuple[P.Context, int], _Chain] = {}
_KEEP = 1  # chains kept: the battle on the screen
MAX_NODES = 20_000  # a bigger chain is not kept (the worst battle's chain holds about 50,000 nodes, 150 MB)


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
    """Forget the kept chains."""
    _CHAINS.clear()


def end_distribution(position: dict[str, Any]) -> tuple[dict[Any, int], int]:
    """Where the battle ends under the policy: ({(winner, attacker soldiers, defender
    soldiers): numerator}, common denominator); winner None is a retreat.

    The chain's nodes are decision points (compact states). Nodes with the same pieces
    form a group; inside it only the assaults made and whose turn it is change, in one
    order, except the attacker's turn start reached again after a round in which nothing
    changed: the one cycle, solved in closed form per group. Every other move lowers
    the measure, so groups are finished in decreasing measure. Exact masses are integers
    over one common denominator, which grows once per level (one value of the measure);
    fractions are reduced only at the end."""
    if position["over"]:
        key = (position["winner"], position["attacker"]["soldiers"], position["defender"]["soldiers"])
        return {key: 1}, 1
    st = P.compact(position)
    chain = _chain(P.context(position), max(_LOW, max(st[2:9]).bit_length()))
    first = chain.target(st)
    if not isinstance(first, int):
        return {first[1:]: 1}, 1
    # mass[t] = (numerator, level): over the denominator of that level; brought up to
    # date only when touched (the levels' factors in between: ratio)
    mass: dict[Target, tuple[int, int]] = {first: (1, 0)}
    heap: list[tuple[int, int]] = [(-_measure(st), first >> _LOW)]
    members: dict[int, set[int]] = {first >> _LOW: {first}}
    factors: list[int] = []
    ratios: dict[tuple[int, int], int] = {}

    def ratio(i: int, j: int) -> int:
        r = ratios.get((i, j))
        if r is None:
            r = ratios[(i, j)] = ratio(i, j - 1) * factors[j - 1] if j - 1 > i else factors[i]
        return r

    def current(node: Target, level: int) -> int:
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
    ends = cast(list[Compact], list(mass))  # every node has flowed on: only ends are left
    result = {t[1:]: current(t, level) for t in ends}, ratio(0, level) if level else 1
    if len(chain.moves) > MAX_NODES:
        clear_cache()
    return result


def _solve_group(program: Program, masses: list[int]) -> tuple[int, list[tuple[Target, int]]]:
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
    for i, within in enumerate(inner):
        if not within:
            continue
        div = divs[i]
        qa, qb = alpha[i] // div, beta[i] // div
        for j, x in within:
            if j:
                alpha[j] += qa * x
                beta[j] += qb * x
            else:
                back_a += qa * x
                back_b += qb * x
    # head's inflow from the loop: L = unit * l = back_a + back_b * l, so l = back_a / z
    z = unit - back_b if has_head else 1
    nodes: list[tuple[int, tuple[tuple[Target, int], ...]]] = []
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
    contributions: Dist = {}
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


