"""Setup: the deck by player count, the start-order roll, first castles, 100 florins."""

import pytest

from companion.errors import GameError
from companion.games.magnifico import commands as C
from companion.games.magnifico import engine as E
from companion.games.magnifico.state import State


def test_new_game_refuses_wrong_player_counts(h):
    with pytest.raises(GameError, match="3 to 5"):
        E.new_game({**h.header(3), "seats": [{"name": "A"}, {"name": "B"}]})


def test_unknown_variant_is_refused(h):
    with pytest.raises(GameError, match="unknown variant"):
        E.new_game(h.header(4, variants={"free_lunch": True}))


@pytest.mark.parametrize("n,k", [(3, 2), (4, 1)])
def test_deck_removal_by_player_count(h, n, k):
    """Rulebook 4.2 / rd: Deck: 4 players remove 1 Tank + 1 Airplane, 3 players 2 + 2."""
    s = E.new_game(h.header(n))
    assert s.phase == "remove_cards"
    with pytest.raises(GameError, match=f"{k} Tank"):
        E.apply(s, C.RemoveCards(tuple(f"airplane_{i}" for i in range(1, k + 1))))
    s2, _ = E.apply(s, h.removal(s))
    assert len(s2.decks["vehicles"]["unknown"]) == 10 - 2 * k
    assert s2.phase == "start_roll"


def test_five_players_remove_nothing(h):
    s = E.new_game(h.header(5))
    assert s.phase == "start_roll" and len(s.decks["vehicles"]["unknown"]) == 10


def test_start_roll_most_hits_then_fewer_explosions_then_reroll(h):
    """Rulebook 4.7: most hits; ties to fewer explosions; still tied players roll again."""
    s = E.new_game(h.header(4))
    s = E.apply(s, h.removal(s))[0]
    tie = ("hit", "hit", "hit", "blank", "blank", "explosion")
    s, _ = h.run(s, C.StartOrderRoll(0, tie), C.StartOrderRoll(1, ("hit",) * 2 + ("blank",) * 4),
                 C.StartOrderRoll(2, tie))
    s, ev = E.apply(s, C.StartOrderRoll(3, ("hit", "hit", "hit", "blank", "explosion", "explosion")))
    # Seats 0 and 2: 3 hits, 1 explosion each; seat 3 has more explosions: 0 and 2 roll again.
    assert s.start_roll["contenders"] == [0, 2]
    assert any(e["type"] == "start_roll_tied" for e in ev)
    with pytest.raises(GameError, match="not rolling"):
        E.apply(s, C.StartOrderRoll(1, h.WIN))
    s, _ = h.run(s, C.StartOrderRoll(0, h.LOSE), C.StartOrderRoll(2, ("hit",) + ("blank",) * 5))
    assert s.leonardo == 2 and s.phase == "first_castles"
    assert s.castle_order == [2, 3, 0, 1]


def test_start_roll_needs_six_faces(h):
    s = E.new_game(h.header(5))
    with pytest.raises(GameError, match="6 dice"):
        E.apply(s, C.StartOrderRoll(0, ("hit",) * 5))
    with pytest.raises(GameError, match="not a die face"):
        E.apply(s, C.StartOrderRoll(0, ("hit",) * 5 + ("six",)))


def test_first_castles_from_holder_clockwise_without_land_border(h):
    """Rulebook 4.8: from the Leonardo holder clockwise; no castle bordering (by land) another's."""
    s = h.to_castles(E.new_game(h.header(4)), leonardo=1)
    with pytest.raises(GameError, match="Bruno places"):
        E.apply(s, C.PlaceFirstCastle(0, "A1"))
    s, _ = E.apply(s, C.PlaceFirstCastle(1, "A1"))
    with pytest.raises(GameError, match="borders Bruno's castle"):
        E.apply(s, C.PlaceFirstCastle(2, "A2"))
    with pytest.raises(GameError, match="already taken"):
        E.apply(s, C.PlaceFirstCastle(2, "A1"))
    # C1 faces the same sea as A1 but shares no land border: allowed (only land borders count).
    s, _ = E.apply(s, C.PlaceFirstCastle(2, "C1"))
    assert s.territories["C1"].owner == 2 and s.territories["C1"].castle and s.territories["C1"].soldiers == 2


