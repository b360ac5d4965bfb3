"""The roll (rb a, md Turn 1-2): two d10 (0 is 10), taxation on a 1 with the d6, income on
the higher die for both players, a deed's owner choosing its token."""

from __future__ import annotations

import pytest

from companion.games.magnate import commands as C
from companion.games.magnate import engine as E
from companion.core.game import Expect, ExpectKind
from companion.games.magnate.legality import expects

from .conftest import held, place, reason_of, run, started, tokens


def test_a_zero_is_ten_and_pays_the_crowns_of_both_players():
    """md Dice: a face 0 is 10; rb: on a 10 each player takes a token per suit of their Crowns."""
    state, events = run(started(), C.Roll((0, 4)))
    assert state.dice == [10, 4]
    assert held(state, 0) == {"moons": 2, "suns": 2, "waves": 2}
    assert held(state, 1) == {"leaves": 2, "wyrms": 2, "knots": 2}
    assert [(e["seat"], e["why"]) for e in events if e["type"] == "income"] == [(0, "crowns"), (1, "crowns")]
    assert events[0]["reveal"] is True and state.phase == "actions"


@pytest.mark.parametrize("dice", [(1,), (1, 2, 3), (11, 2), (-1, 3)])
def test_a_roll_is_two_d10(dice):
    assert reason_of(started(), C.Roll(dice)).startswith("a roll is two d10")


def test_completed_buildings_pay_each_suit_and_deeds_ask_their_owner():
    """rb Ricevi le risorse: a completed building of the rank pays a token of each of its
    suits; a deed one token of the owner's choice (md: one of its suits)."""
    state = place(started(), 0, "watchman", "mill")  # 8 Waves/Leaves, complete, Anna
    state = place(state, 1, "excuse", "betrayal", complete=False)  # 8 Wyrms/Knots, a deed, Bruno
    before1 = dict(state.seats[1].tokens)
    state, events = run(state, C.Roll((8, 5)))
    assert held(state, 0) == {"moons": 1, "suns": 1, "waves": 2, "leaves": 1}
    assert state.seats[1].tokens == before1
    assert state.phase == "income" and state.pending == [{"seat": 1, "card": "betrayal"}]
    assert {"type": "income_pending", "seat": 1, "card": "betrayal", "suits": ["wyrms", "knots"]} in events
    assert expects(state) == [Expect(ExpectKind.CHOICE, "ChooseIncome", 1, count=1, choices=("wyrms", "knots"),
                                     params={"card": "betrayal"})]
    # md Turn 2: a choice the owner must make is asked before the turn goes on.
    assert reason_of(state, C.Sell(0, "ace_moons")) == "first the income of the deeds: Bruno must choose"
    assert reason_of(state, C.ChooseIncome(1, "betrayal", "moons")).startswith("the income of the Betrayal is one token of")
    state, events = run(state, C.ChooseIncome(1, "betrayal", "knots"))
    assert state.seats[1].tokens["knots"] == before1["knots"] + 1 and state.phase == "actions"
    assert reason_of(state, C.ChooseIncome(1, "betrayal", "knots")).startswith("ChooseIncome is not awaited")


def test_variant_a_deed_pays_any_suit():
    """md Turn 2 variant: a deed's token may be of any suit."""
    state = place(started(deed_any_suit=True), 0, "watchman", "mill", complete=False)
    state, events = run(state, C.Roll((8, 2)))
    assert events[-1]["suits"] == ["moons", "suns", "waves", "leaves", "wyrms", "knots"]
    state, _ = run(state, C.ChooseIncome(0, "mill", "knots"))
    assert state.seats[0].tokens["knots"] == 1


def test_income_choices_come_in_any_order():
    state = place(started(), 0, "watchman", "mill", complete=False)
    state = place(state, 1, "excuse", "betrayal", complete=False)
    state, _ = run(state, C.Roll((8, 8)))
    state, _ = run(state, C.ChooseIncome(1, "betrayal", "wyrms"), C.ChooseIncome(0, "mill", "waves"))
    assert state.phase == "actions"


def test_a_double_pays_once():
    """rb: if both dice show the same number, income comes only once."""
    state = place(started(), 0, "watchman", "mill")
    state, _ = run(state, C.Roll((8, 8)))
    assert held(state, 0) == {"moons": 1, "suns": 1, "waves": 2, "leaves": 1}


