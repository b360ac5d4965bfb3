"""Magnifico's data: the map, the 60 cards and a table's box profile (stdlib only).

The files live in the repository's ``data/magnifico/`` folder (or in the folder named by
the ``MAGNIFICO_DATA`` environment variable). The shipped map is a best-effort guess
(the printed board is not published); a box profile corrects it and fills in the printed
card values once for a table's own box. Every problem is a ``GameError`` naming the file.
"""

from __future__ import annotations

import copy
import json
import os
from collections import Counter, deque
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from companion.core.resources import data_path
from companion.errors import GameError

TERRITORY_COUNT = 32
SEA_COUNT = 4
CROSSING_COUNT = 3
LANGUAGES = ("it", "en")

# rules-decisions: Deck (60 cards).
CARD_COUNTS = {
    "leonardo": 1,
    "tank": 5,
    "airplane": 5,
    "walls": 2,
    "automaton": 2,
    "battle_wagon": 4,
    "multi_gun": 4,
    "bombard": 4,
    "great_cannon": 2,
    "transmission_gear": 8,
    "cannon_lighter": 4,
    "multi_cannon": 1,
    "gyroscope": 4,
    "anti_tank_bomb": 2,
    "anti_aircraft_culverin": 2,
    "paratrooper": 2,
    "submarine": 2,
    "armoured_ship": 2,
    "work_of_art": 4,
}
DECK_SIZE = 60
DECKS = ("leonardo", "vehicles", "projects")
UPGRADES = ("tank", "airplane", None)

# The printed values of each kind of card; any of them may be null (not yet known).
PRINTED_FIELDS: dict[str, tuple[str, ...]] = {kind: ("activation",) for kind in CARD_COUNTS}
PRINTED_FIELDS.update(
    {
        "leonardo": (),
        "tank": ("cost", "dice", "hits"),
        "airplane": ("cost", "hooks"),
        "work_of_art": ("activation", "vp"),
    }
)
# field: (lowest value, highest value or None, must be a multiple of 10)
FIELD_RANGES: dict[str, tuple[int, int | None, bool]] = {
    "cost": (0, None, True),
    "activation": (0, None, True),
    "dice": (1, 6, False),  # rules-decisions: no tank rolls more than 6 dice
    "hits": (1, None, False),
    "hooks": (0, None, False),
    "vp": (0, None, False),
}

MAP_KEYS = {"id", "verified", "note", "territories", "seas", "borders", "crossings", "helvetic"}
PROFILE_KEYS = {"name", "note", "map", "cards"}
PROFILE_MAP_KEYS = MAP_KEYS | {"add_borders", "remove_borders"}


# ---------------------------------------------------------------- locating and reading


def data_dir() -> Path:
    """The folder holding ``map.json`` and ``cards.json``."""
    override = os.environ.get("MAGNIFICO_DATA")
    folder = Path(override) if override else data_path("magnifico")
    if not (folder / "map.json").is_file():
        raise GameError(
            f"Magnifico's data files are missing: no map.json in {folder}. Reinstall the app "
            "(pip install .) or set MAGNIFICO_DATA to the folder with map.json and cards.json."
        )
    return folder


