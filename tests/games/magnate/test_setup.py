"""Setup (rb Preparazione, md Setup): districts, the Crown deal, Courts, the start player."""

from __future__ import annotations

import pytest

from companion.games.magnate import commands as C
from companion.games.magnate import engine as E
from companion.errors import IllegalCommand

from .conftest import ANNA_CROWNS, PAWNS, header, held, reason_of, run, started


def test_the_excuse_lies_in_the_middle_of_the_pawns():
    """md Setup: the table enters which Pawn lies in which slot; the Excuse is in the middle."""
    state, events = run(E.new_game(header()), C.SetDistricts(("harvest", "borderland", "watchman", "light_keeper")))
    assert state.districts == ["harvest", "borderland", "excuse", "watchman", "light_keeper"]
    assert events == [{"type": "districts", "districts": state.districts}]
    assert all(state.city[d] == [[], []] for d in state.districts)


def test_the_pawns_must_be_the_four_pawns_once_each():
    state = E.new_game(header())
    assert reason_of(state, C.SetDistricts(("harvest", "harvest", "watchman", "light_keeper"))).startswith(
        "name the 4 Pawns once each")
    assert reason_of(state, C.SetDistricts(("harvest", "excuse", "watchman", "light_keeper"))).startswith(
        "name the 4 Pawns once each")


def test_crowns_give_one_token_per_suit_and_the_other_player_gets_the_rest():
    """rb/md Setup: three Crowns each; one token per suit of one's Crowns; the second player's follow."""
    state, events = run(E.new_game(header()), C.DealCrowns(1, ("windfall", "huntress", "sea")))
    assert state.seats[1].crowns == ["huntress", "sea", "windfall"]
    assert state.seats[0].crowns == ["bard", "end", "calamity"]
    assert held(state, 1) == {"moons": 1, "waves": 1, "knots": 1}
    assert held(state, 0) == {"suns": 1, "leaves": 1, "wyrms": 1}
    assert [e["seat"] for e in events] == [1, 0]


@pytest.mark.parametrize("crowns", [("huntress", "bard"), ("huntress", "huntress", "bard"),
                                    ("huntress", "bard", "mill")])
def test_a_crown_deal_needs_three_different_crowns(crowns):
    assert reason_of(E.new_game(header()), C.DealCrowns(0, crowns)).startswith("name the 3 Crowns")


def test_the_setup_entries_come_in_any_order_once_each_then_the_first_turn_starts():
    """md Setup: the start player is a recorded command."""
    state = E.new_game(header())
    state, _ = run(state, C.StartPlayer(1), C.DealCrowns(0, ANNA_CROWNS))
    assert state.phase == "setup"
    assert reason_of(state, C.StartPlayer(0)) == "Bruno already starts (undo to change it)"
    assert reason_of(state, C.DealCrowns(1, ANNA_CROWNS)) == "the Crowns are already dealt (undo to change them)"
    assert reason_of(state, C.Roll((3, 4))) == "the setup is not finished: districts, Crowns and start player first"
    state, events = run(state, C.SetDistricts(PAWNS))
    assert (state.phase, state.current, state.turn) == ("roll", 1, 1)
    assert events[-1] == {"type": "turn", "seat": 1, "turn": 1, "last": False}
    assert reason_of(state, C.SetDistricts(PAWNS)) == "the setup is over"


def test_hands_and_deck_at_the_start():
    """rb: three cards each; the deck holds the Aces, numbered cards and Courts left (34 - 6)."""
    state = started()
    assert [p.hand for p in state.seats] == [3, 3]
    assert state.deck == 28


def test_without_courts_the_deck_is_four_cards_smaller():
    """md Setup: Courts in the deck, variant on (default) or off."""
    assert started(courts=False).deck == 24
    assert E.new_game(header()).variants == {"courts": True, "deed_any_suit": False, "deed_each_suit": False}


def test_headers_that_are_not_a_magnate_game_are_refused():
    for bad, words in [
        ({**header(), "game": "magnifico"}, "not a Magnate game"),
        ({**header(), "seats": [{"name": "Anna"}]}, "exactly 2 players"),
        ({**header(), "seats": [{"name": "Anna"}, {"name": " "}]}, "player 2 needs a name"),
        ({**header(), "variants": {"court": True}}, "unknown variant"),
        ({**header(), "variants": {"courts": "yes"}}, r"is on \(true\) or off \(false\)"),
        ({**header(), "token_supply": 0}, "at least 1"),
        ([], "must be a JSON object"),
    ]:
        with pytest.raises(IllegalCommand, match=words):
            E.new_game(bad)


def test_a_token_count_is_kept_with_the_game():
    """md Components: a table that owns fewer tokens may set a count."""
    assert E.new_game({**header(), "token_supply": 10}).token_supply == 10
