"""The extended Decktet as data (md Components): 45 cards, checked on load."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from companion.games.magnate import cards
from companion.games.magnate.cards import SUITS, decktet
from companion.errors import CompanionError, IllegalCommand

DOC = json.loads(cards.data_path().read_text(encoding="utf-8"))


def test_the_shipped_deck_has_45_cards_of_each_kind():
    """md Components: 6 Aces, 30 numbered cards (2-9 and Crowns), 4 Pawns, 4 Courts, the Excuse."""
    d = decktet()
    kinds = Counter(c.type for c in d.cards.values())
    assert len(d.cards) == 45
    assert kinds == {"ace": 6, "number": 24, "crown": 6, "pawn": 4, "court": 4, "excuse": 1}
    assert sum(1 for c in d.cards.values() if c.rank is not None and 2 <= c.rank <= 10) == 30


def test_suits_in_their_usual_order_with_italian_names():
    """md Components: Moons, Suns, Waves, Leaves, Wyrms, Knots = Lune, Soli, Onde, Foglie, Serpi, Nodi."""
    d = decktet()
    assert SUITS == ("moons", "suns", "waves", "leaves", "wyrms", "knots")
    assert [d.suit_names[s]["it"] for s in SUITS] == ["Lune", "Soli", "Onde", "Foglie", "Serpi", "Nodi"]
    assert [d.suit_names[s]["en"] for s in SUITS] == ["Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots"]


@pytest.mark.parametrize("rank", range(2, 10))
def test_each_numbered_rank_uses_each_suit_once(rank):
    suits = [s for c in decktet().cards.values() if c.type == "number" and c.rank == rank for s in c.suits]
    assert sorted(suits) == sorted(SUITS)


def test_known_cards_from_the_rulebook():
    """rb: the Mill is an 8 of Waves and Leaves; a 4 of Waves and Leaves (the Sailor)."""
    d = decktet()
    assert (d["mill"].rank, d["mill"].suits, d["mill"].name["it"]) == (8, ("waves", "leaves"), "il Mulino")
    assert (d["sailor"].rank, d["sailor"].suits) == (4, ("waves", "leaves"))
    assert d["excuse"].suits == () and d["excuse"].name["it"] == "la Scusa"
    assert {c: d[c].suits for c in d.pawns} == {
        "watchman": ("moons", "wyrms", "knots"), "light_keeper": ("suns", "waves", "knots"),
        "borderland": ("waves", "leaves", "wyrms"), "harvest": ("moons", "suns", "leaves")}


def test_costs_fees_and_sales():
    """rb: an Ace costs 3 of its suit and is founded for 1, sold for 2; a Court costs 10,
    founded and sold for 3 (one per suit); a numbered card costs its rank, founded and sold for 2."""
    d = decktet()
    assert (d["ace_knots"].cost, d["ace_knots"].fee, d["ace_knots"].sale) == (3, {"knots": 1}, {"knots": 2})
    assert (d["rite"].cost, d["rite"].fee, d["rite"].sale) == (10, {"moons": 1, "leaves": 1, "wyrms": 1},
                                                                {"moons": 1, "leaves": 1, "wyrms": 1})
    assert (d["mill"].cost, d["mill"].fee, d["mill"].sale) == (8, {"waves": 1, "leaves": 1},
                                                                {"waves": 1, "leaves": 1})


def test_the_deck_with_and_without_courts():
    assert len(decktet().deck(True)) == 34 and len(decktet().deck(False)) == 30


def test_every_card_is_named_in_both_languages():
    for c in decktet().cards.values():
        assert c.name["en"] and c.name["it"], c.id


def _broken(change) -> str:
    doc = copy.deepcopy(DOC)
    change(doc)
    with pytest.raises(CompanionError) as err:
        cards.validate(doc)
    return err.value.reason


def _card(doc, cid):
    return next(c for c in doc["cards"] if c["id"] == cid)


def test_a_rank_using_a_suit_twice_is_refused():
    def swap(doc):
        _card(doc, "mill")["suits"] = ["moons", "leaves"]  # rank 8 then has Moons twice, no Waves
    assert _broken(swap) == "the three cards of rank 8 must use each suit once"


def test_a_missing_italian_name_is_refused():
    def drop(doc):
        del _card(doc, "mill")["name"]["it"]
    assert _broken(drop) == "mill needs a name in Italian and in English"


def test_a_card_missing_or_twice_is_refused():
    assert _broken(lambda doc: doc["cards"].pop()) == "the Decktet has 1 cards of type excuse, not 0"
    assert _broken(lambda doc: doc["cards"].append(dict(doc["cards"][0]))) == "the card ace_moons is listed twice"


def test_suits_out_of_order_and_pawns_unbalanced_are_refused():
    def reorder(doc):
        _card(doc, "mill")["suits"] = ["leaves", "waves"]
    assert "in the suits' order" in _broken(reorder)

    def pawn(doc):
        _card(doc, "harvest")["suits"] = ["moons", "suns", "knots"]
    assert _broken(pawn) == "each suit must be on two cards of type pawn"


def test_a_bad_file_names_itself(tmp_path):
    bad = tmp_path / "decktet.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(CompanionError, match="is not valid JSON"):
        cards.load(bad)
    doc = copy.deepcopy(DOC)
    doc["suits"] = doc["suits"][:5]
    bad.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(CompanionError) as err:
        cards.load(bad)
    assert str(bad) in err.value.reason and "the suits must be" in err.value.reason
    assert "i semi devono essere" in err.value.localized("it")
    assert not isinstance(err.value, IllegalCommand)  # a broken file is not a player's move
    with pytest.raises(CompanionError, match="cannot be read"):
        cards.load(tmp_path / "missing.json")
