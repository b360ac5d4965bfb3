"""Developments and trades (rb Sviluppare, Scambia; md Turn 3, Further decisions)."""

from __future__ import annotations

import pytest

from companion.games.magnate import commands as C
from companion.games.magnate import engine as E

from .conftest import acting, held, place, reason_of, run, tokens


def test_the_rulebook_mill_founded_then_developed_to_ten_tokens():
    """rb Esempio: founding the Mill costs 1 Wave and 1 Leaf to the bank; developing it takes
    8 more Waves or Leaves, placed on the card until it is complete (10 in all)."""
    state = tokens(acting(), 0, waves=6, leaves=4)
    state, events = run(state, C.Found(0, "mill", "borderland"))
    assert held(state, 0) == {"waves": 5, "leaves": 3}
    state, events = run(state, C.Develop(0, "mill", "waves", 5))
    deed = state.find("mill")[2]
    assert (deed.complete, deed.tokens) == (False, {"waves": 5})
    assert events == [{"type": "developed", "seat": 0, "card": "mill", "suit": "waves", "count": 5, "total": 5,
                       "cost": 8}]
    # md: a deed takes at most its value in tokens
    assert reason_of(state, C.Develop(0, "mill", "leaves", 4)) == "the Mill takes only 3 more tokens"
    state, events = run(state, C.Develop(0, "mill", "leaves", 3))
    deed = state.find("mill")[2]
    assert deed.complete and deed.tokens == {}  # complete: its tokens go back to the bank
    assert events[-1] == {"type": "completed", "seat": 0, "card": "mill", "district": "borderland"}
    assert held(state, 0) == {}  # 2 + 8 = 10 tokens spent


def test_a_deed_may_be_founded_and_completed_in_the_same_turn():
    """rb: a deed may be developed in the turn it is founded (md: and completed)."""
    state = tokens(acting(), 0, knots=4)
    state, _ = run(state, C.Found(0, "ace_knots", "watchman"), C.Develop(0, "ace_knots", "knots", 3))
    assert state.find("ace_knots")[2].complete
    assert held(state, 0) == {}


def test_a_court_is_complete_at_ten_tokens_in_its_suits():
    """md Turn 3: a Court's deed is complete when its tokens reach 10 (rb Corti: founded for 3)."""
    state = tokens(acting(), 0, moons=6, leaves=4, wyrms=3)
    state, _ = run(state, C.Found(0, "rite", "excuse"), C.Develop(0, "rite", "moons", 5),
                   C.Develop(0, "rite", "leaves", 3))
    assert state.find("rite")[2].on_it == 8
    assert reason_of(state, C.Develop(0, "rite", "wyrms", 3)) == "the Rite takes only 2 more tokens"
    state, _ = run(state, C.Develop(0, "rite", "wyrms", 2))
    assert state.find("rite")[2].complete


def test_a_completed_deed_frees_its_district():
    state = place(acting(), 0, "borderland", "origin", complete=False, waves=1)
    state = tokens(state, 0, leaves=4, waves=1)
    assert "must first complete the Origin" in reason_of(state, C.Found(0, "sailor", "borderland"))
    state, _ = run(state, C.Develop(0, "origin", "leaves", 1))
    assert E.check(state, C.Found(0, "sailor", "borderland")) is None


@pytest.mark.parametrize("cmd,words", [
    (C.Develop(0, "mill", "moons", 1), "the Mill takes only tokens of its suits: Waves, Leaves"),
    (C.Develop(0, "mill", "waves", 0), "the number must be at least 1"),
    (C.Develop(0, "mill", "waves", 4), "Anna is short of 1 Wave"),
    (C.Develop(0, "sailor", "waves", 1), "the Sailor is not on the table"),
    (C.Develop(0, "betrayal", "wyrms", 1), "the Betrayal is not one of Anna's deeds"),
    (C.Develop(0, "origin", "waves", 1), "the Origin is already complete"),
    (C.Develop(0, "mill", "tea", 1), "there is no suit 'tea'"),
])
def test_developments_outside_the_rules_are_refused(cmd, words):
    state = place(acting(), 0, "borderland", "mill", complete=False)
    state = place(state, 1, "excuse", "betrayal", complete=False)
    state = place(state, 0, "excuse", "origin")
    state = tokens(state, 0, waves=3, moons=2)
    assert reason_of(state, cmd) == words


