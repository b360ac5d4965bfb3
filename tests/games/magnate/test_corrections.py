"""Corrections by hand (``Correct``, as Magnifico's): counters set with a reason."""

from __future__ import annotations

import pytest

from companion.games.magnate import commands as C
from companion.games.magnate import describe as D
from companion.games.magnate import engine as E

from .conftest import acting, header, place, reason_of, run


def fix(target, value, reason="the table counted again"):
    return C.Correct(target, value, reason)


def test_a_players_tokens_of_a_suit():
    state, events = run(acting(), fix({"seat": 1, "counter": "tokens", "suit": "knots"}, 4))
    assert state.seats[1].tokens["knots"] == 4
    assert events == [{"type": "corrected", "target": {"seat": 1, "counter": "tokens", "suit": "knots"},
                       "from": 1, "to": 4, "reason": "the table counted again"}]
    assert D.describe(events[0], header(), "en") == \
        "correction: Bruno's Knots from 1 to 4 (the table counted again)"
    assert D.describe(events[0], header(), "it") == \
        "correzione: Nodi di Bruno da 1 a 4 (the table counted again)"


def test_a_hand_size_moves_cards_from_or_to_the_deck():
    state, _ = run(acting(), fix({"seat": 0, "counter": "hand"}, 4))
    assert (state.seats[0].hand, state.deck) == (4, 27)
    short = acting().copy()
    short.deck = 2  # one card may leave it: an empty deck would have been reshuffled
    assert reason_of(short, fix({"seat": 0, "counter": "hand"}, 5)) == \
        "the deck has only 1 card to make up Anna's hand"
    short.run_outs, short.deck = 2, 0
    assert reason_of(short, fix({"seat": 0, "counter": "hand"}, 4)) == \
        "the deck has only 0 cards to make up Anna's hand"
    assert E.check(short, fix({"seat": 0, "counter": "hand"}, 2)) is None


def test_the_tokens_on_a_deed_and_reaching_its_value_completes_it():
    state = place(acting(), 0, "borderland", "sailor", complete=False, waves=1)
    state, _ = run(state, fix({"card": "sailor", "counter": "tokens", "suit": "leaves"}, 2))
    assert state.find("sailor")[2].tokens == {"waves": 1, "leaves": 2}
    assert reason_of(state, fix({"card": "sailor", "counter": "tokens", "suit": "leaves"}, 4)) == \
        "at most 3 Leaves on the Sailor"
    state, events = run(state, fix({"card": "sailor", "counter": "tokens", "suit": "leaves"}, 3))
    assert state.find("sailor")[2].complete and events[1]["type"] == "completed"


def test_complete_or_not():
    state = place(acting(), 0, "borderland", "sailor", complete=False, waves=1)
    state, _ = run(state, fix({"card": "sailor", "counter": "complete"}, True))
    assert state.find("sailor")[2].complete
    state, _ = run(state, fix({"card": "sailor", "counter": "complete"}, False))
    b = state.find("sailor")[2]
    assert (b.complete, b.tokens) == (False, {})


def test_a_card_that_was_in_fact_another():
    state, _ = run(acting(), C.Sell(0, "mill"))
    state = place(state, 1, "harvest", "mountain")
    state, _ = run(state, fix({"card": "mill", "counter": "card"}, "sailor"))
    assert state.discards == ["sailor"] and state.plays[-1]["card"] == "sailor"
    state, _ = run(state, fix({"card": "mountain", "counter": "card"}, "pact"))
    assert state.find("pact") is not None and state.find("mountain") is None
    assert reason_of(state, fix({"card": "pact", "counter": "card"}, "sailor")).startswith(
        "not that card: the Sailor has been discarded")
    deed = place(state, 0, "borderland", "origin", complete=False, waves=1)
    assert reason_of(deed, fix({"card": "origin", "counter": "card"}, "ace_moons")) == \
        "the Ace of Moons could not carry the tokens of this deed"


@pytest.mark.parametrize("cmd,words", [
    (fix({"seat": 0, "counter": "tokens", "suit": "waves"}, -1), "a count is a whole number, 0 or more, not -1"),
    (fix({"seat": 0, "counter": "tokens", "suit": "waves"}, 1, " "), "a correction needs its reason"),
    (fix({"seat": 0, "counter": "vp"}, 1), "no counter 'vp' to correct here (these can be: tokens, hand)"),
    (fix({"seat": 5, "counter": "hand"}, 1), "there is no player 5"),
    (fix({"card": "sailor", "counter": "complete"}, True), "the Sailor is not on the table"),
    (fix({"territory": "x"}, 1), "a correction names a player (seat) or a card"),
])
def test_corrections_outside_the_books_are_refused(cmd, words):
    assert reason_of(acting(), cmd) == words


def test_a_card_waiting_for_its_income_choice_is_not_corrected():
    state = place(acting(), 0, "borderland", "mill", complete=False).copy()
    state.phase, state.pending = "income", [{"seat": 0, "card": "mill"}]
    assert reason_of(state, fix({"card": "mill", "counter": "complete"}, True)) == \
        "the Mill waits for its income choice: choose it first"


def test_after_the_end_a_correction_rescores_the_game():
    state = place(acting(), 1, "harvest", "mountain").copy()
    state.final, state.last_turns = True, []
    state, _ = run(state, C.Sell(0, "mill"), C.EndTurn(0))
    assert state.outcome["winners"] == [1]
    state, _ = run(state, fix({"card": "mountain", "counter": "complete"}, False))
    assert state.phase == "over" and state.outcome["winners"] == [0]
    assert E.check(state, C.Roll((2, 3))) == "the game is over"
