"""Payments, forced sales, bankruptcy and the end (rulebook DICHIARAZIONE DI FALLIMENTO,
VINCITORE, VARIANTE DELLA RIUNIONE IN CORPORAZIONI; leonardo-decisions: Money and the end,
Further decisions)."""

from __future__ import annotations

import pytest
from leonardo_helpers import at, kinds, money, own, play, started

from companion.games.leonardo import commands as C
from companion.games.leonardo import engine as E
from companion.core.game import Outcome
from companion.games.leonardo.end import capital
from companion.games.leonardo.words import IllegalCommand


def test_a_rent_beyond_the_cash_forces_sales_the_debtor_chooses(game3):
    """A forced sale sells a palace with its works of art (they leave the game); bridges
    can be sold too, at half price."""
    s = own(game3, 1, 4, works={4: [10, 10, 10, 10]})  # rent 150
    s = own(at(s, 0, 1, cash=60), 0, 5, 8, works={8: [40]})  # Anna: bridge 5 (60), alley 8 (70), palace 2 (60)
    s, ev = play(s, C.Spin(0, 3))  # 60 + 30 + 35 + 30 = 155 would cover 150: she must sell
    assert "must_sell" in kinds(ev) and s.turn["tasks"][0]["debtor"] == 0
    s, ev = play(s, C.Sell(0, 5))  # +30: 90
    assert s.turn["tasks"][0]["t"] == "pay" and money(ev) == [(None, 0, 30)]
    s, ev = play(s, C.Sell(0, 8))  # +35: 125, the work of art worth 40 leaves the game
    assert 40 in s.oda_gone and s.works[7] == [] and s.owner[7] is None
    s, ev = play(s, C.Sell(0, 2))  # +30: 155, and the rent is paid
    assert money(ev) == [(None, 0, 30), (0, 1, 150)]
    assert not s.seats[0].out and s.seats[0].cash == 5 and s.holdings(0) == []


def test_a_debt_selling_cannot_cover_is_a_bankruptcy_at_once(game3):
    """Selling first would change nothing for anyone (the bank takes the palaces either
    way and pays the creditor in full): the engine declares the bankruptcy at once."""
    s = own(game3, 1, 4, works={4: [10, 10, 10, 10]})
    s = own(at(s, 0, 1, cash=20), 0, 5, 8)  # 20 + 30 + 35 + 30 = 115 < 150
    s, ev = play(s, C.Spin(0, 3))
    assert "must_sell" not in kinds(ev) and s.seats[0].out


def test_a_bankruptcy_paid_by_the_bank(game3):
    """Rulebook: "Il banco paga per intero, in fiorini, il giocatore creditore"; the
    debtor's palaces and bridges return to the bank, its works of art leave the game, its
    cards go to the bottom of their decks (leonardo-decisions: Money and the end)."""
    s = own(game3, 1, 4, works={4: [10, 10, 10, 10]})  # rent 150
    s = own(at(s, 0, 1, cash=40, men=1), 0, 8, works={8: [90]})  # liquidation 40 + 30 + 35 = 105
    s.offices["unknown"].remove(7)
    s.seats[0].offices = [7]
    deck_men = s.men_deck
    s, ev = play(s, C.Spin(0, 3))
    assert kinds(ev).count("bankrupt") == 1
    assert money(ev, "bankrupt") == [(0, None, 40)]
    assert money(ev, "bank_pays") == [(None, 1, 150)]
    assert s.seats[0].out and s.seats[0].space is None and s.seats[0].cash == 0
    assert s.owner[1] is None and s.owner[7] is None and 90 in s.oda_gone
    assert s.offices["bottom"] == [7] and s.men_deck == deck_men + 1
    assert s.turn["seat"] == 1  # the bankrupt's turn is over
    # the palaces can be bought again
    s, _ = play(at(s, 1, 1), C.Spin(1, 7), C.Buy(1))
    assert s.owner[7] == 1


def test_the_last_player_left_wins(game3):
    s = own(game3, 1, 4, works={4: [10, 10, 10, 10]})
    s.seats[2].out, s.seats[2].space, s.seats[2].cash = True, None, 0
    s.bank["received"] += 250
    s.owner[5] = None
    s, ev = play(at(s, 0, 1, cash=0), C.Spin(0, 3))
    assert s.phase == "over" and ev[-1] == {"type": "game_over", "winners": [1], "reason": "elimination",
                                            "scores": {}}
    assert E.outcome(s) == Outcome((1,), "by_elimination", {})
    with pytest.raises(IllegalCommand) as err:
        play(s, C.Spin(1, 3))
    assert err.value.key == "game_is_over"


def test_the_agreed_end_comes_after_the_current_turn(game3):
    """leonardo-decisions: the table ends it at the agreed time (a recorded command, after
    the current turn): the highest capital wins."""
    s, ev = play(game3, C.EndByAgreement())
    assert s.phase == "turns" and ev == [{"type": "end_agreed", "round": 1, "seat": 0}]
    s, ev = play(s, C.Spin(0, 9))  # a church: the turn ends, and with it the game
    assert s.phase == "over" and ev[-1]["reason"] == "agreement"
    with pytest.raises(IllegalCommand):
        play(game3, C.EndByAgreement(), C.EndByAgreement())