def test_a_player_without_buildings_of_the_rank_gets_nothing():
    state, events = run(started(), C.Roll((7, 2)))
    assert events[-1] == {"type": "no_income", "die": 7, "double_one": False}
    assert held(state, 0) == {"moons": 1, "suns": 1, "waves": 1}


def test_courts_never_pay_income():
    """rb Corti: a completed Court gives no income."""
    state = place(started(), 0, "watchman", "consul")
    for dice in [(9, 2), (0, 3)]:
        after, events = run(state, C.Roll(dice))
        assert not any(e["type"] == "income" and "consul" in str(e) for e in events)


def test_taxation_comes_first_and_keeps_one_token():
    """rb Tassazione: a 1 showing: the d6 names the suit (1 Moons ... 6 Knots); a player
    with more than one token of it keeps one; then the income."""
    state = tokens(started(), 0, moons=4, suns=1)
    state = tokens(state, 1, moons=2, waves=5)
    state, events = run(state, C.Roll((1, 10)))
    assert state.phase == "tax"
    assert expects(state) == [Expect(ExpectKind.ROLL, "TaxRoll", 0, dice="d6", count=1)]
    assert reason_of(state, C.Sell(0, "mill")) == "a 1 was rolled: roll the d6 for the taxation first"
    state, events = run(state, C.TaxRoll(1))
    assert events[0] == {"type": "taxed", "die": 1, "suit": "moons", "lost": [3, 1], "reveal": True}
    # then the 10 pays the Crowns (Anna's Huntress gives a Moon back)
    assert held(state, 0) == {"moons": 2, "suns": 2, "waves": 1}
    assert held(state, 1) == {"moons": 1, "waves": 5, "leaves": 1, "wyrms": 1, "knots": 1}


@pytest.mark.parametrize("die,suit", [(1, "moons"), (2, "suns"), (3, "waves"), (4, "leaves"), (5, "wyrms"),
                                      (6, "knots")])
def test_the_d6_names_the_suits_in_their_order(die, suit):
    state = tokens(started(), 0, **{suit: 3})
    state, events = run(state, C.Roll((1, 2)), C.TaxRoll(die))
    assert state.tax == suit and state.seats[0].tokens[suit] == 1


def test_tokens_on_deeds_are_safe_from_taxation():
    """rb: tokens already spent on developing a deed are not taxed."""
    state = place(started(), 0, "watchman", "mill", complete=False, waves=3)
    state = tokens(state, 0, waves=2)
    state, _ = run(state, C.Roll((1, 4)), C.TaxRoll(3))
    assert state.seats[0].tokens["waves"] == 1
    assert state.find("mill")[2].tokens == {"waves": 3}


@pytest.mark.parametrize("die", [0, 7])
def test_the_tax_die_is_a_d6(die):
    state, _ = run(started(), C.Roll((1, 4)))
    assert reason_of(state, C.TaxRoll(die)).startswith("the taxation is one d6")


def test_double_one_pays_completed_aces_only():
    """rb: two 1s: a token per Ace; md Further decisions: only a completed Ace pays."""
    state = place(started(), 0, "watchman", "ace_moons")
    state = place(state, 0, "excuse", "ace_knots", complete=False, knots=2)
    state = place(state, 1, "harvest", "ace_suns")
    state = tokens(state, 0)
    state = tokens(state, 1)
    state, events = run(state, C.Roll((1, 1)), C.TaxRoll(6))
    assert held(state, 0) == {"moons": 1}
    assert held(state, 1) == {"suns": 1}
    assert [e["why"] for e in events if e["type"] == "income"] == ["aces", "aces"]


def test_double_one_without_aces_says_so():
    state, events = run(started(), C.Roll((1, 1)), C.TaxRoll(2))
    assert events[-1] == {"type": "no_income", "die": 1, "double_one": True}


def test_the_roll_is_not_awaited_twice():
    state, _ = run(started(), C.Roll((4, 5)))
    assert reason_of(state, C.Roll((4, 5))).startswith("Roll is not awaited")
    assert reason_of(state, C.TaxRoll(3)).startswith("TaxRoll is not awaited")
    assert E.check(state, C.Sell(0, "mill")) is None
