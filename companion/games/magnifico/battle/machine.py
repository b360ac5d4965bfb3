"""The battle step machine: start, step, options, outcome over plain JSON dicts.

Rules: rulebook (English) sections 7, 8 and 13, and rules-decisions.md "Battle".
Choices where both are silent are listed in docs/battle.md ("Decisions").
"""

from __future__ import annotations

import copy
from typing import Any

from companion.errors import GameError

from . import notation
from .notation import SIDES

MAX_CASTLE_LEVEL = 5


def other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    return f"{n} dice" if word == "die" else f"{n} {word}s"


# ---------------------------------------------------------------- derived values


def usable_tanks(pos: dict[str, Any], side: str) -> int:
    """Tanks that can fight: captured pieces without a Tank card cannot (rulebook 8.3)."""
    return pos[side]["tanks"] if pos["setup"][side]["tank_card"] is not None else 0


def usable_airplanes(pos: dict[str, Any], side: str) -> int:
    return pos[side]["airplanes"] if pos["setup"][side]["airplane_card"] is not None else 0


def castle_level(pos: dict[str, Any]) -> int | None:
    """1 + towers + defender Walls, at most 5; 0 after a successful paratrooper; None without castle."""
    if pos["towers"] is None:
        return None
    if pos["paratrooped"]:
        return 0
    walls: int = pos["setup"]["defender"]["cards"]["walls"]
    towers: int = pos["towers"]
    return min(MAX_CASTLE_LEVEL, 1 + towers + walls)


def infantry_protection(pos: dict[str, Any]) -> int:
    """Protection against the attacker's infantry: the level minus one per attacker Bombard."""
    level = castle_level(pos) or 0
    bombards: int = pos["setup"]["attacker"]["cards"]["bombard"]
    return max(0, level - bombards)


def tank_protection(pos: dict[str, Any]) -> int:
    return castle_level(pos) or 0


def tank_dice(setup_side: dict[str, Any]) -> int:
    """Card dice minus one per Mechanical Transmission Gear, at least 1 (rulebook 13.7)."""
    dice: int = setup_side["tank_card"]["dice"] - setup_side["cards"]["transmission_gear"]
    return max(1, dice)


def tank_power(setup_side: dict[str, Any]) -> int:
    """Full power: card hits + 1 per Cannon-lighter + 2 per Multi-cannon (rulebook 13.8, 13.9)."""
    cards = setup_side["cards"]
    power: int = setup_side["tank_card"]["hits"] + cards["cannon_lighter"] + 2 * cards["multi_cannon"]
    return power


def tank_hits(power: int, explosions: int) -> int | None:
    """Hits of one tank by its explosions (rulebook 7.5.3); None: the tank explodes (3 or more)."""
    if explosions == 0:
        return power
    if explosions == 1:
        return power // 2
    if explosions == 2:
        return 0
    return None


def infantry_total(hits: int, blanks: int, multi_gun: int, battle_wagon: int) -> int:
    """Hits of an infantry roll with the best bonus assignment (rulebook 13.11, 13.12).

    Each Battle-wagon turns one blank into a hit, each Multi-gun doubles one plain hit;
    a die takes one bonus at most and a turned die is never doubled. The two bonuses
    never compete for a die, so using every one that has a die is always best.
    """
    return hits + min(multi_gun, hits) + min(battle_wagon, blanks)


def max_infantry_hits(soldiers: int, cards: dict[str, Any]) -> int:
    multi_guns: int = cards["multi_gun"]
    return soldiers + min(multi_guns, soldiers)


