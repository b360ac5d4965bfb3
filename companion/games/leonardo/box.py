"""Leonardo's box profile: what the rulebook fixes, and what the table enters once.

The rulebook fixes the ring of 32 spaces only in part: space 1 is Piazza Maggiore, the
markets are 3, 11 and 24, the event squares 7, 22 and 28, the churches 9 and 17, and it
counts 6 squares, 3 markets, 12 streets, 7 alleys and 4 bridges. Those nine named spaces
are the 6 squares and the 3 markets, so every other space is a street, an alley or a
bridge. Names, quarters, prices, the rent table, the machina's product numbers, the
office and event cards and the works of art are printed only on the components: the
table enters them once (a setup screen, or when a game first needs one) and corrects
them later.

A profile is plain JSON (``defaults()`` shows every key)::

    {"game": "leonardo", "name": ..., "note": ...,
     "spaces": {"2": {"kind": "street", "name": ..., "quarter": 1, "price": 120,
                      "rent": [r1, r2, r3, r4]}, ...},     # rent with 1..4 works of art
     "quarters": {"1": {"name": ...}, ...},                  # 6 quarters
     "products": {"gem": [a, b], "ivory": [...], "gold": [...], "spices": [...]},
     "lose_all": [4, 7, 9, 11],
     "offices": [{"space": 7, "price": 30}, ...] | null,     # null: how many not known
     "events": ["nothing" | "guelph" | "ghibelline" | null, ...] | null,
     "men_at_arms": 12 | null,
     "oda": [values of the works of art known so far],       # at most 40
     "machina": {"faces": {"1": 1, ..., "12": 1}, "verified": false}}

``validate`` refuses a wrong value with a keyed error naming the field;
``errors`` lists them all (for a form); ``missing`` lists what is still unknown, so a
setup screen can be left and resumed; ``merge`` puts the whole profile into a game's
header, so a record says which box it was played with; ``set_value`` changes one value
(what ``SetPrintedValue`` and a setup screen send).
"""

from __future__ import annotations

import copy
import random
from typing import Any

from .words import IllegalCommand, m, refuse

SPACES = 32
START, CHURCHES, MARKETS, EVENT_SQUARES = 1, (9, 17), (3, 11, 24), (7, 22, 28)
FIXED: dict[int, dict[str, Any]] = {
    1: {"kind": "square", "role": "start", "name": "Piazza Maggiore"},
    3: {"kind": "market", "role": "market", "name": "Mercato Nuovo"},
    7: {"kind": "square", "role": "event", "name": "Piazza dell'Imperatore"},
    9: {"kind": "square", "role": "church", "name": "Cenacolo di Santa Maria"},
    11: {"kind": "market", "role": "market", "name": "Mercato Grande"},
    17: {"kind": "square", "role": "church", "name": "Chiesa di Santa Croce"},
    22: {"kind": "square", "role": "event", "name": "Piazza del Papa"},
    24: {"kind": "market", "role": "market", "name": "Mercato Vecchio"},
    28: {"kind": "square", "role": "event", "name": "Piazza Novità"},
}
KIND_COUNTS = {"square": 6, "market": 3, "street": 12, "alley": 7, "bridge": 4}
PALACE_KINDS = ("street", "alley")
OPEN_KINDS = ("street", "alley", "bridge")  # the kinds the table enters
QUARTERS = 6
PRODUCTS = ("gem", "ivory", "gold", "spices")
LOSE_ALL = (4, 7, 9, 11)
MACHINA = tuple(range(1, 13))
OFFICE_PRICES = (30, 50)
EVENT_KINDS = ("nothing", "guelph", "ghibelline")
ODA_COUNT = 40
MAX_WORKS = 4
DECK_SIZE = 60  # offices, events, men-at-arms and the 23 palace and bridge cards
PALACE_CARDS = KIND_COUNTS["street"] + KIND_COUNTS["alley"] + KIND_COUNTS["bridge"]
TOP_KEYS = ("game", "name", "note", "spaces", "quarters", "products", "lose_all", "offices", "events",
            "men_at_arms", "oda", "machina")
SPACE_FIELDS = ("kind", "name", "quarter", "price", "rent")


# ---------------------------------------------------------------------------------------
# defaults and merging


