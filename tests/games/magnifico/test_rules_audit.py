"""Rules audit of the engine: one focused test per rule, citing it (docs/rules-audit.md).

Rules already covered well by test_auction/test_turns/test_raids/test_scoring/test_setup
are not repeated here. A test marked ``xfail(strict=True, reason="BUG: ...")`` records a
place where the engine disagrees with the rules; the fixer removes the mark.
"""

import pytest

from companion.errors import GameError
from companion.games.magnifico import commands as C
from companion.games.magnifico import engine as E


@pytest.fixture
def four(h):
    """4 players at the auction draw of round 1; Anna (0) holds Leonardo; castles A1, A3, B2, C2."""
    return h.to_auction(E.new_game(h.header(4)))


@pytest.fixture
def turn(h, four):
    """Round 1, Anna's turn; everyone has 120 florins and 3 soldiers in the castle territory."""
    return h.to_turns(four)


def occupy(s, tid, seat, soldiers=1, **kw):
    t = s.territories[tid]
    t.owner, t.soldiers = seat, soldiers
    for k, v in kw.items():
        setattr(t, k, v)
    return s


def bid_all(s, bids):
    for seat, amount in bids.items():
        s, _ = E.apply(s, C.LockBid(seat, amount))
    return s


# ---------------------------------------------------------------- auction (5.3, rd: Auction)


def test_players_under_10_florins_do_not_bid_rd_auction(h, four):
    """rd: Auction: every player with at least 10 florins bids; the others sit it out."""
    s = four.copy()
    s.seats[2].florins = 0
    s = h.draw(s)
    assert 2 not in s.auction.bidders
    with pytest.raises(GameError, match="cannot bid"):
        E.apply(s, C.LockBid(2, 10))
    s = bid_all(s, {0: 10, 1: 10, 3: 10})  # the bids are revealed without Carla's
    assert s.phase == "choosing" and 2 not in s.auction.bids


@pytest.mark.parametrize("n, left, expected", [
    (3, 2, (1, 1)), (3, 1, (1, 1)), (3, 0, (0, 2)),
    (4, 2, (2, 1)), (4, 1, (1, 2)), (4, 0, (0, 3)),
    (5, 2, (2, 2)), (5, 1, (1, 3)), (5, 0, (0, 4)),
])
def test_cards_on_auction_when_the_vehicle_deck_runs_short_rulebook_5_3_1_to_5_3_3(h, n, left, expected):
    """5.3.1-5.3.3: projects fill the gap left by a short Tank/Airplane deck."""
    s = h.to_auction(E.new_game(h.header(n)))
    s.decks["vehicles"]["unknown"] = s.decks["vehicles"]["unknown"][:left]
    assert E.auction_counts(s) == expected


def test_unsold_vehicle_cards_at_the_bottom_still_count_as_the_deck_rulebook_5_3_13(h, four):
    """5.3.13: an unsold card goes to the bottom of its deck; the deck is not depleted."""
    s = four.copy()
    s.decks["vehicles"]["unknown"] = []
    s.decks["vehicles"]["bottom"] = ["tank_4"]
    assert E.auction_counts(s) == (1, 2)
    s = h.draw(s)
    assert "tank_4" in s.auction.cards and s.decks["vehicles"]["bottom"] == []


def test_single_top_bidder_takes_leonardo_and_ties_below_follow_the_new_holder_rd_auction(h, four):
    """rd: Auction: the first buyer becomes the Magnifico at once; the ties still open are
    ordered from the new holder (holder last). Anna holds; Carla bids 40, the rest 30:
    Carla, then Dario, Anna, Bruno (from the old holder it would be Bruno, Dario, Anna)."""
    s = bid_all(h.draw(four), {0: 30, 1: 30, 2: 40, 3: 30})
    cards = list(s.auction.cards)
    assert E.next_chooser(s) == 2
    s, _ = E.apply(s, C.ChooseCard(2, cards[0]))
    assert s.leonardo == 2
    assert E.next_chooser(s) == 3
    s, _ = E.apply(s, C.ChooseCard(3, cards[1]))
    assert E.next_chooser(s) == 0
    s, _ = E.apply(s, C.ChooseCard(0, cards[2]))
    assert s.phase == "turns" and s.turn.seat == 2  # the new holder plays first (5.4)
    assert s.seats[1].florins == 120  # Bruno bought nothing and pays nothing