def retreat_blocker(pos: dict[str, Any]) -> str | None:
    """Why the attacker may not retreat now, or None if it may (rulebook 7.3.10).

    Retreat is allowed only when none of the attacker's possible assaults could kill a
    defending soldier, whatever the dice: its current pieces are judged, whether or not
    that assault type was already used in this turn.
    """
    att = pos["setup"]["attacker"]
    if usable_airplanes(pos, "attacker"):
        return "its airplanes could still kill a defending soldier (castles never stop airplanes)"
    if usable_tanks(pos, "attacker") and tank_power(att) > tank_protection(pos):
        return f"a tank ({tank_power(att)} hits) could still pierce the castle (level {tank_protection(pos)})"
    best = max_infantry_hits(pos["attacker"]["soldiers"], att["cards"])
    if best > infantry_protection(pos):
        return f"its infantry (up to {best} hits) could still beat the protection of {infantry_protection(pos)}"
    return None


# ---------------------------------------------------------------- start


def start(setup: dict[str, Any]) -> dict[str, Any]:
    """The position at the start of a battle; a sea raid's landing losses are already taken."""
    s = notation.parse_setup(setup)
    castle = s["defender"]["castle"]
    pos: dict[str, Any] = {
        "setup": s,
        "attacker": {k: s["attacker"][k] for k in ("soldiers", "tanks", "airplanes")},
        "defender": {k: s["defender"][k] for k in ("soldiers", "tanks", "airplanes")},
        "towers": None if castle is None else castle["towers"],
        "paratrooped": False,
        "turn": "attacker",
        "turn_number": 1,
        "used": [],
        "over": False,
        "winner": None,
        "retreated": False,
        "losses": {side: {"soldiers": 0, "tanks": 0, "airplanes": 0} for side in SIDES},
        "log": [],
    }
    if s["sea_raid"]:
        landing = notation.landing_losses(s["attacker"], s["defender"])
        _remove(pos, "attacker", "soldiers", landing)
        pos["log"].append(f"sea raid landing: the attacker loses {_plural(landing, 'soldier')}")
    return pos


# ---------------------------------------------------------------- step


def step(position: dict[str, Any], raw_step: dict[str, Any]) -> dict[str, Any]:
    """Apply one notation step to a position and return the new position (the input is untouched)."""
    if position.get("over"):
        raise GameError(f"the battle is over ({_ending(position)}); no step may follow")
    s = notation.parse_step(raw_step)
    pos = copy.deepcopy(position)
    side = s["side"]
    if s.get("retreat"):
        _retreat(pos, side)
        return pos
    assault = s["assault"]
    if side != pos["turn"]:
        if not pos["used"]:
            if pos["turn_number"] == 1:
                raise GameError("the attacker assaults first (rulebook 7.3.3)")
            raise GameError(f"the {pos['turn']} must make at least one assault in its turn (rulebook 7.3.5)")
        pos["turn"] = side
        pos["used"] = []
        pos["turn_number"] += 1
    elif assault in pos["used"]:
        raise GameError(f"the {side} has already made its {assault} assault in this turn (rulebook 7.3.3)")
    pos["used"].append(assault)
    {"infantry": _infantry, "tanks": _tanks, "airplanes": _airplanes, "automaton": _automaton}[assault](pos, side, s)
    return pos


def _ending(pos: dict[str, Any]) -> str:
    if pos["retreated"]:
        return "the attacker retreated"
    return f"the {pos['winner']} won"


def _remove(pos: dict[str, Any], side: str, kind: str, n: int) -> int:
    n = min(n, pos[side][kind])
    pos[side][kind] -= n
    pos["losses"][side][kind] += n
    return n


def _end(pos: dict[str, Any], winner: str) -> None:
    pos["over"] = True
    pos["winner"] = winner
    loser = other(winner)
    taken = pos[loser]["tanks"], pos[loser]["airplanes"]
    if any(taken):
        pos["log"].append(
            f"the {winner} wins and captures {_plural(taken[0], 'tank')} and {_plural(taken[1], 'airplane')}"
        )
    else:
        pos["log"].append(f"the {winner} wins")