def defaults() -> dict[str, Any]:
    """A profile holding only what the rulebook fixes; everything else unknown (null)."""
    spaces: dict[str, dict[str, Any]] = {}
    for n in range(1, SPACES + 1):
        fixed = FIXED.get(n)
        if fixed:
            spaces[str(n)] = {"kind": fixed["kind"], "name": fixed["name"]}
        else:
            spaces[str(n)] = {"kind": None, "name": None, "quarter": None, "price": None, "rent": None}
    return {
        "game": "leonardo", "name": None, "note": None,
        "spaces": spaces,
        "quarters": {str(q): {"name": None} for q in range(1, QUARTERS + 1)},
        "products": {p: [] for p in PRODUCTS},
        "lose_all": list(LOSE_ALL),
        "offices": None, "events": None, "men_at_arms": None, "oda": [],
        "machina": {"faces": {str(n): 1 for n in MACHINA}, "verified": False},
    }


def normalize(profile: dict[str, Any] | None) -> dict[str, Any]:
    """The defaults with ``profile`` laid over them, validated (``validate``)."""
    return validate(profile or {})


def _overlay(profile: dict[str, Any]) -> dict[str, Any]:
    """The defaults with the profile's values over them (not yet checked)."""
    out = defaults()
    for key, value in profile.items():
        if key == "spaces" and isinstance(value, dict):
            for n, entry in value.items():
                slot = out["spaces"].get(str(n))
                if slot is None or not isinstance(entry, dict):
                    out["spaces"][str(n)] = copy.deepcopy(entry)  # refused by _check
                else:
                    slot.update(copy.deepcopy(entry))
        elif key == "quarters" and isinstance(value, dict):
            for q, entry in value.items():
                if isinstance(entry, dict) and str(q) in out["quarters"]:
                    out["quarters"][str(q)].update(copy.deepcopy(entry))
                else:
                    out["quarters"][str(q)] = copy.deepcopy(entry)
        elif key == "products" and isinstance(value, dict):
            out["products"].update(copy.deepcopy(value))
        elif key == "machina" and isinstance(value, dict):
            out["machina"].update(copy.deepcopy(value))
        else:
            out[key] = copy.deepcopy(value)
    return out


def merge(header: dict[str, Any], profile: dict[str, Any] | None) -> dict[str, Any]:
    """A copy of a game's header with the whole profile under ``"box"`` (a record then
    says which box it was played with)."""
    return {**header, "box": normalize(profile)}


# ---------------------------------------------------------------------------------------
# checking


def errors(profile: Any) -> list[dict[str, Any]]:
    """Every problem of a profile: ``[{"field", "key", "params", "text"}]`` (empty: fine)."""
    found: list[dict[str, Any]] = []
    if not isinstance(profile, dict):
        err = refuse("box.not_object")
        return [{"field": "", **err.to_dict()}]
    _check(_overlay(profile), profile, found)
    return found


def validate(profile: Any) -> dict[str, Any]:
    """The profile laid over the defaults, or IllegalCommand for its first problem (its
    ``params["field"]`` names the field, e.g. ``"spaces.12.price"``)."""
    if not isinstance(profile, dict):
        raise refuse("box.not_object")
    full = _overlay(profile)
    _check(full, profile, [], first_only=True)
    return full


class _First(Exception):
    def __init__(self, err: IllegalCommand):
        super().__init__(str(err))
        self.err = err


def _check(p: dict[str, Any], given: dict[str, Any], found: list[dict[str, Any]], first_only: bool = False) -> None:
    def bad(field: str, key: str, **params: Any) -> None:
        err = refuse(f"box.{key}", field=field, **params)
        if first_only:
            raise _First(err)
        found.append({"field": field, **err.to_dict()})

    try:
        _check_all(p, given, bad)
    except _First as first:
        raise first.err from None


def _check_all(p: dict[str, Any], given: dict[str, Any], bad: Any) -> None:
    for key in given:
        if key not in TOP_KEYS:
            bad(str(key), "unknown_key", known=list(TOP_KEYS))
    if p.get("game") != "leonardo":
        bad("game", "not_leonardo")
    for key in ("name", "note"):
        if p.get(key) is not None and not isinstance(p[key], str):
            bad(key, "not_text")
    _check_spaces(p, bad)
    _check_quarters(p, bad)
    _check_machina_numbers(p, bad)
    _check_cards(p, bad)
    _check_oda(p, bad)
    _check_faces(p, bad)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _name_ok(value: Any) -> bool:
    if isinstance(value, str):
        return bool(value.strip())
    if isinstance(value, dict):
        return bool(value) and all(k in ("it", "en") and isinstance(v, str) and v.strip() for k, v in value.items())
    return False


