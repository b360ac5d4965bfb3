"""What one assault does to a column of states, as float tables for the float odds (flow.py).

A column (columns.py) holds the states that differ only in the defending soldiers d.
Every assault except the defender's infantry treats all of them alike: the attacker's
kills move the column to fewer defenders, and everything else (the attacker's soldiers,
machines, towers, paratrooper, turn) changes the same way for every d. So each table
here is built once per sub-key (the pieces the assault reads) by running the policy's
own effect functions (policy.py) on a representative state with BIG defenders, and a
second time with exactly as many defenders as were killed to learn who survives a win.
The defender's infantry rolls one die per defender, so its table depends on d
(`defender_infantry`, applied state by state).

Keys. The pieces other than d and the turn pack into one int (`key`): phase code in the
low 5 bits, then the attacker's tanks, airplanes and "castle intact" (not
paratrooped), then the attacker's soldiers, the defender's tanks, airplanes and towers. No move ever adds a piece, so every move lowers the key or, with the same
pieces, moves to a later phase: processing keys from the largest down visits each after
all that flows into it, except the defender's infantry that leaves the attacker's
soldiers alone (the next turn's start of the same key, processed again). The defender's
turn never looks at the attacker's tanks, so flow.py merges them out of its keys.

The defender's air assault met by the attacker's interceptors is split in two: the
interception leads to a *mid* key (MID: a phase code the attacker never uses), whose
volley is one table per count of flying airplanes and attacking army, shared by every
interception that leaves as many airplanes (and built from a few rows, not per fleet).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from operator import itemgetter
from math import comb
from typing import Any, TypeAlias

from . import policy as P
from .columns import WIDTH, factor
from .dice import explosions_table, faces_table, hits_explosions_table, hits_table, pow6
from .exact_moves import airplane_rows
from .notation import MAX_SOLDIERS
from .policy import Compact

Merged: TypeAlias = dict[tuple[int, int | None, int | None], float]  # (kills, delta, won) -> x
Row: TypeAlias = tuple[float, int, int, int | None, int | None]  # (x, kills, factors, delta, won)
Rows: TypeAlias = tuple[tuple[Row, ...], tuple[float, ...]]  # the rows and their tails (_rows)
InfantryTable: TypeAlias = tuple[float, tuple[tuple[float, int], ...], tuple[tuple[int, float, int], ...]]

BIG = 1000  # defenders in a representative state: more than any assault kills
LOST = ("defender", 0)  # an end: the attacker's last soldier fell (the defenders left: a column's field)

_FIELDS = ((3, 5, 3), (4, 8, 3), (2, 12, 3), (6, 15, 5), (7, 20, 5), (8, 25, 3))  # (tuple index, shift, bits)
_INTACT = 11
SOLDIERS_SHIFT = 12  # the attacker's soldiers
_AIRPLANES_SHIFT = (8, 20)  # the attacker's, the defender's airplanes
TANKS_BITS = 7 << 5  # the attacker's tanks
# The attacker never uses the automaton, so its phases with that bit are free: two of them
# stand for the defender's air assault between its interception and its volley (MID),
# after the defender's turn start with or without the automaton used.
MID = {P.AUTOMATON << 1: 0, (P.AUTOMATON | 1) << 1: P.AUTOMATON}  # phase -> the defender's used before
_MID_OF = {used: phase for phase, used in MID.items()}
_REAL = sorted((p for p in range(32) if p & 1 or not p >> 1 & P.AUTOMATON),
               key=lambda p: (p & 1, bin(p >> 1).count("1"), p >> 1))
_RANKED: list[int] = []
for _phase in _REAL:  # a mid phase right after the phase whose air assault it interrupts
    _RANKED.append(_phase)
    if _phase & 1 and _phase >> 1 in _MID_OF:
        _RANKED.append(_MID_OF[_phase >> 1])
_RANKED += [p for p in range(32) if p not in _RANKED]  # never reached
CODE = [0] * 32  # phase (side | used << 1) -> code, later phases lower
for _rank, _phase in enumerate(_RANKED):
    CODE[_phase] = 31 - _rank
PHASE = [0] * 32  # code -> phase
for _phase in range(32):
    PHASE[CODE[_phase]] = _phase
# code -> (side, used); a mid phase is the defender's with its airplanes used
_TURN = [(P.DEFENDER, MID[p] | P.AIRPLANES) if p in MID else (p & 1, p >> 1) for p in PHASE]
DEFENDS = [side == P.DEFENDER for side, _ in _TURN]  # code -> the defender's turn
IS_MID = [p in MID for p in PHASE]  # code -> between the defender's interception and volley
# code -> the defender's turn after its air assault (not a mid key: its volley is still to come)
AFTER_AIR = [side == P.DEFENDER and not IS_MID[c] and bool(used & P.AIRPLANES) for c, (side, used) in enumerate(_TURN)]
# code -> 0 if the policy never ends the turn there (the attacker's turn start: at least one
# assault; the defender's turn before its infantry, which it always rolls), None if that
# depends on the pieces (policy.decide)
ENDS: list[int | None] = [
    0 if IS_MID[c] or not (used & P.INFANTRY if side == P.DEFENDER else used) else None
    for c, (side, used) in enumerate(_TURN)]
MID_CODE = {used: CODE[phase] for used, phase in _MID_OF.items()}  # the defender's used -> mid code
ATTACKER_START = CODE[0]
DEFENDER_START = CODE[1]


def pieces(st: Compact) -> int:
    """The key's piece fields of a compact state (d and the turn left out)."""
    n: int = 0 if st[9] else 1 << _INTACT
    for at, shift, _ in _FIELDS:
        n |= st[at] << shift
    return n


