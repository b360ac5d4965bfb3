"""The auction (rulebook 5.3, rd: Auction): draws, sealed bids, the order of choice."""

import pytest

from companion.errors import GameError
from companion.games.magnifico import commands as C
from companion.games.magnifico import engine as E


@pytest.fixture
def four(h):
    """Seats A(0) B(1) C(2) D(3); Anna holds Leonardo; round 1 at the draw."""
    return h.to_auction(E.new_game(h.header(4)))


def bid_all(h, s, bids):
    for seat, amount in bids.items():
        s, ev = E.apply(s, C.LockBid(seat, amount))
    return s, ev


@pytest.mark.parametrize("n,v,p", [(3, 1, 1), (4, 2, 1), (5, 2, 2)])
def test_cards_on_auction_by_player_count(h, n, v, p):
    """5.3.1-5.3.3."""
    s = h.to_auction(E.new_game(h.header(n)))
    assert E.auction_counts(s) == (v, p)


def test_short_vehicle_deck_is_filled_with_projects(h, four):
    """5.3.2: one Tank/Airplane card left: it and 2 projects; none left: 3 projects."""
    s = four.copy()
    s.decks["vehicles"]["unknown"] = s.decks["vehicles"]["unknown"][:1]
    assert E.auction_counts(s) == (1, 2)
    s.decks["vehicles"]["unknown"] = []
    assert E.auction_counts(s) == (0, 3)


def test_draw_names_cards_from_the_right_decks(h, four):
    with pytest.raises(GameError, match="2 card"):
        E.apply(four, C.DrawAuction(("tank_2", "walls_1", "walls_2")))
    with pytest.raises(GameError, match="no card"):
        E.apply(four, C.DrawAuction(("tank_2", "tank_3", "ufo")))
    s, ev = E.apply(four, C.DrawAuction(("tank_2", "airplane_3", "walls_1")))
    assert ev[-1] == {"type": "auction_drawn", "cards": ["tank_2", "airplane_3", "walls_1"], "reveal": True}
    assert "tank_2" not in s.decks["vehicles"]["unknown"] and s.phase == "bidding"


def test_bids_min_ten_in_tens_at_most_what_the_bidder_holds(h, four):
    """5.3.4, rd: Auction."""
    s = h.draw(four)
    with pytest.raises(GameError, match="Anna holds 120 florins; a bid of 130 is not possible"):
        E.apply(s, C.LockBid(0, 130))
    with pytest.raises(GameError, match="in tens"):
        E.apply(s, C.LockBid(0, 25))
    with pytest.raises(GameError, match="minimum bid"):
        E.apply(s, C.LockBid(0, 0))


def test_bids_stay_sealed_until_the_last_locks(h, four):
    """5.3.5: revealed together, only when every bid is locked; unlock lets a bid change."""
    s = h.draw(four)
    s, ev = E.apply(s, C.LockBid(0, 30))
    assert ev == [{"type": "bid_locked", "seat": 0}]
    with pytest.raises(GameError, match="already locked"):
        E.apply(s, C.LockBid(0, 40))
    s, _ = E.apply(s, C.UnlockBid(0))
    s, _ = bid_all(h, s, {0: 40, 1: 10, 2: 10})
    assert s.phase == "bidding"
    s, ev = E.apply(s, C.LockBid(3, 20))
    revealed = [e for e in ev if e["type"] == "bids_revealed"]
    assert revealed == [{"type": "bids_revealed", "bids": {"0": 40, "1": 10, "2": 10, "3": 20}, "reveal": True}]
    assert s.phase == "choosing"


def test_rulebook_example_all_bid_30(h):
    """Rulebook 15 (auction example): seats A B D C clockwise, A holds Leonardo, all bid 30:
    B chooses first and takes Leonardo, then D, then C, then A."""
    hd = h.header(4)
    hd["seats"] = [{"name": "A"}, {"name": "B"}, {"name": "D"}, {"name": "C"}]
    s = h.to_auction(E.new_game(hd), leonardo=0)
    s = h.draw(s)
    s, _ = bid_all(h, s, {0: 30, 1: 30, 2: 30, 3: 30})
    assert [s.seats[i].name for i in E.choice_order(s)] == ["B", "D", "C", "A"]
    cards = list(s.auction.cards)
    s, ev = E.apply(s, C.ChooseCard(1, cards[0]))
    assert s.leonardo == 1 and {"type": "leonardo", "seat": 1, "why": "auction"} in ev
    assert s.seats[1].florins == 120 - 30
    assert E.next_chooser(s) == 2  # D
    s, _ = E.apply(s, C.ChooseCard(2, cards[1]))
    assert E.next_chooser(s) == 3  # C
    s, _ = E.apply(s, C.ChooseCard(3, cards[2]))
    assert s.phase == "turns"  # A gets nothing: the cards are gone
    assert s.turn.seat == 1 and s.turn_order == [1, 2, 3, 0]


def test_auction_tie_break_holder_counts_last(h, four):
    """rd: Auction: equal bids go to the player closest clockwise to the holder; the holder last."""
    s = h.draw(four)
    s, _ = bid_all(h, s, {0: 20, 1: 10, 2: 20, 3: 20})
    assert E.choice_order(s) == [2, 3, 0, 1]
    assert E.next_chooser(s) == 2