def _check_spaces(p: dict[str, Any], bad: Any) -> None:
    spaces = p["spaces"]
    if not isinstance(spaces, dict):
        bad("spaces", "not_object")
        return
    counts = {k: 0 for k in KIND_COUNTS}
    for key, entry in spaces.items():
        where = f"spaces.{key}"
        if not (str(key).isdigit() and 1 <= int(key) <= SPACES):
            bad(where, "no_space", space=str(key))
            continue
        n = int(key)
        if not isinstance(entry, dict):
            bad(where, "not_object")
            continue
        for f in entry:
            if f not in SPACE_FIELDS:
                bad(f"{where}.{f}", "unknown_key", known=list(SPACE_FIELDS))
        kind = entry.get("kind")
        fixed = FIXED.get(n)
        if fixed and kind != fixed["kind"]:
            bad(f"{where}.kind", "fixed_kind", space=n, kind=m(f"kind.{fixed['kind']}"))
            continue
        if not fixed and kind is not None and kind not in OPEN_KINDS:
            bad(f"{where}.kind", "bad_kind", space=n, kinds=[m(f"kind.{k}") for k in OPEN_KINDS])
            continue
        if kind is not None:
            counts[kind] += 1
        if entry.get("name") is not None and not _name_ok(entry["name"]):
            bad(f"{where}.name", "bad_name", space=n)
        palace = kind in PALACE_KINDS
        for f in ("quarter", "price", "rent"):
            value = entry.get(f)
            if value is None:
                continue
            if kind is None:
                continue  # checked once the kind is known
            if (f == "price" and kind not in OPEN_KINDS) or (f != "price" and not palace):
                bad(f"{where}.{f}", "not_for_kind", space=n, what=m(f"field.{f}"), kind=m(f"kind.{kind}"))
        q = entry.get("quarter")
        if q is not None and not (_whole(q) and 1 <= q <= QUARTERS):
            bad(f"{where}.quarter", "bad_quarter", space=n, most=QUARTERS)
        price = entry.get("price")
        if price is not None and not (_whole(price) and price > 0 and price % 2 == 0):
            bad(f"{where}.price", "bad_price", space=n)
        rent = entry.get("rent")
        if rent is not None:
            if not isinstance(rent, list) or len(rent) != MAX_WORKS:
                bad(f"{where}.rent", "rent_four", space=n)
            else:
                for i, r in enumerate(rent):
                    if r is not None and not (_whole(r) and r > 0):
                        bad(f"{where}.rent.{i + 1}", "bad_rent", space=n, works=i + 1)
    for kind, most in KIND_COUNTS.items():
        if counts[kind] > most:
            bad("spaces", "too_many_kind", kind=m(f"kind.{kind}"), count=counts[kind], most=most)


def _check_quarters(p: dict[str, Any], bad: Any) -> None:
    quarters = p["quarters"]
    if not isinstance(quarters, dict):
        bad("quarters", "not_object")
        return
    for key, entry in quarters.items():
        where = f"quarters.{key}"
        if not (str(key).isdigit() and 1 <= int(key) <= QUARTERS):
            bad(where, "no_quarter", quarter=str(key), most=QUARTERS)
        elif not isinstance(entry, dict) or set(entry) - {"name"}:
            bad(where, "quarter_entry")
        elif entry.get("name") is not None and not _name_ok(entry["name"]):
            bad(f"{where}.name", "bad_quarter_name", quarter=int(key))