def key(st: Compact) -> int:
    k: int = pieces(st) | CODE[st[0] | st[1] << 1]
    return k


def state(k: int, d: int) -> Compact:
    """The compact state of key k with d defending soldiers."""
    return _TURN[k & 31] + (k >> 12 & 7, k >> 5 & 7, k >> 8 & 7, d, k >> 15 & 31, k >> 20 & 31,
                            k >> 25 & 7, not k >> _INTACT & 1)


def _with(st: Compact, d: int) -> Compact:
    return st[:5] + (d,) + st[6:]


def ranked(rows: list[Row]) -> Rows:
    """Rows most likely first, with the mass of each row and all after it (to prune a tail
    at once)."""
    rows.sort(key=itemgetter(0), reverse=True)
    tails = list(accumulate(r[0] for r in reversed(rows)))
    return tuple(rows), tuple(reversed(tails))


def _rows(merged: Merged) -> Rows:
    """Rows from {(k, delta, lost_first): probability}, the outcomes that lead to the same
    key merged into one row, most likely first, with the mass of each row and all after
    it (to prune a tail at once). A row is (x, kills K of its most killing outcome, its
    factors as a column with the outcome killing k in field K - k (one multiplication
    applies them all, then a shift by K), key change delta (None: the acting side's last
    soldier fell, its foe wins), and how many of the attacker's soldiers a win by these
    kills leaves behind: 0, 1 (the paratrooper) or None)."""
    groups: dict[tuple[int | None, int | None], list[tuple[int, float]]] = {}
    for (k, delta, won), x in merged.items():
        if x > 0:
            groups.setdefault((delta, won), []).append((k, x))
    rows: list[Row] = []
    for (delta, won), outcomes in groups.items():
        top = max(k for k, _ in outcomes)
        factors = sum(factor(x) << ((top - k) * WIDTH) for k, x in outcomes)
        rows.append((sum(x for _, x in outcomes), top, factors, delta, won))
    return ranked(rows)


def _add(merged: Merged, k: int, delta: int | None, won: int | None, x: float) -> None:
    merged[(k, delta, won)] = merged.get((k, delta, won), 0.0) + x