def test_passers_never_get_leonardo_and_the_right_passes_on_rulebook_5_3_9_5_3_10(h, four):
    """5.3.9-5.3.10: all bid 30, Bruno passes: Carla buys and takes Leonardo; then Dario, Anna."""
    s = bid_all(h.draw(four), {0: 30, 1: 30, 2: 30, 3: 30})
    cards = list(s.auction.cards)
    s, _ = E.apply(s, C.PassChoice(1))
    assert s.leonardo == 0
    s, _ = E.apply(s, C.ChooseCard(2, cards[0]))
    assert s.leonardo == 2 and s.seats[1].florins == 120 and s.seats[2].florins == 90
    assert E.next_chooser(s) == 3
    s, _ = E.apply(s, C.PassChoice(3))
    assert E.next_chooser(s) == 0


def test_nobody_buys_leonardo_stays_and_all_cards_go_to_the_bottom_rulebook_5_3_13(h, four):
    s = bid_all(h.draw(four), {0: 20, 1: 20, 2: 20, 3: 20})
    cards = list(s.auction.cards)
    for seat in (1, 2, 3, 0):
        s, _ = E.apply(s, C.PassChoice(seat))
    assert s.leonardo == 0 and s.phase == "turns"
    assert s.decks["vehicles"]["bottom"] == cards[:2] and s.decks["projects"]["bottom"] == cards[2:]
    assert all(p.florins == 120 for p in s.seats)


# ---------------------------------------------------------------- money (5.1.3, rd: Money)


def test_income_is_capped_at_300_the_excess_to_the_bank_rulebook_5_1_3(h, turn):
    s = turn.copy()
    s.seats[1].florins = 290
    for seat in (0, 1, 2, 3):
        s, ev = E.apply(s, C.EndTurn(seat))
    assert s.round == 2 and s.seats[1].florins == 300
    assert {"type": "florins", "seat": 1, "amount": 20, "to_bank": 10, "why": "income"} in ev


@pytest.mark.parametrize("printed, paid", [(0, 0), (10, 0), (20, 10)])
def test_leonardo_discount_never_below_0_rd_money(h, turn, printed, paid):
    """rd: Money: the holder pays 10 less to activate, never below 0."""
    s = turn.copy()
    s.card_values["walls_1"] = {"activation": printed}
    s.seats[0].store = ["walls_1"]
    s, _ = E.apply(s, C.Activate(0, "walls_1"))
    assert s.seats[0].florins == 120 - paid


def test_leonardo_discount_on_castle_tower_and_airplane_rulebook_12(h, turn):
    """12 (the Leonardo card): 10 less for castles, towers, tanks and airplanes."""
    s = h.give(turn, 0, "airplane_2")
    s, _ = E.apply(s, C.BuildTower(0, "A1"))
    assert s.seats[0].florins == 120 - 10
    s, _ = E.apply(s, C.BuildAirplane(0, "A1"))
    assert s.seats[0].florins == 110 - 10
    s, _ = E.apply(s, C.Invade(0, "A1", "A2", 1))
    assert s.seats[0].florins == 100 - 10  # the invasion: full price
    s, _ = E.apply(s, C.BuildCastle(0, "A2"))
    assert s.seats[0].florins == 90 - 20


def test_no_leonardo_discount_on_attacks_rulebook_12(h, turn):
    """12: the Leonardo card does not change the cost of war (30)."""
    s = occupy(turn.copy(), "A2", 1, 1)
    s, _ = E.apply(s, C.Attack(0, "A1", "A2", 1))
    assert s.phase == "battle" and s.seats[0].florins == 120 - 30


