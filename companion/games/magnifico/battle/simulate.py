"""Monte Carlo games of the default policy: the public `simulate`, and the checks of the odds.

`simulate(position, games, seed)` plays the policy over the compact state with seeded
random dice and reports like `odds` (estimates); it is also the benchmark's baseline.
`simulate_machine` plays it through the step machine (`policy_step`), so the tests check
the compact model the odds use against the machine's own rules.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from companion.errors import GameError

from . import policy as P
from .policy import Compact


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


def simulate_compact(position: dict[str, Any], games: int, seed: int = 0) -> dict[Compact, int]:
    """Play the policy `games` times on the compact state with random dice: {(winner, a, d): count}."""
    if position["over"]:
        return {(position["winner"], position["attacker"]["soldiers"], position["defender"]["soldiers"]): games}
    rng = random.Random(seed)
    c = P.context(position)
    worth = P.worth_infantry_for(c)
    start = P.compact(position)
    counts: defaultdict[Compact, int] = defaultdict(int)
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


def _sample_assault(c: P.Context, st: Compact, action: str, rng: random.Random) -> Compact:
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


def simulate(position: dict[str, Any], games: int, seed: int = 0) -> dict[str, Any]:
    """`games` seeded random battles of the default policy from `position`, reported
    like `odds` (every probability an estimate, plus "games")."""
    from .odds import report

    if not isinstance(position, dict) or "setup" not in position:
        raise GameError.of("battle.simulate_needs_position")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise GameError.of("battle.simulate_games")
    counts = simulate_compact(position, games, seed)
    result = report({end: n / games for end, n in counts.items()})
    result["games"] = games
    return result


# ---------------------------------------------------------------- the policy as notation steps

_FACES = ("hit", "hit", "hit", "blank", "blank", "explosion")


def policy_step(position: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The policy's next notation step from a running position, its dice rolled with rng.

    Drives the step machine itself, so a simulation through it checks the compact model
    the odds use against the machine's rules."""
    from . import machine

    c = P.context(position)
    worth = P.worth_infantry_for(c)
    st = P.compact(position)
    action = P.decide(c, st, worth)
    if action == P.END:
        st = P.next_turn(st)
        action = P.decide(c, st, worth)
    side = "attacker" if st[0] == P.ATTACKER else "defender"
    if action == P.RETREAT:
        return {"side": "attacker", "retreat": True}

    def roll(n: int) -> list[str]:
        return [rng.choice(_FACES) for _ in range(n)]

    step: dict[str, Any] = {"side": side, "assault": action}
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


def simulate_machine(position: dict[str, Any], games: int, seed: int = 0) -> dict[Compact, int]:
    """Play the policy `games` times through the step machine: {(winner, a, d): count}."""
    from . import machine

    rng = random.Random(seed)
    counts: defaultdict[Compact, int] = defaultdict(int)
    for _ in range(games):
        pos = position
        while not pos["over"]:
            pos = machine.step(pos, policy_step(pos, rng))
        counts[(pos["winner"], pos["attacker"]["soldiers"], pos["defender"]["soldiers"])] += 1
    return dict(counts)
