"""The spin and the move (rulebook COME SI GIOCA, INDENNITÀ DI PASSAGGIO, UOMINI D'ARME;
leonardo-decisions: Turn and moves, Further decisions)."""

from __future__ import annotations

import pytest
from leonardo_helpers import at, kinds, money, own, play, started

from companion.games.leonardo import commands as C
from companion.games.leonardo.words import IllegalCommand


@pytest.mark.parametrize("number", [2, 5, 10, 12])
def test_inclusa_a_first_spin_of_r_lands_on_space_r(game3, number):
    """leonardo-decisions: On the first move the starting square counts ("INCLUSA")."""
    s, ev = play(game3, C.Spin(0, number))
    moved = next(e for e in ev if e["type"] == "moved")
    assert (moved["from"], moved["to"], moved["first"]) == (1, number, True)
    assert s.seats[0].moved


def test_a_first_spin_of_one_stays_on_space_one_and_counts_as_stopping(game3):
    """leonardo-decisions, Further: a spin of 1 on that first move leaves the pawn on
    space 1: it counts as stopping there (100, then the office card)."""
    s, ev = play(game3, C.Spin(0, 1))
    assert s.seats[0].space == 1
    assert money(ev, "passage") == [(None, 0, 100)]
    assert s.turn["tasks"][0]["t"] == "office_draw"


def test_later_moves_count_from_the_next_space_and_wrap_after_32(game3):
    s, ev = play(at(game3, 0, 30), C.Spin(0, 4))
    assert s.seats[0].space == 2  # 31, 32, 1, 2
    assert money(ev, "passage") == [(None, 0, 100)]  # passing space 1 pays 100


def test_stopping_on_space_one_pays_100_first_then_the_office(game3):
    """leonardo-decisions, Further: landing on space 1 the 100 is paid first, then the
    office price, so the 100 can pay for it."""
    s = at(game3, 0, 28, cash=0)
    s, ev = play(s, C.Spin(0, 5), C.DrawOffice(1))
    assert money(ev) == [(None, 0, 100), (0, None, 30)]
    assert s.seats[0].offices == [1] and s.seats[0].cash == 70


def test_an_office_the_player_cannot_pay_goes_to_the_bottom():
    """leonardo-decisions: pay its price if the player can in cash, else it goes to the
    bottom of its deck. (A move onto space 1 brings 100 first, so only a corporation,
    which gets no passage money, can be short.)"""
    s = started(4, variants={"corporations": True})
    s, _ = play(s, C.FormCorporation((0, 1), "guelph", 0))
    s = at(s, 0, 32, cash=20)
    s, _ = play(s, C.Spin(0, 1), C.Spin(1, 1), C.ChooseSpin(0, 1))
    s, ev = play(s, C.DrawOffice(2))  # card 2: space 3 at 50
    drawn = next(e for e in ev if e["type"] == "office_drawn")
    assert (drawn["card"], drawn["taken"]) == (2, False)
    assert s.seats[0].offices == [] and s.offices["bottom"] == [2]
    # then the pawn, armed by its spin of 1, meets Carla's and Dario's unarmed pawns on space 1
    assert money(ev, "tribute") == [(2, 0, 10), (3, 0, 10)] and s.seats[0].cash == 40


def test_office_cards_drawn_from_the_unseen_deck_then_from_the_bottom(game3):
    s = game3.copy()
    s.offices = {"unknown": [], "bottom": [4, 9]}
    s = at(s, 0, 32, cash=0)
    with pytest.raises(IllegalCommand) as err:
        play(s, C.Spin(0, 1), C.DrawOffice(9))
    assert err.value.key == "card_not_on_top"
    s, _ = play(s, C.Spin(0, 1), C.DrawOffice(4))
    assert s.seats[0].offices == [4] and s.offices == {"unknown": [], "bottom": [9]}


def test_an_empty_office_deck_does_nothing(game3):
    s = game3.copy()
    s.offices = {"unknown": [], "bottom": []}
    s, ev = play(at(s, 0, 32), C.Spin(0, 1))
    assert s.turn["seat"] == 1 and "office_drawn" not in kinds(ev)


def test_a_bridge_pays_its_owner_5_when_passed_or_stopped_on(game3):
    """leonardo-decisions: Passing or stopping on another player's bridge pays its owner 5."""
    s = own(game3, 1, 5, 14)
    s, ev = play(at(s, 0, 3), C.Spin(0, 11))  # passes 5, stops on 14
    assert money(ev, "toll") == [(0, 1, 5), (0, 1, 5)]
    s = own(game3, 0, 5)
    s, ev = play(at(s, 0, 3), C.Spin(0, 4))  # its own bridge: nothing
    assert money(ev, "toll") == []