def test_non_holder_pays_full_price_for_a_tower_rd_money(h, turn):
    s = h.end_turns_until(turn, 1)
    s, _ = E.apply(s, C.BuildTower(1, "A3"))
    assert s.seats[1].florins == 120 - 20


def test_a_payment_the_player_cannot_afford_is_refused_rulebook_2_7(h, turn):
    """2.7: no loans or credits."""
    s = turn.copy()
    s.seats[0].florins = 0
    with pytest.raises(GameError, match="holds 0 florins"):
        E.apply(s, C.BuildTower(0, "A1"))
    s.seats[0].florins = 20
    with pytest.raises(GameError, match="holds 20 florins"):
        E.apply(occupy(s, "A2", 1, 1), C.Attack(0, "A1", "A2", 1))


# ---------------------------------------------------------------- cards (6, 13, FAQ)


def test_tank_upgrade_stays_in_the_store_without_a_tank_card_faq(h, turn):
    """FAQ: an upgrade bought without its vehicle card stays in the store until it can be used;
    6.2: tank upgrades have no limit."""
    s = turn.copy()
    s.seats[0].florins = 300
    s.seats[0].store = ["transmission_gear_1", "transmission_gear_2", "transmission_gear_3"]
    with pytest.raises(GameError, match="needs a Tank card"):
        E.apply(s, C.Activate(0, "transmission_gear_1"))
    s = h.give(s, 0, "tank_2")
    s, _ = h.run(s, *(C.Activate(0, f"transmission_gear_{i}") for i in (1, 2, 3)))
    assert s.count_in_play(0, "transmission_gear") == 3


def test_airplane_hooks_count_every_airplane_upgrade_kind_rulebook_6_3(h, turn):
    """6.3: hooks limit all airplane upgrades together (gyroscope, bomb, culverin, paratrooper)."""
    s = h.give(turn, 0, "airplane_2")  # 2 hooks in the fixture
    s.seats[0].florins = 300
    s.seats[0].store = ["anti_tank_bomb_1", "paratrooper_1", "gyroscope_1"]
    s, _ = h.run(s, C.Activate(0, "anti_tank_bomb_1"), C.Activate(0, "paratrooper_1"))
    with pytest.raises(GameError, match="hooks"):
        E.apply(s, C.Activate(0, "gyroscope_1"))


def test_a_card_is_activated_once_and_leaves_the_store_rulebook_5_4_1(h, turn):
    s = turn.copy()
    s.seats[0].store = ["bombard_1"]
    s, _ = E.apply(s, C.Activate(0, "bombard_1"))
    with pytest.raises(GameError, match="not in Anna's store"):
        E.apply(s, C.Activate(0, "bombard_1"))


# ---------------------------------------------------------------- building (5.4.2-5.4.4)


def test_one_piece_per_castle_per_turn_tank_then_airplane_rulebook_5_4_2(h, turn):
    s = h.give(turn, 0, "tank_2", "airplane_2")
    s, _ = E.apply(s, C.BuildAirplane(0, "A1"))
    with pytest.raises(GameError, match="only once per turn"):
        E.apply(s, C.BuildTank(0, "A1"))


def test_each_castle_builds_in_the_same_turn_rulebook_5_4_2(h, turn):
    """5.4.2: one piece per castle, so two castles build two pieces."""
    s = h.give(turn, 0, "tank_2")
    occupy(s, "A2", 0, 1, castle=True)
    s, _ = h.run(s, C.BuildTank(0, "A1"), C.BuildTank(0, "A2"))
    assert s.territories["A1"].tanks == s.territories["A2"].tanks == 1


def test_first_airplane_two_points_once_per_game_rulebook_10_6(h, turn):
    s = h.give(turn, 0, "airplane_2")
    s, _ = E.apply(s, C.BuildAirplane(0, "A1"))
    assert s.seats[0].vp == 2 and s.firsts["airplane"] == 0
    s = h.end_turns_until(s, 1)
    s = h.give(s, 1, "airplane_3")
    s, _ = E.apply(s, C.BuildAirplane(1, "A3"))
    assert s.seats[1].vp == 0


