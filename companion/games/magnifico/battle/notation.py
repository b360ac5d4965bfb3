"""The battle notation (docs/battle-notation.md): reading and checking its JSON.

Everything here turns untrusted input into plain, complete dicts or raises GameError
with a message that names the problem. Nothing here knows the combat rules beyond
the shape of the input and the army limits that depend on the setup alone.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from companion.core.i18n import Message, msg
from companion.errors import GameError

SIDES = ("attacker", "defender")
FACES = ("hit", "blank", "explosion")
ASSAULTS = ("infantry", "tanks", "airplanes", "automaton")

CARD_KEYS = (
    "walls", "automaton", "battle_wagon", "multi_gun", "bombard", "great_cannon",
    "transmission_gear", "cannon_lighter", "multi_cannon", "gyroscope",
    "anti_tank_bomb", "anti_aircraft_culverin", "paratrooper", "submarine",
    "armoured_ship", "work_of_art",
)
AIRPLANE_UPGRADES = ("gyroscope", "anti_tank_bomb", "anti_aircraft_culverin", "paratrooper")
TOP_KEYS = ("attacker", "defender", "sea_raid", "variants", "script")
SIDE_KEYS = ("soldiers", "tanks", "airplanes", "tank_card", "airplane_card", "cards", "castle")
# The table options that touch a battle; the first value is the default (rules-decisions: Battle).
VARIANTS = {"tank_explosion": ("army", "infantry"), "intercept": ("both", "defender")}

MAX_SOLDIERS = 6  # rulebook 7.2.1
MAX_MACHINES = 6  # tanks + airplanes, rulebook 7.2.1
MAX_TANK_DICE = 6  # rules-decisions: no tank rolls more than 6 dice
MAX_TOWERS = 4  # rulebook 7.7.2
MAX_DEFENDERS = 99  # more soldiers than any army has (rules-decisions: soldiers per army, default 40)
MAX_PIECES = 20  # the box holds 20 tanks and 20 airplanes (rules-decisions: Player turn)

STEP_KEYS = {
    "infantry": {"side", "assault", "soldiers", "great_cannon", "dice"},
    "tanks": {"side", "assault", "intercept", "rolls"},
    "airplanes": {"side", "assault", "airplanes", "intercept", "paratrooper", "dice"},
    "automaton": {"side", "assault", "dice"},
}


def load_json(text: str, where: str | None = None) -> object:
    """Parse JSON text; a syntax error becomes a GameError naming the place (a file, by default "input")."""
    place = msg("notation.input") if where is None else where
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise GameError.of("notation.bad_json_at", where=place, detail=err.msg, line=err.lineno, column=err.colno) from None
    except (TypeError, ValueError) as err:
        raise GameError.of("notation.bad_json", where=place, detail=str(err)) from None
    except RecursionError:
        raise GameError.of("notation.bad_json", where=place, detail=msg("data.nested_too_deeply")) from None


def _count(value: Any, what: str, *, low: int = 0, high: int | None = None) -> int:
    if value is None:
        value = 0
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameError.of("notation.not_whole", what=what, value=json.dumps(value))
    if value < low or (high is not None and value > high):
        bound = msg("notation.bound.range", low=low, high=high) if high is not None else msg("notation.bound.at_least", low=low)
        raise GameError.of("notation.out_of_bounds", what=what, bound=bound, value=value)
    count: int = value
    return count


def _keys(obj: Any, allowed: Iterable[str], what: str | Message) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise GameError.of("notation.not_object", what=what, value=json.dumps(obj)[:40])
    unknown = sorted(set(obj) - set(allowed))
    if unknown:
        raise GameError.of("notation.unknown_key", name=repr(unknown[0]), what=what)
    return obj


def face(value: Any, what: str) -> str:
    """One die face, checked."""
    if value not in FACES:
        raise GameError.of("notation.not_a_face", what=what, value=json.dumps(value)[:30])
    checked: str = value
    return checked


def dice(value: Any, what: str, count: int | None = None) -> list[str]:
    """A list of die faces, optionally of an exact length."""
    if not isinstance(value, list):
        raise GameError.of("notation.faces_list", what=what)
    faces = [face(v, what) for v in value]
    if count is not None and len(faces) != count:
        raise GameError.of("notation.dice_count", what=what, count=count, got=len(faces))
    return faces


def _tank_card(value: Any, who: str) -> dict[str, int] | None:
    if value is None:
        return None
    card = _keys(value, ("dice", "hits"), f"{who} tank_card")
    if card.get("dice") is None or card.get("hits") is None:
        raise GameError.of("notation.tank_card_both", who=who)
    return {
        "dice": _count(card["dice"], f"{who} tank_card dice", low=1, high=MAX_TANK_DICE),
        "hits": _count(card["hits"], f"{who} tank_card hits"),
    }


def _airplane_card(value: Any, who: str) -> dict[str, int | None] | None:
    if value is None:
        return None
    card = _keys(value, ("hooks",), f"{who} airplane_card")
    hooks = card.get("hooks")
    return {"hooks": None if hooks is None else _count(hooks, f"{who} airplane_card hooks")}


def _side(value: Any, who: str) -> dict[str, Any]:
    raw = _keys(value, SIDE_KEYS if who == "defender" else SIDE_KEYS[:-1], who)
    cards_raw = _keys(raw.get("cards") or {}, CARD_KEYS, f"{who} cards")
    cards = {k: _count(cards_raw.get(k), f"{who} cards {k}") for k in CARD_KEYS}
    side: dict[str, Any] = {
        "soldiers": _count(raw.get("soldiers"), f"{who} soldiers", high=MAX_DEFENDERS),
        "tanks": _count(raw.get("tanks"), f"{who} tanks", high=MAX_PIECES),
        "airplanes": _count(raw.get("airplanes"), f"{who} airplanes", high=MAX_PIECES),
        "tank_card": _tank_card(raw.get("tank_card"), who),
        "airplane_card": _airplane_card(raw.get("airplane_card"), who),
        "cards": cards,
    }
    plane = side["airplane_card"]
    if plane is not None and plane["hooks"] is not None:
        upgrades = sum(cards[k] for k in AIRPLANE_UPGRADES)
        if upgrades > plane["hooks"]:
            raise GameError.of("notation.hooks_full", side=msg(f"battle.of.{who}"), hooks=plane["hooks"], upgrades=upgrades)
    if who == "defender":
        castle = raw.get("castle")
        if castle is not None:
            castle = _keys(castle, ("towers",), "defender castle")
            castle = {"towers": _count(castle.get("towers"), "defender castle towers", high=MAX_TOWERS)}
        side["castle"] = castle
    return side


def parse_setup(data: Any, *, allow_script: bool = False) -> dict[str, Any]:
    """Check a battle's setup (the notation input) and return it complete and normalised.

    Refuses what the rules do not allow to start a battle: an attacking army over the
    limits or without a soldier, captured attacking pieces without their project card,
    a defended territory without soldiers, a sea raid whose landing leaves no soldier.
    """
    allowed = TOP_KEYS if allow_script else TOP_KEYS[:-1]
    if isinstance(data, dict) and "script" in data and not allow_script:
        raise GameError.of("notation.setup_no_script")
    raw = _keys(data, allowed, msg("notation.where.battle"))
    for who in SIDES:
        if who not in raw:
            raise GameError.of("notation.no_side", side=msg(f"notation.side.{who}"))
    attacker = _side(raw["attacker"], "attacker")
    defender = _side(raw["defender"], "defender")
    sea_raid = raw.get("sea_raid", False)
    if not isinstance(sea_raid, bool):
        raise GameError.of("notation.sea_raid_bool")
    variants_raw = _keys(raw.get("variants") or {}, VARIANTS, "variants")
    variants = {}
    for key, choices in VARIANTS.items():
        value = variants_raw.get(key, choices[0])
        if value not in choices:
            raise GameError.of("notation.variant_choice", name=key, choices=list(choices), value=json.dumps(value))
        variants[key] = value

    # Army limits, rulebook 7.2 and rules-decisions "Battle".
    if attacker["soldiers"] < 1:
        raise GameError.of("notation.attacker_no_soldier")
    if attacker["soldiers"] > MAX_SOLDIERS:
        raise GameError.of("notation.attacker_soldiers", most=MAX_SOLDIERS, n=attacker["soldiers"])
    machines = attacker["tanks"] + attacker["airplanes"]
    if machines > MAX_MACHINES:
        raise GameError.of("notation.attacker_machines", most=MAX_MACHINES, n=machines)
    if attacker["tanks"] and attacker["tank_card"] is None:
        raise GameError.of("notation.captured_tanks")
    if attacker["airplanes"] and attacker["airplane_card"] is None:
        raise GameError.of("notation.captured_airplanes")
    if defender["soldiers"] < 1:
        raise GameError.of("notation.defender_no_soldier")
    if sea_raid:
        landing = landing_losses(attacker, defender)
        if landing >= attacker["soldiers"]:
            raise GameError.of("notation.landing_leaves_none", landing=landing, soldiers=attacker["soldiers"])
    setup = {"attacker": attacker, "defender": defender, "sea_raid": sea_raid, "variants": variants}
    if allow_script:
        script = raw.get("script", [])
        if not isinstance(script, list):
            raise GameError.of("notation.script_list")
        setup["script"] = script
    return setup


def landing_losses(attacker: dict[str, Any], defender: dict[str, Any]) -> int:
    """Sea raid: 1 soldier, +1 per defender Submarine, -1 per attacker Armoured Ship, at least 0."""
    losses: int = max(0, 1 + defender["cards"]["submarine"] - attacker["cards"]["armoured_ship"])
    return losses


def parse_step(data: Any) -> dict[str, Any]:
    """Check one step's shape (keys, types, faces); the machine checks it against the position."""
    if not isinstance(data, dict):
        raise GameError.of("notation.step_not_object", value=json.dumps(data)[:40])
    side = data.get("side")
    if side not in SIDES:
        raise GameError.of("notation.step_side", value=json.dumps(side)[:30])
    if "retreat" in data:
        _keys(data, ("side", "retreat"), msg("notation.where.retreat_step"))
        if data["retreat"] is not True:
            raise GameError.of("notation.retreat_true")
        return {"side": side, "retreat": True}
    assault = data.get("assault")
    if assault not in ASSAULTS:
        raise GameError.of("notation.unknown_assault", value=json.dumps(assault)[:30])
    _keys(data, STEP_KEYS[assault], msg("notation.where.step", assault=assault))
    step = {"side": side, "assault": assault}
    what = f"{side} {assault}"
    if assault == "infantry":
        if data.get("soldiers") is not None:
            step["soldiers"] = _count(data["soldiers"], f"{what} soldiers", low=1)
        gc = data.get("great_cannon", False)
        if not isinstance(gc, bool):
            raise GameError.of("notation.great_cannon_bool", what=what)
        step["great_cannon"] = gc
        step["dice"] = dice(data.get("dice"), f"{what} dice")
    elif assault == "tanks":
        rolls = data.get("rolls")
        if not isinstance(rolls, list):
            raise GameError.of("notation.rolls_list", what=what)
        step["rolls"] = [dice(r, f"{what} roll {i + 1}") for i, r in enumerate(rolls)]
        if data.get("intercept") is not None:
            step["intercept"] = _intercept(data["intercept"], f"{what} intercept")
    elif assault == "airplanes":
        if data.get("airplanes") is not None:
            step["airplanes"] = _count(data["airplanes"], f"{what} airplanes", low=1)
        if data.get("intercept") is not None:
            step["intercept"] = _intercept(data["intercept"], f"{what} intercept")
        if data.get("paratrooper") is not None:
            step["paratrooper"] = face(data["paratrooper"], f"{what} paratrooper")
        step["dice"] = dice(data.get("dice"), f"{what} dice")
    else:
        step["dice"] = dice(data.get("dice"), f"{what} dice")
    return step


def _intercept(value: Any, what: str) -> dict[str, Any]:
    raw = _keys(value, ("airplanes", "dice"), what)
    count = _count(raw.get("airplanes"), f"{what} airplanes", low=1)
    return {"airplanes": count, "dice": dice(raw.get("dice"), f"{what} dice", count)}
