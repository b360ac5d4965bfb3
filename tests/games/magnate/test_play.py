"""The card played (rb b, md Turn 4): build, found or sell, exactly one per turn, with the
placement rules and the cards a hand may hold (md Record, Further decisions)."""

from __future__ import annotations

import pytest

from companion.games.magnate import commands as C
from companion.games.magnate import engine as E

from .conftest import acting, held, place, reason_of, run, tokens


@pytest.mark.parametrize("split", [{"waves": 1, "leaves": 3}, {"waves": 2, "leaves": 2}, {"waves": 3, "leaves": 1}])
def test_the_rulebook_sailor_is_built_with_any_split_of_its_suits(split):
    """rb Costruzione: 4 Waves/Leaves with 1+3, 2+2 or 3+1."""
    state = tokens(acting(), 0, waves=3, leaves=3, moons=1)
    state, events = run(state, C.Build(0, "sailor", "borderland", split))
    assert state.city["borderland"][0][0].card == "sailor" and state.city["borderland"][0][0].complete
    assert held(state, 0) == {k: v for k, v in {"waves": 3 - split["waves"], "leaves": 3 - split["leaves"],
                                                  "moons": 1}.items() if v}
    assert events == [{"type": "built", "seat": 0, "card": "sailor", "district": "borderland", "payment": split}]


@pytest.mark.parametrize("split,words", [
    ({"waves": 4}, "the Sailor needs at least one token of each of its suits: Waves, Leaves"),
    ({"waves": 2, "leaves": 1}, "the Sailor costs 4 tokens, not 3"),
    ({"waves": 2, "leaves": 1, "moons": 1}, "the Sailor is paid only in its suits: Waves, Leaves"),
    ({"waves": 3, "leaves": -1}, "a payment gives a number of tokens (0 or more) per suit"),
])
def test_a_payment_outside_the_rules_is_refused(split, words):
    state = tokens(acting(), 0, waves=4, leaves=4, moons=1)
    assert reason_of(state, C.Build(0, "sailor", "borderland", split)) == words


def test_a_payment_the_player_cannot_make_is_refused():
    state = tokens(acting(), 0, waves=1, leaves=2)
    assert reason_of(state, C.Build(0, "sailor", "borderland", {"waves": 2, "leaves": 2})) == \
        "Anna is short of 1 Wave"


def test_an_ace_costs_three_of_its_suit_and_a_court_ten():
    """rb: building an Ace costs 3 of its suit; a Court 10 among its suits, one of each at least."""
    state = tokens(acting(), 0, knots=3, moons=5, waves=3, suns=1)
    after, _ = run(state, C.Build(0, "ace_knots", "watchman", {"knots": 3}))
    assert held(after, 0) == {"moons": 5, "waves": 3, "suns": 1}
    assert reason_of(state, C.Build(0, "ace_knots", "watchman", {"knots": 2})) == \
        "the Ace of Knots costs 3 tokens, not 2"
    after, _ = run(state, C.Build(0, "consul", "watchman", {"moons": 5, "waves": 3, "knots": 2}))
    assert held(after, 0) == {"knots": 1, "suns": 1}


def test_founding_pays_one_token_per_suit_to_the_bank():
    """rb Fondare: two tokens, one per suit (an Ace one, a Court three), placed like a building."""
    state = tokens(acting(), 0, waves=1, leaves=1, knots=1)
    after, events = run(state, C.Found(0, "mill", "borderland"))
    b = after.city["borderland"][0][0]
    assert (b.card, b.complete, b.tokens) == ("mill", False, {})
    assert held(after, 0) == {"knots": 1}
    assert events == [{"type": "founded", "seat": 0, "card": "mill", "district": "borderland",
                       "fee": {"waves": 1, "leaves": 1}}]
    after, _ = run(state, C.Found(0, "ace_knots", "watchman"))
    assert held(after, 0) == {"waves": 1, "leaves": 1}
    assert reason_of(state, C.Found(0, "consul", "watchman")) == "Anna is short of 1 Moon"


def test_any_card_may_be_founded_a_two_included():
    """md Further decisions: any card, a 2 included, may be founded."""
    state = tokens(acting(), 0, waves=1, leaves=1)
    assert E.check(state, C.Found(0, "origin", "borderland")) is None


def test_selling_gives_one_token_per_suit_an_ace_two():
    """rb Vendere: one token per suit; an Ace two of its suit; a Court three."""
    state = tokens(acting(), 0)
    for card, got in [("mill", {"waves": 1, "leaves": 1}), ("ace_wyrms", {"wyrms": 2}),
                      ("island", {"suns": 1, "waves": 1, "wyrms": 1})]:
        after, events = run(state, C.Sell(0, card))
        assert held(after, 0) == got
        assert after.discards == [card] and after.seats[0].hand == 2
        assert events == [{"type": "sold", "seat": 0, "card": card, "tokens": got}]


def test_exactly_one_card_per_turn():
    """rb: one of build, found, sell, and no more; the draw only after it."""
    state = tokens(acting(), 0, waves=5, leaves=5)
    assert reason_of(state, C.Draw(0)) == "Anna must play a card first: build, found or sell"
    state, _ = run(state, C.Sell(0, "mill"))
    for cmd in (C.Sell(0, "sailor"), C.Found(0, "sailor", "borderland"),
                C.Build(0, "sailor", "borderland", {"waves": 2, "leaves": 2})):
        assert reason_of(state, cmd) == "Anna has already played a card this turn"
    state, events = run(state, C.Draw(0))
    assert state.current == 1 and state.seats[0].hand == 3