def test_tank_built_costs_what_the_card_prints_rd_money(h, turn):
    """rd: Money: tanks cost what their card prints (here 40; the holder pays 30)."""
    s = h.give(turn, 0, "tank_2")
    s.card_values["tank_2"] = {"cost": 40}
    s, _ = E.apply(s, C.BuildTank(0, "A1"))
    assert s.seats[0].florins == 120 - 30


def test_captured_castle_can_build_in_the_same_turn_rulebook_5_4_2(h, turn):
    """5.4.2: the restriction is on castles *built* this turn; a conquered one was built earlier."""
    s = h.give(turn, 0, "tank_2")
    occupy(s, "A2", 0, 2, castle=True, towers=1)  # as if just conquered
    s, _ = E.apply(s, C.BuildTower(0, "A2"))
    s, _ = E.apply(s, C.BuildTank(0, "A2"))
    assert s.territories["A2"].towers == 2 and s.territories["A2"].tanks == 1


def test_castle_only_on_an_own_territory_without_one_rulebook_5_4_4(h, turn):
    with pytest.raises(GameError, match="not Anna's territory"):
        E.apply(turn, C.BuildCastle(0, "A2"))
    with pytest.raises(GameError, match="already has a castle"):
        E.apply(turn, C.BuildCastle(0, "A1"))


def test_new_castles_may_border_enemy_castles_during_play_rulebook_5_4_4(h, turn):
    s = occupy(turn.copy(), "A2", 0, 1)  # A2 borders Bruno's castle in A3
    s, _ = E.apply(s, C.BuildCastle(0, "A2"))
    assert s.territories["A2"].castle


def test_towers_box_limit_40_rd_box(h, turn):
    """rd: the box has 40 towers."""
    s = turn.copy()
    for tid in s.territories:  # the 9 other territories: perfect cities (36 towers)
        if tid != "A1":
            t = s.territories[tid]
            occupy(s, tid, t.owner if t.owner is not None else 1, max(1, t.soldiers), castle=True, towers=4)
    s.territories["A1"].towers = 3
    assert s.supply("towers") == 1
    s2, _ = E.apply(s, C.BuildTower(0, "A1"))
    assert s2.supply("towers") == 0 and s2.territories["A1"].towers == 4


# ---------------------------------------------------------------- invasion and attack (5.4.5-5.4.6, 7.1)


def test_sea_invasion_has_no_landing_losses_rd_player_turn(h, turn):
    """rd: an invasion is no battle, so a sea invasion loses no soldier."""
    s, _ = E.apply(turn, C.Invade(0, "A1", "C1", 2))
    assert s.territories["C1"].owner == 0 and s.territories["C1"].soldiers == 2


def test_invasion_moves_tanks_and_airplanes_with_their_cards_rd_player_turn(h, turn):
    s = h.give(turn, 0, "tank_2", "airplane_2")
    s.territories["A1"].tanks, s.territories["A1"].airplanes = 2, 1
    s, _ = E.apply(s, C.Invade(0, "A1", "A2", 1, tanks=2, airplanes=1))
    t = s.territories["A2"]
    assert (t.soldiers, t.tanks, t.airplanes) == (1, 2, 1)
    assert s.territories["A1"].tanks == 0


def test_attack_by_sea_needs_a_shared_sea_zone_rulebook_7_1_2(h, turn):
    s = occupy(turn.copy(), "C1", 1, 1)  # Bruno: A3 and C1; C1 faces the 'west' sea with A1
    s.territories["A1"].soldiers = 4
    s, _ = E.apply(s, C.Attack(0, "A1", "C1", 3))
    assert s.phase == "battle" and s.battle["sea_raid"] is True
    assert s.battle["position"]["attacker"]["soldiers"] == 2  # 1 lost at the landing