def _read_json(path: Path, what: str) -> Any:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameError(f"{what} {path}: the file does not exist") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise GameError(f"{what} {path}: cannot be read ({exc})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise GameError(f"{what} {path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except (ValueError, RecursionError) as exc:
        detail = "nested too deeply" if isinstance(exc, RecursionError) else str(exc).split(";")[0]
        raise GameError(f"{what} {path}: not valid JSON ({detail})") from None


def _in_file(path: Path, what: str, check: Callable[[Any], None], doc: Any) -> Any:
    try:
        check(doc)
    except GameError as exc:
        raise GameError(f"{what} {path}: {exc.reason}", needs=exc.needs) from None
    return doc


def load_map(path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """The map (default: the shipped best-effort one), validated."""
    where = Path(path) if path else data_dir() / "map.json"
    out: dict[str, Any] = _in_file(where, "map file", validate_map, _read_json(where, "map file"))
    return out


def load_cards(path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """The cards document (``kinds`` and the 60 ``cards``), validated."""
    where = Path(path) if path else data_dir() / "cards.json"
    out: dict[str, Any] = _in_file(where, "cards file", validate_cards, _read_json(where, "cards file"))
    return out


def load_box(profile: dict[str, Any] | str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """``{"map", "cards"}``: the defaults with a box profile (a path or a dict) merged over them."""
    game_map, cards = load_map(), load_cards()
    if profile is None:
        return {"map": game_map, "cards": cards}
    if isinstance(profile, dict):
        source, doc = "box profile", copy.deepcopy(profile)
    else:
        source = f"box profile {profile}"
        doc = _read_json(Path(profile), "box profile")
    try:
        game_map, cards = apply_profile(game_map, cards, doc)
    except GameError as exc:
        raise GameError(f"{source}: {exc.reason}", needs=exc.needs) from None
    return {"map": game_map, "cards": cards}


# ---------------------------------------------------------------- box profile


def apply_profile(game_map: dict[str, Any], cards: dict[str, Any], profile: Any
                  ) -> tuple[dict[str, Any], dict[str, Any]]:
    """The map and cards with the profile's corrections, both validated. Inputs are not changed."""
    if not isinstance(profile, dict):
        raise GameError("a box profile must be a JSON object with \"map\" and/or \"cards\"")
    _no_unknown_keys(profile, PROFILE_KEYS, "the profile")
    game_map = _correct_map(copy.deepcopy(game_map), profile.get("map", {}))
    cards = _correct_cards(copy.deepcopy(cards), profile.get("cards", {}))
    validate_map(game_map)
    validate_cards(cards)
    return game_map, cards


def _no_unknown_keys(doc: dict[str, Any], allowed: Iterable[str], where: str) -> None:
    unknown = sorted(set(doc) - set(allowed))
    if unknown:
        raise GameError(f"{where} has unknown entries {unknown} (allowed: {sorted(allowed)})")


def _correct_map(game_map: dict[str, Any], fix: Any) -> dict[str, Any]:
    if not isinstance(fix, dict):
        raise GameError("\"map\" must be an object of corrections")
    _no_unknown_keys(fix, PROFILE_MAP_KEYS, "\"map\"")
    for key in ("id", "verified", "note", "borders", "crossings", "helvetic"):
        if key in fix:
            game_map[key] = fix[key]
    for key, label in (("territories", "territory"), ("seas", "sea")):
        patch = fix.get(key)
        if isinstance(patch, list):
            game_map[key] = patch
        elif isinstance(patch, dict):
            _patch_nodes(game_map, key, label, patch)
        elif patch is not None:
            raise GameError(f"\"map\".\"{key}\" must be a list (a replacement) or an object of corrections by id")
    if isinstance(fix.get("territories"), dict):
        _apply_neighbour_lists(game_map, fix["territories"])
    for pair in _pairs(fix.get("remove_borders", []), "remove_borders"):
        kept = [b for b in game_map["borders"] if {*b} != {*pair}]
        if len(kept) == len(game_map["borders"]):
            raise GameError(f"cannot remove {pair[0]}-{pair[1]}: it is not a border of the map")
        game_map["borders"] = kept
    for pair in _pairs(fix.get("add_borders", []), "add_borders"):
        if any({*b} == {*pair} for b in game_map["borders"]):
            raise GameError(f"cannot add {pair[0]}-{pair[1]}: it is already a border")
        game_map["borders"].append(list(pair))
    return game_map


def _pairs(value: Any, where: str) -> list[list[str]]:
    if not isinstance(value, list) or not all(_is_pair(p) for p in value):
        raise GameError(f"\"{where}\" must be a list of [territory, territory] pairs")
    return value


def _is_pair(p: Any) -> bool:
    return isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p)


def _patch_nodes(game_map: dict[str, Any], key: str, label: str, patch: dict[str, Any]) -> None:
    nodes: dict[Any, dict[str, Any]] = {n.get("id"): n for n in game_map.get(key, []) if isinstance(n, dict)}
    allowed = {"name", "pos"} | ({"seas", "borders"} if key == "territories" else set())
    for node_id, change in patch.items():
        if node_id not in nodes:
            raise GameError(f"unknown {label} '{node_id}' (known: {', '.join(sorted(nodes))})")
        if not isinstance(change, dict):
            raise GameError(f"the correction of {label} '{node_id}' must be an object")
        _no_unknown_keys(change, allowed, f"the correction of {label} '{node_id}'")
        node = nodes[node_id]
        if "name" in change:
            if not isinstance(change["name"], dict):
                raise GameError(f"the name of {label} '{node_id}' must be an object like {{\"it\": ..., \"en\": ...}}")
            node["name"] = {**node.get("name", {}), **change["name"]}
        for field in ("pos", "seas"):
            if field in change:
                node[field] = change[field]


def _apply_neighbour_lists(game_map: dict[str, Any], patch: dict[str, Any]) -> None:
    """A territory's ``borders`` list in a profile is its complete set of land neighbours."""
    lists: dict[str, set[str]] = {}
    for tid, change in patch.items():
        if isinstance(change, dict) and "borders" in change:
            neighbours = change["borders"]
            if not isinstance(neighbours, list) or not all(isinstance(n, str) for n in neighbours):
                raise GameError(f"the borders of '{tid}' must be a list of territory ids")
            lists[tid] = set(neighbours)
    for a in lists:
        for b in lists:
            if b in lists[a] and a not in lists[b]:
                raise GameError(f"'{a}' lists '{b}' as a neighbour but '{b}' does not list '{a}': borders go both ways")
    for tid in lists:
        game_map["borders"] = [b for b in game_map["borders"] if tid not in b]
    seen: set[frozenset[str]] = set()
    for tid, neighbours in lists.items():
        for n in sorted(neighbours):
            if frozenset((tid, n)) not in seen and not any({*b} == {tid, n} for b in game_map["borders"]):
                game_map["borders"].append([tid, n])
            seen.add(frozenset((tid, n)))


def _correct_cards(cards: dict[str, Any], fix: Any) -> dict[str, Any]:
    if not isinstance(fix, dict):
        raise GameError("\"cards\" must be an object like {\"tank_1\": {\"dice\": 4, \"hits\": 5}}")
    by_id = {c.get("id"): c for c in cards.get("cards", []) if isinstance(c, dict)}
    for card_id, values in fix.items():
        if card_id not in by_id:
            raise GameError(f"unknown card '{card_id}' (cards are named like tank_1, airplane_2, gyroscope_4)")
        if not isinstance(values, dict):
            raise GameError(f"the values of {card_id} must be an object like {{\"dice\": 4}}")
        card = by_id[card_id]
        for field, value in values.items():
            if field == "title" and card["kind"] == "work_of_art":
                if not isinstance(value, dict):
                    raise GameError(f"the title of {card_id} must be an object like {{\"it\": ..., \"en\": ...}}")
                card["title"] = {**card.get("title", {}), **value}
                card["title_known"] = True
            else:
                set_card_value(cards, card_id, field, value, _card=card)
    return cards


def set_card_value(cards: dict[str, Any], card_id: str, field: str, value: Any, *,
                   _card: dict[str, Any] | None = None) -> dict[str, Any]:
    """Record one printed value of one card (in place) after checking it; returns ``cards``."""
    card = _card or next((c for c in cards["cards"] if c["id"] == card_id), None)
    if card is None:
        raise GameError(f"unknown card '{card_id}'")
    fields = PRINTED_FIELDS[card["kind"]]
    if field not in fields:
        having = f"its printed fields: {', '.join(fields)}" if fields else "it has no printed values"
        raise GameError(f"{card_id} has no printed value '{field}' ({having})")
    _check_value(card_id, field, value)
    card["printed"][field] = value
    return cards


def _check_value(card_id: str, field: str, value: Any) -> None:
    if value is None:
        return
    low, high, tens = FIELD_RANGES[field]
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameError(f"{card_id}: {field} must be a whole number, not {value!r}")
    if value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise GameError(f"{card_id}: {field} {value} is not possible ({field} is {span})")
    if tens and value % 10:
        raise GameError(f"{card_id}: {field} {value} is not possible (costs are multiples of 10 florins)")


# ---------------------------------------------------------------- validation


def _names(doc: dict[str, Any], where: str) -> None:
    name = doc.get("name")
    if not isinstance(name, dict) or any(not isinstance(name.get(lang), str) or not name[lang].strip() for lang in LANGUAGES):
        raise GameError(f"{where} needs a name in Italian and English ({{\"it\": ..., \"en\": ...}})")


def _pos(value: Any, where: str) -> None:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1 for v in value)
    ):
        raise GameError(f"{where}: pos must be [x, y] with both between 0 and 1, not {value!r}")


def _nodes(game_map: dict[str, Any], key: str, label: str, count: int) -> list[str]:
    nodes = game_map.get(key)
    if not isinstance(nodes, list) or not all(isinstance(n, dict) for n in nodes):
        raise GameError(f"\"{key}\" must be a list of objects")
    ids = [n.get("id") for n in nodes]
    for node_id in ids:
        if not isinstance(node_id, str) or not node_id:
            raise GameError(f"every {label} needs an id (a non-empty text)")
    dup = sorted(i for i, k in Counter(ids).items() if k > 1)
    if dup:
        raise GameError(f"{label} ids appear twice: {', '.join(dup)}")
    if len(nodes) != count:
        raise GameError(f"the map must have {count} {key}, this one has {len(nodes)}")
    for n in nodes:
        _names(n, f"{label} '{n['id']}'")
        _pos(n.get("pos"), f"{label} '{n['id']}'")
    return ids


def validate_map(game_map: Any) -> None:
    """Raise ``GameError`` unless the map is complete and consistent (rulebook 1: 32 territories, 4 seas)."""
    if not isinstance(game_map, dict):
        raise GameError("the map must be a JSON object")
    _no_unknown_keys(game_map, MAP_KEYS, "the map")
    if not isinstance(game_map.get("verified"), bool):
        raise GameError("the map needs \"verified\": true or false")
    territories = _nodes(game_map, "territories", "territory", TERRITORY_COUNT)
    seas = _nodes(game_map, "seas", "sea", SEA_COUNT)
    clash = sorted(set(territories) & set(seas))
    if clash:
        raise GameError(f"ids used for both a territory and a sea: {', '.join(clash)}")
    known_t, known_s = set(territories), set(seas)
    facing: Counter[str] = Counter()
    for t in game_map["territories"]:
        t_seas = t.get("seas")
        if not isinstance(t_seas, list):
            raise GameError(f"territory '{t['id']}': seas must be a list of sea ids")
        for s in t_seas:
            if s not in known_s:
                raise GameError(f"territory '{t['id']}' faces an unknown sea '{s}' (seas: {', '.join(seas)})")
        if len(set(t_seas)) != len(t_seas):
            raise GameError(f"territory '{t['id']}' lists a sea twice")
        facing.update(t_seas)
    for s in seas:
        if facing[s] < 2:
            raise GameError(f"sea '{s}' must be faced by at least 2 territories (it is faced by {facing[s]})")

    borders = _check_pairs(game_map.get("borders"), "borders", known_t)
    crossings = _check_pairs(game_map.get("crossings"), "crossings", known_t)
    if len(crossings) != CROSSING_COUNT:
        raise GameError(f"the map must have {CROSSING_COUNT} sea crossings, this one has {len(crossings)}")
    for c in crossings:
        if c not in borders:
            a, b = sorted(c)
            raise GameError(f"the crossing {a}-{b} must also be listed in borders (it counts as a land border)")

    helvetic = game_map.get("helvetic")
    polygon = helvetic.get("polygon") if isinstance(helvetic, dict) else None
    if not isinstance(polygon, list) or len(polygon) < 3:
        raise GameError("\"helvetic\" needs a \"polygon\" of at least 3 [x, y] points")
    for point in polygon:
        _pos(point, "the Helvetic area")

    unreachable = _unreachable(game_map)
    if unreachable:
        raise GameError(
            f"these territories cannot be reached over land borders or seas: {', '.join(sorted(unreachable))}"
        )


def _check_pairs(pairs: Any, key: str, known: set[str]) -> set[frozenset[str]]:
    if not isinstance(pairs, list):
        raise GameError(f"\"{key}\" must be a list of [territory, territory] pairs")
    seen: set[frozenset[str]] = set()
    for p in pairs:
        if not _is_pair(p):
            raise GameError(f"\"{key}\": {p!r} is not a [territory, territory] pair")
        a, b = p
        for t in (a, b):
            if t not in known:
                raise GameError(f"\"{key}\": unknown territory '{t}' in {a}-{b}")
        if a == b:
            raise GameError(f"\"{key}\": {a} cannot border itself")
        pair = frozenset(p)
        if pair in seen:
            raise GameError(f"\"{key}\": {a}-{b} is listed twice (a border goes both ways; list it once)")
        seen.add(pair)
    return seen


def land_neighbours(game_map: dict[str, Any]) -> dict[str, set[str]]:
    """Each territory's land neighbours (sea crossings included)."""
    links: dict[str, set[str]] = {t["id"]: set() for t in game_map["territories"]}
    for a, b in game_map["borders"]:
        links[a].add(b)
        links[b].add(a)
    return links


def sea_neighbours(game_map: dict[str, Any]) -> dict[str, set[str]]:
    """Each territory's partners across a sea zone both face (rulebook 5.4.5, 7.1.2)."""
    by_sea: dict[str, set[str]] = {}
    for t in game_map["territories"]:
        for s in t["seas"]:
            by_sea.setdefault(s, set()).add(t["id"])
    return {t["id"]: set().union(*(by_sea[s] for s in t["seas"])) - {t["id"]} for t in game_map["territories"]}


def _unreachable(game_map: dict[str, Any]) -> set[str]:
    land, sea = land_neighbours(game_map), sea_neighbours(game_map)
    start = game_map["territories"][0]["id"]
    reached, queue = {start}, deque([start])
    while queue:
        here = queue.popleft()
        for n in (land[here] | sea[here]) - reached:
            reached.add(n)
            queue.append(n)
    return set(land) - reached


def validate_cards(cards: Any) -> None:
    """Raise ``GameError`` unless the deck is the 60 cards of rules-decisions "Deck" with sane printed values."""
    if not isinstance(cards, dict) or not isinstance(cards.get("kinds"), dict) or not isinstance(cards.get("cards"), list):
        raise GameError("the cards file must be an object with \"kinds\" and \"cards\"")
    kinds = cards["kinds"]
    if set(kinds) != set(CARD_COUNTS):
        missing, extra = sorted(set(CARD_COUNTS) - set(kinds)), sorted(set(kinds) - set(CARD_COUNTS))
        raise GameError(f"card kinds do not match the game: missing {missing}, unknown {extra}")
    for kind, info in kinds.items():
        if not isinstance(info, dict):
            raise GameError(f"kind '{kind}' must be an object")
        _names(info, f"card kind '{kind}'")
        effect = info.get("effect")
        if not isinstance(effect, dict) or any(not isinstance(effect.get(lang), str) or not effect[lang] for lang in LANGUAGES):
            raise GameError(f"card kind '{kind}' needs its effect in Italian and English")
        if info.get("upgrade", "missing") not in UPGRADES:
            raise GameError(f"card kind '{kind}': upgrade must be \"tank\", \"airplane\" or null")
        if info.get("deck") not in DECKS:
            raise GameError(f"card kind '{kind}': deck must be one of {', '.join(DECKS)}")
        if info.get("count") != CARD_COUNTS[kind]:
            raise GameError(f"card kind '{kind}': the game has {CARD_COUNTS[kind]}, the file says {info.get('count')!r}")

    deck = cards["cards"]
    ids = []
    for card in deck:
        if not isinstance(card, dict) or not isinstance(card.get("id"), str) or not card["id"]:
            raise GameError(f"every card needs an id; found {card!r}")
        card_id, kind = card["id"], card.get("kind")
        if kind not in CARD_COUNTS:
            raise GameError(f"card {card_id} has an unknown kind {kind!r}")
        printed = card.get("printed")
        if not isinstance(printed, dict) or set(printed) != set(PRINTED_FIELDS[kind]):
            raise GameError(f"card {card_id}: printed must hold exactly {list(PRINTED_FIELDS[kind])} (null when unknown)")
        for field, value in printed.items():
            _check_value(card_id, field, value)
        if kind == "work_of_art" and "title" in card:
            _names({"name": card["title"]}, f"the title of {card_id}")
        ids.append(card_id)
    dup = sorted(i for i, k in Counter(ids).items() if k > 1)
    if dup:
        raise GameError(f"card ids appear twice: {', '.join(dup)}")
    counts = Counter(c["kind"] for c in deck)
    for kind, count in CARD_COUNTS.items():
        if counts[kind] != count:
            raise GameError(f"the deck must hold {count} {kind} card(s), this one has {counts[kind]}")

    # rulebook 13.1: the 5 Tank cards are all different from each other.
    seen: dict[tuple[tuple[str, Any], ...], str] = {}
    for card in deck:
        if card["kind"] == "tank" and None not in card["printed"].values():
            values = tuple(sorted(card["printed"].items()))
            if values in seen:
                raise GameError(
                    f"{seen[values]} and {card['id']} print the same cost, dice and hits; the 5 Tank cards are all different"
                )
            seen[values] = card["id"]


def printed_values(cards: dict[str, Any]) -> dict[str, dict[str, int | None]]:
    """``{card id: {field: value or None}}`` for the cards that print values."""
    return {c["id"]: dict(c["printed"]) for c in cards["cards"] if c["printed"]}


def unknown_values(cards: dict[str, Any]) -> list[tuple[str, str]]:
    """The ``(card id, field)`` pairs nobody has entered yet."""
    return [(c["id"], f) for c in cards["cards"] for f, v in c["printed"].items() if v is None]