def _kill(pos: dict[str, Any], victim: str, n: int) -> bool:
    """Hits kill soldiers of `victim`; True if its last soldier fell (the battle is over)."""
    _remove(pos, victim, "soldiers", n)
    if pos[victim]["soldiers"] == 0:
        _end(pos, other(victim))
        return True
    return False


def _count_faces(faces: list[str]) -> tuple[int, int, int]:
    return faces.count("hit"), faces.count("blank"), faces.count("explosion")


def _infantry(pos: dict[str, Any], side: str, s: dict[str, Any]) -> None:
    me = pos[side]
    cards = pos["setup"][side]["cards"]
    n = s.get("soldiers", me["soldiers"])
    if n > me["soldiers"]:
        raise GameError(f"the {side} has {_plural(me['soldiers'], 'soldier')}, not {n}")
    notation.dice(s["dice"], f"{side} infantry dice (one per soldier used)", n)
    gc = 0
    if s["great_cannon"]:
        if side != "attacker":
            raise GameError("only the attacker fires a Great Cannon, against the defender's castle (rulebook 13.14)")
        if not cards["great_cannon"]:
            raise GameError("the attacker has no Great Cannon in play")
        if not pos["towers"]:
            raise GameError("a Great Cannon needs a castle with towers to shoot at (rulebook 13.14)")
        gc = cards["great_cannon"]
    hits, blanks, explosions = _count_faces(s["dice"])
    total = infantry_total(hits, blanks, cards["multi_gun"], cards["battle_wagon"])
    protection = infantry_protection(pos) if side == "attacker" else 0
    kills = max(0, total - protection)
    parried = min(total, protection)
    line = f"{side} infantry: {_plural(n, 'die')}, {_plural(total, 'hit')}"
    if protection:
        line += f" - castle {protection} = {_plural(kills, 'kill')}"
    if explosions:
        line += f", {explosions} own loss{'es' if explosions != 1 else ''}"
    pos["log"].append(line)
    if _kill(pos, other(side), kills):
        return
    _remove(pos, side, "soldiers", explosions)
    if me["soldiers"] == 0:
        _end(pos, other(side))
        return
    if gc:
        down = min(gc, parried, pos["towers"])
        pos["towers"] -= down
        pos["log"].append(f"great cannon: {_plural(down, 'tower')} destroyed, {pos['towers']} left")


def may_intercept(pos: dict[str, Any], side: str) -> bool:
    """Table option from the reference sheet (variant ``intercept: "defender"``): only the
    defender may intercept; by default both sides may (rulebook 7.6.6, 7.6.7)."""
    return side == "defender" or pos["setup"]["variants"].get("intercept", "both") == "both"


def _intercept(pos: dict[str, Any], side: str, what: str, card: str, targets: int, s: dict[str, Any]) -> int:
    """Interception by the side facing `side`'s assault; returns how many targets were destroyed."""
    interceptor = other(side)
    icpt = s.get("intercept")
    if icpt is None:
        return 0
    name = card.replace("_", " ")
    if not may_intercept(pos, interceptor):
        raise GameError("only the defender may intercept in this game (table option from the reference sheet)")
    if not pos["setup"][interceptor]["cards"][card]:
        raise GameError(f"the {interceptor} has no {name} to intercept {what} with (rulebook 7.6.6, 7.6.7)")
    available = usable_airplanes(pos, interceptor)
    if icpt["airplanes"] > available:
        raise GameError(f"the {interceptor} has {_plural(available, 'airplane')} that can fly, not {icpt['airplanes']}")
    hits, _, explosions = _count_faces(icpt["dice"])
    destroyed = min(hits, targets)
    _remove(pos, side, what, destroyed)
    _remove(pos, interceptor, "airplanes", explosions)
    pos["log"].append(
        f"{interceptor} {name}: {_plural(icpt['airplanes'], 'airplane')}, "
        f"{_plural(destroyed, what[:-1])} destroyed, {_plural(explosions, 'interceptor')} lost"
    )
    return destroyed


