"""Palaces and bridges: buying, the open auction, rent (rulebook ACQUISTO DI PALAZZI,
VANTAGGI PER I PROPRIETARI, CONQUISTA DI UN QUARTIERE, ACQUISTO DI OPERE D'ARTE;
leonardo-decisions: Turn and moves, Further decisions)."""

from __future__ import annotations

import pytest
from leonardo_helpers import at, kinds, money, own, play

from companion.games.leonardo import commands as C
from companion.games.leonardo import engine as E
from companion.games.leonardo.words import IllegalCommand


def test_the_lander_buys_a_free_palace_at_its_price(game3):
    s, ev = play(game3, C.Spin(0, 8), C.Buy(0))  # space 8: an alley at 70
    assert s.owner[7] == 0 and s.seats[0].cash == 180
    assert money(ev, "buy") == [(0, None, 70)]


def test_a_free_bridge_is_bought_the_same_way(game3):
    s, _ = play(game3, C.Spin(0, 5), C.Buy(0))
    assert s.owner[4] == 0 and s.seats[0].cash == 190


def test_the_lander_cannot_buy_without_the_cash(game3):
    s, _ = play(at(game3, 0, 4, cash=60), C.Spin(0, 4))  # space 8 costs 70
    with pytest.raises(IllegalCommand) as err:
        play(s, C.Buy(0))
    assert err.value.key == "no_cash_for"
    assert "70" in err.value.localized("it")


def test_declined_it_is_auctioned_among_the_others_in_steps_of_5(game3):
    """leonardo-decisions: auctioned among the others, openly, in steps of 5 from 5."""
    s, ev = play(game3, C.Spin(0, 8), C.Decline(0))
    assert ev[-1] == {"type": "auction_opened", "space": 8, "bidders": [1, 2]}
    for bad, key in [(C.Bid(0, 5), "not_bidding"), (C.Bid(1, 7), "bid_step"), (C.Bid(1, 0), "bid_step"),
                     (C.Bid(1, 255), "bid_over_cash")]:
        with pytest.raises(IllegalCommand) as err:
            play(s, bad)
        assert err.value.key == key
    s, _ = play(s, C.Bid(1, 5), C.Bid(2, 20))
    with pytest.raises(IllegalCommand) as err:
        play(s, C.Bid(1, 20))
    assert err.value.key == "bid_too_low"
    with pytest.raises(IllegalCommand) as err:
        play(s, C.PassBid(2))
    assert err.value.key == "leader_cannot_pass"
    s, ev = play(s, C.Bid(1, 35), C.PassBid(2))
    assert s.owner[7] == 1 and s.seats[1].cash == 215
    assert money(ev, "auction") == [(1, None, 35)]
    assert s.turn["seat"] == 1  # Anna's turn is over


def test_any_multiple_of_5_raises(game3):
    """leonardo-decisions, Further: bids rise by any multiple of 5."""
    s, _ = play(game3, C.Spin(0, 8), C.Decline(0), C.Bid(1, 5), C.Bid(2, 100), C.PassBid(1))
    assert s.owner[7] == 2 and s.seats[2].cash == 150


def test_nobody_bids_the_bank_keeps_it(game3):
    s, ev = play(game3, C.Spin(0, 8), C.Decline(0), C.PassBid(1), C.PassBid(2))
    assert s.owner[7] is None and "bank_keeps" in kinds(ev)
    s, _ = play(at(s, 1, 4), C.Spin(1, 4), C.Buy(1))  # the next lander may buy it
    assert s.owner[7] == 1


def test_a_bidder_who_cannot_raise_drops_out(game3):
    s = at(game3, 2, 1, cash=30)
    s, ev = play(s, C.Spin(0, 8), C.Decline(0), C.Bid(1, 30))
    assert s.owner[7] == 1 and {"type": "bid_passed", "seat": 2, "auto": True} in ev


def test_rent_of_an_empty_palace_is_half_its_price(game3):
    """Rulebook: "Quando non vi sono Opere d'Arte esposte nel palazzo, il suo rendimento
    corrisponde alla metà del suo valore di acquisto"."""
    s, ev = play(game3, C.Spin(0, 4))  # Bruno's palace on 4, price 60
    assert money(ev, "rent") == [(0, 1, 30)]


@pytest.mark.parametrize("works, rent", [(1, 60), (2, 90), (3, 120), (4, 150)])
def test_rent_by_works_of_art_from_the_rent_table(game3, works, rent):
    s = own(game3, 1, 4, works={4: [10] * works})
    s, ev = play(s, C.Spin(0, 4))
    assert money(ev, "rent") == [(0, 1, rent)]
    assert next(e for e in ev if e["type"] == "money" and e["why"] == "rent")["doubled"] is False


