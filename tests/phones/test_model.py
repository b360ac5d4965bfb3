"""companion.phones.model: sealed requests as the phones see them (issue 14)."""

from __future__ import annotations

import pytest

from companion.core.game import Expect, ExpectKind
from companion.games.magnifico.demo import demo_header
from companion.games.magnifico.game import GAME
from companion.phones.model import Request, Sealed

BID = Request("bids", "LockBid", step=10, minimum=10, maximum=120)
FACTION = Request("factions", "ChooseFaction", choices=("guelph", "ghibelline"))
BET = Request("market_bets", "LockBet", choices=("wool", "silk"), step=1, minimum=5, maximum=40)


def test_a_bid_is_a_multiple_of_ten_from_ten_to_the_florins():
    """rulebook 5.3.4: a sealed bid, at least 10, in tens, at most what the bidder holds."""
    assert BID.kind == "amount"
    assert [v for v in (0, 5, 10, 15, 20, 120, 130) if BID.accepts(v)] == [10, 20, 120]
    for bad in (True, 20.0, "20", None, [20], {"amount": 20}):
        assert not BID.accepts(bad)


def test_a_faction_is_one_of_its_choices():
    """leonardo-decisions: Factions (hidden), guelph or ghibelline."""
    assert FACTION.kind == "choice"
    assert FACTION.accepts("guelph") and FACTION.accepts("ghibelline")
    assert not FACTION.accepts("Guelph") and not FACTION.accepts(0) and not FACTION.accepts(None)


def test_a_sealed_market_bet_is_a_product_and_a_stake():
    """leonardo-decisions: Markets, variant: sealed bets (a product and an amount)."""
    assert BET.kind == "choice_amount"
    assert BET.accepts({"choice": "silk", "amount": 5})
    assert BET.accepts({"choice": "wool", "amount": 40})
    for bad in ({"choice": "silk", "amount": 4}, {"choice": "silk", "amount": 41}, {"choice": "gold", "amount": 9},
                {"choice": "silk"}, {"choice": "silk", "amount": 9, "seat": 1}, "silk", 9):
        assert not BET.accepts(bad), bad


def test_a_request_comes_from_a_sealed_expect_only():
    e = Expect(ExpectKind.SEALED, "LockBid", 2, group="bids", step=10, minimum=10, maximum=70)
    assert Request.from_expect(e).signature() == ("bids", "LockBid", (), 10, 10, 70)
    with pytest.raises(ValueError):
        Request.from_expect(Expect(ExpectKind.ROLL, "StartOrderRoll", 0, dice="mag", count=6))


def test_sealed_from_magnifico_at_the_bidding():
    header = demo_header(4)
    state = GAME.new_game(header)
    index = 0
    while state.phase != "bidding":
        state, _ = GAME.apply(state, GAME.demo_move(state, 3, index))
        index += 1
    sealed = Sealed.from_game(GAME, state, header, money={i: p.florins for i, p in enumerate(state.seats)})
    assert [s.name for s in sealed.seats] == [s["name"] for s in header["seats"]]
    assert sorted(sealed.requests) == state.auction.bidders
    assert all(r.group == "bids" and r.maximum == state.seats[s].florins // 10 * 10
               for s, r in sealed.requests.items())
    assert sealed.open_group() == "bids" and sealed.domain == "magnifico"
    assert [sealed.status(s) for s in range(4)] == ["owes"] * 4


def test_status_and_open_group():
    s = Sealed(requests={0: BID}, locked={1: 30})
    assert (s.status(0), s.status(1), s.status(2)) == ("owes", "locked", "idle")
    assert Sealed(locked={1: 30}, group="bids").open_group() == "bids"
    assert Sealed().open_group() is None


def test_sealed_from_leonardo_factions_and_sealed_market_bets():
    """leonardo-decisions: Factions (hidden) and the sealed-bets variant, from the game's own
    expects: a choice, then a product with a stake; words from Leonardo's catalogue."""
    from companion.core import registry

    game = registry.get("leonardo")
    header = game.demo_header(3, 1)
    assert header["variants"]["sealed_bets"]
    state = game.new_game(header)
    keys = {"factions": "faction.", "market_bets": "product."}
    kinds: dict[str, Request] = {}
    index = 0
    while len(kinds) < 2 and index < 500:
        sealed = Sealed.from_game(game, state, header, label_keys=keys)
        for request in sealed.requests.values():
            kinds.setdefault(request.group, request)
        state, _ = game.apply(state, game.demo_move(state, 1, index))
        index += 1
    faction, bet = kinds["factions"], kinds["market_bets"]
    assert faction.kind == "choice" and faction.accepts("guelph") and not faction.accepts(5)
    assert faction.labels["guelph"] == {"en": "Guelph", "it": "guelfo"}
    assert bet.kind == "choice_amount" and bet.labels["gem"] == {"en": "gem", "it": "gemma"}
    assert bet.accepts({"choice": "gem", "amount": bet.minimum})
    assert not bet.accepts({"choice": "gem", "amount": (bet.maximum or 0) + 1})