def test_attack_across_a_land_border_is_not_a_sea_raid_rulebook_7_1_2(h, turn):
    """A1 and B1 border by land and share the west sea: a land attack, no landing losses."""
    s = occupy(turn.copy(), "B1", 1, 1)
    s, _ = E.apply(s, C.Attack(0, "A1", "B1", 2))
    assert s.battle["sea_raid"] is False and s.battle["position"]["attacker"]["soldiers"] == 2


def test_the_same_territory_attacked_twice_counts_twice_faq(h, turn):
    """FAQ: each attack counts towards the 3, even on the same territory."""
    s = occupy(turn.copy(), "A2", 1, 5)
    s.seats[0].florins = 300
    s.territories["A1"].soldiers = 10
    blanks = {"side": "attacker", "assault": "infantry", "dice": ["blank"]}
    for _ in range(3):
        s, _ = E.apply(s, C.Attack(0, "A1", "A2", 1))
        s, _ = E.apply(s, C.BattleStep(blanks))
        s, _ = E.apply(s, C.BattleStep({"side": "defender", "assault": "infantry", "dice": ["hit"] + ["blank"] * 4}))
        assert s.phase == "turns"
    with pytest.raises(GameError, match="3 invasions and attacks"):
        E.apply(s, C.Attack(0, "A1", "A2", 1))


def test_troops_that_conquered_may_attack_again_faq(h, turn):
    """FAQ: the same tokens can be used more than once in a turn."""
    s = occupy(turn.copy(), "A2", 1, 1)
    occupy(s, "A4", 1, 1)
    s.territories["A1"].soldiers = 4
    s, _ = E.apply(s, C.Attack(0, "A1", "A2", 3))
    s, _ = E.apply(s, C.BattleStep({"side": "attacker", "assault": "infantry", "dice": ["hit", "blank", "blank"]}))
    assert s.territories["A2"].owner == 0 and s.territories["A2"].soldiers == 3
    assert E.check(s, C.Attack(0, "A2", "A3", 2)) is None


# ---------------------------------------------------------------- movement (5.4.7, 9)


def test_move_along_a_chain_of_own_territories_rulebook_9_3(h, turn):
    """9.3: A2 -> A1 -> B1, all Anna's: one move by land."""
    s = occupy(turn.copy(), "A2", 0, 3)
    occupy(s, "B1", 0, 1)
    s, ev = E.apply(s, C.Move(0, ({"source": "A2", "target": "B1", "soldiers": 2},)))
    assert s.territories["B1"].soldiers == 3 and s.territories["A2"].soldiers == 1
    assert ev[-1]["moves"][0]["by"] == "land"


def test_move_never_through_enemy_territory_rulebook_9_10(h, turn):
    """9.10: A2 -> A4 would pass Bruno's A3: refused, even with his consent."""
    s = occupy(turn.copy(), "A2", 0, 3)
    occupy(s, "A4", 0, 1)
    with pytest.raises(GameError, match="cannot be reached"):
        E.apply(s, C.Move(0, ({"source": "A2", "target": "A4", "soldiers": 1},)))


def test_move_never_land_and_sea_in_one_move_rulebook_9_5(h, turn):
    """9.5: A2 -> A1 by land then A1 -> C1 by sea is two moves, never one."""
    s = occupy(turn.copy(), "A2", 0, 3)
    occupy(s, "C1", 0, 1)
    with pytest.raises(GameError, match="cannot be reached"):
        E.apply(s, C.Move(0, ({"source": "A2", "target": "C1", "soldiers": 1},)))
    s, _ = E.apply(s, C.Move(0, ({"source": "A2", "target": "A1", "soldiers": 1, "by": "land"},
                                 {"source": "A1", "target": "C1", "soldiers": 1, "by": "sea"})))
    assert s.territories["C1"].soldiers == 2 and s.territories["A2"].soldiers == 2