def _check_machina_numbers(p: dict[str, Any], bad: Any) -> None:
    lose_all = p["lose_all"]
    if (not isinstance(lose_all, list) or len(lose_all) != len(LOSE_ALL)
            or not all(_whole(x) and 1 <= x <= 12 for x in lose_all) or len(set(lose_all)) != len(lose_all)):
        bad("lose_all", "bad_lose_all", count=len(LOSE_ALL))
        lose_all = list(LOSE_ALL)
    products = p["products"]
    if not isinstance(products, dict):
        bad("products", "not_object")
        return
    seen: dict[int, str] = {}
    for name, numbers in products.items():
        where = f"products.{name}"
        if name not in PRODUCTS:
            bad(where, "no_product", products=[m(f"product.{x}") for x in PRODUCTS])
            continue
        if not isinstance(numbers, list) or len(numbers) > 2 or not all(_whole(x) and 1 <= x <= 12 for x in numbers):
            bad(where, "product_numbers", product=m(f"product.{name}"))
            continue
        for x in numbers:
            if x in lose_all:
                bad(where, "number_lose_all", number=x, product=m(f"product.{name}"))
            elif x in seen:
                bad(where, "number_twice", number=x, product=m(f"product.{name}"), other=m(f"product.{seen[x]}"))
            seen[x] = name


def _check_cards(p: dict[str, Any], bad: Any) -> None:
    offices, events, men = p["offices"], p["events"], p["men_at_arms"]
    open_spaces = sorted(FIXED)
    if offices is not None:
        if not isinstance(offices, list):
            bad("offices", "offices_list")
            offices = None
        else:
            for i, card in enumerate(offices, 1):
                where = f"offices.{i}"
                if not isinstance(card, dict) or set(card) - {"space", "price"}:
                    bad(where, "office_entry", card=i)
                    continue
                space, price = card.get("space"), card.get("price")
                if space is not None and space not in open_spaces:
                    bad(f"{where}.space", "office_space", card=i, spaces=open_spaces)
                if price is not None and price not in OFFICE_PRICES:
                    bad(f"{where}.price", "office_price", card=i)
    if events is not None:
        if not isinstance(events, list):
            bad("events", "events_list")
            events = None
        else:
            for i, kind in enumerate(events, 1):
                if kind is not None and kind not in EVENT_KINDS:
                    bad(f"events.{i}", "event_kind", card=i, kinds=[m(f"event_kind.{k}") for k in EVENT_KINDS])
    if men is not None and not (_whole(men) and men >= 1):
        bad("men_at_arms", "men_count")
        men = None
    known = [len(offices) if offices is not None else None, len(events) if events is not None else None, men]
    total = PALACE_CARDS + sum(x for x in known if x is not None)
    if total > DECK_SIZE or (None not in known and total != DECK_SIZE):
        bad("offices", "deck_total", total=total, size=DECK_SIZE, palaces=PALACE_CARDS)


def _check_oda(p: dict[str, Any], bad: Any) -> None:
    oda = p["oda"]
    if not isinstance(oda, list) or len(oda) > ODA_COUNT or not all(_whole(v) and v >= 0 for v in oda):
        bad("oda", "oda_values", count=ODA_COUNT)


def _check_faces(p: dict[str, Any], bad: Any) -> None:
    machina = p["machina"]
    if not isinstance(machina, dict) or set(machina) - {"faces", "verified"}:
        bad("machina", "machina_entry")
        return
    faces = machina.get("faces")
    if not (isinstance(faces, dict) and set(faces) == {str(n) for n in MACHINA}
            and all(isinstance(w, (int, float)) and not isinstance(w, bool) and w >= 0 for w in faces.values())
            and sum(faces.values()) > 0):
        bad("machina.faces", "machina_faces")
    if not isinstance(machina.get("verified"), bool):
        bad("machina.verified", "machina_verified")


# ---------------------------------------------------------------------------------------
# what is still missing


