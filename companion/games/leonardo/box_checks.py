"""Checking a Leonardo box profile: every problem is a keyed IllegalCommand naming its
field (``"spaces.12.price"``), so a setup form can show it beside the field."""

from __future__ import annotations

from typing import Any

from .box_facts import (
    DECK_SIZE,
    EVENT_KINDS,
    FIXED,
    KIND_COUNTS,
    LOSE_ALL,
    MACHINA,
    MAX_WORKS,
    ODA_COUNT,
    OFFICE_PRICES,
    OPEN_KINDS,
    PALACE_CARDS,
    PALACE_KINDS,
    PRODUCTS,
    QUARTERS,
    SPACE_FIELDS,
    SPACES,
    TOP_KEYS,
    overlay,
)
from .words import IllegalCommand, m, refuse


def errors(profile: Any) -> list[dict[str, Any]]:
    """Every problem of a profile: ``[{"field", "key", "params", "text"}]`` (empty: fine)."""
    found: list[dict[str, Any]] = []
    if not isinstance(profile, dict):
        err = refuse("box.not_object")
        return [{"field": "", **err.to_dict()}]
    _check(overlay(profile), profile, found)
    return found


def validate(profile: Any) -> dict[str, Any]:
    """The profile laid over the defaults, or IllegalCommand for its first problem (its
    ``params["field"]`` names the field, e.g. ``"spaces.12.price"``)."""
    if not isinstance(profile, dict):
        raise refuse("box.not_object")
    full = overlay(profile)
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


def whole(value: Any) -> bool:
    """A whole number (not a bool)."""
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
        if q is not None and not (whole(q) and 1 <= q <= QUARTERS):
            bad(f"{where}.quarter", "bad_quarter", space=n, most=QUARTERS)
        price = entry.get("price")
        if price is not None and not (whole(price) and price > 0 and price % 2 == 0):
            bad(f"{where}.price", "bad_price", space=n)
        rent = entry.get("rent")
        if rent is not None:
            if not isinstance(rent, list) or len(rent) != MAX_WORKS:
                bad(f"{where}.rent", "rent_four", space=n)
            else:
                for i, r in enumerate(rent):
                    if r is not None and not (whole(r) and r > 0):
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
            or not all(whole(x) and 1 <= x <= 12 for x in lose_all) or len(set(lose_all)) != len(lose_all)):
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
        if not isinstance(numbers, list) or len(numbers) > 2 or not all(whole(x) and 1 <= x <= 12 for x in numbers):
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
    if men is not None and not (whole(men) and men >= 1):
        bad("men_at_arms", "men_count")
        men = None
    known = [len(offices) if offices is not None else None, len(events) if events is not None else None, men]
    total = PALACE_CARDS + sum(x for x in known if x is not None)
    if total > DECK_SIZE or (None not in known and total != DECK_SIZE):
        bad("offices", "deck_total", total=total, size=DECK_SIZE, palaces=PALACE_CARDS)


def _check_oda(p: dict[str, Any], bad: Any) -> None:
    oda = p["oda"]
    if not isinstance(oda, list) or len(oda) > ODA_COUNT or not all(whole(v) and v >= 0 for v in oda):
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
