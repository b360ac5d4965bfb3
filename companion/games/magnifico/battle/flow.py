"""Float odds: the battle's probability flowing forward over columns of states.

A column (columns.py) holds the mass of every state that differs only in the defending
soldiers; the rest of the state (pieces, towers, paratrooper, whose turn and the assaults
made) is its key (outcomes.py). Keys are processed from the largest down, so a key's
column is complete when it is processed (the one exception, the defender's infantry that
kills no attacker, comes back to the next turn's start of the same key, which is simply
processed again with what came back). Processing a column applies the policy's next
action to all of its states at once: a few big-integer operations per outcome of the
assault, whatever the number of defenders. The policy's choice depends on the defenders
only through whether a tank fires, at one threshold, so a column splits in at most two.

Pruning (docs/battle.md, "Float odds"): a column or an outcome carrying less than
EPSILON is dropped as long as everything dropped stays within BUDGET; the mass dropped
is returned, and every probability of the result is at most that much (plus rounding)
below the exact one.
"""

from __future__ import annotations

import heapq
from collections import defaultdict

from . import policy as P
from .columns import FACTOR, RAW_ONE, WIDTH, below, down, normal, raw_floats, to_float, values
from .outcomes import BIG, CODE, Tables, defender_infantry, key, state

EPSILON = 1e-12
BUDGET = 1e-6


