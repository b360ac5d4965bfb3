"""The markets (rulebook CASELLE DEI MERCATI; leonardo-decisions: Markets, Further)."""

from __future__ import annotations

import pytest
from leonardo_helpers import at, kinds, money, own, play, started

from companion.games.leonardo import commands as C
from companion.games.leonardo import engine as E
from companion.games.leonardo.words import IllegalCommand


def _open(s, opener=0):
    """``opener``'s pawn lands on market 3 (from space 1, already moved)."""
    s, ev = play(at(s, opener, 1), C.Spin(opener, 2))
    assert ev[-1]["type"] == "market_opened"
    return s


def test_landing_on_a_market_makes_the_others_bet(game3):
    s = _open(game3)
    assert s.turn["tasks"][0]["bettors"] == [1, 2]
    with pytest.raises(IllegalCommand) as err:
        play(s, C.Bet(0, "gold", 5))  # the opener does not bet
    assert err.value.key == "not_a_bettor"
    with pytest.raises(IllegalCommand) as err:
        play(s, C.MarketSpin(0, 3))  # not before every bet is in
    assert err.value.key == "no_market_spin"


@pytest.mark.parametrize("cmd, key", [
    (C.Bet(1, "gold", 4), "bet_min"), (C.Bet(1, "gold", 251), "bet_over_cash"), (C.Bet(1, "silk", 10), "no_product"),
    (C.LockBet(1, "gold", 10), "bets_open"),
])
def test_a_bet_is_from_5_to_all_the_bettor_holds_on_a_product(game3, cmd, key):
    s = _open(game3)
    with pytest.raises(IllegalCommand) as err:
        play(s, cmd)
    assert err.value.key == key
    s, _ = play(s, C.Bet(1, "gold", 250))  # all it holds
    assert s.turn["tasks"][0]["bets"] == {1: {"product": "gold", "amount": 250}}


def test_a_market_won_pays_three_times_the_stake_and_the_stake_back(game3):
    """leonardo-decisions: a bet on the product of that number wins 3 times its stake plus
    the stake back; every other stake goes to the opener. Gold is 3 and 8."""
    s = _open(game3)
    s, ev = play(s, C.Bet(1, "gold", 20), C.Bet(2, "gem", 30), C.MarketSpin(0, 8))
    spin = next(e for e in ev if e["type"] == "market_spin")
    assert (spin["product"], spin["lose_all"], spin["reveal"]) == ("gold", False, True)
    assert money(ev, "stake") == [(2, 0, 30)]
    assert money(ev, "winnings") == [(0, 1, 60)]  # the stake never left Bruno: +3 times it
    assert [p.cash for p in s.seats] == [220, 310, 220]


def test_three_times_in_all_variant(game3):
    """leonardo-decisions: **variant**: 3 times in all (the stake included)."""
    s = started(3, variants={"market_pays": "three_in_all"})
    s = _open(s)
    s, ev = play(s, C.Bet(1, "gold", 20), C.Bet(2, "gold", 10), C.MarketSpin(0, 3))
    assert money(ev, "winnings") == [(0, 1, 40), (0, 2, 20)]


def test_a_market_lost_on_a_lose_all_number(game3):
    """Rulebook: "Quando escono i numeri 4, 7, 9 o 11 ... tutte le puntate vengono
    incamerate dal giocatore che ha aperto il mercato"."""
    s = _open(game3)
    s, ev = play(s, C.Bet(1, "gold", 20), C.Bet(2, "spices", 30), C.MarketSpin(0, 9))
    assert next(e for e in ev if e["type"] == "market_spin")["lose_all"] is True
    assert money(ev, "stake") == [(1, 0, 20), (2, 0, 30)] and money(ev, "winnings") == []
    assert s.seats[0].cash == 300


def test_a_product_nobody_bet_on_gives_every_stake_to_the_opener(game3):
    s = _open(game3)
    s, ev = play(s, C.Bet(1, "gold", 20), C.Bet(2, "gold", 30), C.MarketSpin(0, 1))  # gem
    assert money(ev, "stake") == [(1, 0, 20), (2, 0, 30)]


