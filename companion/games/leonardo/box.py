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

from .box_checks import errors, validate, whole
from .box_facts import (CHURCHES, DECK_SIZE, EVENT_KINDS, EVENT_SQUARES, FIXED, KIND_COUNTS, LOSE_ALL, MACHINA,
                        MARKETS, MAX_WORKS, ODA_COUNT, OFFICE_PRICES, OPEN_KINDS, PALACE_CARDS, PALACE_KINDS,
                        PRODUCTS, QUARTERS, SPACE_FIELDS, SPACES, START, defaults)
from .words import IllegalCommand, m, refuse


def normalize(profile: dict[str, Any] | None) -> dict[str, Any]:
    """The defaults with ``profile`` laid over them, validated (``validate``)."""
    return validate(profile or {})


def merge(header: dict[str, Any], profile: dict[str, Any] | None) -> dict[str, Any]:
    """A copy of a game's header with the whole profile under ``"box"`` (a record then
    says which box it was played with)."""
    return {**header, "box": normalize(profile)}


# ---------------------------------------------------------------------------------------
# what is still missing


def missing(profile: dict[str, Any], checked: bool = False) -> list[dict[str, Any]]:
    """What the table has still to enter, in the order a setup screen asks it:
    ``[{"item", "field"}]`` (``set_value``'s addresses). Empty: the profile is complete.
    ``checked``: ``profile`` is ``normalize``'s (or ``validate``'s) own, not checked again."""
    p = profile if checked else validate(profile)
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


def to_start(profile: dict[str, Any], left: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """What a game cannot start without: how many office, event and men-at-arms cards
    there are (the decks); every other value can be asked when first needed. ``left``:
    ``missing(profile)`` when already worked out."""
    return [x for x in (missing(profile) if left is None else left) if x["item"] in ("offices", "events", "men_at_arms")]


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
    if not whole(count) or count < 0:
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
    "CHURCHES", "DECK_SIZE", "EVENT_KINDS", "EVENT_SQUARES", "FIXED", "IllegalCommand", "KIND_COUNTS", "LOSE_ALL",
    "MACHINA", "MARKETS", "MAX_WORKS", "ODA_COUNT", "OFFICE_PRICES", "OPEN_KINDS", "PALACE_CARDS", "PALACE_KINDS",
    "PRODUCTS", "QUARTERS", "SPACES", "SPACE_FIELDS", "START", "complete", "defaults", "errors", "example", "faces",
    "kind", "merge", "missing", "name", "normalize", "product_of", "quarter_name", "role", "set_value", "space",
    "to_start", "validate", "virtual_spin",
]