def test_a_development_need_not_use_every_suit():
    """md Turn 3: by default a deed may be completed in one of its suits only."""
    state = place(acting(), 0, "borderland", "sailor", complete=False)
    state, _ = run(tokens(state, 0, waves=4), C.Develop(0, "sailor", "waves", 4))
    assert state.find("sailor")[2].complete


def test_variant_a_completed_deed_carries_each_of_its_suits():
    """md Turn 3 variant / Further decisions: the development that would complete the deed
    without each of its suits is refused."""
    state = place(acting(deed_each_suit=True), 0, "borderland", "sailor", complete=False)
    state = tokens(state, 0, waves=4, leaves=1)
    assert reason_of(state, C.Develop(0, "sailor", "waves", 4)) == (
        "with this table's rule a completed deed carries each of its suits: the Sailor still lacks Leaves")
    state, _ = run(state, C.Develop(0, "sailor", "waves", 3), C.Develop(0, "sailor", "leaves", 1))
    assert state.find("sailor")[2].complete


def test_developments_come_after_the_income_and_before_the_draw_by_the_player_on_turn():
    """md Turn 3: in any order, before the draw, only by the player on turn."""
    state = place(acting(), 0, "borderland", "mill", complete=False)
    state = place(state, 1, "excuse", "betrayal", complete=False)
    state = tokens(tokens(state, 0, waves=3), 1, wyrms=3)
    assert reason_of(state, C.Develop(1, "betrayal", "wyrms", 1)) == "it is Anna's turn, not Bruno's"
    state, _ = run(state, C.Sell(0, "sailor"), C.Develop(0, "mill", "waves", 1), C.Draw(0))
    assert reason_of(state, C.Develop(1, "betrayal", "wyrms", 1)) == "roll the two d10 first"
    assert reason_of(state, C.Develop(0, "mill", "waves", 1)) == "it is Bruno's turn, not Anna's"


def test_a_trade_is_three_tokens_of_a_suit_for_one_of_another():
    """rb Scambia: 3 for 1 with the bank, several times if the player can pay."""
    state = tokens(acting(), 0, moons=7)
    state, events = run(state, C.Trade(0, "moons", "knots", 2))
    assert held(state, 0) == {"moons": 1, "knots": 2}
    assert events == [{"type": "traded", "seat": 0, "give": "moons", "get": "knots", "times": 2}]


@pytest.mark.parametrize("cmd,words", [
    (C.Trade(0, "moons", "moons"), "a trade gives tokens of one suit for a token of another"),
    (C.Trade(0, "suns", "moons"), "Anna is short of 2 Suns"),
    (C.Trade(0, "moons", "suns", 3), "Anna is short of 2 Moons"),
    (C.Trade(0, "moons", "suns", 0), "the number must be at least 1"),
    (C.Trade(1, "moons", "suns"), "it is Anna's turn, not Bruno's"),
])
def test_trades_outside_the_rules_are_refused(cmd, words):
    state = tokens(tokens(acting(), 0, moons=7, suns=1), 1, moons=3)
    assert reason_of(state, cmd) == words


def test_trades_are_allowed_after_the_card_and_not_before_the_roll():
    state = tokens(acting(), 0, moons=3)
    state, _ = run(state, C.Sell(0, "mill"))
    assert E.check(state, C.Trade(0, "moons", "suns")) is None
    state, _ = run(state, C.Draw(0))
    state = tokens(state, 1, moons=3)
    assert reason_of(state, C.Trade(1, "moons", "suns")) == "roll the two d10 first"
