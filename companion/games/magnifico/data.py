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

from companion.core.i18n import Message, msg
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
NAME_EXAMPLE = '{"it": ..., "en": ...}'  # how a name in both languages is written, quoted in refusals


# ---------------------------------------------------------------- locating and reading


def data_dir() -> Path:
    """The folder holding ``map.json`` and ``cards.json``."""
    override = os.environ.get("MAGNIFICO_DATA")
    folder = Path(override) if override else data_path("magnifico")
    if not (folder / "map.json").is_file():
        raise GameError.of("data.missing_files", folder=str(folder))
    return folder


def _read_json(path: Path, what: Message) -> Any:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameError.of("data.file_missing", what=what, path=str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise GameError.of("data.file_unreadable", what=what, path=str(path), detail=str(exc)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise GameError.of("data.file_bad_json", what=what, path=str(path), line=exc.lineno, column=exc.colno,
                           detail=exc.msg) from None
    except (ValueError, RecursionError) as exc:
        detail = msg("data.nested_too_deeply") if isinstance(exc, RecursionError) else str(exc).split(";")[0]
        raise GameError.of("data.file_not_json", what=what, path=str(path), detail=detail) from None


def _in_file(path: Path, what: Message, check: Callable[[Any], None], doc: Any) -> Any:
    try:
        check(doc)
    except GameError as exc:
        # the inner refusal stays a nested message, so the whole line translates
        raise GameError.of("data.in_file", what=what, path=str(path), detail=exc.message, needs=exc.needs) from None
    return doc


def load_map(path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """The map (default: the shipped best-effort one), validated."""
    where = Path(path) if path else data_dir() / "map.json"
    what = msg("data.what.map_file")
    out: dict[str, Any] = _in_file(where, what, validate_map, _read_json(where, what))
    return out


def load_cards(path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """The cards document (``kinds`` and the 60 ``cards``), validated."""
    where = Path(path) if path else data_dir() / "cards.json"
    what = msg("data.what.cards_file")
    out: dict[str, Any] = _in_file(where, what, validate_cards, _read_json(where, what))
    return out


def load_box(profile: dict[str, Any] | str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """``{"map", "cards"}``: the defaults with a box profile (a path or a dict) merged over them."""
    game_map, cards = load_map(), load_cards()
    if profile is None:
        return {"map": game_map, "cards": cards}
    what = msg("data.what.box_profile")
    if isinstance(profile, dict):
        path, doc = None, copy.deepcopy(profile)
    else:
        path = str(profile)
        doc = _read_json(Path(profile), what)
    try:
        game_map, cards = apply_profile(game_map, cards, doc)
    except GameError as exc:
        if path is None:
            raise GameError.of("data.in_source", source=what, detail=exc.message, needs=exc.needs) from None
        raise GameError.of("data.in_file", what=what, path=path, detail=exc.message, needs=exc.needs) from None
    return {"map": game_map, "cards": cards}


# ---------------------------------------------------------------- box profile


def apply_profile(game_map: dict[str, Any], cards: dict[str, Any], profile: Any
                  ) -> tuple[dict[str, Any], dict[str, Any]]:
    """The map and cards with the profile's corrections, both validated. Inputs are not changed."""
    if not isinstance(profile, dict):
        raise GameError.of("data.profile_not_object")
    _no_unknown_keys(profile, PROFILE_KEYS, msg("data.where.profile"))
    game_map = _correct_map(copy.deepcopy(game_map), profile.get("map", {}))
    cards = _correct_cards(copy.deepcopy(cards), profile.get("cards", {}))
    validate_map(game_map)
    validate_cards(cards)
    return game_map, cards


def _no_unknown_keys(doc: dict[str, Any], allowed: Iterable[str], where: str | Message) -> None:
    unknown = sorted(set(doc) - set(allowed))
    if unknown:
        raise GameError.of("data.unknown_entries", where=where, unknown=str(unknown), allowed=str(sorted(allowed)))


def _correct_map(game_map: dict[str, Any], fix: Any) -> dict[str, Any]:
    if not isinstance(fix, dict):
        raise GameError.of("data.map_fix_not_object")
    _no_unknown_keys(fix, PROFILE_MAP_KEYS, "\"map\"")
    for key in ("id", "verified", "note", "borders", "crossings", "helvetic"):
        if key in fix:
            game_map[key] = fix[key]
    for key, label in (("territories", msg("data.label.territory")), ("seas", msg("data.label.sea"))):
        patch = fix.get(key)
        if isinstance(patch, list):
            game_map[key] = patch
        elif isinstance(patch, dict):
            _patch_nodes(game_map, key, label, patch)
        elif patch is not None:
            raise GameError.of("data.map_fix_list_or_object", entry=key)
    if isinstance(fix.get("territories"), dict):
        _apply_neighbour_lists(game_map, fix["territories"])
    for pair in _pairs(fix.get("remove_borders", []), "remove_borders"):
        kept = [b for b in game_map["borders"] if {*b} != {*pair}]
        if len(kept) == len(game_map["borders"]):
            raise GameError.of("data.remove_not_border", a=pair[0], b=pair[1])
        game_map["borders"] = kept
    for pair in _pairs(fix.get("add_borders", []), "add_borders"):
        if any({*b} == {*pair} for b in game_map["borders"]):
            raise GameError.of("data.add_already_border", a=pair[0], b=pair[1])
        game_map["borders"].append(list(pair))
    return game_map


def _pairs(value: Any, where: str) -> list[list[str]]:
    if not isinstance(value, list) or not all(_is_pair(p) for p in value):
        raise GameError.of("data.pairs_list", entry=where)
    return value


def _is_pair(p: Any) -> bool:
    return isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p)


def _patch_nodes(game_map: dict[str, Any], key: str, label: Message, patch: dict[str, Any]) -> None:
    nodes: dict[Any, dict[str, Any]] = {n.get("id"): n for n in game_map.get(key, []) if isinstance(n, dict)}
    allowed = {"name", "pos"} | ({"seas", "borders"} if key == "territories" else set())
    for node_id, change in patch.items():
        if node_id not in nodes:
            raise GameError.of("data.unknown_node", label=label, id=node_id, known=sorted(nodes))
        if not isinstance(change, dict):
            raise GameError.of("data.correction_not_object", label=label, id=node_id)
        _no_unknown_keys(change, allowed, msg("data.where.correction", label=label, id=node_id))
        node = nodes[node_id]
        if "name" in change:
            if not isinstance(change["name"], dict):
                raise GameError.of("data.node_name_object", label=label, id=node_id, example=NAME_EXAMPLE)
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
                raise GameError.of("data.borders_list", id=tid)
            lists[tid] = set(neighbours)
    for a in lists:
        for b in lists:
            if b in lists[a] and a not in lists[b]:
                raise GameError.of("data.borders_both_ways", a=a, b=b)
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
        raise GameError.of("data.cards_fix_object", example='{"tank_1": {"dice": 4, "hits": 5}}')
    by_id = {c.get("id"): c for c in cards.get("cards", []) if isinstance(c, dict)}
    for card_id, values in fix.items():
        if card_id not in by_id:
            raise GameError.of("data.unknown_card_named", card=card_id)
        if not isinstance(values, dict):
            raise GameError.of("data.card_values_object", card=card_id, example='{"dice": 4}')
        card = by_id[card_id]
        for field, value in values.items():
            if field == "title" and card["kind"] == "work_of_art":
                if not isinstance(value, dict):
                    raise GameError.of("data.card_title_object", card=card_id, example=NAME_EXAMPLE)
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
        raise GameError.of("data.unknown_card", card=card_id)
    fields = PRINTED_FIELDS[card["kind"]]
    if field not in fields:
        having = msg("data.having.fields", fields=list(fields)) if fields else msg("data.having.none")
        raise GameError.of("data.no_printed_value", card=card_id, field=field, having=having)
    _check_value(card_id, field, value)
    card["printed"][field] = value
    return cards


def _check_value(card_id: str, field: str, value: Any) -> None:
    if value is None:
        return
    low, high, tens = FIELD_RANGES[field]
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameError.of("data.value_not_int", card=card_id, field=field, value=repr(value))
    if value < low or (high is not None and value > high):
        span = msg("data.span.between", low=low, high=high) if high is not None else msg("data.span.at_least", low=low)
        raise GameError.of("data.value_out_of_range", card=card_id, field=field, value=value, span=span)
    if tens and value % 10:
        raise GameError.of("data.value_not_tens", card=card_id, field=field, value=value)


# ---------------------------------------------------------------- validation


def _names(doc: dict[str, Any], where: Message) -> None:
    name = doc.get("name")
    if not isinstance(name, dict) or any(not isinstance(name.get(lang), str) or not name[lang].strip() for lang in LANGUAGES):
        raise GameError.of("data.needs_names", where=where, example=NAME_EXAMPLE)


def _pos(value: Any, where: Message) -> None:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1 for v in value)
    ):
        raise GameError.of("data.bad_pos", where=where, value=repr(value))


def _nodes(game_map: dict[str, Any], key: str, label: Message, count: int) -> list[str]:
    nodes = game_map.get(key)
    if not isinstance(nodes, list) or not all(isinstance(n, dict) for n in nodes):
        raise GameError.of("data.nodes_list", entry=key)
    ids = [n.get("id") for n in nodes]
    for node_id in ids:
        if not isinstance(node_id, str) or not node_id:
            raise GameError.of("data.node_needs_id", label=label)
    dup = sorted(i for i, k in Counter(ids).items() if k > 1)
    if dup:
        raise GameError.of("data.ids_twice", label=label, ids=dup)
    if len(nodes) != count:
        raise GameError.of("data.node_count", count=count, what=msg(f"data.noun.{key}"), have=len(nodes))
    for n in nodes:
        where = msg("data.where.node", label=label, id=n["id"])
        _names(n, where)
        _pos(n.get("pos"), where)
    return ids


def validate_map(game_map: Any) -> None:
    """Raise ``GameError`` unless the map is complete and consistent (rulebook 1: 32 territories, 4 seas)."""
    if not isinstance(game_map, dict):
        raise GameError.of("data.map_not_object")
    _no_unknown_keys(game_map, MAP_KEYS, msg("data.where.map"))
    if not isinstance(game_map.get("verified"), bool):
        raise GameError.of("data.map_verified")
    territories = _nodes(game_map, "territories", msg("data.label.territory"), TERRITORY_COUNT)
    seas = _nodes(game_map, "seas", msg("data.label.sea"), SEA_COUNT)
    clash = sorted(set(territories) & set(seas))
    if clash:
        raise GameError.of("data.ids_clash", ids=clash)
    known_t, known_s = set(territories), set(seas)
    facing: Counter[str] = Counter()
    for t in game_map["territories"]:
        t_seas = t.get("seas")
        if not isinstance(t_seas, list):
            raise GameError.of("data.territory_seas_list", id=t["id"])
        for s in t_seas:
            if s not in known_s:
                raise GameError.of("data.unknown_sea", id=t["id"], sea=s, seas=seas)
        if len(set(t_seas)) != len(t_seas):
            raise GameError.of("data.sea_twice", id=t["id"])
        facing.update(t_seas)
    for s in seas:
        if facing[s] < 2:
            raise GameError.of("data.sea_faced", sea=s, count=facing[s])

    borders = _check_pairs(game_map.get("borders"), "borders", known_t)
    crossings = _check_pairs(game_map.get("crossings"), "crossings", known_t)
    if len(crossings) != CROSSING_COUNT:
        raise GameError.of("data.crossing_count", count=CROSSING_COUNT, have=len(crossings))
    for c in crossings:
        if c not in borders:
            a, b = sorted(c)
            raise GameError.of("data.crossing_border", a=a, b=b)

    helvetic = game_map.get("helvetic")
    polygon = helvetic.get("polygon") if isinstance(helvetic, dict) else None
    if not isinstance(polygon, list) or len(polygon) < 3:
        raise GameError.of("data.helvetic_polygon")
    for point in polygon:
        _pos(point, msg("data.where.helvetic"))

    unreachable = _unreachable(game_map)
    if unreachable:
        raise GameError.of("data.unreachable", ids=sorted(unreachable))


def _check_pairs(pairs: Any, key: str, known: set[str]) -> set[frozenset[str]]:
    if not isinstance(pairs, list):
        raise GameError.of("data.pairs_list", entry=key)
    seen: set[frozenset[str]] = set()
    for p in pairs:
        if not _is_pair(p):
            raise GameError.of("data.not_a_pair", entry=key, value=repr(p))
        a, b = p
        for t in (a, b):
            if t not in known:
                raise GameError.of("data.pair_unknown", entry=key, territory=t, a=a, b=b)
        if a == b:
            raise GameError.of("data.pair_self", entry=key, a=a)
        pair = frozenset(p)
        if pair in seen:
            raise GameError.of("data.pair_twice", entry=key, a=a, b=b)
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
        raise GameError.of("data.cards_shape")
    kinds = cards["kinds"]
    if set(kinds) != set(CARD_COUNTS):
        missing, extra = sorted(set(CARD_COUNTS) - set(kinds)), sorted(set(kinds) - set(CARD_COUNTS))
        raise GameError.of("data.kinds_mismatch", missing=str(missing), extra=str(extra))
    for kind, info in kinds.items():
        if not isinstance(info, dict):
            raise GameError.of("data.kind_not_object", kind=kind)
        _names(info, msg("data.where.kind", kind=kind))
        effect = info.get("effect")
        if not isinstance(effect, dict) or any(not isinstance(effect.get(lang), str) or not effect[lang] for lang in LANGUAGES):
            raise GameError.of("data.kind_effect", kind=kind)
        if info.get("upgrade", "missing") not in UPGRADES:
            raise GameError.of("data.kind_upgrade", kind=kind)
        if info.get("deck") not in DECKS:
            raise GameError.of("data.kind_deck", kind=kind, decks=list(DECKS))
        if info.get("count") != CARD_COUNTS[kind]:
            raise GameError.of("data.kind_count", kind=kind, count=CARD_COUNTS[kind], given=repr(info.get("count")))

    deck = cards["cards"]
    ids = []
    for card in deck:
        if not isinstance(card, dict) or not isinstance(card.get("id"), str) or not card["id"]:
            raise GameError.of("data.card_needs_id", card=repr(card))
        card_id, kind = card["id"], card.get("kind")
        if kind not in CARD_COUNTS:
            raise GameError.of("data.card_unknown_kind", card=card_id, kind=repr(kind))
        printed = card.get("printed")
        if not isinstance(printed, dict) or set(printed) != set(PRINTED_FIELDS[kind]):
            raise GameError.of("data.card_printed", card=card_id, fields=str(list(PRINTED_FIELDS[kind])))
        for field, value in printed.items():
            _check_value(card_id, field, value)
        if kind == "work_of_art" and "title" in card:
            _names({"name": card["title"]}, msg("data.where.title", card=card_id))
        ids.append(card_id)
    dup = sorted(i for i, k in Counter(ids).items() if k > 1)
    if dup:
        raise GameError.of("data.card_ids_twice", ids=dup)
    counts = Counter(c["kind"] for c in deck)
    for kind, count in CARD_COUNTS.items():
        if counts[kind] != count:
            raise GameError.of("data.deck_count", count=count, kind=kind, have=counts[kind])

    # rulebook 13.1: the 5 Tank cards are all different from each other.
    seen: dict[tuple[tuple[str, Any], ...], str] = {}
    for card in deck:
        if card["kind"] == "tank" and None not in card["printed"].values():
            values = tuple(sorted(card["printed"].items()))
            if values in seen:
                raise GameError.of("data.tanks_same", first=seen[values], second=card["id"])
            seen[values] = card["id"]


def printed_values(cards: dict[str, Any]) -> dict[str, dict[str, int | None]]:
    """``{card id: {field: value or None}}`` for the cards that print values."""
    return {c["id"]: dict(c["printed"]) for c in cards["cards"] if c["printed"]}


def unknown_values(cards: dict[str, Any]) -> list[tuple[str, str]]:
    """The ``(card id, field)`` pairs nobody has entered yet."""
    return [(c["id"], f) for c in cards["cards"] for f, v in c["printed"].items() if v is None]