def test_a_token_may_move_several_times_in_the_movement_rulebook_9_6(h, turn):
    s = occupy(turn.copy(), "A2", 0, 1)
    occupy(s, "C1", 0, 1)
    s, _ = E.apply(s, C.Move(0, ({"source": "A1", "target": "A2", "soldiers": 2},
                                 {"source": "A2", "target": "A1", "soldiers": 2},
                                 {"source": "A1", "target": "C1", "soldiers": 2})))
    assert s.territories["C1"].soldiers == 3 and s.territories["A1"].soldiers == 1


def test_tanks_and_airplanes_move_alone_only_with_their_card_rulebook_9_8_9_9(h, turn):
    """9.8-9.9, 8.3: tanks move alone with their card; captured ones without it cannot move."""
    s = occupy(turn.copy(), "A2", 0, 1)
    s.territories["A1"].tanks = 1
    with pytest.raises(GameError, match="no Tank card"):
        E.apply(s, C.Move(0, ({"source": "A1", "target": "A2", "tanks": 1},)))
    s = h.give(s, 0, "tank_2")
    s, _ = E.apply(s, C.Move(0, ({"source": "A1", "target": "A2", "tanks": 1},)))
    assert s.territories["A2"].tanks == 1 and s.territories["A1"].soldiers == 3


def test_moving_after_an_attack_is_allowed_but_only_once_rulebook_5_4_7(h, turn):
    """5.4.7: the movement may come between two attacks, but all moves at once."""
    s = occupy(turn.copy(), "A2", 0, 1)
    occupy(s, "B1", 1, 1)
    s, _ = E.apply(s, C.Move(0, ({"source": "A1", "target": "A2", "soldiers": 1},)))
    with pytest.raises(GameError, match="already moved"):
        E.apply(s, C.Move(0, ({"source": "A2", "target": "A1", "soldiers": 1},)))


# ---------------------------------------------------------------- recruitment (5.2)


def test_recruitment_when_short_the_player_picks_rulebook_5_2_3(h, turn):
    s = occupy(turn.copy(), "A2", 0, 1)
    s.seats[0].reserve = 1
    for seat in (0, 1, 2, 3):
        s, _ = E.apply(s, C.EndTurn(seat))
    assert s.phase == "recruit" and s.recruit_pending == [0]
    with pytest.raises(GameError, match="name exactly 1"):
        E.apply(s, C.Recruit(0, ()))
    with pytest.raises(GameError, match="no choice"):
        E.apply(s, C.Recruit(1, ()))
    s, _ = E.apply(s, C.Recruit(0, ("A1",)))
    assert s.territories["A2"].soldiers == 2 and s.territories["A1"].soldiers == 3
    assert s.seats[0].reserve == 0 and s.phase == "auction_draw"


def test_no_soldiers_left_no_recruits_and_no_question_rulebook_5_2_3(h, turn):
    s = turn.copy()
    s.seats[0].reserve = 0
    for seat in (0, 1, 2, 3):
        s, _ = E.apply(s, C.EndTurn(seat))
    assert s.phase == "auction_draw" and s.territories["A1"].soldiers == 3


# ---------------------------------------------------------------- scoring and end (10, 11)


def test_workshop_counts_cards_in_play_not_in_store_rulebook_10_2(h, turn):
    s = h.give(turn, 1, "walls_1")
    s.seats[0].store = ["walls_2", "bombard_1"]
    pts = E.round_points(s)
    assert pts[1].get("workshop") == 2 and "workshop" not in pts[0]


def test_workshop_counts_tank_and_airplane_cards_too_rulebook_10_2(h, turn):
    """10.2: 'no matter the kind, apart from the Leonardo card'."""
    s = h.give(turn, 2, "tank_2", "airplane_2")
    s = h.give(s, 1, "walls_1")
    assert E.round_points(s)[2].get("workshop") == 2 and "workshop" not in E.round_points(s)[1]


