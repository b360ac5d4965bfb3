"""The box profile (leonardo-decisions: What the app knows and what the table enters)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.games.leonardo import box as B
from companion.games.leonardo.words import IllegalCommand


def test_defaults_hold_what_the_rulebook_fixes():
    """Rulebook "COME SI GIOCA": 32 spaces; 1 Piazza Maggiore; markets 3, 11, 24; event
    squares 7, 22, 28; churches 9 and 17 (CASELLE DELL'IMMUNITÀ); lose-all 4 7 9 11."""
    p = B.defaults()
    assert len(p["spaces"]) == 32
    assert p["spaces"]["1"] == {"kind": "square", "name": "Piazza Maggiore"}
    assert [n for n in range(1, 33) if B.kind(p, n) == "market"] == [3, 11, 24]
    assert [n for n in range(1, 33) if B.role(n) == "event"] == [7, 22, 28]
    assert [n for n in range(1, 33) if B.role(n) == "church"] == [9, 17]
    assert p["lose_all"] == [4, 7, 9, 11]
    assert p["machina"] == {"faces": {str(n): 1 for n in range(1, 13)}, "verified": False}
    # everything else is still to be entered
    assert all(B.kind(p, n) is None for n in range(1, 33) if n not in B.FIXED)


def test_the_nine_named_spaces_are_the_six_squares_and_three_markets():
    """6 squares + 3 markets are fixed, so the other 23 are the 12 streets, 7 alleys and
    4 bridges the rulebook counts."""
    fixed = Counter(v["kind"] for v in B.FIXED.values())
    assert fixed == {"square": 6, "market": 3}
    assert 32 - len(B.FIXED) == B.KIND_COUNTS["street"] + B.KIND_COUNTS["alley"] + B.KIND_COUNTS["bridge"]


def test_the_example_profile_is_complete_and_marked_invented():
    p = B.example()
    assert B.complete(p) and B.missing(p) == []
    assert "INVENTED" in p["name"]
    assert Counter(B.kind(p, n) for n in range(1, 33)) == B.KIND_COUNTS
    assert len(p["offices"]) + len(p["events"]) + p["men_at_arms"] + 23 == 60


@pytest.mark.parametrize("profile, field, key", [
    ({"spaces": {"9": {"kind": "street"}}}, "spaces.9.kind", "fixed_kind"),
    ({"spaces": {"2": {"kind": "square"}}}, "spaces.2.kind", "bad_kind"),
    ({"spaces": {"33": {"kind": "street"}}}, "spaces.33", "no_space"),
    ({"spaces": {"2": {"kind": "street", "price": 75}}}, "spaces.2.price", "bad_price"),
    ({"spaces": {"2": {"kind": "bridge", "quarter": 2}}}, "spaces.2.quarter", "not_for_kind"),
    ({"spaces": {"2": {"kind": "street", "quarter": 7}}}, "spaces.2.quarter", "bad_quarter"),
    ({"spaces": {"2": {"kind": "street", "rent": [10, 20]}}}, "spaces.2.rent", "rent_four"),
    ({"spaces": {"2": {"kind": "street", "rent": [10, 0, None, 40]}}}, "spaces.2.rent.2", "bad_rent"),
    ({"products": {"gold": [4, 8]}}, "products.gold", "number_lose_all"),
    ({"products": {"gold": [3, 8], "gem": [3, 12]}}, "products.gold", "number_twice"),
    ({"products": {"salt": [1]}}, "products.salt", "no_product"),
    ({"offices": [{"space": 2, "price": 30}]}, "offices.1.space", "office_space"),
    ({"offices": [{"space": 3, "price": 40}]}, "offices.1.price", "office_price"),
    ({"events": ["nothing", "plague"]}, "events.2", "event_kind"),
    ({"men_at_arms": 0}, "men_at_arms", "men_count"),
    ({"offices": [{"space": 1, "price": 30}] * 10, "events": [None] * 10, "men_at_arms": 10}, "offices", "deck_total"),
    ({"oda": [10] * 41}, "oda", "oda_values"),
    ({"machina": {"faces": {"1": 1}}}, "machina.faces", "machina_faces"),
    ({"colour": "red"}, "colour", "unknown_key"),
])
def test_validate_names_the_field(profile, field, key):
    with pytest.raises(IllegalCommand) as err:
        B.validate(profile)
    assert err.value.key == f"box.{key}"
    assert err.value.params["field"] == field
    assert field in err.value.localized("it") and field in err.value.localized("en")


def test_errors_lists_every_problem_for_a_form():
    found = B.errors({"spaces": {"2": {"kind": "bridge", "quarter": 3, "price": 7}}, "bogus": 1})
    assert [(e["field"], e["key"]) for e in found] == [
        ("bogus", "box.unknown_key"), ("spaces.2.quarter", "box.not_for_kind"),
        ("spaces.2.price", "box.bad_price")]
    assert B.errors(B.example()) == []


def test_too_many_of_a_kind_is_refused():
    profile = {"spaces": {str(n): {"kind": "bridge"} for n in (2, 4, 5, 6, 8)}}
    with pytest.raises(IllegalCommand) as err:
        B.validate(profile)
    assert err.value.key == "box.too_many_kind"


def test_missing_lets_a_setup_screen_stop_and_resume():
    """What is missing shrinks as values are entered one at a time, and the entered part
    survives a save (plain JSON) and reload."""
    p = B.defaults()
    first = B.missing(p)
    assert {"item": "space.2", "field": "kind"} in first
    assert {"item": "offices", "field": "count"} in first
    assert {"item": "number.1", "field": "product"} in first
    assert {"item": "number.4", "field": "product"} not in first  # a lose-all number
    p = B.set_value(p, "space.2", "kind", "street")
    assert {"item": "space.2", "field": "quarter"} in B.missing(p)
    assert {"item": "space.2", "field": "rent.3"} in B.missing(p)
    p = B.set_value(p, "space.2", "rent.3", 120)
    assert B.space(p, 2)["rent"] == [None, None, 120, None]
    import json

    reloaded = B.validate(json.loads(json.dumps(p)))
    assert B.missing(reloaded) == B.missing(p)
    # the kind once known asks for the palace's quarter, price and rents (not the one entered)
    assert len(B.missing(p)) == len(first) - 1 + 1 + 1 + 4 - 1
    assert {"item": "space.2", "field": "kind"} not in B.missing(p)


def test_set_value_covers_every_address_missing_gives():
    """Filling every missing value by its address gives a complete profile."""
    example = B.example()
    p = B.defaults()
    for _ in range(3):  # counts first, then the cards they create
        for need in B.missing(p):
            item, field = need["item"], need["field"]
            value = _example_value(example, item, field)
            p = B.set_value(p, item, field, value)
    assert B.complete(p)
    assert {k: v for k, v in p.items() if k not in ("name", "note")} == {
        k: v for k, v in example.items() if k not in ("name", "note")}


def _example_value(example, item, field):
    head, _, tail = item.partition(".")
    if head == "space":
        entry = B.space(example, int(tail))
        if field.startswith("rent."):
            return entry["rent"][int(field[5:]) - 1]
        return entry[field]
    if head == "quarter":
        return example["quarters"][tail]["name"]
    if head == "number":
        return B.product_of(example, int(tail))
    if item in ("offices", "events"):
        return len(example[item])
    if head == "office":
        return example["offices"][int(tail) - 1][field]
    if head == "event":
        return example["events"][int(tail) - 1]
    if item == "men_at_arms":
        return example["men_at_arms"]
    if item == "oda":
        return example["oda"]
    raise AssertionError(item)


def test_set_value_refuses_what_the_profile_cannot_hold():
    p = B.defaults()
    with pytest.raises(IllegalCommand) as err:
        B.set_value(p, "number.7", "product", "gold")
    assert err.value.key == "box.number_lose_all"
    p = B.set_value(B.set_value(p, "number.3", "product", "gold"), "number.8", "product", "gold")
    with pytest.raises(IllegalCommand) as err:
        B.set_value(p, "number.5", "product", "gold")
    assert err.value.key == "box.product_full"
    with pytest.raises(IllegalCommand) as err:
        B.set_value(p, "space.40", "price", 10)
    assert err.value.key == "box.no_such_value"
    with pytest.raises(IllegalCommand):
        B.set_value(p, "office.1", "price", 30)  # no office cards yet
    q = B.set_value(p, "offices", "count", 2)
    assert q["offices"] == [{"space": None, "price": None}] * 2
    assert B.set_value(q, "office.2", "price", 50)["offices"][1]["price"] == 50


def test_a_number_moves_to_its_new_product():
    p = B.set_value(B.defaults(), "number.3", "product", "gold")
    p = B.set_value(p, "number.3", "product", "gem")
    assert p["products"]["gold"] == [] and p["products"]["gem"] == [3]


def test_merge_puts_the_whole_profile_in_the_header():
    """A game records the profile it was played with (self-contained record)."""
    header = {"game": "leonardo", "seats": [{"name": "A"}, {"name": "B"}, {"name": "C"}]}
    merged = B.merge(header, {"men_at_arms": 9})
    assert merged["box"]["men_at_arms"] == 9 and merged["box"]["spaces"]["1"]["name"] == "Piazza Maggiore"
    assert "box" not in header


def test_to_start_asks_only_for_the_deck_sizes():
    assert [x["item"] for x in B.to_start({})] == ["offices", "events", "men_at_arms"]
    assert B.to_start({"offices": [], "events": [], "men_at_arms": 37}) == []


def test_the_virtual_spin_follows_the_configured_faces():
    """leonardo-decisions: The machina: spun by the app with the faces the table configures."""
    p = B.set_value(B.defaults(), "machina", "faces", {str(n): (1 if n in (3, 9) else 0) for n in range(1, 13)})
    rng = random.Random(5)
    assert {B.virtual_spin(rng, p) for _ in range(200)} == {3, 9}
    uniform = Counter(B.virtual_spin(rng, B.defaults()) for _ in range(2400))
    assert set(uniform) == set(range(1, 13)) and min(uniform.values()) > 120


def test_missing_of_a_checked_profile_is_the_same_without_checking_it_again(monkeypatch):
    """``missing(profile, checked=True)``: a profile ``normalize`` made (a header's, the
    game's load) gives what ``missing`` gives, and is not checked a second time."""
    half = B.set_value(B.set_value(B.defaults(), "space.2", "kind", "street"), "men_at_arms", "count", 12)
    for profile in (B.defaults(), half, B.example(), {"men_at_arms": 9}):
        checked = B.normalize(profile)
        assert B.missing(checked, checked=True) == B.missing(profile)
    example, calls = B.normalize(B.example()), []
    validate = B.validate
    monkeypatch.setattr(B, "validate", lambda p: calls.append(1) or validate(p))
    B.missing(example, checked=True)
    assert calls == []


def test_a_new_game_checks_its_box_once(monkeypatch):
    """docs/performance.md (issue 13), Leonardo's first Start: the rules check the header's
    box once (``normalize``), not again to see what a game cannot start without (twice on
    the old code)."""
    from leonardo_helpers import header

    from companion.games.leonardo.game import GAME

    calls = []
    validate = B.validate
    monkeypatch.setattr(B, "validate", lambda p: calls.append(1) or validate(p))
    GAME.new_game(header())
    assert len(calls) == 1
    with pytest.raises(IllegalCommand) as err:  # still refused without the decks' sizes
        GAME.new_game(header(profile={}))
    assert err.value.key == "box_to_start"
