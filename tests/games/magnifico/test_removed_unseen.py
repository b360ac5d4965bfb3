"""Rulebook 4.2: with 3 or 4 players Tank and Airplane cards go back in the box *unseen*.

At a real table nobody knows which, so ``RemoveCards(())`` only counts them; the engine
then never lets more cards of a kind come out of the deck than it really holds, and names
the removed cards as soon as they are the only ones of their kind still unseen.
"""

import pytest

from companion.errors import GameError
from companion.games.magnifico import commands as C
from companion.games.magnifico import engine as E


def unseen_game(h, n):
    s = E.new_game(h.header(n))
    s, events = E.apply(s, C.RemoveCards(()))
    return s, events


@pytest.mark.parametrize("n, k", [(3, 2), (4, 1)])
def test_cards_removed_unseen_are_counted_not_named_rulebook_4_2(h, n, k):
    s, events = unseen_game(h, n)
    assert s.removed == [] and s.removed_unseen == {"tank": k, "airplane": k}
    assert events[0]["type"] == "cards_removed" and events[0]["count"] == 2 * k and events[0]["unseen"]
    assert len(s.decks["vehicles"]["unknown"]) == 10  # nobody can say which ten minus 2k are in the deck
    assert E.State.from_dict(s.to_dict()).removed_unseen == s.removed_unseen


def test_five_players_remove_nothing_rulebook_4_2(h):
    s = E.new_game(h.header(5))
    assert s.phase == "start_roll" and s.removed_unseen == {}


def test_the_deck_holds_ten_minus_the_removed_cards_rulebook_5_3_1(h):
    """3 players: 2 Tank and 2 Airplane cards are out, so 6 auctions take a vehicle card,
    then the auction draws only projects (5.3.1)."""
    s, _ = unseen_game(h, 3)
    s = h.to_auction(s)
    vehicles = sum(len(x) for x in s.decks["vehicles"].values()) - sum(s.removed_unseen.values())
    assert vehicles == 6
    assert E.auction_counts(s) == (1, 1)


def test_a_kind_whose_cards_were_all_drawn_cannot_be_drawn_again(h):
    """4 players: one Tank card is out unseen; after 4 Tank cards were drawn the fifth is the
    removed one and cannot come out of the deck."""
    s, _ = unseen_game(h, 4)
    s = h.to_auction(s)
    s.decks["vehicles"]["unknown"] = ["tank_1", "airplane_1", "airplane_2", "airplane_3"]  # 4 tanks drawn
    with pytest.raises(GameError) as err:
        E.apply(s, C.DrawAuction(("tank_1", "airplane_1", "walls_1")))
    assert "removed unseen" in err.value.reason
    assert s.decks["vehicles"]["unknown"] == ["tank_1", "airplane_1", "airplane_2", "airplane_3"]  # untouched
    s, _ = E.apply(s, C.DrawAuction(("airplane_1", "airplane_2", "walls_1")))
    assert sorted(s.removed) == ["airplane_3", "tank_1"] and s.decks["vehicles"]["unknown"] == []


def test_the_removed_card_is_named_once_it_is_the_only_one_left_of_its_kind(h):
    s, _ = unseen_game(h, 4)
    s = h.to_auction(s)
    s.decks["vehicles"]["unknown"] = ["tank_1", "tank_2", "airplane_1", "airplane_2"]
    s, _ = E.apply(s, C.DrawAuction(("tank_2", "airplane_2", "walls_1")))
    assert sorted(s.removed) == ["airplane_1", "tank_1"]
    assert s.removed_unseen == {"tank": 0, "airplane": 0}
    assert s.decks["vehicles"]["unknown"] == []


def draw_what_the_deck_can_hold(s):
    """The table's draw: unseen vehicle cards of a kind the deck still holds, then the bottom."""
    v, p = E.auction_counts(s)
    vd, pd = s.decks["vehicles"], s.decks["projects"]
    room = {kind: sum(1 for c in vd["unknown"] if s.kind(c) == kind) - s.removed_unseen.get(kind, 0)
            for kind in ("tank", "airplane")}
    picked = []
    for c in vd["unknown"]:
        if len(picked) < v and room[s.kind(c)] > 0:
            picked.append(c)
            room[s.kind(c)] -= 1
    picked += vd["bottom"][: v - len(picked)]
    return C.DrawAuction(tuple(picked + (pd["unknown"] + pd["bottom"])[:p]))


def test_nobody_buying_cycles_exactly_the_cards_the_deck_holds_rulebook_5_3_13(h):
    """3 players, 2+2 out unseen: six vehicle cards go round (unsold to the bottom, 5.3.13),
    the removed ones never come out, and the count of the deck never changes."""
    s, _ = unseen_game(h, 3)
    s = h.to_auction(s)
    seen = set()
    for _ in range(9):
        cmd = draw_what_the_deck_can_hold(s)
        s, _ = E.apply(s, cmd)
        seen |= {c for c in cmd.cards if s.kind(c) in ("tank", "airplane")}
        for seat in list(s.auction.bidders):
            s, _ = E.apply(s, C.LockBid(seat, 10))
        while s.phase == "choosing":
            s, _ = E.apply(s, C.PassChoice(E.next_chooser(s)))
        while s.phase == "turns":
            s, _ = E.apply(s, C.EndTurn(s.turn.seat))
        vd = s.decks["vehicles"]
        assert len(vd["unknown"]) + len(vd["bottom"]) - sum(s.removed_unseen.values()) == 6
    assert len(seen) == 6
    assert sorted(s.removed) == sorted(set(c for c in s.cards if s.kind(c) in ("tank", "airplane")) - seen)