def missing(profile: dict[str, Any]) -> list[dict[str, Any]]:
    """What the table has still to enter, in the order a setup screen asks it:
    ``[{"item", "field"}]`` (``set_value``'s addresses). Empty: the profile is complete."""
    p = validate(profile)
    out: list[dict[str, Any]] = []

    def need(item: str, field: str) -> None:
        out.append({"item": item, "field": field})

    for n in range(1, SPACES + 1):
        s = p["spaces"][str(n)]
        if s["kind"] is None:
            need(f"space.{n}", "kind")
        if s.get("name") is None:
            need(f"space.{n}", "name")
        if s["kind"] in PALACE_KINDS and s.get("quarter") is None:
            need(f"space.{n}", "quarter")
        if s["kind"] in OPEN_KINDS and s.get("price") is None:
            need(f"space.{n}", "price")
        if s["kind"] in PALACE_KINDS:
            for i, r in enumerate(s.get("rent") or [None] * MAX_WORKS, 1):
                if r is None:
                    need(f"space.{n}", f"rent.{i}")
    for q in range(1, QUARTERS + 1):
        if p["quarters"][str(q)].get("name") is None:
            need(f"quarter.{q}", "name")
    for x in MACHINA:
        if x not in p["lose_all"] and product_of(p, x) is None:
            need(f"number.{x}", "product")
    if p["offices"] is None:
        need("offices", "count")
    else:
        for i, card in enumerate(p["offices"], 1):
            for f in ("space", "price"):
                if card.get(f) is None:
                    need(f"office.{i}", f)
    if p["events"] is None:
        need("events", "count")
    else:
        for i, kind in enumerate(p["events"], 1):
            if kind is None:
                need(f"event.{i}", "kind")
    if p["men_at_arms"] is None:
        need("men_at_arms", "count")
    if len(p["oda"]) < ODA_COUNT:
        need("oda", "values")
    return out


def complete(profile: dict[str, Any]) -> bool:
    """Whether the table has entered everything (``missing`` is empty)."""
    return not missing(profile)


def to_start(profile: dict[str, Any]) -> list[dict[str, Any]]:
    """What a game cannot start without: how many office, event and men-at-arms cards
    there are (the decks); every other value can be asked when first needed."""
    return [x for x in missing(profile) if x["item"] in ("offices", "events", "men_at_arms")]


# ---------------------------------------------------------------------------------------
# one value at a time


def set_value(profile: dict[str, Any], item: str, field: str, value: Any) -> dict[str, Any]:
    """A new profile with one value set (``item``/``field`` as ``missing`` names them;
    ``value`` None clears it), validated; the input is not changed."""
    p = validate(profile)
    head, _, tail = str(item).partition(".")
    try:
        if head == "space" and tail.isdigit() and str(int(tail)) in p["spaces"]:
            entry = p["spaces"][str(int(tail))]
            if field.startswith("rent.") and field[5:].isdigit() and 1 <= int(field[5:]) <= MAX_WORKS:
                rent = list(entry.get("rent") or [None] * MAX_WORKS)
                rent[int(field[5:]) - 1] = value
                entry["rent"] = rent
            elif field in SPACE_FIELDS:
                entry[field] = value
            else:
                raise _NoField
        elif head == "quarter" and field == "name" and tail in p["quarters"]:
            p["quarters"][tail]["name"] = value
        elif head == "number" and field == "product" and tail.isdigit():
            _set_number(p, int(tail), value)
        elif head == "product" and field == "numbers" and tail in PRODUCTS:
            p["products"][tail] = value
        elif head in ("offices", "events") and not tail and field == "count":
            p[head] = _resized(p[head], value, {"space": None, "price": None} if head == "offices" else None)
        elif head == "office" and tail.isdigit() and field in ("space", "price"):
            _card(p, "offices", int(tail))[field] = value
        elif head == "event" and tail.isdigit() and field == "kind":
            _card(p, "events", int(tail))
            p["events"][int(tail) - 1] = value
        elif head == "men_at_arms" and not tail and field == "count":
            p["men_at_arms"] = value
        elif head == "oda" and not tail and field == "values":
            p["oda"] = value
        elif head == "oda" and not tail and field == "add":
            p["oda"] = [*p["oda"], value]
        elif head == "machina" and not tail and field in ("faces", "verified"):
            p["machina"][field] = value
        elif head == "box" and not tail and field in ("name", "note"):
            p[field] = value
        else:
            raise _NoField
    except _NoField:
        raise refuse("box.no_such_value", item=str(item), field=str(field)) from None
    return validate(p)


class _NoField(Exception):
    pass


def _set_number(p: dict[str, Any], number: int, product: Any) -> None:
    if not 1 <= number <= 12:
        raise _NoField
    if number in p["lose_all"]:
        raise refuse("box.number_lose_all", field=f"number.{number}", number=number,
                     product=m(f"product.{product}") if product in PRODUCTS else str(product))
    if product is not None and product not in PRODUCTS:
        raise refuse("box.no_product", field=f"number.{number}", products=[m(f"product.{x}") for x in PRODUCTS])
    for name in PRODUCTS:
        p["products"][name] = [x for x in p["products"][name] if x != number]
    if product is not None:
        if len(p["products"][product]) >= 2:
            raise refuse("box.product_full", field=f"number.{number}", product=m(f"product.{product}"),
                         numbers=p["products"][product])
        p["products"][product] = sorted([*p["products"][product], number])