def test_rent_is_doubled_when_the_owner_holds_the_whole_quarter(game3):
    """Rulebook CONQUISTA DI UN QUARTIERE: all the palaces of a quarter double every rent.
    Quarter 1 is spaces 2, 4, 6: without 6 the rent is plain, with it doubled."""
    without = own(game3, 1, 2, 4, works={4: [10, 10]})
    without.owner[5] = 2
    s, ev = play(without, C.Spin(0, 4))
    assert money(ev, "rent") == [(0, 1, 90)]
    whole = own(game3, 1, 2, 4, 6, works={4: [10, 10]})
    s, ev = play(whole, C.Spin(0, 4))
    assert money(ev, "rent") == [(0, 1, 180)]


def test_an_empty_palace_of_a_whole_quarter_pays_double_half_price(game3):
    """leonardo-decisions, Further: the doubling applies to every rent."""
    s, ev = play(own(game3, 1, 2, 4, 6), C.Spin(0, 4))
    assert money(ev, "rent") == [(0, 1, 60)]


def test_bridges_count_in_no_quarter_and_pay_no_rent(game3):
    s, ev = play(own(game3, 1, 5), C.Spin(0, 5))
    assert money(ev, "rent") == [] and money(ev, "toll") == [(0, 1, 5)]


def test_an_unknown_quarter_is_asked_only_when_it_matters(game3):
    """The whole-quarter check asks for an unknown quarter only while the answer depends on it."""
    s = game3.copy()
    s.box = E.B.set_value(s.box, "space.8", "quarter", None)
    s = own(s, 1, 2, 4, 6)
    with pytest.raises(IllegalCommand) as err:
        play(s, C.Spin(0, 4))
    assert err.value.needs == {"item": "space.8", "field": "quarter"}
    s.owner[5] = 2  # now quarter 1 is not whole whatever 8's quarter is
    s, ev = play(s, C.Spin(0, 4))
    assert money(ev, "rent") == [(0, 1, 30)]


def test_an_unknown_rent_is_asked_and_recorded(game3):
    s = game3.copy()
    s.box = E.B.set_value(s.box, "space.4", "rent.2", None)
    s = own(s, 1, 4, works={4: [10, 20]})
    with pytest.raises(IllegalCommand) as err:
        play(s, C.Spin(0, 4))
    assert err.value.needs == {"item": "space.4", "field": "rent.2"}
    s, ev = play(s, C.SetPrintedValue("space.4", "rent.2", 95), C.Spin(0, 4))
    assert money(ev, "rent") == [(0, 1, 95)]


def test_no_rent_on_ones_own_palace(game3):
    s, ev = play(own(game3, 0, 8), C.Spin(0, 8))
    assert money(ev) == [] and s.turn["seat"] == 1


def test_works_of_art_cost_50_and_go_on_own_palaces(game3):
    """Rulebook: up to 4 a turn, 50 each, on the palaces, at most 4 a palace; never moved."""
    s, ev = play(game3, C.BuyArt(0, 2, 30), C.BuyArt(0, 2, 100))
    assert s.works[1] == [30, 100] and s.seats[0].cash == 150
    assert money(ev, "art") == [(0, None, 50), (0, None, 50)]
    for cmd, key in [(C.BuyArt(0, 4, 30), "art_own_palace"), (C.BuyArt(1, 4, 30), "not_your_turn")]:
        with pytest.raises(IllegalCommand) as err:
            play(s, cmd)
        assert err.value.key == key


def test_at_most_four_works_a_turn_and_a_palace(game3):
    s = own(game3, 0, 8)
    s.seats[0].cash = 500
    s.bank["paid"] += 250
    s, _ = play(s, *[C.BuyArt(0, 2, 10)] * 3, C.BuyArt(0, 8, 10))
    with pytest.raises(IllegalCommand) as err:
        play(s, C.BuyArt(0, 8, 10))
    assert err.value.key == "art_four"
    t = own(game3, 0, 2, works={2: [10, 10, 10, 10]})
    with pytest.raises(IllegalCommand) as err:
        play(t, C.BuyArt(0, 2, 20))
    assert err.value.key == "art_palace_full"


def test_never_on_a_bridge(game3):
    with pytest.raises(IllegalCommand) as err:
        play(own(game3, 0, 5), C.BuyArt(0, 5, 10))
    assert err.value.key == "art_not_bridge"


def test_a_value_must_still_be_in_the_deck(game3):
    """The example box has one work of art worth 150: a second cannot be drawn."""
    s, _ = play(game3, C.BuyArt(0, 2, 150))
    with pytest.raises(IllegalCommand) as err:
        play(s, C.BuyArt(0, 2, 150))
    assert err.value.key == "art_value_gone"


def test_a_value_nobody_entered_is_accepted_and_flagged(game3):
    """leonardo-decisions: each ODA's value is entered when it is bought, if not before."""
    s = game3.copy()
    s.box = E.B.set_value(s.box, "oda", "values", [10] * 39)
    s, ev = play(s, C.BuyArt(0, 2, 75))
    assert ev[0]["new_tile"] is True
    with pytest.raises(IllegalCommand):  # the one unknown tile is out: 75 cannot come again
        play(s, C.BuyArt(0, 2, 75))