def test_a_pushed_pawn_pays_no_toll(game3):
    """leonardo-decisions: the bridge pays only on the mover's own move."""
    s = own(game3, 1, 5)
    s.seats[1].offices = [10]  # office for space 3 at 30
    s.offices["unknown"].remove(10)
    s, ev = play(at(s, 0, 1), C.Spin(0, 2))  # lands on market 3: bets first
    s, ev = play(s, C.Bet(1, "gem", 5), C.Bet(2, "gem", 5), C.MarketSpin(0, 7), C.Push(1, 3))
    assert s.seats[0].space == 6 and money(ev, "toll") == []


@pytest.mark.parametrize("number", [1, 2])
def test_a_spin_of_1_or_2_takes_a_man_at_arms_before_moving(game3, number):
    s, ev = play(at(game3, 0, 7), C.Spin(0, number))
    assert s.seats[0].men == 1 and s.men_deck == 11
    assert kinds(ev).index("man_at_arms") < kinds(ev).index("moved")


def test_at_most_two_men_at_arms_and_none_from_an_empty_deck(game3):
    s, _ = play(at(game3, 0, 7, men=2), C.Spin(0, 2))
    assert s.seats[0].men == 2 and s.men_deck == 10
    t = game3.copy()
    t.men_deck = 0
    t, ev = play(at(t, 0, 7), C.Spin(0, 1))
    assert t.seats[0].men == 0 and "man_at_arms" not in kinds(ev)


def test_only_a_movement_spin_gives_a_man_at_arms(game3):
    """leonardo-decisions, Further: a market or fight spin of 1 or 2 gives none."""
    s, _ = play(at(game3, 0, 1), C.Spin(0, 2), C.Bet(1, "gold", 5), C.Bet(2, "gem", 5), C.MarketSpin(0, 1))
    assert s.seats[0].men == 1  # from the movement spin only


def test_works_of_art_only_before_the_spin(game3):
    """Rulebook ACQUISTO DI OPERE D'ARTE: "All'inizio del proprio turno"."""
    s, _ = play(game3, C.Spin(0, 8))  # space 8, a free alley: the buy offer waits
    assert s.turn["seat"] == 0 and s.turn["tasks"][0]["t"] == "buy"
    with pytest.raises(IllegalCommand) as err:
        play(s, C.BuyArt(0, 2, 50))
    assert err.value.key == "art_after_spin"


def test_the_spin_is_a_number_from_1_to_12(game3):
    for bad in (0, 13, "7", True):
        with pytest.raises(IllegalCommand):
            play(game3, C.Spin(0, bad))


def test_only_the_player_whose_turn_it_is_spins(game3):
    with pytest.raises(IllegalCommand) as err:
        play(game3, C.Spin(1, 5))
    assert err.value.key == "not_your_turn"
    assert err.value.localized("it") == "tocca ad Anna, non a Bruno"


def test_a_church_is_resolved_as_nothing_and_the_turn_passes(game3):
    s, ev = play(game3, C.Spin(0, 9))
    assert s.turn["seat"] == 1 and kinds(ev)[-2:] == ["turn_ended", "turn"]


def test_inclusa_applies_to_each_pawns_first_move(game3):
    """leonardo-decisions, Further: "INCLUSA" applies to each pawn's first move of the game."""
    s, _ = play(game3, C.Spin(0, 9))  # Anna: a church; Bruno's turn, his first move
    s, ev = play(s, C.Spin(1, 9))
    assert next(e for e in ev if e["type"] == "moved") == {"type": "moved", "seat": 1, "from": 1, "to": 9,
                                                           "number": 9, "first": True}
    t, ev = play(at(s, 2, 9), C.Spin(2, 8))  # a later move counts from the next space
    assert t.seats[2].space == 17


def test_a_fight_spin_of_1_or_2_gives_no_man_at_arms(game3):
    """leonardo-decisions, Further: only a movement spin gives a man-at-arms on 1 or 2."""
    s = at(at(own(game3, 0, 12), 1, 12, men=1), 0, 9, men=1)
    s, _ = play(s, C.Spin(0, 3), C.FightSpin(0, 1), C.FightSpin(1, 2))
    assert (s.seats[0].men, s.seats[1].men) == (0, 1)