def test_capital_counts_cash_palaces_works_and_offices(game3):
    """capital = cash + printed prices of palaces and bridges + values of works of art +
    prices of offices held."""
    s = own(game3, 0, 5, works={2: [30, 80]})  # Anna: palace 2 (60), bridge 5 (60)
    s.offices["unknown"].remove(2)
    s.seats[0].offices = [2]  # 50
    assert capital(s, 0) == 250 + 60 + 60 + 30 + 80 + 50
    assert capital(s, 1) == 250 + 60


def test_the_highest_capital_wins_then_cash_then_both(game3):
    """leonardo-decisions: Equal capital: cash decides, then both win."""
    s = at(at(game3, 1, 1, cash=300), 2, 1, cash=300)
    s, ev = play(s, C.EndByAgreement(), C.Spin(0, 9))
    # Anna 250 + 60 (palace 2); Bruno 300 + 60 (palace 4); Carla 300 + 70 (palace 6)
    assert ev[-1]["winners"] == [2] and ev[-1]["scores"] == {"0": 310, "1": 360, "2": 370}
    t = at(at(game3, 1, 1, cash=310), 2, 1, cash=300)  # 370 each
    t, ev = play(t, C.EndByAgreement(), C.Spin(0, 9))
    assert ev[-1]["scores"]["1"] == ev[-1]["scores"]["2"] == 370
    assert ev[-1]["winners"] == [1]  # more cash
    u = own(own(at(at(game3, 1, 1, cash=300), 2, 1, cash=300), 1, 10), 2, 8)  # 300 + 60 + 80 = 300 + 70 + 70
    u, ev = play(u, C.EndByAgreement(), C.Spin(0, 9))
    assert ev[-1]["scores"]["1"] == ev[-1]["scores"]["2"] == 440
    assert ev[-1]["winners"] == [1, 2]  # equal cash too: both win


def test_end_by_agreement_needs_unknown_prices_first(game3):
    s = game3.copy()
    s.box = E.B.set_value(s.box, "space.6", "price", None)
    s, _ = play(s, C.EndByAgreement())
    with pytest.raises(IllegalCommand) as err:
        play(s, C.Spin(0, 9))
    assert err.value.needs == {"item": "space.6", "field": "price"}


# ---------------------------------------------------------------------------------------
# corporations (variant)


def test_corporations_need_the_variant_and_four_players(game3):
    with pytest.raises(IllegalCommand) as err:
        play(game3, C.FormCorporation((0, 1), "guelph", 0))
    assert err.value.key == "corporations_off"
    with pytest.raises(IllegalCommand) as err:
        E.new_game({"game": "leonardo", "seats": ["A", "B", "C"], "variants": {"corporations": True},
                    "box": game3.box})
    assert err.value.key == "corporations_four"


def test_a_corporation_pools_everything_and_keeps_one_pawn():
    """Rulebook VARIANTE: everything pooled; one pawn; no passage money; each member spins
    and they choose; then the game is won only by elimination."""
    s = started(4, variants={"corporations": True})
    s = at(s, 1, 20, men=2)
    s = at(s, 0, 10, men=1)
    s, ev = play(s, C.FormCorporation((0, 1), "ghibelline", 0))
    assert ev[-1] == {"type": "corporation_formed", "seat": 0, "members": [0, 1], "faction": "ghibelline"}
    a, b = s.seats[0], s.seats[1]
    assert (a.cash, a.men, b.cash, b.men, b.space, b.member_of) == (500, 2, 0, 0, None, 0)
    assert s.holdings(0) == [2, 4] and s.active() == [0, 2, 3]
    with pytest.raises(IllegalCommand) as err:
        play(s, C.EndByAgreement())
    assert err.value.key == "end_only_by_elimination"
    with pytest.raises(IllegalCommand) as err:
        play(s, C.ChooseSpin(0, 5))
    assert err.value.key == "members_to_spin"
    s, ev = play(at(s, 0, 30), C.Spin(1, 5), C.Spin(0, 9))
    with pytest.raises(IllegalCommand) as err:
        play(s, C.ChooseSpin(0, 6))
    assert err.value.key == "not_a_spin"
    s, ev = play(s, C.ChooseSpin(0, 5))  # 30 -> 3, past space 1: no passage money
    assert s.seats[0].space == 3 and money(ev, "passage") == []


def test_a_corporation_counts_with_its_faction_for_each_member():
    s = started(4, factions=("guelph", "guelph", "ghibelline", "ghibelline"), variants={"corporations": True})
    s, _ = play(s, C.FormCorporation((0, 2), "ghibelline", 2))
    assert s.turn["seat"] == 2  # Anna's turn went to the corporation's pawn
    s, _ = play(at(s, 2, 1), C.Spin(2, 6), C.Spin(0, 6), C.ChooseSpin(2, 6))  # event square 7
    s, ev = play(s, C.DrawEvent(10))  # Ghibelline card
    assert money(ev, "event") == [(None, 2, 100), (None, 2, 100), (None, 3, 100)]


def test_a_corporation_is_formed_only_between_turns():
    s = started(4, variants={"corporations": True})
    s, _ = play(s, C.BuyArt(0, 2, 10))
    with pytest.raises(IllegalCommand) as err:
        play(s, C.FormCorporation((0, 1), "guelph", 0))
    assert err.value.key == "corporation_between_turns"
