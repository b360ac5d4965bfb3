"""Float odds: the battle's probability flowing forward over columns of states.

A column (columns.py) holds the mass of every state that differs only in the defending
soldiers d; the rest of the state (pieces, towers, paratrooper, whose turn and the
assaults made) is its key (outcomes.py). In the defender's turn, which never looks at
the attacker's tanks, the keys leave them out and one column holds a block of d-fields
per number of tanks (a *merged* column; a test checks the defender's decisions and
tables ignore the attacker's tanks).

Keys are processed from the largest down, so a key's column is complete when it is
processed (the one exception, the defender's infantry that kills no attacker, comes
back to the next turn's start of the same key, which is simply processed again with
what came back). Processing a column applies the policy's next action to all of its
states at once: a few big-integer operations per outcome of the assault. The policy's
choice depends on the defenders only through whether a tank fires, at one threshold, so
a column splits in at most two.

Pruning (docs/battle.md, "Float odds"): a column or an outcome carrying less than
EPSILON (SMALL_EPSILON for small battles) is dropped while it is at most 1/64 of the
budget left, so all that is dropped stays below BUDGET; the mass dropped is returned,
and every probability of the result is at most that much (plus rounding) below the
exact one. Where the columns are short (at most MEASURED fields, merged blocks
counted) every column is measured when taken (one remainder, columns.mass), which costs
less than a bound carried row by row; elsewhere a column's mass is carried as a bound
that compounds over the moves, and a column whose bound is below EPSILON * TIGHT is
measured before it is taken.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from typing import Any, TypeAlias

from . import policy as P
from . import volleys
from .columns import FACTOR, FOLD, LOWS, RAW_ONE, SHIFTS, TO_FLOAT, WIDTH, keep, raw_floats, values
from .outcomes import (
    ATTACKER_START, BIG, CODE, DEFENDER_START, DEFENDS, ENDS, IS_MID, LOST, MID_CODE, SOLDIERS_SHIFT, TANKS_BITS,
    AFTER_AIR, InfantryTable, Tables, defender_infantry, key, state,
)
from .policy import Compact

EPSILON = 1e-10
SMALL_EPSILON = 1e-14  # for battles of at most SMALL_BATTLE states: cheap, so nearly exact
SMALL_BATTLE = 5_000
BUDGET = 1e-6
TIGHT = 1e3  # a column whose mass bound is below EPSILON times this is measured exactly
MEASURED = 24  # battles whose merged columns have at most this many fields measure every column


def epsilon_for(st: Compact) -> float:
    """The pruning threshold of a battle from compact state st (by its number of states,
    weighted by the airplanes: an air assault's table grows with the fleets)."""
    states = 2 * (st[5] + 1) * (st[4] + st[7] + 1)
    for i in (2, 3, 4, 6, 7, 8):
        states *= st[i] + 1
    return SMALL_EPSILON if states <= SMALL_BATTLE else EPSILON


def decision_key(k: int) -> tuple[int, ...]:
    """What the policy's decision at key k reads besides the defenders (policy.decide):
    the phase, the attacker's soldiers and, as present or not, the acting side's machines;
    the attacker also reads the towers and the paratrooper (its castle protection), the
    defender only whether towers stand (its automaton). A test checks keys that agree on
    this decide alike."""
    code = k & 31
    if DEFENDS[code]:
        return (code, k >> 12 & 7, int(k >> 15 & 31 > 0), int(k >> 20 & 31 > 0), int(k >> 25 & 7 > 0))
    return (code, k >> 12 & 7, int(k >> 5 & 7 > 0), int(k >> 8 & 7 > 0), k >> 25 & 7, k >> 11 & 1)


_NOT_DEFENDING_TANKS = ~(31 << 15)  # a key without the defender's tanks
# code -> a mask of the pieces decision_key reads: not the defender's machines in the
# attacker's turn, not the attacker's airplanes in the defender's
_UNREAD = [~(7 << 8) if DEFENDS[code] else ~(1023 << 15) for code in range(32)]

# the kinds of step a column can take (Flow.plan)
_END, _RETREAT, _SHIFT, _FLAT, _ATTACKER_TANKS, _DEFENDER_TANKS, _DEFENDER_INFANTRY = range(7)
_VOLLEY = "volley"  # the action of a mid key (outcomes.MID)
Step: TypeAlias = tuple[Any, ...]  # (kind, ...): Flow.step
Profile: TypeAlias = tuple[str, int, str]  # (action below the split, split, action from it on)
End: TypeAlias = tuple[str | None, int]  # (winner, the attacker's soldiers); LOST


class Flow:
    """The float odds of one battle: keeps its tables and plans for its next positions.

    `start` (a compact state) bounds the positions it serves: at most as many
    defenders and attacking tanks."""

    def __init__(self, c: P.Context, worth: P.WorthInfantry, start: Compact) -> None:
        self.c = c
        self.worth = worth
        self.tables = Tables(c)
        self.forward: dict[int, int] = {}  # key -> the key its column goes to (END taken at once)
        self.profiles: dict[int, Profile] = {}  # key -> (action below split, split, action from split on)
        self.decisions: dict[tuple[int, ...], Profile] = {}  # the same by what the policy reads (decision_key)
        self.plans: dict[int, tuple[Step, int, Step]] = {}  # key -> (step below split, split, step from split on)
        self.infantry_tables: dict[int, list[InfantryTable | None]] = {}  # attackers -> [defender_infantry(d, ...) by d]
        self.length = length = start[5] + 1  # fields of one block: d = 0..defenders
        # the attacker's tanks are merged in the defender's columns, a block per count
        # (merging its airplanes and paratrooper too was slower: more of the attacker's
        # columns come back for a second pass, see docs/battle.md)
        self.machines = TANKS_BITS
        self.blocks: list[int] = []  # block -> its tank bits
        self.offset: dict[int, int] = {}  # tank bits -> bit offset of their block
        for tanks in range(start[3], -1, -1):
            self.offset[tanks << 5] = len(self.blocks) * length * WIDTH
            self.blocks.append(tanks << 5)
        # short columns are measured when taken (one remainder, columns.mass), cheaper than
        # a mass bound carried row by row; long ones keep the bound (docs/battle.md)
        self.bounds = length * len(self.blocks) > MEASURED
        self.keep = keep(length * len(self.blocks) + 1)  # normal() of any column of this flow
        self.masks: dict[tuple[str, int], int] = {}  # ("below" | "from", d) -> fields below / from d in every block
        self.made: dict[int, tuple[Step, int, Step]] = {}  # template key -> its plan (plan, template)
        self.culverin = (int(c.culverin[0]), int(c.culverin[1]))  # the attacker's, the defender's
        self.bomb = (int(c.anti_tank_bomb[0]), int(c.anti_tank_bomb[1]))

    def fits(self, st: Compact) -> bool:
        """Whether position st (compact) is within the bounds of this flow."""
        return st[5] < self.length and st[3] << 5 in self.offset

    def size(self) -> int:
        return len(self.tables.cache) + len(self.forward) + len(self.profiles) + len(self.plans) + len(self.made)

    def run(self, st: Compact, epsilon: float | None = None,
            budget: float = BUDGET) -> tuple[dict[tuple[str | None, int, int], float], float]:
        """({(winner, attacker soldiers, defender soldiers): probability}, mass dropped)."""
        if epsilon is None:
            epsilon = epsilon_for(st)
        pending: dict[int, int] = {}  # key -> raw column
        mass_of: dict[int, float] = {}  # key -> at least the mass of its pending column (if self.bounds)
        heap: list[int] = []
        self.pending, self.mass, self.heap = pending, mass_of, heap
        self.ends: defaultdict[End, int] = defaultdict(int)  # (winner, attacker soldiers) -> raw column over d
        self.merged_ends: defaultdict[End, int] = defaultdict(int)  # the same in merged columns
        self.end_floats: defaultdict[tuple[str, int, int], float] = defaultdict(float)
        self.defender_wins = [0.0] * self.length  # by defenders left, from their infantry
        self.pruned = 0.0
        self.epsilon, self.budget = epsilon, budget
        self.add_attacker(self.resolve(key(st)), RAW_ONE << (st[5] * WIDTH), 1.0)
        plans, pop, bounds, fold, keep_low = self.plans, heapq.heappop, self.bounds, FOLD, self.keep
        tight = epsilon * TIGHT
        while heap:
            k = -pop(heap)
            column = pending.pop(k) >> FACTOR & keep_low  # columns.normal
            if bounds:
                total = mass_of.pop(k)
                if total < tight:  # the bound is loose (it compounds): the exact mass decides
                    total = column % fold * TO_FLOAT  # columns.mass
            else:
                total = column % fold * TO_FLOAT
            if total < epsilon and (not total or self.prune(total)):
                continue
            low, split, high = plans.get(k) or self.plan(k)
            if low is high:
                self.apply(k, high, column, total)
            elif DEFENDS[k & 31]:
                below_split = column & self.mask("below", split)
                if below_split:
                    self.apply(k, low, below_split, total)
                if column - below_split:
                    self.apply(k, high, column - below_split, total)
            else:
                below_split = column & LOWS[min(split, 129)]
                if below_split:
                    self.apply(k, low, below_split, total)
                if column - below_split:
                    self.apply(k, high, column - below_split, total)
        return self.result(), self.pruned

    # -- bookkeeping -------------------------------------------------------------------

    def add(self, k: int, raw: int, mass: float) -> None:
        """Add a raw column of at most `mass` to key k (the bound kept where the flow
        carries bounds: `bounds`)."""
        old = self.pending.get(k)
        if old is None:
            self.pending[k] = raw
            heapq.heappush(self.heap, -k)
            if self.bounds:
                self.mass[k] = mass
        else:
            self.pending[k] = old + raw
            if self.bounds:
                self.mass[k] += mass

    def add_attacker(self, k: int, raw: int, mass: float) -> None:
        """add() of a plain column (from an attacker's key) to k, merged if k is the defender's."""
        if DEFENDS[k & 31]:
            bits = k & self.machines
            k -= bits
            raw <<= self.offset[bits]
        self.add(k, raw, mass)

    def add_defender(self, k: int, raw: int, mass: float) -> None:
        """add() of a merged column (from a defender's key) to k, split if k is the attacker's."""
        if DEFENDS[k & 31]:
            self.add(k, raw, mass)
            return
        size = self.length * WIDTH
        block = LOWS[self.length]
        for bits in self.blocks:
            part = raw & block
            if part:
                self.add(k | bits, part, mass)
            raw >>= size
            if not raw:
                break

    def mask(self, kind: str, d: int) -> int:
        """The fields below d ("below") or from d on ("from") in every block of a merged column."""
        found = self.masks.get((kind, d))
        if found is None:
            one = LOWS[min(d, self.length)] if kind == "below" else LOWS[self.length] - LOWS[min(d, self.length)]
            found = self.masks[(kind, d)] = sum(one << (i * self.length * WIDTH) for i in range(len(self.blocks)))
        return found

    def prune(self, mass: float) -> bool:
        """Drop `mass` if it is at most 1/64 of the budget left: whatever is dropped stays
        within the budget, and the smallest items can always be dropped."""
        if mass * 64 <= self.budget - self.pruned:
            self.pruned += mass
            return True
        return False

    def resolve(self, k: int) -> int:
        """The key a column sent to k really goes to: the next turn's start if the side
        ends its turn there whatever the defenders."""
        found = self.forward.get(k)
        if found is None:
            found = k
            code = k & 31
            low, _, high = self.profile(k) if ENDS[code] is None else (None, 0, None)
            if low == high == P.END:
                # the other side's turn start, the same pieces
                found = self.resolve(k - code + (ATTACKER_START if DEFENDS[code] else DEFENDER_START))
            self.forward[k] = found
        return found

    def profile(self, k: int) -> Profile:
        """The policy's action at key k for every count of defenders: (action below the
        split, split, action from the split on). The policy looks at the defenders only
        to decide whether a tank fires, at one threshold (a test checks it). Kept by k
        without the pieces decision_key never reads (_UNREAD)."""
        k &= _UNREAD[k & 31]
        found = self.profiles.get(k)
        if found is not None:
            return found
        if IS_MID[k & 31]:  # the defender's air volley, whatever the defenders
            found = self.profiles[k] = (_VOLLEY, 1, _VOLLEY)
            return found
        reads = decision_key(k)
        found = self.decisions.get(reads)
        if found is None:
            c, worth = self.c, self.worth
            st = state(k, 1)
            low, high = P.decide(c, st, worth), P.decide(c, st[:5] + (BIG,) + st[6:], worth)
            a, b = 1, BIG  # decides low at a, high at b
            if low != high:
                while b > 2 * a and P.decide(c, state(k, 2 * a), worth) == low:  # thresholds are small
                    a *= 2
                b = min(b, 2 * a)
                while b - a > 1:
                    mid = (a + b) // 2
                    if P.decide(c, state(k, mid), worth) == high:
                        b = mid
                    else:
                        a = mid
            found = self.decisions[reads] = (low, b, high)
        self.profiles[k] = found
        return found

    def plan(self, k: int) -> tuple[Step, int, Step]:
        """What a column of key k does: (step below the split, split, step from it on),
        from the plan of its template key (`template`) moved to k's pieces."""
        t = self.template(k)
        made = self.made.get(t)
        if made is None:
            made = self.made[t] = self.make_plan(t)
        if t == k:
            self.plans[k] = made
            return made
        low, split, high = made
        high_step = self.moved(k, high, k - t)
        found = self.plans[k] = (high_step if low is high else self.moved(k, low, k - t), split, high_step)
        return found

    def template(self, k: int) -> int:
        """The key whose plan serves k once moved to k's pieces: k with the pieces that
        neither the policy's decision (decision_key) nor the tables read there left out
        or capped. The attacker's turn reads the defender's airplanes only through the
        interceptors it sends (at most one per attacking airplane or tank), never its
        tanks; the defender's turn reads the attacker's airplanes only through the
        interceptors, and after its air assault (mid keys aside) its own airplanes only
        as present or not. A test checks the moved plans against plans made for k."""
        code = k & 31
        if DEFENDS[code]:
            air = k >> 8 & 7
            cap = max((k >> 20 & 31) * self.culverin[0], (k >> 15 & 31) * self.bomb[0])
            if air > cap:
                k -= (air - cap) << 8
            if AFTER_AIR[code]:
                defending = k >> 20 & 31
                if defending > 1:
                    k -= (defending - 1) << 20
            return k
        k &= _NOT_DEFENDING_TANKS
        air = k >> 20 & 31
        cap = max((k >> 8 & 7) * self.culverin[1], (k >> 5 & 7) * self.bomb[1])
        if air > cap:
            k -= (air - cap) << 20
        return k

    def moved(self, k: int, step: Step, offset: int) -> Step:
        """A step of k's template moved to key k (`offset`: k minus the template)."""
        kind = step[0]
        if kind == _END:
            code = k & 31
            return (_END, self.resolve(k - code + (ATTACKER_START if DEFENDS[code] else DEFENDER_START)))
        if kind == _RETREAT:
            return step
        return (kind, step[1] + offset) + step[2:]

    def make_plan(self, k: int) -> tuple[Step, int, Step]:
        """plan() made for key k itself."""
        low, split, high = self.profile(k)
        st = state(k, 1)
        high_step = self.step(k, st, high)
        return (high_step if low == high else self.step(k, st, low), split, high_step)

    def step(self, k: int, st: Compact, action: str) -> Step:
        """(kind, ...) of the policy's `action` at key k (st: its state), with its table."""
        if action == P.END:
            return (_END, self.resolve(key(P.next_turn(st))))
        if action == P.RETREAT:
            return (_RETREAT, (None, st[2]))
        side = st[0]
        if action == _VOLLEY:  # st: the mid key's state, its airplanes used
            after = (k >> 5 << 5) | CODE[1 | st[1] << 1]
            rows, tails = self.tables.volley(st)
            return (_FLAT, after, rows, tails, st[2])
        if action == "airplanes" and self.tables.splits(st):
            after = (k >> 5 << 5) | MID_CODE[st[1]]
        else:
            after = (k >> 5 << 5) | CODE[side | (st[1] | P.BIT[action]) << 1]
        if side == P.DEFENDER and action == "infantry":
            return (_DEFENDER_INFANTRY, after, st)
        table = self.tables.get(st, action)
        if action == "tanks":
            return (_ATTACKER_TANKS if side == P.ATTACKER else _DEFENDER_TANKS, after, table, st)
        return (_SHIFT if side == P.ATTACKER else _FLAT, after, table[0], table[1], st[2])

    def result(self) -> dict[tuple[str | None, int, int], float]:
        out: defaultdict[tuple[str | None, int, int], float] = defaultdict(float)
        for ends, length in ((self.ends, 0), (self.merged_ends, self.length)):
            for (winner, a), raw in ends.items():
                masses = raw_floats(raw)
                if winner == "attacker":
                    out[(winner, a, 0)] += sum(masses)
                    continue
                for i, p in enumerate(masses):
                    if p:
                        out[(winner, a, i % length if length else i)] += p
        for end, p in self.end_floats.items():
            out[end] += p
        for d, p in enumerate(self.defender_wins):
            if p:
                out[("defender", 0, d)] += p
        return dict(out)

    # -- one column --------------------------------------------------------------------

    def apply(self, k: int, step: Step, part: int, mass: float) -> None:
        """Apply a step to the column of key k (at most `mass`)."""
        kind = step[0]
        if kind == _SHIFT:
            self.attacker_rows(step, part, mass)
        elif kind == _FLAT:
            self.defender_rows(step, part, mass)
        elif kind == _DEFENDER_INFANTRY:
            self.defender_infantry(step[2], step[1], part)
        elif kind == _ATTACKER_TANKS:
            volleys.attacker(self, step[2], step[3], step[1], part, mass)
        elif kind == _DEFENDER_TANKS:
            volleys.defender(self, step[2], step[3], step[1], part, mass)
        elif kind == _END:
            (self.add_defender if DEFENDS[k & 31] else self.add_attacker)(step[1], part << FACTOR, mass)
        else:
            self.ends[step[1]] += part << FACTOR

    def defender_rows(self, step: Step, part: int, mass: float) -> None:
        """A defender's assault (merged column): per row one multiplication, no kills of defenders."""
        _, after, rows, tails, _ = step
        pending, mass_of, forward, bounds = self.pending, self.mass, self.forward, self.bounds
        push, heap = heapq.heappush, self.heap
        least = self.epsilon / mass  # a row less likely than this carries less than epsilon
        i = 0
        for x, _, factors, delta, won in rows:
            if x < least and self.prune(mass * tails[i]):
                break
            i += 1
            q = part * factors
            if delta is None:  # the attacker fell, or won with `won` soldiers (volleys.defender_rows)
                self.merged_ends[LOST if won is None else ("attacker", won)] += q
                continue
            t = after - delta
            t = forward.get(t) or self.resolve(t)
            if not DEFENDS[t & 31]:
                self.add_defender(t, q, mass * x)
                continue
            old = pending.get(t)
            if old is None:
                pending[t] = q
                push(heap, -t)
                if bounds:
                    mass_of[t] = mass * x
            else:
                pending[t] = old + q
                if bounds:
                    mass_of[t] += mass * x

    def attacker_rows(self, step: Step, part: int, mass: float) -> None:
        """An attacker's assault: per row one multiplication, wins taken off the bottom."""
        _, after, rows, tails, soldiers = step
        ends, pending, mass_of, forward, bounds = self.ends, self.pending, self.mass, self.forward, self.bounds
        push, heap, machines, offset = heapq.heappush, self.heap, self.machines, self.offset
        least = self.epsilon / mass  # a row less likely than this carries less than epsilon
        i = 0
        for x, k, factors, delta, won in rows:
            if x < least and self.prune(mass * tails[i]):
                break
            i += 1
            q = part * factors
            if k:
                w = q & LOWS[k + 1]
                if w:
                    ends[("attacker", soldiers - won)] += w
                q = q >> SHIFTS[k + 1] << WIDTH
                if not q:
                    continue
            if delta is None:
                ends[LOST] += q
                continue
            t = after - delta
            t = forward.get(t) or self.resolve(t)
            if DEFENDS[t & 31]:  # add_attacker: into the block of the attacker's tanks
                bits = t & machines
                t -= bits
                q <<= offset[bits]
            old = pending.get(t)
            if old is None:
                pending[t] = q
                push(heap, -t)
                if bounds:
                    mass_of[t] = mass * x
            else:
                pending[t] = old + q
                if bounds:
                    mass_of[t] += mass * x

    def defender_infantry(self, st: Compact, after: int, column: int) -> None:
        """The defender's infantry, state by state (it rolls one die per defender); each
        state's outcomes with the same hits are one column of factors."""
        attackers, length = st[2], self.length
        tables = self.infantry_tables.get(attackers)
        if tables is None:
            tables = self.infantry_tables[attackers] = [None] * length
        mg, bw = self.c.multi_gun[P.DEFENDER], self.c.battle_wagon[P.DEFENDER]
        epsilon, defender_wins = self.epsilon, self.defender_wins
        moved = [0] * (len(self.blocks) * attackers)  # block * attackers + hits -> raw column
        moved_mass = [0.0] * len(moved)
        for i, m in enumerate(values(column)):
            if not m:
                continue
            mf = m * TO_FLOAT
            if mf < epsilon and self.prune(mf):
                continue
            block, d = divmod(i, length)
            table = tables[d]
            if table is None:
                table = tables[d] = defender_infantry(d, attackers, mg, bw)
            win, wipes, groups = table
            defender_wins[d] += mf * win
            for x, t in wipes:
                self.end_floats[("attacker", attackers - t, 0)] += mf * x
            base = block * attackers
            for t, x, factors in groups:
                mx = mf * x
                if mx < epsilon and self.prune(mx):
                    continue
                moved[base + t] += m * factors
                moved_mass[base + t] += mx
        for i, raw in enumerate(moved):
            if not raw:
                continue
            block, t = divmod(i, attackers)
            target = self.resolve(after - (t << SOLDIERS_SHIFT))
            if DEFENDS[target & 31]:  # the defender's turn goes on
                self.add(target, raw << (block * length * WIDTH), moved_mass[i])
            else:
                self.add(target | self.blocks[block], raw, moved_mass[i])