def test_a_machina_number_nobody_entered_is_asked(game3):
    s = game3.copy()
    s.box = E.B.set_value(s.box, "number.8", "product", None)
    s = _open(s)
    s, _ = play(s, C.Bet(1, "gold", 20), C.Bet(2, "gem", 30))
    with pytest.raises(IllegalCommand) as err:
        play(s, C.MarketSpin(0, 8))
    assert err.value.needs == {"item": "number.8", "field": "product"}
    s, ev = play(s, C.SetPrintedValue("number.8", "product", "gold"), C.MarketSpin(0, 8))
    assert money(ev, "winnings") == [(0, 1, 60)]


def test_an_opponent_without_5_florins_does_not_bet(game3):
    s = _open(at(game3, 2, 1, cash=4))
    assert s.turn["tasks"][0]["bettors"] == [1]


def test_an_opener_who_cannot_pay_sells_then_goes_bankrupt_and_the_bank_pays_the_rest(game3):
    """leonardo-decisions, Further: a market opener who cannot pay the winners pays what it
    can (after forced sales) and is bankrupt; the bank pays the rest."""
    s = own(at(game3, 0, 1, cash=10), 0, 2)  # Anna: 10 florins and her palace (price 60)
    s = _open(s)
    s, ev = play(s, C.Bet(1, "gold", 100), C.Bet(2, "gold", 100), C.MarketSpin(0, 3))
    # owes 300 + 300; cash 10 + a sale worth 30 cannot cover even the first: bankrupt
    assert s.seats[0].out and s.owner[1] is None
    assert money(ev, "bank_pays") == [(None, 1, 300), (None, 2, 300)]
    assert money(ev, "bankrupt") == [(0, None, 10)]


def test_an_opener_short_in_cash_sells_and_pays(game3):
    s = own(at(game3, 0, 1, cash=10), 0, 2, 8)  # palaces at 60 and 70: 65 at a forced sale
    s = _open(s)
    s, ev = play(s, C.Bet(1, "gold", 10), C.Bet(2, "gem", 5), C.MarketSpin(0, 3))
    # 10 + Carla's lost 5 = 15 in hand; Anna owes Bruno 30: she must sell (she chooses)
    assert s.turn["tasks"][0]["t"] == "pay" and "must_sell" in kinds(ev)
    assert E.legal(s)["to_act"] == [0]
    with pytest.raises(IllegalCommand) as err:
        play(s, C.Sell(0, 4))  # not hers
    assert err.value.key == "not_yours_to_sell"
    s, ev = play(s, C.Sell(0, 8))
    assert money(ev) == [(None, 0, 35), (0, 1, 30)]
    assert s.owner[7] is None and s.owner[1] == 0 and s.seats[0].cash == 20
    with pytest.raises(IllegalCommand) as err:
        play(s, C.Sell(0, 2))  # paid: no more selling
    assert err.value.key == "no_sale_needed"


# ---------------------------------------------------------------------------------------
# sealed bets (variant)


def test_sealed_bets_stay_hidden_until_the_last_is_in():
    """leonardo-decisions: **variant**: sealed bets, amounts on the handsets, products on
    the private keypad; the same secret path as the factions (group "market_bets")."""
    s = _open(started(3, variants={"sealed_bets": True}))
    with pytest.raises(IllegalCommand) as err:
        play(s, C.Bet(1, "gold", 10))
    assert err.value.key == "bets_sealed"
    s, ev = play(s, C.LockBet(1, "gold", 40))
    assert ev == [{"type": "bet_locked", "seat": 1}]
    view = E.public_view(s)
    task = view["turn"]["tasks"][0]
    assert task["bets"] == {} and task["locked"] == [1]
    assert "40" not in str(view["turn"]) and "gold" not in str(view["turn"])
    assert s.seats[1].cash == 250  # the stake stays with the bettor until the spin
    s, ev = play(s, C.UnlockBet(1), C.LockBet(1, "ivory", 15), C.LockBet(2, "gem", 5))
    revealed = ev[-1]
    assert revealed == {"type": "bets_revealed", "seat": 0, "bets": {"1": {"product": "ivory", "amount": 15},
                                                                      "2": {"product": "gem", "amount": 5}},
                        "opens": ["market_bets"], "reveal": True}
    assert E.public_view(s)["turn"]["tasks"][0]["bets"] == {"1": {"product": "ivory", "amount": 15},
                                                           "2": {"product": "gem", "amount": 5}}
    s, ev = play(s, C.MarketSpin(0, 10))  # ivory
    assert money(ev, "winnings") == [(0, 1, 45)]