def _tanks(pos: dict[str, Any], side: str, s: dict[str, Any]) -> None:
    setup_side = pos["setup"][side]
    if not usable_tanks(pos, side):
        why = "no Tank card" if setup_side["tank_card"] is None and pos[side]["tanks"] else "no tank"
        raise GameError(f"the {side} has {why}: no tank assault (rulebook 8.3)")
    _intercept(pos, side, "tanks", "anti_tank_bomb", pos[side]["tanks"], s)
    rolls = s["rolls"]
    left = pos[side]["tanks"]
    if not rolls and "intercept" not in s:
        raise GameError("a tank assault fires at least one tank (rolls is empty)")
    if len(rolls) > left:
        raise GameError(f"the {side} has {_plural(left, 'tank')} left to fire, not {len(rolls)} (rulebook 7.5.2)")
    n_dice = tank_dice(setup_side)
    power = tank_power(setup_side)
    protection = tank_protection(pos) if side == "attacker" else 0
    variant = pos["setup"]["variants"]["tank_explosion"]
    for i, roll in enumerate(rolls):
        if pos["over"]:
            raise GameError(f"{side} tank {i + 1} fires after the end of the battle")
        notation.dice(roll, f"{side} tank {i + 1} roll", n_dice)
        explosions = roll.count("explosion")
        hits = tank_hits(power, explosions)
        if hits is None:
            pos["log"].append(f"{side} tank {i + 1}: {_plural(explosions, 'explosion')}, the tank explodes")
            _explode(pos, side, variant)
            if i + 1 < len(rolls):
                raise GameError(f"{side} tank {i + 2} fires after the end of the battle")
            return
        kills = max(0, hits - protection)
        line = f"{side} tank {i + 1}: {_plural(n_dice, 'die')}, {_plural(explosions, 'explosion')}, {_plural(hits, 'hit')}"
        if protection:
            line += f" - castle {protection} = {_plural(kills, 'kill')}"
        pos["log"].append(line)
        if _kill(pos, other(side), kills):
            if i + 1 < len(rolls):
                raise GameError(f"{side} tank {i + 2} fires after the end of the battle")
            return


def _explode(pos: dict[str, Any], side: str, variant: str) -> None:
    """3+ explosions: the whole army is destroyed (variant "infantry": only its soldiers,
    the exploding tank too, and the rest is captured)."""
    if variant == "army":
        for kind in ("soldiers", "tanks", "airplanes"):
            _remove(pos, side, kind, pos[side][kind])
    else:
        _remove(pos, side, "tanks", 1)
        _remove(pos, side, "soldiers", pos[side]["soldiers"])
    _end(pos, other(side))


def _airplanes(pos: dict[str, Any], side: str, s: dict[str, Any]) -> None:
    setup_side = pos["setup"][side]
    usable = usable_airplanes(pos, side)
    if not usable:
        why = "no Airplane card" if setup_side["airplane_card"] is None and pos[side]["airplanes"] else "no airplane"
        raise GameError(f"the {side} has {why}: no air assault (rulebook 8.3)")
    declared = s.get("airplanes", usable)
    if declared > usable:
        raise GameError(f"the {side} has {_plural(usable, 'airplane')}, not {declared}")
    # Rulebook 7.6.7 works like 7.6.6: every enemy airplane in the battle can be hit, not only the
    # declared ones (rules-decisions: Battle). The declared ones fall first: they are about to fire.
    shot = _intercept(pos, side, "airplanes", "anti_aircraft_culverin", pos[side]["airplanes"], s)
    flying = declared - min(shot, declared)
    if "paratrooper" in s:
        _check_paratrooper(pos, side, flying)
        _remove(pos, side, "soldiers", 1)
        result = s["paratrooper"]
        if result == "hit":
            pos["paratrooped"] = True
        elif result == "explosion":
            _remove(pos, side, "airplanes", 1)
        pos["log"].append(
            "attacker paratrooper: 1 soldier sacrificed, "
            + {"hit": "castle protection 0 for the rest of the battle", "blank": "the mission fails",
               "explosion": "the mission fails and the airplane falls"}[result]
        )
        flying -= 1
    notation.dice(s["dice"], f"{side} airplanes dice (one per airplane left to fire)", flying)
    hits, _, explosions = _count_faces(s["dice"])
    kills = hits * (1 + setup_side["cards"]["gyroscope"])
    pos["log"].append(
        f"{side} airplanes: {_plural(flying, 'die')}, {_plural(hits, 'hit')} = {_plural(kills, 'kill')}"
        + (f", {_plural(explosions, 'airplane')} lost" if explosions else "")
    )
    if _kill(pos, other(side), kills):
        return
    _remove(pos, side, "airplanes", explosions)


