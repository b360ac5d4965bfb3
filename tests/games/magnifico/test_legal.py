"""legal(state): who acts now, what they may do, and why the rest is greyed out."""

import dataclasses

import pytest

from companion.errors import IllegalCommand
from companion.games.magnifico import commands as C
from companion.games.magnifico import engine as E


def actions(legal):
    return {a["type"]: a for a in legal["actions"]}


def test_setup_phases(h):
    s = E.new_game(h.header(4))
    lg = E.legal(s)
    assert lg["phase"] == "remove_cards" and actions(lg)["RemoveCards"]["tanks"] == 1
    s = h.to_castles(s, leonardo=2)
    lg = E.legal(s)
    assert lg["to_act"] == [2]
    allowed = actions(lg)["PlaceFirstCastle"]["territories"]
    assert set(allowed) == set(s.board.ids)
    s, _ = E.apply(s, C.PlaceFirstCastle(2, "A1"))
    allowed = actions(E.legal(s))["PlaceFirstCastle"]["territories"]
    assert "A2" not in allowed and "B1" not in allowed and "A1" not in allowed  # 4.8


def test_bidding_lists_who_still_has_to_lock(h):
    s = h.draw(h.to_auction(E.new_game(h.header(4))))
    s, _ = E.apply(s, C.LockBid(1, 20))
    lg = E.legal(s)
    assert lg["to_act"] == [0, 2, 3]
    acts = [a for a in lg["actions"] if a["type"] in ("LockBid", "UnlockBid")]
    assert {a["type"] for a in acts if a["seat"] == 1} == {"UnlockBid"}
    assert [a for a in acts if a["seat"] == 0][0]["max"] == 120
    assert "20" not in str([a for a in acts if a.get("seat") == 1])  # a sealed bid is not shown


def test_choosing_shows_the_order_and_greys_out_a_second_tank(h):
    s = h.to_auction(E.new_game(h.header(4)))
    s, _ = E.apply(s, C.DrawAuction(("tank_2", "tank_3", "walls_1")))
    s = h.give(s, 1, "tank_4")
    for seat, amount in {0: 10, 1: 40, 2: 10, 3: 10}.items():
        s, _ = E.apply(s, C.LockBid(seat, amount))
    lg = E.legal(s)
    assert lg["to_act"] == [1] and lg["order"][0] == 1
    cards = {c["card"]: c for c in actions(lg)["ChooseCard"]["cards"]}
    assert cards["walls_1"]["allowed"] and not cards["tank_2"]["allowed"]
    assert "already has a Tank card" in cards["tank_2"]["reason"]


def test_turn_actions_with_reasons(h):
    s = h.to_turns(h.to_auction(E.new_game(h.header(4))))
    lg = E.legal(s)
    a = actions(lg)
    assert lg["to_act"] == [0]
    assert not a["BuildTank"]["allowed"] and "no Tank card" in a["BuildTank"]["reason"]
    assert a["BuildTower"]["allowed"] and a["BuildTower"]["territories"] == ["A1"]
    assert not a["Activate"]["allowed"] and "store is empty" in a["Activate"]["reason"]
    targets = {(o["source"], o["target"], o["by"]) for o in a["Invade"]["options"]}
    assert targets == {("A1", "A2", "land"), ("A1", "B1", "land"), ("A1", "C1", "sea")}
    assert a["EndTurn"]["allowed"]
    assert not a["Move"]["allowed"]  # Anna has a single territory
    s2, _ = E.apply(s, C.Invade(0, "A1", "A2", 1))
    move = actions(E.legal(s2))["Move"]
    assert move["sources"] == [{"source": "A1", "soldiers": 1, "tanks": 0, "airplanes": 0,
                                "targets": [{"target": "A2", "land": True, "sea": False}]}]
    s.seats[0].florins = 0
    a = actions(E.legal(s))
    assert not a["BuildTower"]["allowed"] and "holds 0 florins" in a["BuildTower"]["reason"]


def test_game_over_nobody_acts(h):
    s = h.to_turns(h.to_auction(E.new_game(h.header(4, target=2))))
    s, _ = h.run(s, *[C.EndTurn(x) for x in s.turn_order])
    lg = E.legal(s)
    assert lg["phase"] == "over" and lg["to_act"] == [] and lg["winner"] == 0


def test_a_state_whose_phase_promises_what_it_lacks_is_refused_in_words(h):
    """A hand-edited or damaged state (choosing with nobody left, bidding without an
    auction) is "not a Magnifico state", never a KeyError or AttributeError."""
    s = h.to_auction(E.new_game(h.header(4)))
    s, _ = E.apply(s, C.DrawAuction(("tank_2", "tank_3", "walls_1")))
    for seat, amount in {0: 10, 1: 40, 2: 10, 3: 10}.items():
        s, _ = E.apply(s, C.LockBid(seat, amount))
    assert E.legal(s)["phase"] == "choosing"
    done = dataclasses.replace(s.auction, done=list(s.auction.bidders))
    with pytest.raises(IllegalCommand) as err:
        E.legal(dataclasses.replace(s, auction=done))
    assert err.value.key == "not_a_state"
    with pytest.raises(IllegalCommand) as err:
        E.legal(dataclasses.replace(s, auction=None))
    assert err.value.key == "not_a_state"