def test_ties_still_open_are_ordered_from_the_new_holder(h, four):
    """rd: Auction: once the first buyer takes Leonardo, the open ties count from the new holder.
    Anna holds Leonardo; Bruno 40 buys first; then Anna, Carla, Dario tie at 20:
    from Bruno clockwise: Carla, Dario, Anna (the old holder no longer counts last for being holder
    - she is simply furthest from Bruno)."""
    s = h.draw(four)
    s, _ = bid_all(h, s, {0: 20, 1: 40, 2: 20, 3: 20})
    s, _ = E.apply(s, C.ChooseCard(1, s.auction.cards[0]))
    assert s.leonardo == 1
    assert E.next_chooser(s) == 2
    # And the case where it matters: Carla 40 buys; Anna, Bruno, Dario tie at 20.
    s = h.draw(four)
    s, _ = bid_all(h, s, {0: 20, 1: 20, 2: 40, 3: 20})
    assert E.choice_order(s) == [2, 3, 0, 1]  # from Carla: Dario, Anna, Bruno
    s, _ = E.apply(s, C.ChooseCard(2, s.auction.cards[0]))
    assert E.next_chooser(s) == 3
    # Had Anna stayed the holder, Bruno (her left) would have come before Dario.


def test_a_pass_keeps_leonardo_with_the_holder_and_the_right_moves_on(h, four):
    """5.3.9-5.3.10: the passer pays nothing and cannot get Leonardo; the next in order chooses."""
    s = h.draw(four)
    s, _ = bid_all(h, s, {0: 10, 1: 50, 2: 30, 3: 10})
    s, ev = E.apply(s, C.PassChoice(1))
    assert s.seats[1].florins == 120 and s.leonardo == 0
    assert E.next_chooser(s) == 2
    s, _ = E.apply(s, C.ChooseCard(2, s.auction.cards[-1]))
    assert s.leonardo == 2


def test_vehicle_cards_go_into_play_others_to_store_never_two_of_a_kind(h, four):
    """5.3.7-5.3.8."""
    s, _ = E.apply(four, C.DrawAuction(("tank_2", "tank_3", "walls_1")))
    s, _ = bid_all(h, s, {0: 40, 1: 30, 2: 20, 3: 10})
    s, _ = E.apply(s, C.ChooseCard(0, "tank_2"))
    assert s.seats[0].in_play == ["tank_2"]
    s, _ = E.apply(s, C.ChooseCard(1, "walls_1"))
    assert s.seats[1].store == ["walls_1"]
    s2 = h.give(s, 2, "tank_5")
    with pytest.raises(GameError, match="already has a Tank card"):
        E.apply(s2, C.ChooseCard(2, "tank_3"))


def test_a_player_who_can_buy_nothing_is_passed_over(h, four):
    """5.3.8: Bruno already has a Tank card and only Tank cards are left: he is passed over."""
    s, _ = E.apply(four, C.DrawAuction(("tank_2", "tank_3", "walls_1")))
    s = h.give(s, 1, "tank_5")
    s, _ = bid_all(h, s, {0: 40, 1: 30, 2: 20, 3: 10})
    s, ev = E.apply(s, C.ChooseCard(0, "walls_1"))
    assert {"type": "choice_passed", "seat": 1, "auto": True, "why": "no card they may take"} in ev
    assert E.next_chooser(s) == 2 and s.seats[1].florins == 120


def test_unsold_cards_go_to_the_bottom_and_come_back_in_order(h, four):
    """5.3.11, 5.3.13: unsold cards go to the bottom of their deck."""
    s, _ = E.apply(four, C.DrawAuction(("tank_2", "airplane_2", "walls_1")))
    s, _ = bid_all(h, s, {0: 10, 1: 10, 2: 10, 3: 10})
    for _ in range(4):
        s, _ = E.apply(s, C.PassChoice(E.next_chooser(s)))
    assert s.decks["vehicles"]["bottom"] == ["tank_2", "airplane_2"]
    assert s.decks["projects"]["bottom"] == ["walls_1"]
    assert s.phase == "turns"
    # Exhaust the unknown part of the vehicle deck: the bottom cards come next, in order.
    s = s.copy()
    s.decks["vehicles"]["unknown"] = ["tank_4"]
    for seat in s.turn_order:
        s, _ = E.apply(s, C.EndTurn(seat))
    assert s.phase == "auction_draw" and s.round == 2
    with pytest.raises(GameError, match="bottom of the deck are tank_2"):
        E.apply(s, C.DrawAuction(("tank_4", "airplane_2", "walls_2")))
    s, _ = E.apply(s, C.DrawAuction(("tank_4", "tank_2", "walls_2")))
    assert s.decks["vehicles"] == {"unknown": [], "bottom": ["airplane_2"]}


def test_one_card_per_player_per_auction(h, four):
    s = h.draw(four)
    s, _ = bid_all(h, s, {0: 30, 1: 20, 2: 10, 3: 10})
    s, _ = E.apply(s, C.ChooseCard(0, s.auction.cards[0]))
    with pytest.raises(GameError, match="chooses now, not Anna"):
        E.apply(s, C.ChooseCard(0, s.auction.cards[0]))


def test_public_view_hides_sealed_bids_until_the_reveal(h, four):
    """Architecture: locked bids are in the state, but nothing outside the engine shows them."""
    s = h.draw(four)
    s, _ = E.apply(s, C.LockBid(2, 70))
    view = E.public_view(s)
    assert view["auction"]["bids"] == {} and view["auction"]["locked"] == [2]
    assert "70" not in str(view["auction"])
    s, _ = bid_all(h, s, {0: 10, 1: 10, 3: 10})
    assert E.public_view(s)["auction"]["bids"]["2"] == 70