def _check_paratrooper(pos: dict[str, Any], side: str, flying: int) -> None:
    if side != "attacker":
        raise GameError("only the attacker drops a paratrooper (rulebook 7.6.8)")
    if not pos["setup"]["attacker"]["cards"]["paratrooper"]:
        raise GameError("the attacker has no Paratrooper in play")
    if pos["towers"] is None:
        raise GameError("a paratrooper is dropped into a castle; this territory has none (rulebook 7.6.8)")
    if pos["paratrooped"]:
        raise GameError("the castle's protection is already 0 after a paratrooper")
    if pos["attacker"]["soldiers"] < 2:
        raise GameError("the paratrooper costs a soldier and the attacker's last soldier may not go (rules-decisions: Battle)")
    if flying < 1:
        raise GameError("no airplane is left to carry the paratrooper")


def _automaton(pos: dict[str, Any], side: str, s: dict[str, Any]) -> None:
    if side != "defender":
        raise GameError("only the defender has an automaton assault (rulebook 13.10)")
    if not pos["setup"]["defender"]["cards"]["automaton"]:
        raise GameError("the defender has no Automaton in play")
    if not pos["towers"]:
        raise GameError("the automaton needs a castle with at least one tower (rulebook 13.10)")
    notation.dice(s["dice"], "defender automaton dice (one per tower)", pos["towers"])
    hits = s["dice"].count("hit")
    pos["log"].append(f"defender automaton: {_plural(pos['towers'], 'die')}, {_plural(hits, 'kill')} (explosions count as blanks)")
    _kill(pos, "attacker", hits)


def _retreat(pos: dict[str, Any], side: str) -> None:
    if side != "attacker":
        raise GameError("the defender can never retreat (rulebook 7.3.10)")
    if pos["turn"] == "defender" and not pos["used"]:
        raise GameError("the defender must make at least one assault before the attacker may retreat")
    blocker = retreat_blocker(pos)
    if blocker:
        raise GameError(f"the attacker may not retreat: {blocker} (rulebook 7.3.10)")
    pos["over"] = True
    pos["retreated"] = True
    pos["winner"] = None
    pos["log"].append("the attacker retreats with its survivors")


# ---------------------------------------------------------------- options


def options(pos: dict[str, Any]) -> dict[str, Any]:
    """Whose assaults they are, the steps legal now with their dice, and the refused ones with reasons."""
    result = {"over": pos["over"], "turn": pos["turn"], "used": list(pos["used"]), "steps": [], "unavailable": []}
    if pos["over"]:
        result["retreat"] = {"allowed": False, "reason": "the battle is over"}
        return result
    sides = [pos["turn"]]
    if pos["used"]:
        sides.append(other(pos["turn"]))
    for side in sides:
        used = pos["used"] if side == pos["turn"] else []
        for assault in ("infantry", "tanks", "airplanes", "automaton"):
            if assault in used:
                result["unavailable"].append({"side": side, "assault": assault, "reason": "already made in this turn"})
                continue
            offer, reason = _offer(pos, side, assault)
            if offer is None:
                if reason:
                    result["unavailable"].append({"side": side, "assault": assault, "reason": reason})
            else:
                result["steps"].append(offer)
    if "attacker" in sides or pos["turn_number"] == 1:
        blocker = retreat_blocker(pos)
    else:
        blocker = "the defender must make at least one assault first"
    result["retreat"] = {"allowed": blocker is None, "reason": blocker}
    return result


