"""Setup (rulebook PREPARAZIONE, COME SI GIOCA; leonardo-decisions: Turn and moves, Factions)."""

from __future__ import annotations

import pytest
from leonardo_helpers import header, kinds, play, started

from companion.games.leonardo import commands as C
from companion.games.leonardo import engine as E
from companion.games.leonardo.words import IllegalCommand


def test_every_pawn_starts_on_space_one_with_250_florins():
    """leonardo-decisions: Setup: every pawn on space 1; 250 florins each."""
    s = E.new_game(header(5))
    assert [(p.space, p.cash) for p in s.seats] == [(1, 250)] * 5
    assert s.bank == {"paid": 1250, "received": 0}


@pytest.mark.parametrize("players", [2, 7])
def test_three_to_six_players(players):
    with pytest.raises(IllegalCommand) as err:
        E.new_game(header(3) | {"seats": [{"name": f"P{i}"} for i in range(players)]})
    assert err.value.key == "seats_count"


def test_a_game_needs_the_deck_sizes_of_its_box():
    """The decks are built from the profile: without their sizes the table is asked."""
    with pytest.raises(IllegalCommand) as err:
        E.new_game(header(3, profile={}))
    assert err.value.needs == {"item": "offices", "field": "count"}


def test_the_dealt_palace_is_owned_at_once():
    """leonardo-decisions: each player is dealt one palace card (the table enters which)
    and owns that palace at once."""
    s = E.new_game(header(3))
    s, ev = play(s, C.DealPalace(1, 13))
    assert s.owner[12] == 1 and s.dealt == [None, 13, None]
    assert ev == [{"type": "palace_dealt", "seat": 1, "space": 13, "reveal": True, "opens": []}]


def test_bridges_are_set_aside_before_the_deal():
    s = E.new_game(header(3))
    with pytest.raises(IllegalCommand) as err:
        play(s, C.DealPalace(0, 5))
    assert err.value.key == "bridge_set_aside"
    for space in (1, 3, 7):  # squares and markets are no palace cards
        with pytest.raises(IllegalCommand) as err:
            play(s, C.DealPalace(0, space))
        assert err.value.key == "not_a_palace"


def test_one_palace_per_seat_and_never_twice():
    s, _ = play(E.new_game(header(3)), C.DealPalace(0, 2))
    with pytest.raises(IllegalCommand) as err:
        play(s, C.DealPalace(0, 4))
    assert err.value.key == "already_dealt"
    with pytest.raises(IllegalCommand) as err:
        play(s, C.DealPalace(1, 2))
    assert err.value.key == "palace_dealt_twice"


def test_an_unknown_kind_is_asked_before_the_deal():
    """A printed value not in the profile: IllegalCommand with ``needs``, then
    SetPrintedValue records it and the deal goes through."""
    profile = {"offices": [], "events": [], "men_at_arms": 37}
    s = E.new_game(header(3, profile=profile))
    with pytest.raises(IllegalCommand) as err:
        play(s, C.DealPalace(0, 2))
    assert err.value.needs == {"item": "space.2", "field": "kind"}
    assert E.check(s, C.DealPalace(0, 2)) is None  # legal: only the value is missing
    s, ev = play(s, C.SetPrintedValue("space.2", "kind", "alley"), C.DealPalace(0, 2))
    assert ev[0] == {"type": "printed_value", "item": "space.2", "field": "kind", "value": "alley"}
    assert s.owner[1] == 0 and s.box["spaces"]["2"]["kind"] == "alley"


def test_the_faction_is_chosen_secretly():
    """leonardo-decisions: Factions: a sealed choice; the event never says which."""
    s, ev = play(E.new_game(header(3)), C.ChooseFaction(2, "ghibelline"))
    assert ev == [{"type": "faction_chosen", "seat": 2, "again": False}]
    assert s.seats[2].faction == "ghibelline"
    assert E.public_view(s)["seats"][2]["faction"] is None
    assert E.public_view(s)["seats"][2]["faction_chosen"] is True
    with pytest.raises(IllegalCommand):
        play(s, C.ChooseFaction(0, "papal"))


def test_all_guelph_is_allowed():
    """Rulebook: "È consentito essere anche tutti Guelfi o tutti Ghibellini"."""
    s = started(4, factions=("guelph",) * 4)
    assert {p.faction for p in s.seats} == {"guelph"}


def test_the_highest_start_spin_begins_and_ties_spin_again():
    """leonardo-decisions: The start player is the highest first spin (ties spin again)."""
    s = E.new_game(header(3))
    s, _ = play(s, *[C.DealPalace(i, sp) for i, sp in enumerate((2, 4, 6))],
                *[C.ChooseFaction(i, "guelph") for i in range(3)])
    assert s.phase == "start_spin"
    s, ev = play(s, C.StartSpin(0, 9), C.StartSpin(1, 3), C.StartSpin(2, 9))
    assert ev[-1] == {"type": "start_tied", "seats": [0, 2], "number": 9}
    with pytest.raises(IllegalCommand) as err:
        play(s, C.StartSpin(1, 12))  # only the tied spin again
    assert err.value.key == "not_spinning"
    s, ev = play(s, C.StartSpin(2, 4), C.StartSpin(0, 2))
    assert s.first == 2 and s.turn["seat"] == 2 and s.round == 1
    assert kinds(ev)[-2:] == ["first_player", "turn"]


def test_turns_follow_the_seats_as_entered():
    """leonardo-decisions: Turn order: the seats in the order the table enters them."""
    s = started(4, first=2)
    order = []
    for _ in range(5):
        order.append(s.turn["seat"])
        s = _pass_turn(s)
    assert order == [2, 3, 0, 1, 2]
    assert s.round == 2


def _pass_turn(s):
    """A quiet turn: the pawn ends on the church on space 9 (nothing happens there)."""
    seat = s.turn["seat"]
    p = s.copy()
    if s.seats[seat].moved:
        p.seats[seat].space = 8
    p, _ = play(p, C.Spin(seat, 1 if s.seats[seat].moved else 9))  # lands on 9: a church
    assert p.turn["seat"] != seat
    return p


def test_setup_commands_are_refused_once_the_game_runs(game3):
    with pytest.raises(IllegalCommand) as err:
        play(game3, C.DealPalace(0, 8))
    assert err.value.key == "not_now"
    assert err.value.localized("it") == "non si può durante la partita"
