"""``legal`` (who acts, what is allowed, why not) and ``expects`` (what the table must
enter: a spin is a d12; a faction a sealed choice; bids step by 5). leonardo-decisions: The
machina de la sorte (a reader reports d12), Factions (hidden), Further decisions (auction bids
rise by any multiple of 5), Money and the end (a forced sale, the debtor chooses)."""

from __future__ import annotations

from leonardo_helpers import at, header, play, started

from dataclasses import asdict

from companion.core.game import ExpectKind
from companion.core.i18n import format_message
from companion.games.leonardo import commands as C
from companion.games.leonardo import engine as E
from companion.games.leonardo.expects import expects
from companion.games.leonardo.state import FACTIONS


def _action(legal, type_, seat=None):
    return next(a for a in legal["actions"] if a["type"] == type_ and a.get("seat") == seat)


def test_setup_expects_the_deals_and_the_sealed_factions():
    s = E.new_game(header(3))
    exp = expects(s)
    faction = next(e for e in exp if e.command == "ChooseFaction" and e.seat == 1)
    assert (faction.kind, faction.group, faction.choices) == (ExpectKind.SEALED, "factions", ("guelph", "ghibelline"))
    assert any(e.command == "DealPalace" and 8 in e.choices and 5 not in e.choices for e in exp)
    legal = E.legal(s)
    assert legal["to_act"] == [0, 1, 2]
    assert _action(legal, "ChooseFaction", 0)["choices"] == list(FACTIONS)


def test_the_chosen_faction_never_shows_in_legal_or_expects():
    s, _ = play(E.new_game(header(3)), C.ChooseFaction(0, "ghibelline"))
    t, _ = play(E.new_game(header(3)), C.ChooseFaction(0, "guelph"))
    assert E.legal(s) == E.legal(t) and expects(s) == expects(t) and E.public_view(s) == E.public_view(t)
    assert _action(E.legal(s), "ChooseFaction", 0)["chosen"] is True
    assert all(e.command != "ChooseFaction" or e.seat != 0 for e in expects(s))


def test_a_spin_is_a_d12(game3):
    [spin] = expects(game3)
    assert (spin.kind, spin.command, spin.seat, spin.dice, spin.count) == (ExpectKind.ROLL, "Spin", 0, "d12", 1)
    assert (spin.minimum, spin.maximum) == (1, 12)
    legal = E.legal(game3)
    assert legal["to_act"] == [0]
    assert _action(legal, "Spin", 0)["enabled"] and _action(legal, "BuyArt", 0)["spaces"] == [2]


def test_auction_bids_step_by_5(game3):
    s, _ = play(game3, C.Spin(0, 8), C.Decline(0), C.Bid(2, 15))
    [bid] = expects(s)
    assert (bid.command, bid.seat, bid.step, bid.minimum, bid.maximum) == ("Bid", 1, 5, 20, 250)
    leader = _action(E.legal(s), "Bid", 2)
    assert leader["enabled"] is False and format_message(leader["message"], "it") == "Carla è già in testa con 15"


def test_market_bets_open_and_sealed(game3):
    s, _ = play(at(game3, 0, 1), C.Spin(0, 2))
    assert [e.command for e in expects(s)] == ["Bet", "Bet"]
    t, _ = play(at(started(3, variants={"sealed_bets": True}), 0, 1), C.Spin(0, 2), C.LockBet(1, "gold", 5))
    [bet] = expects(t)
    assert asdict(bet) == {"kind": ExpectKind.SEALED, "command": "LockBet", "seat": 2, "dice": None, "count": 0,
                           "group": "market_bets", "choices": ("gem", "ivory", "gold", "spices"), "step": 1,
                           "minimum": 5, "maximum": 250, "params": {}}
    assert [a["type"] for a in E.legal(t)["actions"] if a.get("seat") == 1] == ["UnlockBet"]
    u, _ = play(t, C.LockBet(2, "gem", 5))
    assert [(e.kind, e.command, e.seat, e.dice) for e in expects(u)] == [(ExpectKind.ROLL, "MarketSpin", 0, "d12")]


def test_a_card_draw_is_the_tables_input(game3):
    s, _ = play(at(game3, 0, 32), C.Spin(0, 1))
    assert E.legal(s)["table"] is True
    exp = expects(s)
    assert exp[0].command == "DrawOffice" and exp[0].choices == tuple(range(1, 13))


def test_a_forced_sale_lists_the_debtors_holdings(game3):
    from leonardo_helpers import own

    s = own(game3, 1, 4, works={4: [10, 10, 10, 10]})
    s, _ = play(own(at(s, 0, 1, cash=100), 0, 8), C.Spin(0, 3))
    sell = _action(E.legal(s), "Sell", 0)
    assert sell["spaces"] == [2, 8] and sell["owed"] == 150 and sell["cash"] == 100
    assert expects(s)[0].choices == (2, 8)


def test_disabled_actions_carry_their_reason_in_both_languages(game3):
    s = at(game3, 0, 1, cash=40)
    art = _action(E.legal(s), "BuyArt", 0)
    assert art["enabled"] is False
    assert format_message(art["message"], "en") == "Anna has 40 florins; this costs 50"
    assert format_message(art["message"], "it") == "Anna ha 40 fiorini; costa 50"


def test_every_enabled_spin_is_accepted(game3):
    for n in range(1, 13):
        assert E.check(game3, C.Spin(0, n)) is None
    assert E.check(game3, C.Spin(0, 13)) is not None