def _offer(pos: dict[str, Any], side: str, assault: str) -> tuple[dict[str, Any] | None, str | None]:
    setup_side = pos["setup"][side]
    cards = setup_side["cards"]
    foe = other(side)
    if assault == "infantry":
        n = pos[side]["soldiers"]
        gc = side == "attacker" and cards["great_cannon"] > 0 and bool(pos["towers"])
        return {"side": side, "assault": "infantry", "soldiers": {"min": 1, "max": n}, "dice": n,
                "great_cannon": gc}, None
    if assault == "tanks":
        n = usable_tanks(pos, side)
        if not n:
            return None, ("no Tank card" if pos[side]["tanks"] else None)
        bomb = pos["setup"][foe]["cards"]["anti_tank_bomb"] and may_intercept(pos, foe)
        icpt = usable_airplanes(pos, foe) if bomb else 0
        return {"side": side, "assault": "tanks", "tanks": n, "dice_per_tank": tank_dice(setup_side),
                "power": tank_power(setup_side),
                "intercept": {"side": foe, "max_airplanes": icpt} if icpt else None}, None
    if assault == "airplanes":
        n = usable_airplanes(pos, side)
        if not n:
            return None, ("no Airplane card" if pos[side]["airplanes"] else None)
        culverin = pos["setup"][foe]["cards"]["anti_aircraft_culverin"] and may_intercept(pos, foe)
        icpt = usable_airplanes(pos, foe) if culverin else 0
        para = (side == "attacker" and cards["paratrooper"] > 0 and pos["towers"] is not None
                and not pos["paratrooped"] and pos[side]["soldiers"] >= 2)
        return {"side": side, "assault": "airplanes", "airplanes": {"min": 1, "max": n}, "dice": n,
                "intercept": {"side": foe, "max_airplanes": icpt} if icpt else None,
                "paratrooper": para}, None
    if side != "defender" or not cards["automaton"]:
        return None, None
    if not pos["towers"]:
        return None, "the automaton needs a castle with towers"
    return {"side": side, "assault": "automaton", "dice": pos["towers"]}, None


# ---------------------------------------------------------------- outcome


def outcome(pos: dict[str, Any]) -> dict[str, Any]:
    """The notation's output object for a position."""
    winner = pos["winner"] if pos["over"] else None
    captured = {"tanks": 0, "airplanes": 0}
    if winner:
        loser = other(winner)
        captured = {"tanks": pos[loser]["tanks"], "airplanes": pos[loser]["airplanes"]}
    castle = None
    if pos["towers"] is not None:
        castle = {"towers": pos["towers"], "protection": castle_level(pos)}
    return {
        "over": pos["over"],
        "winner": winner,
        "retreated": pos["retreated"],
        "attacker": dict(pos["attacker"]),
        "defender": dict(pos["defender"]),
        "castle": castle,
        "captured": captured,
        "losses": copy.deepcopy(pos["losses"]),
        "log": list(pos["log"]),
    }


def resolve(battle: dict[str, Any]) -> dict[str, Any]:
    """A whole notation input (setup and script): the position reached after its script."""
    setup = notation.parse_setup(battle, allow_script=True)
    script = setup.pop("script")
    pos = start(setup)
    for i, raw in enumerate(script):
        try:
            pos = step(pos, raw)
        except GameError as err:
            raise GameError(f"script step {i + 1}: {err.reason}") from None
    return pos