def test_only_the_player_on_turn_plays():
    state = tokens(acting(), 1, waves=5)
    assert reason_of(state, C.Sell(1, "mill")) == "it is Anna's turn, not Bruno's"
    assert reason_of(state, C.Sell(2, "mill")) == "there is no player 2"


def test_selling_is_always_allowed_even_with_no_tokens():
    """md Turn 4: selling is always allowed."""
    assert E.check(tokens(acting(), 0), C.Sell(0, "rite")) is None


# -------------------------------------------------------------------------- placement


def test_the_first_card_in_a_district_shares_a_suit_with_its_pawn():
    """rb: the first building of a player in a district shares a suit with its Pawn."""
    state = tokens(acting(), 0, waves=5, leaves=5, moons=5, suns=5)
    # the Watchman is Moons/Wyrms/Knots: the Mill (Waves/Leaves) shares none
    assert reason_of(state, C.Found(0, "mill", "watchman")) == \
        "the Mill shares no suit with the Watchman, the Pawn of this district"
    assert E.check(state, C.Found(0, "mill", "borderland")) is None


def test_any_first_card_by_the_excuse():
    state = tokens(acting(), 0, waves=5, leaves=5)
    assert E.check(state, C.Found(0, "mill", "excuse")) is None


def test_a_later_card_shares_a_suit_with_the_players_previous_card_there():
    """rb: a later building shares a suit with the one immediately before it in that district;
    the other player's column does not count."""
    state = place(acting(), 0, "harvest", "mountain")  # Moons/Suns
    state = place(state, 0, "harvest", "forest")  # Moons/Leaves, the previous one now
    state = place(state, 1, "harvest", "pact")  # Bruno's
    state = tokens(state, 0, waves=5, leaves=5, suns=5)
    assert E.check(state, C.Found(0, "sailor", "harvest")) is None  # Leaves with the Forest
    assert reason_of(state, C.Found(0, "painter", "harvest")) == \
        "the Painter shares no suit with the Forest, your last building in the district of the Harvest"


def test_no_new_card_while_the_player_has_an_unfinished_deed_there():
    """rb: no new building in a district while one's deed there is unfinished."""
    state = place(acting(), 0, "borderland", "mill", complete=False, waves=3)
    state = tokens(state, 0, waves=5, leaves=5)
    for cmd in (C.Found(0, "sailor", "borderland"), C.Build(0, "sailor", "borderland", {"waves": 2, "leaves": 2})):
        assert reason_of(state, cmd) == \
            "Anna must first complete the Mill, still unfinished in the district of the Borderland"
    assert E.check(state, C.Found(0, "sailor", "excuse")) is None


def test_a_deed_blocks_only_its_owners_column():
    state = place(acting(), 1, "borderland", "mill", complete=False, waves=3)
    state = tokens(state, 0, waves=5, leaves=5)
    assert E.check(state, C.Found(0, "sailor", "borderland")) is None


def test_by_the_excuse_a_later_card_follows_the_previous_one():
    """rb: by the Excuse any first card; the next ones share a suit with the previous."""
    state = place(acting(), 0, "excuse", "mill")  # Waves/Leaves
    state = tokens(state, 0, moons=5, suns=5, waves=5)
    assert reason_of(state, C.Found(0, "mountain", "excuse")) == \
        "the Mountain shares no suit with the Mill, your last building in the district of the Excuse"
    assert E.check(state, C.Found(0, "journey", "excuse")) is None


def test_no_district_of_that_name():
    state = tokens(acting(), 0, waves=5, leaves=5)
    assert reason_of(state, C.Found(0, "mill", "venice")) == "there is no district 'venice'"


# ------------------------------------------------------------------- cards a hand may hold


def test_a_card_on_the_table_cannot_be_named_again():
    """md Record: a card named must be one not seen since the last reshuffle."""
    state = place(tokens(acting(), 0, waves=3, leaves=3), 1, "borderland", "mill")
    assert reason_of(state, C.Sell(0, "mill")) == \
        "the Mill is already on the table, in the district of the Borderland"


def test_a_discarded_card_cannot_be_named_again():
    state, _ = run(acting(), C.Sell(0, "mill"), C.Draw(0), C.Roll((2, 3)))
    assert reason_of(state, C.Sell(1, "mill")) == \
        "the Mill has been discarded since the last reshuffle: no hand can hold it"


@pytest.mark.parametrize("card,words", [
    ("huntress", "the Huntress is not in the deck: no hand can hold it"),
    ("harvest", "the Harvest is not in the deck: no hand can hold it"),
    ("excuse", "the Excuse is not in the deck: no hand can hold it"),
    ("dragon", "there is no card 'dragon'"),
])
def test_crowns_pawns_the_excuse_and_unknown_cards_are_never_in_a_hand(card, words):
    assert reason_of(acting(), C.Sell(0, card)) == words


def test_without_courts_a_court_is_never_in_a_hand():
    assert reason_of(acting(courts=False), C.Sell(0, "rite")) == \
        "the Rite is a Court, and this game is played without the Courts"
    assert E.check(acting(), C.Sell(0, "rite")) is None


def test_a_card_played_is_recorded_with_its_turn():
    state, _ = run(acting(), C.Sell(0, "mill"))
    assert state.plays == [{"seat": 0, "card": "mill", "as": "sell", "turn": 1}]