class Flow:
    """The float odds of one battle context; keeps its tables for the next positions."""

    def __init__(self, c: P.Context, worth):
        self.c = c
        self.worth = worth
        self.tables = Tables(c)
        self.forward: dict = {}  # key -> the key its column goes to (END taken at once)
        self.profiles: dict = {}  # key -> (action below split, split, action from split on)
        self.table_of: dict = {}  # key -> its action's table

    def size(self) -> int:
        return len(self.tables.cache) + len(self.forward) + len(self.profiles) + len(self.table_of)

    def run(self, st: tuple, epsilon: float = EPSILON, budget: float = BUDGET) -> tuple[dict, float]:
        """({(winner, attacker soldiers, defender soldiers): probability}, mass dropped)."""
        self.pending: dict = {}
        self.heap: list = []
        self.ends: dict = defaultdict(int)  # (winner, attacker soldiers) -> raw column over d
        self.end_floats: dict = defaultdict(float)
        self.pruned = 0.0
        self.epsilon, self.budget = epsilon, budget
        self.add(self.resolve(key(st)), RAW_ONE << (st[5] * WIDTH))
        heap, pending = self.heap, self.pending
        while heap:
            k = -heapq.heappop(heap)
            column = normal(pending.pop(k))
            masses = values(column)
            total = to_float(sum(masses))
            if total and not (total < epsilon and self.prune(total)):
                self.process(k, column, masses)
        return self.result(), self.pruned

    # -- bookkeeping -------------------------------------------------------------------

    def add(self, k: int, raw: int) -> None:
        old = self.pending.get(k)
        if old is None:
            self.pending[k] = raw
            heapq.heappush(self.heap, -k)
        else:
            self.pending[k] = old + raw

    def prune(self, mass: float) -> bool:
        """Drop `mass` if the budget allows."""
        if self.pruned + mass <= self.budget:
            self.pruned += mass
            return True
        return False

    def resolve(self, k: int) -> int:
        """The key a column sent to k really goes to: the next turn's start if the side
        ends its turn there whatever the defenders (decided at 1 and at BIG)."""
        found = self.forward.get(k)
        if found is None:
            found = k
            low, _, high = self.profile(k)
            if low == high == P.END:
                found = self.resolve(key(P.next_turn(state(k, 1))))
            self.forward[k] = found
        return found

    def profile(self, k: int) -> tuple:
        """The policy's action at key k for every count of defenders: (action below the
        split, split, action from the split on). The policy looks at the defenders only
        to decide whether a tank fires, at one threshold (a test checks it)."""
        found = self.profiles.get(k)
        if found is None:
            c, worth = self.c, self.worth
            low, high = P.decide(c, state(k, 1), worth), P.decide(c, state(k, BIG), worth)
            a, b = 1, BIG  # decides low at a, high at b
            if low != high:
                while b - a > 1:
                    mid = (a + b) // 2
                    if P.decide(c, state(k, mid), worth) == high:
                        b = mid
                    else:
                        a = mid
            found = self.profiles[k] = (low, b, high)
        return found

    def result(self) -> dict:
        out: dict = defaultdict(float)
        for (winner, a), raw in self.ends.items():
            masses = raw_floats(raw)
            if winner == "attacker":
                out[(winner, a, 0)] += sum(masses)
            else:
                for d, p in enumerate(masses):
                    if p:
                        out[(winner, a, d)] += p
        for end, p in self.end_floats.items():
            out[end] += p
        return dict(out)

    # -- one column --------------------------------------------------------------------

    def process(self, k: int, column: int, masses: list) -> None:
        """Apply the policy's next action to the column of key k (masses: its fields)."""
        lo = next(d for d, m in enumerate(masses) if m)
        hi = len(masses) - 1
        low, split, high = self.profile(k)
        if split <= lo or low == high:
            self.act(k, high, column, masses, lo, hi + 1)
        elif split > hi:
            self.act(k, low, column, masses, lo, hi + 1)
        else:
            self.act(k, low, column & below(split), masses, lo, split)
            self.act(k, high, column >> (split * WIDTH) << (split * WIDTH), masses, split, hi + 1)

    def act(self, k: int, action: str, part: int, masses: list, start: int, stop: int) -> None:
        st = state(k, stop - 1)
        if action == P.END:
            self.add(self.resolve(key(P.next_turn(st))), part << FACTOR)
            return
        if action == P.RETREAT:
            self.ends[(None, st[2])] += part << FACTOR
            return
        mass = to_float(sum(masses[start:stop]))
        side = st[0]
        after = (k >> 5 << 5) | CODE[side | (st[1] | P.BIT[action]) << 1]
        if side == P.DEFENDER and action == "infantry":
            self.defender_infantry(st, after, masses, start, stop)
            return
        table = self.table_of.get((k, action))
        if table is None:
            table = self.table_of[(k, action)] = self.tables.get(st, action)
        if action == "tanks":
            if side == P.ATTACKER:
                self.attacker_volley(table, st, after, part, mass)
            else:
                self.defender_volley(table, st, after, part, mass)
            return
        rows, tails = table
        epsilon, ends, add, resolve = self.epsilon, self.ends, self.add, self.resolve
        for i, r in enumerate(rows):
            if mass * r.x < epsilon and self.prune(mass * tails[i]):
                break
            q = part * r.X
            if r.k:
                won = q & below(r.k + 1)
                if won:
                    ends[("attacker", r.won_with)] += won
                q = down(q, r.k)
                if not q:
                    continue
            if r.delta is None:
                ends[("defender", 0)] += q
            else:
                add(resolve(after - r.delta), q)

    def attacker_volley(self, volley, st: tuple, after: int, part: int, mass: float) -> None:
        """The attacker's tanks fire one at a time; the next fires only with at least
        `fires_from` defenders left (the first always). The volley is the same after
        every interception that leaves as many tanks, so it is computed once per count."""
        fires_from = self.tables.fires_from(st)
        done: dict = {}
        for x, X, delta, left in volley.intercepts:
            if mass * x < self.epsilon and self.prune(mass * x):
                continue
            result = done.get(left)
            if result is None:
                result = done[left] = self._attacker_shots(volley.shots, fires_from, part, left)
            column, lost, won = result
            if column:
                self.add(self.resolve(after - delta), column * X)
            if lost:
                self.ends[("defender", 0)] += lost * X
            if won:
                self.ends[("attacker", st[2])] += won * X

    @staticmethod
    def _attacker_shots(shots: tuple, fires_from: int, live: int, left: int) -> tuple:
        """(column after the volley, column of the attacker's losses, of its wins), normal."""
        after = lost = won = 0
        for shot in range(left):
            if shot:
                stop = live if fires_from >= BIG else live & below(fires_from)
                if stop:
                    after += stop
                    live -= stop
                if not live:
                    break
            nxt = 0
            for kills, _, Xs in shots:
                q = live * Xs
                if kills is None:
                    lost += q
                    continue
                if kills:
                    w = q & below(kills + 1)
                    if w:
                        won += w
                    q = down(q, kills)
                nxt += q
            live = normal(nxt)
        return after + live, normal(lost), normal(won)

    def defender_volley(self, volley, st: tuple, after: int, part: int, mass: float) -> None:
        """The defender's tanks fire one at a time at the attacker's soldiers; the next
        fires only while the defender has at most `fires_up_to` soldiers."""
        done: dict = {}
        for x, X, delta, left in volley.intercepts:
            if mass * x < self.epsilon and self.prune(mass * x):
                continue
            result = done.get(left)
            if result is None:
                result = done[left] = self._defender_shots(volley.shots, st, part, left)
            columns, lost, won = result
            base = after - delta
            for a, column in columns.items():
                self.add(self.resolve(base - ((st[2] - a) << 5)), column * X)
            for a, column in lost.items():
                self.ends[("attacker", a)] += column * X
            if won:
                self.ends[("defender", 0)] += won * X

    def _defender_shots(self, shots: tuple, st: tuple, column: int, left: int) -> tuple:
        """({attackers left: column after}, {attackers left: column of the defender's
        losses}, column of its wins), normal."""
        live = {st[2]: column}
        after: dict = defaultdict(int)
        lost: dict = defaultdict(int)
        won = 0
        for shot in range(left):
            nxt: dict = defaultdict(int)
            for a, column in live.items():
                if shot:
                    up_to = self.tables.fires_up_to(st, a)
                    stop = column if up_to < 0 else column >> ((up_to + 1) * WIDTH) << ((up_to + 1) * WIDTH)
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
        for a, column in live.items():
            after[a] += column
        return ({a: c for a, c in after.items() if c}, {a: normal(raw) for a, raw in lost.items() if raw},
                normal(won))

    def defender_infantry(self, st: tuple, after: int, masses: list, start: int, stop: int) -> None:
        """The defender's infantry, state by state (it rolls one die per defender); each
        state's outcomes with the same hits are one column of factors."""
        attackers = st[2]
        mg, bw = self.c.multi_gun[P.DEFENDER], self.c.battle_wagon[P.DEFENDER]
        epsilon, end_floats = self.epsilon, self.end_floats
        moved: dict = defaultdict(int)
        for d in range(start, stop):
            m = masses[d]
            if not m:
                continue
            mf = to_float(m)
            win, wipes, groups = defender_infantry(d, attackers, mg, bw)
            if win:
                end_floats[("defender", 0, d)] += mf * win
            for x, t in wipes:
                end_floats[("attacker", attackers - t, 0)] += mf * x
            for t, x, column in groups:
                if mf * x < epsilon and self.prune(mf * x):
                    continue
                moved[t] += m * column
        for t, raw in moved.items():
            self.add(self.resolve(after - (t << 5)), raw)