def test_perfect_city_1_point_each_every_round_rulebook_10_5(h, turn):
    s = turn.copy()
    s.territories["A1"].towers = 4
    occupy(s, "A2", 0, 1, castle=True, towers=4)
    assert E.round_points(s)[0]["perfect_cities"] == 2


def test_work_of_art_points_only_once_rulebook_10_7(h, turn):
    """10.7: points when played, not again at the end of the round (it counts for the Workshop)."""
    s = turn.copy()
    s.seats[0].store = ["work_of_art_1"]
    s, _ = E.apply(s, C.Activate(0, "work_of_art_1"))
    assert s.seats[0].vp == 3
    pts = E.round_points(s)[0]
    assert pts == {"leonardo": 2, "workshop": 2}


def test_end_of_round_win_goes_to_the_leader_first_even_if_another_would_score_more_rulebook_11_3(h, turn):
    """11.2-11.3: Bruno leads with 29 and wins at 30 although Anna (28 + 2 + 2 + ...) would go higher."""
    s = turn.copy()
    s.seats[1].vp = 29
    s.seats[0].vp = 28
    s = h.give(s, 0, "walls_1", "walls_2")  # Anna: Leonardo 2 + Workshop 2
    occupy(s, "A2", 1, 1)  # Bruno: Imperial Crown 2
    for seat in (0, 1, 2, 3):
        s, ev = E.apply(s, C.EndTurn(seat))
    assert s.winner == 1 and s.seats[0].vp == 28


def test_immediate_win_from_a_first_perfect_city_mid_turn_rulebook_10_6_11_3(h, turn):
    s = turn.copy()
    s.seats[0].vp = 28
    s.territories["A1"].towers = 3
    s, ev = E.apply(s, C.BuildTower(0, "A1"))
    assert s.winner == 0 and s.phase == "over"
    with pytest.raises(GameError, match="game is over"):
        E.apply(s, C.EndTurn(0))


def test_a_win_at_end_of_round_stops_the_game_before_the_next_income_rulebook_11_3(h, turn):
    s = turn.copy()
    s.seats[0].vp = 28
    for seat in (0, 1, 2, 3):
        s, ev = E.apply(s, C.EndTurn(seat))
    assert s.winner == 0 and s.phase == "over" and s.round == 1
    assert s.seats[0].florins == 120  # no income of round 2
    assert E.legal(s)["actions"] == [] and E.legal(s)["winner"] == 0


# ---------------------------------------------------------------- legality answers (issue 2, item 3)


def test_an_unaffordable_attack_is_refused_even_before_printed_values_are_known(h):
    """5.4.6, 2.7: an attack costs 30; with 20 florins it is refused, whatever the Tank card prints."""
    s = h.to_turns(h.to_auction(E.new_game(h.header(4, known=False))))
    s = h.give(s, 0, "tank_2")
    s.territories["A1"].tanks = 1
    occupy(s, "A2", 1, 1)
    s.seats[0].florins = 20
    assert E.check(s, C.Attack(0, "A1", "A2", 1, tanks=1)) is not None


def test_an_unaffordable_work_of_art_is_refused_even_before_its_vp_is_known(h):
    s = h.to_turns(h.to_auction(E.new_game(h.header(4, known=False))))
    s.card_values["work_of_art_1"] = {"activation": 40}
    s.seats[0].store = ["work_of_art_1"]
    s.seats[0].florins = 20  # the holder pays 30
    assert E.check(s, C.Activate(0, "work_of_art_1")) is not None


