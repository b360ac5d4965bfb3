"""The default battle policy ("steady") over a compact state, shared by the exact odds
and the simulations. docs/battle.md ("The default odds policy") describes it in words.

A compact state is a tuple
``(side, used, a_soldiers, a_tanks, a_airplanes, d_soldiers, d_tanks, d_airplanes, towers, paratrooped)``
where ``side`` is 0 (attacker) or 1 (defender), ``used`` a bit mask of the assaults made
in the current turn, tanks and airplanes count only pieces that can fight, and towers is 0
without a castle. An end is ``("end", winner, a_soldiers, d_soldiers)`` with winner
"attacker", "defender" or None (retreat).

The effects below take the counts of dice faces (hits, blanks, explosions), so the exact
odds enumerate them with their multinomial weights and the simulations roll them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Any, TypeAlias

from .dice import faces_table, pow6
from .machine import MAX_CASTLE_LEVEL, tank_dice, tank_power

NAME = "steady"

ATTACKER, DEFENDER = 0, 1
INFANTRY, TANKS, AIRPLANES, AUTOMATON = 1, 2, 4, 8
BIT = {"infantry": INFANTRY, "tanks": TANKS, "airplanes": AIRPLANES, "automaton": AUTOMATON}
RETREAT, END = "retreat", "end"

Compact: TypeAlias = tuple[Any, ...]
"""A compact state (the layout above: ints and one bool) or an end ("end", winner, a, d)."""
IntPair: TypeAlias = tuple[int, int]  # (the attacker's, the defender's)
BoolPair: TypeAlias = tuple[bool, bool]
WorthInfantry: TypeAlias = Callable[[int, int], bool]


@dataclass(frozen=True)
class Context:
    """What stays fixed in one battle: cards, printed values, castle, variant."""

    castle: bool
    walls: int
    bombard: int
    great_cannon: int
    paratrooper: bool
    automaton: bool
    variant_army: bool
    tank_dice: IntPair  # per side; 0 without a Tank card
    tank_power: IntPair
    gyroscope: IntPair
    multi_gun: IntPair
    battle_wagon: IntPair
    anti_tank_bomb: BoolPair
    culverin: BoolPair


def context(position: dict[str, Any]) -> Context:
    s = position["setup"]
    a, d = s["attacker"], s["defender"]

    def pair(f: Callable[[dict[str, Any]], Any]) -> tuple[Any, Any]:
        return (f(a), f(d))

    # Table option (reference sheet): only the defender intercepts.
    attacker_intercepts = s["variants"].get("intercept", "both") == "both"

    return Context(
        castle=position["towers"] is not None,
        walls=d["cards"]["walls"],
        bombard=a["cards"]["bombard"],
        great_cannon=a["cards"]["great_cannon"],
        paratrooper=a["cards"]["paratrooper"] > 0,
        automaton=d["cards"]["automaton"] > 0,
        variant_army=s["variants"]["tank_explosion"] == "army",
        tank_dice=pair(lambda x: tank_dice(x) if x["tank_card"] else 0),
        tank_power=pair(lambda x: tank_power(x) if x["tank_card"] else 0),
        gyroscope=pair(lambda x: x["cards"]["gyroscope"]),
        multi_gun=pair(lambda x: x["cards"]["multi_gun"]),
        battle_wagon=pair(lambda x: x["cards"]["battle_wagon"]),
        anti_tank_bomb=pair(lambda x: x["cards"]["anti_tank_bomb"] > 0 and x["airplane_card"] is not None
                            and (x is d or attacker_intercepts)),
        culverin=pair(lambda x: x["cards"]["anti_aircraft_culverin"] > 0 and x["airplane_card"] is not None
                      and (x is d or attacker_intercepts)),
    )


def compact(position: dict[str, Any]) -> Compact:
    """The compact state of a running battle position."""
    side = ATTACKER if position["turn"] == "attacker" else DEFENDER
    used = 0
    for name in position["used"]:
        used |= BIT[name]
    s = position["setup"]

    def fighting(who: str, kind: str) -> int:
        return position[who][kind] if s[who][kind[:-1] + "_card"] is not None else 0

    return (
        side, used,
        position["attacker"]["soldiers"], fighting("attacker", "tanks"), fighting("attacker", "airplanes"),
        position["defender"]["soldiers"], fighting("defender", "tanks"), fighting("defender", "airplanes"),
        position["towers"] or 0, position["paratrooped"],
    )


# ---------------------------------------------------------------- derived values


def level(c: Context, st: Compact) -> int:
    if not c.castle or st[9]:
        return 0
    towers: int = st[8]
    return min(MAX_CASTLE_LEVEL, 1 + towers + c.walls)


def infantry_protection(c: Context, st: Compact) -> int:
    return max(0, level(c, st) - c.bombard)


def max_infantry(c: Context, side: int, n: int) -> int:
    return n + min(c.multi_gun[side], n)


def may_retreat(c: Context, st: Compact) -> bool:
    """Rulebook 7.3.10 on the compact state (the same test as machine.retreat_blocker)."""
    if st[4]:
        return False
    if st[3] and c.tank_power[0] > level(c, st):
        return False
    return max_infantry(c, 0, st[2]) <= infantry_protection(c, st)


# ---------------------------------------------------------------- the policy


def decide(c: Context, st: Compact, worth_infantry: WorthInfantry) -> str:
    """The next action of the side whose turn it is: RETREAT, END or an assault name.

    ``worth_infantry(n, protection)`` tells whether an attacker's infantry assault of n
    soldiers against that protection expects to kill at least as many as it loses.
    """
    side, used = st[0], st[1]
    if side == ATTACKER:
        if may_retreat(c, st):
            return RETREAT
        if not used & AIRPLANES and st[4]:
            return "airplanes"
        can_tank = not used & TANKS and st[3] and c.tank_power[0] > level(c, st)
        if can_tank and tank_fires(c, st, st[5]):
            return "tanks"
        if not used & INFANTRY:
            protection = infantry_protection(c, st)
            n = st[2]
            if max_infantry(c, 0, n) > protection and (not used or worth_infantry(n, protection)):
                return "infantry"
        if used:
            return END
        # at least one assault a turn; retreat is not allowed, so a tank or the infantry can pierce
        return "tanks" if can_tank else "infantry"
    if not used & AUTOMATON and c.automaton and st[8]:
        return "automaton"
    if not used & AIRPLANES and st[7]:
        return "airplanes"
    if not used & TANKS and st[6] and tank_fires(c, st, st[2]):
        return "tanks"
    if not used & INFANTRY:
        return "infantry"
    return END


def worth_infantry_for(c: Context) -> WorthInfantry:
    """worth_infantry(n, protection) of decide: the expected kills of an attacker infantry
    assault of n soldiers against that protection are at least its expected own losses (n/6)."""

    @lru_cache(maxsize=None)
    def worth(n: int, protection: int) -> bool:
        mg, bw = c.multi_gun[0], c.battle_wagon[0]
        expected = sum(w * max(0, h + min(mg, h) + min(bw, b) - protection) for h, b, e, w in faces_table(n))
        return 6 * expected >= n * pow6(n)

    return worth


def next_turn(st: Compact) -> Compact:
    return (1 - st[0], 0) + st[2:]


def end(winner: str | None, st: Sequence[Any]) -> Compact:
    return ("end", winner, st[2], st[5])


SOLDIERS, TANKS_AT, AIRPLANES_AT = (2, 5), (3, 6), (4, 7)


# ---------------------------------------------------------------- effects (face counts in, state out)


def infantry_effect(c: Context, st: Compact, hits: int, blanks: int, explosions: int) -> Compact:
    """An infantry assault with all the side's soldiers; the attacker declares its Great
    Cannons whenever the castle has towers."""
    side = st[0]
    foe = 1 - side
    s = list(st)
    s[1] |= INFANTRY
    total = hits + min(c.multi_gun[side], hits) + min(c.battle_wagon[side], blanks)
    protection = infantry_protection(c, st) if side == ATTACKER else 0
    kills = total - protection if total > protection else 0
    s[SOLDIERS[foe]] -= kills
    if s[SOLDIERS[foe]] <= 0:
        s[SOLDIERS[foe]] = 0
        return end(_name(side), s)
    s[SOLDIERS[side]] -= explosions
    if s[SOLDIERS[side]] <= 0:
        s[SOLDIERS[side]] = 0
        return end(_name(foe), s)
    if side == ATTACKER and c.great_cannon and s[8]:
        s[8] -= min(c.great_cannon, total - kills, s[8])
    return tuple(s)


def infantry_outcomes(c: Context, st: Compact, table: Iterable[tuple[int, int, int]]) -> dict[Compact, int]:
    """infantry_effect over a whole table ((total hits after bonuses, explosions, weight), ...),
    merged: {end, or (used, a_soldiers, d_soldiers, towers): weight}. The same rules as
    infantry_effect, in one loop for the exact odds (a test checks they agree)."""
    side = st[0]
    foe = 1 - side
    protection = infantry_protection(c, st) if side == ATTACKER else 0
    own, foes, towers = st[SOLDIERS[side]], st[SOLDIERS[foe]], st[8]
    used = st[1] | INFANTRY
    cannons = c.great_cannon if side == ATTACKER and towers else 0
    merged: dict[Compact, int] = {}
    won = 0
    for total, explosions, w in table:
        kills = total - protection if total > protection else 0
        if kills >= foes:
            won += w
            continue
        if explosions >= own:
            key = ("end", _name(foe), 0, foes - kills) if side == ATTACKER else ("end", "attacker", foes - kills, 0)
        else:
            left = towers - min(cannons, total - kills, towers) if cannons else towers
            if side == ATTACKER:
                key = (used, own - explosions, foes - kills, left)
            else:
                key = (used, foes - kills, own - explosions, left)
        merged[key] = merged.get(key, 0) + w
    if won:
        merged[("end", _name(side), own, 0) if side == ATTACKER else ("end", "defender", 0, own)] = won
    return merged


def _name(side: int) -> str:
    return "attacker" if side == ATTACKER else "defender"


def intercept_count(c: Context, st: Compact, kind: str) -> int:
    """How many airplanes the facing side sends (all it has, at most one per target)."""
    side = st[0]
    foe = 1 - side
    has = c.anti_tank_bomb[foe] if kind == "tanks" else c.culverin[foe]
    if not has:
        return 0
    targets = st[TANKS_AT[side]] if kind == "tanks" else st[AIRPLANES_AT[side]]
    sent: int = min(st[AIRPLANES_AT[foe]], targets)
    return sent


def intercept_effect(st: Compact, kind: str, hits: int, explosions: int) -> Compact:
    side = st[0]
    s = list(st)
    at = TANKS_AT[side] if kind == "tanks" else AIRPLANES_AT[side]
    s[at] -= min(hits, s[at])
    s[AIRPLANES_AT[1 - side]] -= explosions
    return tuple(s)


def uses_paratrooper(c: Context, st: Compact) -> bool:
    """The attacker drops a paratrooper whenever it may: a castle with protection left,
    at least 2 soldiers, an airplane flying."""
    return st[0] == ATTACKER and c.paratrooper and c.castle and not st[9] and st[2] >= 2 and st[4] > 0


def paratrooper_effect(st: Compact, result: str) -> Compact:
    s = list(st)
    s[2] -= 1
    if result == "hit":
        s[9] = True
    elif result == "explosion":
        s[4] -= 1
    return tuple(s)


def airplanes_effect(c: Context, st: Compact, hits: int, explosions: int) -> Compact:
    side = st[0]
    foe = 1 - side
    s = list(st)
    s[SOLDIERS[foe]] -= hits * (1 + c.gyroscope[side])
    if s[SOLDIERS[foe]] <= 0:
        s[SOLDIERS[foe]] = 0
        return end(_name(side), s)
    s[AIRPLANES_AT[side]] -= explosions
    return tuple(s)


def tank_kills(c: Context, st: Compact, explosions: int) -> int | None:
    """Kills of one tank of the acting side (explosion table, rulebook 7.5.3; the castle
    protects against each attacking tank); None: 3+ explosions, the tank explodes."""
    side = st[0]
    power = c.tank_power[side]
    if explosions >= 3:
        return None
    hits = power if explosions == 0 else power // 2 if explosions == 1 else 0
    protection = level(c, st) if side == ATTACKER else 0
    return hits - protection if hits > protection else 0


@lru_cache(maxsize=None)
def _explosion_weights(dice: int) -> tuple[int, int, int, int]:
    """Weights over 6**dice of 0, 1, 2 and 3+ explosions."""
    w = [comb(dice, e) * 5 ** (dice - e) for e in range(dice + 1)] + [0, 0, 0]
    return w[0], w[1], w[2], sum(w[3:])


def tank_fires(c: Context, st: Compact, foes_left: int) -> bool:
    """Whether the acting side fires (another) tank: its expected kills, after the castle
    and at most the enemy soldiers left, are at least its chance to explode (3+
    explosions) times the soldiers the explosion would take with it."""
    side = st[0]
    if not c.tank_dice[side]:
        return False
    weights = _explosion_weights(c.tank_dice[side])
    return worth_firing([(tank_kills(c, st, e), w) for e, w in enumerate(weights)], foes_left, st[SOLDIERS[side]])


def worth_firing(shots: Iterable[tuple[int | None, int]], foes_left: int, soldiers: int) -> bool:
    """tank_fires on a tank's outcomes [(kills, or None if it explodes; weight)]."""
    expected = risk = 0
    for kills, w in shots:
        if kills is None:
            risk += w * soldiers
        else:
            expected += w * min(foes_left, kills)
    return expected > 0 and expected >= risk


def tank_effect(c: Context, st: Compact, explosions: int) -> Compact:
    """One tank fires."""
    side = st[0]
    foe = 1 - side
    s = list(st)
    kills = tank_kills(c, st, explosions)
    if kills is None:
        s[SOLDIERS[side]] = 0
        return end(_name(foe), s)
    s[SOLDIERS[foe]] -= kills
    if s[SOLDIERS[foe]] <= 0:
        s[SOLDIERS[foe]] = 0
        return end(_name(side), s)
    return tuple(s)


def automaton_effect(st: Compact, hits: int) -> Compact:
    s = list(st)
    s[1] |= AUTOMATON
    s[2] -= hits
    if s[2] <= 0:
        s[2] = 0
        return end("defender", s)
    return tuple(s)


def mark(st: Compact, bit: int) -> Compact:
    return (st[0], st[1] | bit) + st[2:]
