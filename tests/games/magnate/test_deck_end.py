"""The draw, both run-outs and the last turns (rb c, Vittoria; md Turn 5, Further decisions)."""

from __future__ import annotations

from companion.games.magnate import commands as C
from companion.games.magnate import engine as E

from .conftest import acting, reason_of, run


def short_deck(deck: int, **variants: bool):
    state = acting(**variants)
    state = state.copy()
    state.deck = deck
    return state


def test_a_draw_counts_a_card_into_the_hand_and_ends_the_turn():
    """md Turn 5: draw one card (a count only)."""
    state, events = run(acting(), C.Sell(0, "mill"), C.Draw(0))
    assert (state.deck, state.drawn, state.seats[0].hand) == (27, 1, 3)
    assert {"type": "drew", "seat": 0, "deck": 27, "reveal": True} in events
    assert (state.phase, state.current, state.turn) == ("roll", 1, 2)


def test_the_first_run_out_reshuffles_the_discards_at_once():
    """md Further decisions: the reshuffle happens when the last card is drawn; the cards
    seen are then only those still on the table."""
    state = short_deck(1)
    state.discards = ["ace_moons", "author"]
    state, events = run(state, C.Sell(0, "mill"), C.Draw(0))
    assert {"type": "reshuffled", "cards": 3, "reveal": True} in events
    assert (state.deck, state.discards, state.run_outs) == (3, [], 1)
    # a card sold before the reshuffle may come back from the new deck
    state, _ = run(state, C.Roll((2, 3)))
    assert E.check(state, C.Sell(1, "mill")) is None
    # a card sold afterwards goes to the discards of the new deck
    state, _ = run(state, C.Sell(1, "author"))
    assert state.discards == ["author"]


def test_a_first_run_out_without_discards_counts_as_the_second():
    """md Turn 5: no discards to reshuffle: it counts as the second run-out."""
    state = short_deck(1)
    state, events = run(state, C.Found(0, "journey", "borderland"), C.Draw(0))
    assert state.run_outs == 2 and state.last_turns == [0]
    assert {"type": "deck_out", "last_turns": [1, 0]} in events


def test_after_the_second_run_out_each_player_has_one_last_turn_without_a_draw():
    """md Turn 5: one last turn each without a draw, starting with the player after the one
    who drew the last card; then the game ends (rb: with two cards in each hand)."""
    state = short_deck(1)
    state.run_outs = 1
    state, events = run(state, C.Sell(0, "mill"), C.Draw(0))
    assert events[-1] == {"type": "turn", "seat": 1, "turn": 2, "last": True}
    state, _ = run(state, C.Roll((2, 3)), C.Sell(1, "sailor"))
    assert reason_of(state, C.Draw(1)) == "this is Bruno's last turn: no draw, end the turn"
    state, events = run(state, C.EndTurn(1))
    assert events[-1] == {"type": "turn", "seat": 0, "turn": 3, "last": True}
    state, _ = run(state, C.Roll((4, 3)))
    assert reason_of(state, C.EndTurn(0)) == "Anna must play a card first: build, found or sell"
    state, events = run(state, C.Sell(0, "origin"), C.EndTurn(0))
    assert state.phase == "over" and events[-1]["type"] == "game_over"
    assert [p.hand for p in state.seats] == [2, 2]
    assert reason_of(state, C.Roll((2, 3))) == "the game is over"


def test_end_turn_is_only_for_a_last_turn():
    state, _ = run(acting(), C.Sell(0, "mill"))
    assert reason_of(state, C.EndTurn(0)) == "Anna ends the turn by drawing a card"


def test_a_reshuffled_deck_running_out_is_the_second_run_out():
    state = short_deck(1)
    state.discards = ["author"]
    state, _ = run(state, C.Sell(0, "mill"), C.Draw(0))
    assert (state.run_outs, state.deck) == (1, 2)
    state, _ = run(state, C.Roll((2, 3)), C.Sell(1, "origin"), C.Draw(1), C.Roll((2, 3)), C.Sell(0, "desert"))
    state, events = run(state, C.Draw(0))
    assert state.run_outs == 2 and {"type": "deck_out", "last_turns": [1, 0]} in events