def test_castles_box_limit_16_on_the_shipped_map_rd_box(h):
    """rd: the box has 16 castles; the 17th cannot be built (the real map has 32 territories)."""
    from companion.games.magnifico import data

    box = data.load_box()
    hd = h.header(4)
    hd["map"], hd["cards"] = box["map"], h.full_cards()
    s = E.new_game(hd)
    s = h.to_castles(s)
    ids = list(s.territories)
    placed = []
    for seat in list(s.castle_order):
        tid = next(t for t in ids if E.first_castle_reason(s, seat, t) is None)
        s, _ = E.apply(s, C.PlaceFirstCastle(seat, tid))
        placed.append(tid)
    s = h.to_turns(s)
    free = [t for t in ids if t not in placed]
    for tid in free[:12]:  # 4 + 12 = 16 castles out of the box
        occupy(s, tid, 1, 1, castle=True)
    mine = free[12]
    occupy(s, mine, 0, 1)
    assert s.supply("castles") == 0
    with pytest.raises(GameError, match="all 16 castles"):
        E.apply(s, C.BuildCastle(0, mine))


def test_first_castles_may_share_a_sea_zone_only_land_borders_matter_rulebook_4_8(h):
    """4.8: 'only land borders matter': C1 shares the west sea with Anna's A1 but no land border."""
    s = h.to_castles(E.new_game(h.header(4)))
    s, _ = E.apply(s, C.PlaceFirstCastle(0, "A1"))
    assert E.first_castle_reason(s, 1, "C1") is None
    assert "borders Anna's castle" in E.first_castle_reason(s, 1, "B1")
    assert "borders Anna's castle" in E.first_castle_reason(s, 1, "A2")


# ---------------------------------------------------------------- bad input (GUIDE: never a traceback)


def _at(h, phase):
    s = h.to_auction(E.new_game(h.header(4)))
    if phase == "remove_cards":
        return E.new_game(h.header(4))
    if phase == "auction_draw":
        return s
    s = h.draw(s)
    for seat in list(s.auction.bidders):
        s, _ = E.apply(s, C.LockBid(seat, 10))
    if phase == "choosing":
        return s
    s = h.to_turns(h.to_auction(E.new_game(h.header(4))))
    if phase == "turns":
        return s
    occupy(s, "A2", 0, 1)
    s.seats[0].reserve = 1
    for seat in (0, 1, 2, 3):
        s, _ = E.apply(s, C.EndTurn(seat))
    return s  # "recruit"


@pytest.mark.parametrize("phase, cmd", [
    ("remove_cards", {"type": "RemoveCards", "cards": [["tank_1"]]}),
    ("auction_draw", {"type": "DrawAuction", "cards": [["tank_2"], "airplane_2", "walls_1"]}),
    ("choosing", {"type": "ChooseCard", "seat": 1, "card": ["tank_2"]}),
    ("turns", {"type": "Activate", "seat": 0, "card": {"id": "walls_1"}}),
    ("turns", {"type": "SetCardValue", "card": ["tank_2"], "field": "dice", "value": 3}),
    ("recruit", {"type": "Recruit", "seat": 0, "without": [["A1"]]}),
])
def test_malformed_commands_are_refused_with_a_game_error(h, phase, cmd):
    """Found by this audit (TypeError: unhashable), fixed on main by commands.check_types."""
    s = _at(h, phase)
    assert s.phase == phase
    with pytest.raises(GameError):
        E.apply(s, cmd)


def test_an_unaffordable_airplane_upgrade_is_refused_even_before_the_hooks_are_known(h):
    s = h.to_turns(h.to_auction(E.new_game(h.header(4, known=False))))
    s = h.give(s, 0, "airplane_2")
    s.card_values["gyroscope_1"] = {"activation": 40}
    s.seats[0].store = ["gyroscope_1"]
    s.seats[0].florins = 20  # the holder pays 30
    assert E.check(s, C.Activate(0, "gyroscope_1")) is not None


def test_sealed_bids_are_not_shown_before_every_bid_is_locked_rd_auction(h, four):
    """rd: Auction: bids are revealed together, only once every bid is locked (5.3.4-5.3.5)."""
    s = h.draw(four)
    s, ev = E.apply(s, C.LockBid(0, 70))
    assert "70" not in str(ev) and "70" not in str(E.legal(s))
    view = E.public_view(s)
    assert view["auction"]["bids"] == {} and view["auction"]["locked"] == [0]