def test_after_setup_100_florins_then_round_one_income_and_recruitment(h):
    """4.8: 100 florins; 5.1: income 10/territory + 10/castle; 5.2: one soldier per territory."""
    s = h.to_auction(E.new_game(h.header(4)))
    assert s.round == 1 and s.phase == "auction_draw"
    for seat in range(4):
        p = s.seats[seat]
        assert p.florins == 120
        assert p.reserve == 40 - 1 - 3  # score marker, 2 placed, 1 recruited
    assert s.territories["A1"].soldiers == 3


def test_state_round_trips_through_json(h):
    import json

    s = h.to_turns(h.to_auction(E.new_game(h.header(4))), bids={0: 30})
    d = s.to_dict()
    again = State.from_dict(json.loads(json.dumps(d)))
    assert again.to_dict() == d


def test_apply_never_mutates_its_input(h):
    s = h.to_auction(E.new_game(h.header(4)))
    before = s.to_dict()
    h.to_turns(s)
    assert s.to_dict() == before


def test_commands_round_trip(h):
    cmds = [C.LockBid(0, 30), C.DrawAuction(("tank_2", "walls_1")), C.Move(0, ({"source": "A1", "target": "A2",
            "soldiers": 1},)), C.BattleStep({"side": "attacker", "assault": "infantry", "dice": ["hit"]})]
    for cmd in cmds:
        assert C.from_dict(C.to_dict(cmd)) == cmd
    with pytest.raises(GameError, match="unknown command"):
        C.from_dict({"type": "Teleport"})
    with pytest.raises(GameError, match="needs a 'amount'"):
        C.from_dict({"type": "LockBid", "seat": 0})


@pytest.mark.parametrize("d", [
    {"type": "Activate", "seat": 0, "card": ["a"]},
    {"type": "DrawAuction", "cards": [["a"]]},
    {"type": "LockBid", "seat": True, "amount": 10},
    {"type": "SetCardValue", "card": "tank_1", "field": "dice", "value": "4"},
    {"type": "Move", "seat": 0, "moves": [1]},
    {"type": "BattleStep", "step": []},
])
def test_wrongly_typed_commands_are_refused_with_a_reason(d):
    with pytest.raises(GameError, match=d["type"]):
        C.from_dict(d)


def test_income_is_capped_at_300_the_excess_to_the_bank(h):
    """5.1.3: nobody holds more than 300 florins."""
    s = h.to_turns(h.to_auction(E.new_game(h.header(4))))
    s.seats[0].florins = 290
    s, ev = h.run(s, *[C.EndTurn(x) for x in s.turn_order])
    assert s.seats[0].florins == 300
    income = [e for e in ev if e["type"] == "florins" and e["seat"] == 0 and e["why"] == "income"]
    assert income == [{"type": "florins", "seat": 0, "amount": 20, "to_bank": 10, "why": "income"}]


def test_a_short_army_chooses_which_territories_go_without(h):
    """5.2.3: not enough soldiers: the player names the territories that get none."""
    s = h.to_turns(h.to_auction(E.new_game(h.header(4))))
    for tid in ("A2", "B1"):
        s.territories[tid].owner, s.territories[tid].soldiers = 0, 1
    s.seats[0].reserve = 1  # one soldier left for three territories (A1, A2, B1)
    s, _ = h.run(s, *[C.EndTurn(x) for x in s.turn_order])
    assert s.phase == "recruit" and s.recruit_pending == [0]
    with pytest.raises(GameError, match="name exactly 2"):
        E.apply(s, C.Recruit(0, ("A2",)))
    with pytest.raises(GameError, match="not Anna's territory"):
        E.apply(s, C.Recruit(0, ("A2", "A3")))
    s, ev = E.apply(s, C.Recruit(0, ("A2", "B1")))
    assert s.territories["A1"].soldiers == 4 and s.territories["A2"].soldiers == 1
    assert s.seats[0].reserve == 0 and s.phase == "auction_draw"