class Tables:
    """The outcome tables of one battle context, built on demand and kept for the battle."""

    def __init__(self, c: P.Context) -> None:
        self.c = c
        self.cache: dict[tuple[Any, ...], Any] = {}  # sub-key -> Rows, a Volley or a threshold

    def get(self, st: Compact, action: str) -> Any:
        """The table of `action` from compact state st (its d is ignored): Rows, or a
        Volley for the tanks."""
        c = self.c
        side = st[0]
        sub: tuple[Any, ...]
        if action == "infantry":  # the defender's infantry: defender_infantry, per d
            sub = (action, st[2], st[8], st[9])
        elif action == "automaton":
            sub = (action, st[2], st[8])
        elif action == "airplanes":
            # the interceptors sent, not all the foe's airplanes: one per target at most
            flying, icpt = st[P.AIRPLANES_AT[side]], P.intercept_count(c, st, action)
            if side == P.DEFENDER and icpt and st[1] in MID_CODE:  # the interception alone (split)
                sub = ("intercept", flying, icpt)
                table = self.cache.get(sub)
                if table is None:
                    table = self.cache[sub] = _interception(flying, icpt)
                return table
            # the attacker's soldiers matter to its air assault only through the paratrooper
            # and the defender's only through how many hits kill them all (`_cut`)
            sub = (action, side, P.uses_paratrooper(c, st) if side == P.ATTACKER else self._cut(st), flying, icpt)
        else:
            tanks, icpt = st[P.TANKS_AT[side]], P.intercept_count(c, st, action)
            sub = (action, side, tanks, icpt, P.level(self.c, st) if side == P.ATTACKER else 0)
        table = self.cache.get(sub)
        if table is None:
            table = self.cache[sub] = getattr(self, "_" + action)(_with(P.mark(st, P.BIT[action]), BIG))
        return table

    # -- the attacker's assaults: rows with kills --------------------------------------

    def _infantry(self, st: Compact) -> Rows:
        """The attacker's infantry (the defender's: defender_infantry)."""
        c = self.c
        merged: Merged = {}
        here = pieces(st)
        unit = 1.0 / pow6(st[2])
        for h, b, e, w in faces_table(st[2]):
            s = P.infantry_effect(c, st, h, b, e)
            if s[0] == "end":  # its own explosions killed the last attacker
                k, delta = BIG - s[3], None
            else:
                k, delta = BIG - s[5], here - pieces(s)
            won = st[2] - P.infantry_effect(c, _with(st, k), h, b, e)[2] if k else None
            _add(merged, k, delta, won, w * unit)
        return _rows(merged)

    def _airplanes(self, st: Compact) -> Rows:
        """An air assault: interception (Culverin), paratrooper, then every airplane left
        fires; from the exact odds' merged table (exact_moves.airplane_rows, checked
        against the policy's effect functions by the tests)."""
        c = self.c
        side = st[0]
        flying = st[P.AIRPLANES_AT[side]]
        n = P.intercept_count(c, st, "airplanes")
        per_hit = 1 + c.gyroscope[side]
        own, foe = _AIRPLANES_SHIFT[side], _AIRPLANES_SHIFT[1 - side]
        if side == P.DEFENDER:
            if not n:
                return volley_rows(flying, per_hit, self._cut(st))
            return self._defender_airplanes(flying, n, per_hit, self._cut(st))
        unit = 1.0 / pow6(flying + n)
        merged: Merged = {}
        for lost, foe_lost, hits, roll, w in airplane_rows(flying, n, P.uses_paratrooper(c, st)):
            kills, x = hits * per_hit, w * unit
            delta = lost << own | foe_lost << foe
            if roll is not None:  # the paratrooper's soldier; a hit leaves the castle without protection
                delta |= 1 << SOLDIERS_SHIFT | (1 << _INTACT if roll == "hit" else 0)
            _add(merged, kills, delta, int(roll is not None) if kills else None, x)
        return _rows(merged)

    def splits(self, st: Compact) -> bool:
        """Whether the defender's air assault from st is split: its interception goes to a
        mid key (MID), whose volley (`volley`) is shared by every interception that leaves
        as many airplanes flying."""
        return bool(st[0] == P.DEFENDER and st[1] in MID_CODE and P.intercept_count(self.c, st, "airplanes"))

    def volley(self, st: Compact) -> Rows:
        """The defender's air volley from a mid key's state st: every airplane flies."""
        sub = ("volley", st[7], self._cut(st))
        table: Rows | None = self.cache.get(sub)
        if table is None:
            table = self.cache[sub] = volley_rows(st[7], 1 + self.c.gyroscope[P.DEFENDER], sub[2])
        return table

    def _cut(self, st: Compact) -> int:
        """The defender's air hits that kill every attacking soldier."""
        per_hit = 1 + self.c.gyroscope[P.DEFENDER]
        soldiers: int = st[2]
        return -(-soldiers // per_hit)

    def _defender_airplanes(self, flying: int, n: int, per_hit: int, cut: int) -> Rows:
        """The defender's air assault: every outcome with fewer than `cut` hits is its own
        row (each leads to another key), the rest is one row: the attacker's last soldier
        fell. From rows by hits shared by every count of attacking soldiers."""
        by_hits, tails_of_hits = air_rows(flying, n, per_hit)
        rows: list[Row] = [row for h in range(min(cut, len(by_hits))) for row in by_hits[h]]
        lost = tails_of_hits[cut] if cut < len(tails_of_hits) else 0.0
        if lost > 0:
            rows.append((lost, 0, factor(lost), None, None))
        return ranked(rows)

    def _tanks(self, st: Compact) -> Volley:
        """The tank assault: interception (Anti-tank Bomb), then the volley (Volley)."""
        c = self.c
        side = st[0]
        here = pieces(st)
        n = P.intercept_count(c, st, "tanks")
        after: dict[tuple[int, int], float] = {}
        for h, e, w in hits_explosions_table(n):
            s = P.intercept_effect(st, "tanks", h, e) if n else st
            delta = here - pieces(s)
            after[(delta, s[P.TANKS_AT[side]])] = after.get((delta, s[P.TANKS_AT[side]]), 0.0) + w / pow6(n)
        dice = c.tank_dice[side]
        shots: list[tuple[int | None, float]] = []
        for explosions, w in explosions_table(dice):
            kills = P.tank_kills(c, st, explosions)
            shots.append((kills, w / pow6(dice)))
        merged_shots: dict[int | None, float] = {}
        for kills, x in shots:
            merged_shots[kills] = merged_shots.get(kills, 0.0) + x
        return Volley(tuple((x, factor(x), delta, left) for (delta, left), x in after.items()),
                      tuple((kills, x, factor(x)) for kills, x in merged_shots.items()), side)

    # -- the defender's assaults: flat rows (no kills of defenders) ------------------------

    def _flat(self, merged: Merged, here: int, s: Compact, x: float) -> None:
        """A defender's outcome: the attacker's last soldier fell (delta None) or a new key."""
        _add(merged, 0, None if s[0] == "end" else here - pieces(s), None, x)

    def _automaton(self, st: Compact) -> Rows:
        merged: Merged = {}
        here = pieces(st)
        for hits, w in hits_table(st[8]):
            self._flat(merged, here, P.automaton_effect(st, hits), w / pow6(st[8]))
        return _rows(merged)

    def fires_from(self, st: Compact) -> int:
        """The attacker's next tank fires when at least this many defenders are left (BIG: never)."""
        sub = ("fires", st[2], P.level(self.c, st))
        found: int | None = self.cache.get(sub)
        if found is None:
            found = BIG
            for left in range(1, BIG):
                if P.tank_fires(self.c, st, left):
                    found = left
                    break
                if left > 4 * max(1, self.c.tank_power[0]):  # constant once past the largest kill
                    break
            self.cache[sub] = found
        return found

    def fires_always_up_to(self, st: Compact) -> int:
        """The defender's tanks all fire, whatever the attackers they leave, while it has at
        most this many soldiers (-1: not for any): the least fires_up_to of 1..st[2] attackers."""
        sub = ("fires always", st[2])
        found: int | None = self.cache.get(sub)
        if found is None:
            found = self.cache[sub] = min(self.fires_up_to(st, a) for a in range(1, st[2] + 1))
        return found

    def fires_up_to(self, st: Compact, attackers: int) -> int:
        """The defender's next tank fires while it has at most this many soldiers (-1: never)."""
        sub = ("fires up to", attackers)
        found: int | None = self.cache.get(sub)
        if found is None:
            low, high = 0, BIG  # tank_fires holds at low, fails at high
            if not P.tank_fires(self.c, _with(st, 0), attackers):
                found = -1
            else:
                while high - low > 1:
                    mid = (low + high) // 2
                    if P.tank_fires(self.c, _with(st, mid), attackers):
                        low = mid
                    else:
                        high = mid
                found = low
            self.cache[sub] = found
        return found


@dataclass(frozen=True)
class Volley:
    """A tank assault: interceptions ((x, X, key delta, tanks left), ...), then one tank
    after another, each ((kills or None if it explodes, x, X), ...)."""

    intercepts: tuple[tuple[float, int, int, int], ...]
    shots: tuple[tuple[int | None, float, int], ...]
    side: int


def _interception(flying: int, n: int) -> Rows:
    """The attacker's n interceptors meet the defender's `flying` airplanes (Anti-aircraft
    Culverin): hits destroy flying airplanes, explosions the interceptors (the same rules
    as policy.intercept_effect; a test checks them)."""
    merged: Merged = {}
    own, foe = _AIRPLANES_SHIFT[P.DEFENDER], _AIRPLANES_SHIFT[P.ATTACKER]
    for h, e, x in dice_floats(n):
        _add(merged, 0, min(h, flying) << own | e << foe, None, x)
    return _rows(merged)


@lru_cache(maxsize=1024)
def volley_rows(flying: int, per_hit: int, cut: int) -> Rows:
    """The defender's air volley of `flying` airplanes, none intercepted, against an army
    that `cut` hits kill: a row per (explosions, hits) below `cut` hits, the rest one row
    (the attacker's last soldier fell). Each die hits (3 faces of 6), explodes (1) or
    not (2); the same rules as air_rows without interceptors, straight from the
    trinomial (a test checks them against the exact enumeration). The rows by hits are
    made once per fleet (`_volley_by_hits`) and shared by every `cut`."""
    by_hits = _volley_by_hits(flying, per_hit, max(cut, MAX_SOLDIERS))
    rows: list[Row] = []
    below = 0.0
    for h in range(min(cut, flying + 1)):
        rows += by_hits[h]
        below += comb(flying, h) * 0.5 ** flying
    if cut <= flying:  # else no roll has that many hits
        lost = 1.0 - below
        rows.append((lost, 0, factor(lost), None, None))
    return ranked(rows)


@lru_cache(maxsize=256)
def _volley_by_hits(flying: int, per_hit: int, cut: int) -> tuple[tuple[Row, ...], ...]:
    """volley_rows' rows of h hits, for every h below `cut`: ((x, 0, factor, key delta,
    None) per number of explosions, ...) by h."""
    own = _AIRPLANES_SHIFT[P.DEFENDER]
    by_hits: list[tuple[Row, ...]] = []
    for h in range(min(cut, flying + 1)):
        p_h = comb(flying, h) * 0.5 ** h
        rest = flying - h
        rows: list[Row] = []
        for e in range(rest + 1):
            x = p_h * comb(rest, e) * 6.0 ** -e * 3.0 ** (e - rest)
            if x > 0:
                rows.append((x, 0, factor(x), e << own | h * per_hit << SOLDIERS_SHIFT, None))
        by_hits.append(tuple(rows))
    return tuple(by_hits)


@lru_cache(maxsize=64)
def dice_floats(m: int) -> tuple[tuple[int, int, float], ...]:
    """((hits, explosions, probability), ...) of m dice, blanks summed out."""
    unit = 1.0 / pow6(m)
    return tuple((h, e, w * unit) for h, e, w in hits_explosions_table(m))


@lru_cache(maxsize=64)
def hits_floats(m: int) -> tuple[float, ...]:
    """(probability of h hits of m dice, ...): 3 faces of 6 hit."""
    return tuple(comb(m, h) * 0.5 ** m for h in range(m + 1))


@lru_cache(maxsize=64)
def dice_by_hits(m: int) -> tuple[tuple[tuple[int, float], ...], ...]:
    """m dice by hits: (((explosions, probability), ...) for 0 hits, for 1 hit, ...)."""
    by: list[list[tuple[int, float]]] = [[] for _ in range(m + 1)]
    for h, e, x in dice_floats(m):
        by[h].append((e, x))
    return tuple(tuple(row) for row in by)


@lru_cache(maxsize=256)
def air_rows(flying: int, n: int, per_hit: int) -> tuple[tuple[tuple[Row, ...], ...], tuple[float, ...]]:
    """The defender's air assault of `flying` airplanes met by `n` interceptors (no
    paratrooper on this side): (rows by hits for fewer hits than kill a whole attacking
    army, (probability of at least h hits, ...)). A row is (x, 0, factor, key delta with
    the kills, None), as in Rows. The same rules as exact_moves.airplane_rows
    (interception hits destroy flying airplanes, explosions the interceptors; then each
    airplane left rolls), in floats; a test checks them against the exact enumeration."""
    top = min(flying, MAX_SOLDIERS)  # at most this many hits ever leave a soldier alive
    by: list[dict[tuple[int, int], float]] = [{} for _ in range(top + 1)]
    at_least = [0.0] * (flying + 2)
    for h1, e1, x1 in dice_floats(n):
        shot = min(h1, flying)
        left = flying - shot
        rows = dice_by_hits(left)
        for h in range(min(top, left) + 1):
            into = by[h]
            for e, x in rows[h]:
                k = (shot + e, e1)
                into[k] = into.get(k, 0.0) + x1 * x
        for h, x in enumerate(hits_floats(left)):
            at_least[h] += x1 * x
    for h in range(flying, -1, -1):  # from the probability of exactly h hits to at least h
        at_least[h] += at_least[h + 1]
    own, foe = _AIRPLANES_SHIFT[P.DEFENDER], _AIRPLANES_SHIFT[P.ATTACKER]
    by_hits = tuple(
        tuple((x, 0, factor(x), lost << own | foe_lost << foe | h * per_hit << SOLDIERS_SHIFT, None)
              for (lost, foe_lost), x in into.items() if x > 0)
        for h, into in enumerate(by))
    return by_hits, tuple(at_least)


@lru_cache(maxsize=1024)
def defender_infantry(d: int, attackers: int, multi_gun: int, battle_wagon: int) -> InfantryTable:
    """The defender's infantry with d soldiers against `attackers`: (probability the
    attackers all fall, ((x, hits), ...) of the rolls in which every defender explodes,
    and per number of hits t that leaves attackers (t, its probability, its factors as
    a column over the defenders left)). One die per soldier: 3 hit, 2 blank, 1 explosion
    faces; hits count with the bonuses (machine.infantry_total). Terms below 1e-18 past
    the largest are left out (a factor rounds anything below 2e-16 to 0 anyway)."""
    merged: dict[tuple[int, int], float] = {}
    for h in range(min(d, attackers - 1) + 1):
        hits = h + min(multi_gun, h)
        if hits >= attackers:
            break
        p = comb(d, h) * 0.5**h * 3.0 ** (h - d)
        peak = 0.0
        for e in range(d - h + 1):
            b = d - h - e
            total = hits + (battle_wagon if b > battle_wagon else b)
            if total < attackers and p:
                merged[(total, e)] = merged.get((total, e), 0.0) + p
            if p > peak:
                peak = p
            elif p < 1e-18:
                break
            p *= b / (2 * (e + 1))
    wipes = tuple((x, t) for (t, e), x in merged.items() if e >= d)
    groups: dict[int, tuple[float, int]] = {}
    for (t, e), x in merged.items():
        if e < d:
            x0, column = groups.get(t, (0.0, 0))
            groups[t] = (x0 + x, column + (factor(x) << ((d - e) * WIDTH)))
    # 0.0 starts: compiled by mypyc (2.4.1), sum() of an empty `wipes` (int 0) + a float sum
    # raised TypeError ("int object expected; got float"); the same floats either way
    left = sum((x for x, _ in wipes), 0.0) + sum((x for x, _ in groups.values()), 0.0)
    return max(0.0, 1.0 - left), wipes, tuple((t, x, column) for t, (x, column) in groups.items())