def _resized(cards: list[Any] | None, count: Any, blank: Any) -> list[Any] | None:
    if count is None:
        return None
    if not _whole(count) or count < 0:
        raise refuse("box.bad_count", field="count")
    cards = list(cards or [])
    return [*cards[:count], *[copy.deepcopy(blank) for _ in range(count - len(cards))]]


def _card(p: dict[str, Any], key: str, i: int) -> Any:
    cards = p[key]
    if cards is None or not 1 <= i <= len(cards):
        raise refuse("box.no_card", field=f"{key}.{i}", card=i, count=len(cards or []))
    return cards[i - 1]


# ---------------------------------------------------------------------------------------
# reading a (validated) profile


def space(p: dict[str, Any], n: int) -> dict[str, Any]:
    return p["spaces"][str(n)]  # type: ignore[no-any-return]


def kind(p: dict[str, Any], n: int) -> str | None:
    return space(p, n)["kind"]  # type: ignore[no-any-return]


def role(n: int) -> str | None:
    """"start", "market", "event", "church" for the fixed spaces, else None."""
    fixed = FIXED.get(n)
    return fixed["role"] if fixed else None


def name(p: dict[str, Any], n: int) -> dict[str, str]:
    """A space's name per language, for messages (its number when nobody entered it)."""
    value = space(p, n).get("name")
    if isinstance(value, dict):
        return {"en": value.get("en") or value.get("it", ""), "it": value.get("it") or value.get("en", "")}
    if isinstance(value, str):
        return {"en": value, "it": value}
    return {"en": f"space {n}", "it": f"casella {n}"}


def quarter_name(p: dict[str, Any], q: int) -> dict[str, str]:
    value = p["quarters"][str(q)].get("name")
    if isinstance(value, dict):
        return {"en": value.get("en") or value.get("it", ""), "it": value.get("it") or value.get("en", "")}
    if isinstance(value, str):
        return {"en": value, "it": value}
    return {"en": f"quarter {q}", "it": f"quartiere {q}"}


def product_of(p: dict[str, Any], number: int) -> str | None:
    """The market product a machina number belongs to (None: not entered, or lose-all)."""
    for product, numbers in p["products"].items():
        if number in numbers:
            return product  # type: ignore[no-any-return]
    return None


def faces(p: dict[str, Any]) -> dict[int, float]:
    """The machina's configured faces: number -> weight (default uniform, unverified)."""
    return {int(k): float(v) for k, v in p["machina"]["faces"].items()}


def virtual_spin(rng: random.Random, p: dict[str, Any]) -> int:
    """A spin of the machina as the table configured it (for the app's spin and the bots;
    never the engine's: a spin is always a command's input)."""
    weights = faces(p)
    numbers = sorted(weights)
    return rng.choices(numbers, weights=[weights[x] for x in numbers])[0]


def example() -> dict[str, Any]:
    """The shipped example profile (invented values, for the demo and the tests)."""
    import json

    from companion.core.resources import data_path

    doc = json.loads(data_path("leonardo", "box-profile.example.json").read_text(encoding="utf-8"))
    return validate(doc)


__all__ = [
    "CHURCHES",
    "EVENT_KINDS",
    "EVENT_SQUARES",
    "FIXED",
    "KIND_COUNTS",
    "LOSE_ALL",
    "MARKETS",
    "MAX_WORKS",
    "ODA_COUNT",
    "OFFICE_PRICES",
    "PALACE_KINDS",
    "PRODUCTS",
    "QUARTERS",
    "SPACES",
    "START",
    "IllegalCommand",
    "complete",
    "defaults",
    "errors",
    "example",
    "faces",
    "kind",
    "merge",
    "missing",
    "name",
    "normalize",
    "product_of",
    "quarter_name",
    "role",
    "set_value",
    "space",
    "to_start",
    "validate",
    "virtual_spin",
]
