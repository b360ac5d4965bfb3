"""Rules audit of the battle package: one focused test per rule, citing it (docs/rules-audit.md).

Rules test_battle_machine.py already covers well are not repeated. A test marked
``xfail(strict=True, reason="BUG: ...")`` records a disagreement with the rules.
"""

import pytest

from companion.errors import GameError
from companion.games.magnifico import commands as C
from companion.games.magnifico import engine as E
from companion.games.magnifico.battle import options, outcome, start, step

# the step helpers the battle machine tests use (same folder, on pytest's import path)
from test_battle_machine import B, H, X, inf, play, setup  # noqa: E402


def tanks(side, *rolls, **kw):
    return {"side": side, "assault": "tanks", "rolls": [list(r) for r in rolls], **kw}


def planes(side, dice, **kw):
    return {"side": side, "assault": "airplanes", "dice": list(dice), **kw}


def tank(n=1, dice=4, hits=5):
    return {"tanks": n, "tank_card": {"dice": dice, "hits": hits}}


def plane(n=1, hooks=3):
    return {"airplanes": n, "airplane_card": {"hooks": hooks}}


def cards(**kw):
    return {"cards": kw}


# ------------------------------------------------------------ castle protection (7.7)


def test_castle_protection_applies_to_the_halved_tank_hits_rulebook_7_5_3_7_7_4():
    """7.5.3 + 7.7.4: a 4-5 tank with 1 explosion scores 5 // 2 = 2, minus castle level 1 = 1 kill."""
    pos = play(setup(tank(), {"soldiers": 5, "castle": {"towers": 0}}), tanks("attacker", (X, H, B, B)))
    assert pos["defender"]["soldiers"] == 4


def test_tank_upgrades_count_before_halving_rulebook_7_5_3_13_8_13_9():
    """Full power = 3 + 1 cannon-lighter + 2 multi-cannon = 6; 1 explosion: 3; castle level 2: 1 kill."""
    att = {**tank(dice=3, hits=3), **cards(cannon_lighter=1, multi_cannon=1)}
    pos = play(setup(att, {"soldiers": 5, "castle": {"towers": 1}}), tanks("attacker", (X, B, B)))
    assert pos["defender"]["soldiers"] == 4


def test_bombards_do_not_lower_the_castle_against_tanks_rulebook_13_13():
    att = {**tank(dice=3, hits=3), **cards(bombard=2)}
    pos = play(setup(att, {"soldiers": 5, "castle": {"towers": 1}}), tanks("attacker", (B, B, B)))
    assert pos["defender"]["soldiers"] == 5 - (3 - 2)


def test_bombards_never_make_protection_negative_rulebook_13_13():
    pos = play(setup({"soldiers": 2, **cards(bombard=4)}, {"soldiers": 5, "castle": {"towers": 0}}),
               inf("attacker", (H, B)))
    assert pos["defender"]["soldiers"] == 4


def test_walls_without_a_castle_protect_nothing_rulebook_13_17():
    """13.17: Walls strengthen castles; a territory without a castle has no protection."""
    pos = play(setup({"soldiers": 2}, {"soldiers": 5, **cards(walls=2)}), inf("attacker", (H, H)))
    assert pos["defender"]["soldiers"] == 3


def test_the_attackers_castle_gives_no_protection_rulebook_7_7_8():
    """7.7.8: the defender's infantry and tanks kill at full strength."""
    pos = play(setup({"soldiers": 4}, {"soldiers": 3, "castle": {"towers": 4}, **tank(dice=2, hits=2)}),
               inf("attacker", (B, B, B, B)), tanks("defender", (B, B)))
    assert pos["attacker"]["soldiers"] == 2


def test_multi_gun_and_battle_wagon_serve_the_defender_too_rulebook_13_11_13_12():
    """13.11-13.12 say 'players': the bonuses work on either side's infantry."""
    pos = play(setup({"soldiers": 6}, {"soldiers": 3, **cards(multi_gun=1, battle_wagon=1)}),
               inf("attacker", (B,) * 6), inf("defender", (H, B, B)))
    assert pos["attacker"]["soldiers"] == 6 - 3


# ------------------------------------------------------------ tanks (7.5)


def test_a_tank_roll_after_an_explosion_ended_the_battle_is_refused_rd_battle():
    """rd: the battle ends the instant an army's last soldier falls; steps after the end are errors
    (battle-notation: 'Steps after the battle has ended are an error'); the machine already refuses a
    tank roll after a tank *kill* ended it."""
    with pytest.raises(GameError, match="after the end"):
        play(setup(tank(2)), tanks("attacker", (X, X, X, B), (H, H, H, H)))


def test_a_tank_roll_after_a_kill_ended_the_battle_is_refused_rd_battle():
    with pytest.raises(GameError, match="after the end"):
        play(setup(tank(2), {"soldiers": 1}), tanks("attacker", (H, H, H, H), (H, H, H, H)))


def test_defender_tank_explosion_gives_the_attacker_the_win_army_variant_rd_battle():
    """rd: a tank with 3+ explosions destroys its whole army, so the opponent wins: nothing left
    to capture."""
    d = {"soldiers": 4, **tank(2, dice=3, hits=3), **plane(1)}
    pos = play(setup({"soldiers": 2}, d), inf("attacker", (B, B)), tanks("defender", (X, X, X)))
    out = outcome(pos)
    assert out["winner"] == "attacker" and out["captured"] == {"tanks": 0, "airplanes": 0}
    assert out["losses"]["defender"] == {"soldiers": 4, "tanks": 2, "airplanes": 1}


def test_defender_tank_explosion_infantry_variant_rest_captured_rd_battle():
    d = {"soldiers": 4, **tank(2, dice=3, hits=3), **plane(1)}
    pos = play(setup({"soldiers": 2}, d, variants={"tank_explosion": "infantry"}),
               inf("attacker", (B, B)), tanks("defender", (X, X, X)))
    out = outcome(pos)
    assert out["winner"] == "attacker" and out["captured"] == {"tanks": 1, "airplanes": 1}


def test_two_explosions_jam_even_a_one_die_tank_cannot_explode_rulebook_7_5_4_13_7():
    """13.7 + 7.5.4: 4 dice - 5 gears = 1 die: a single die can never make 3 explosions."""
    att = {**tank(dice=4, hits=5), **cards(transmission_gear=5)}
    pos = play(setup(att), tanks("attacker", (X,)))
    assert pos["attacker"]["tanks"] == 1 and not pos["over"]  # half of 5 = 2 hits
    assert pos["defender"]["soldiers"] == 1
    with pytest.raises(GameError, match="needs 1 die"):
        play(setup(att), tanks("attacker", (X, X)))


def test_the_player_may_stop_after_any_tank_and_switch_assault_rulebook_7_5_2():
    pos = play(setup({"soldiers": 2, **tank(3)}, {"soldiers": 6}),
               tanks("attacker", (B, B, B, B)), inf("attacker", (B, B)))
    assert pos["attacker"]["tanks"] == 3 and pos["defender"]["soldiers"] == 1
    with pytest.raises(GameError, match="already made its tanks assault"):
        step(pos, tanks("attacker", (B, B, B, B)))


# ------------------------------------------------------------ airplanes and interceptions (7.6)


def test_airplane_kills_end_the_battle_and_their_explosions_are_void_rd_battle():
    """rd: hits first, then the roller's own losses; the rest of the roll is void at the end."""
    pos = play(setup({"soldiers": 1, **plane(3)}, {"soldiers": 2}), planes("attacker", (H, H, X)))
    out = outcome(pos)
    assert out["winner"] == "attacker" and out["attacker"]["airplanes"] == 3


def test_anti_tank_bomb_interceptor_explosion_is_lost_survivors_fight_rulebook_7_6_6():
    d = {"soldiers": 3, **plane(2), **cards(anti_tank_bomb=1)}
    pos = play(setup({"soldiers": 2, **tank(2, dice=2, hits=2)}, d),
               tanks("attacker", (B, B), intercept={"airplanes": 2, "dice": [H, X]}))
    assert pos["attacker"]["tanks"] == 1 and pos["defender"]["airplanes"] == 1
    assert pos["defender"]["soldiers"] == 1  # the surviving tank fired: 2 hits
    pos = step(pos, planes("defender", (H,)))  # the surviving interceptor attacks normally
    assert pos["attacker"]["soldiers"] == 1


def test_interceptor_with_both_upgrades_against_tanks_then_airplanes_rulebook_7_6_7():
    d = {"soldiers": 5, **plane(1), **cards(anti_tank_bomb=1, anti_aircraft_culverin=1)}
    a = {"soldiers": 2, **tank(1, dice=2, hits=2), **plane(2)}
    pos = play(setup(a, d),
               tanks("attacker", intercept={"airplanes": 1, "dice": [H]}),
               planes("attacker", (B,), intercept={"airplanes": 1, "dice": [H]}))
    assert pos["attacker"]["tanks"] == 0 and pos["attacker"]["airplanes"] == 1


def test_gyroscope_kills_per_hit_not_per_die_rulebook_7_6_5():
    pos = play(setup({"soldiers": 1, **plane(2), **cards(gyroscope=2)}, {"soldiers": 9}),
               planes("attacker", (H, B)))
    assert pos["defender"]["soldiers"] == 9 - 3


# ------------------------------------------------------------ paratrooper and great cannon


def test_paratrooper_hit_lets_infantry_kill_at_full_strength_rulebook_7_6_8():
    a = {"soldiers": 4, **plane(2), **cards(paratrooper=1)}
    d = {"soldiers": 9, "castle": {"towers": 4}}
    pos = play(setup(a, d), planes("attacker", (B,), paratrooper=H), inf("attacker", (H, H, H)))
    assert pos["defender"]["soldiers"] == 6
    assert outcome(pos)["castle"] == {"towers": 4, "protection": 0}


def test_paratrooper_needs_a_castle_rulebook_7_6_8():
    a = {"soldiers": 4, **plane(2), **cards(paratrooper=1)}
    with pytest.raises(GameError, match="castle"):
        play(setup(a), planes("attacker", (B,), paratrooper=H))


def test_great_cannon_only_on_parried_hits_after_bombards_rulebook_13_13_13_14():
    """Level 3 (2 towers) - 2 bombards = protection 1: one hit parried, one tower falls."""
    a = {"soldiers": 3, **cards(bombard=2, great_cannon=2)}
    pos = play(setup(a, {"soldiers": 9, "castle": {"towers": 2}}), inf("attacker", (H, H, H), great_cannon=True))
    assert pos["defender"]["soldiers"] == 7 and pos["towers"] == 1


# ------------------------------------------------------------ automaton (13.10)


def test_automaton_kills_the_last_attacker_and_the_defender_wins_rulebook_13_10():
    d = {"soldiers": 3, "castle": {"towers": 2}, **cards(automaton=1)}
    pos = play(setup({"soldiers": 2}, d), inf("attacker", (B, B)),
               {"side": "defender", "assault": "automaton", "dice": [H, H]})
    assert outcome(pos)["winner"] == "defender"


def test_automaton_is_an_extra_fourth_assault_rulebook_13_10():
    d = {"soldiers": 3, "castle": {"towers": 1}, **cards(automaton=1), **tank(1, dice=1, hits=1), **plane(1)}
    pos = play(setup({"soldiers": 6}, d), inf("attacker", (B,) * 6),
               inf("defender", (B, B, B)), tanks("defender", (B,)), planes("defender", (B,)),
               {"side": "defender", "assault": "automaton", "dice": [X]})
    # the tank's blank still scores its full power (7.5.3: only explosions count): 1 kill
    assert pos["attacker"]["soldiers"] == 5 and pos["used"] == ["infantry", "tanks", "airplanes", "automaton"]


# ------------------------------------------------------------ retreat (7.3.10)


def test_retreat_takes_bombards_into_account_rulebook_7_3_10():
    """2 soldiers vs level 3 with 1 bombard: protection 2, at most 2 hits: no kill possible."""
    a = {"soldiers": 2, **cards(bombard=1)}
    pos = start(setup(a, {"soldiers": 3, "castle": {"towers": 2}}))
    assert options(pos)["retreat"]["allowed"]
    pos = step(pos, {"side": "attacker", "retreat": True})
    assert outcome(pos)["retreated"] and outcome(pos)["winner"] is None


def test_no_retreat_when_a_multi_gun_could_pierce_rulebook_7_3_10():
    """2 soldiers + 1 multi-gun: up to 3 hits > protection 2."""
    a = {"soldiers": 2, **cards(multi_gun=1)}
    with pytest.raises(GameError, match="may not retreat"):
        play(setup(a, {"soldiers": 3, "castle": {"towers": 1}}), {"side": "attacker", "retreat": True})


def test_retreat_allowed_when_the_tank_cannot_beat_the_level_rulebook_7_3_10():
    a = {"soldiers": 1, **tank(1, dice=2, hits=2)}
    pos = play(setup(a, {"soldiers": 3, "castle": {"towers": 1}}), {"side": "attacker", "retreat": True})
    assert pos["retreated"]
    a = {"soldiers": 1, **tank(1, dice=2, hits=3)}
    with pytest.raises(GameError, match="tank"):
        play(setup(a, {"soldiers": 3, "castle": {"towers": 1}}), {"side": "attacker", "retreat": True})


def test_retreat_only_against_a_castle_rulebook_7_3_10():
    """7.3.10: 'In the case the territory is defended by a Castle ...': 1 soldier against
    level 1 may go home; without a castle every hit kills, so never."""
    pos = start(setup({"soldiers": 1}, {"soldiers": 3, "castle": {"towers": 0}}))
    assert options(pos)["retreat"]["allowed"]
    with pytest.raises(GameError, match="may not retreat"):
        play(setup({"soldiers": 1}, {"soldiers": 3}), {"side": "attacker", "retreat": True})


# ------------------------------------------------------------ through the game engine


@pytest.fixture
def turn(h):
    s = h.to_turns(h.to_auction(E.new_game(h.header(4))))
    s.seats[0].florins = 300
    return s


def test_conquest_takes_the_defenders_tanks_and_the_cannon_destroyed_towers_go_to_the_box_rulebook_7_3_8(h, turn):
    """7.3.8, 8.1, 13.14: the attacker takes the castle, the towers left and the enemy tanks."""
    s = h.give(turn, 0, "great_cannon_1")
    s = h.give(s, 1, "tank_3")
    t = s.territories["A2"]
    t.owner, t.soldiers, t.castle, t.towers, t.tanks = 1, 2, True, 2, 2
    s.territories["A1"].soldiers = 7
    towers_out = s.pieces_on_board()["towers"]
    s, _ = E.apply(s, C.Attack(0, "A1", "A2", 6))
    # level 3: 4 hits -> 1 kill, 3 parried, the Great Cannon brings down one tower
    s, _ = E.apply(s, C.BattleStep(inf("attacker", (H, H, H, H, B, B), great_cannon=True)))
    # defender's turn: 1 soldier, its tanks (tank_3: 4 dice) fire blanks
    s, _ = E.apply(s, C.BattleStep(inf("defender", (B,))))
    s, _ = E.apply(s, C.BattleStep(inf("attacker", (H, H, H, B, B, B))))  # level 2 now: 1 kill
    t = s.territories["A2"]
    assert s.phase == "turns" and (t.owner, t.soldiers, t.towers, t.tanks) == (0, 6, 1, 2)
    assert s.pieces_on_board()["towers"] == towers_out - 1
    assert s.seats[1].reserve == 36 + 2


def test_an_exploding_attacker_tank_loses_the_whole_army_and_the_pieces_go_to_the_box_rd_battle(h, turn):
    s = h.give(turn, 0, "tank_2", "airplane_2")  # tank_2: 5 dice, 4 hits in the fixture
    t = s.territories["A1"]
    t.soldiers, t.tanks, t.airplanes = 5, 2, 1
    s.territories["A2"].owner, s.territories["A2"].soldiers = 1, 3
    s, _ = E.apply(s, C.Attack(0, "A1", "A2", 3, tanks=2, airplanes=1))
    s, _ = E.apply(s, C.BattleStep(tanks("attacker", (X, X, X, B, B))))
    assert s.phase == "turns" and s.territories["A2"].owner == 1
    assert s.territories["A2"].tanks == 0 and s.territories["A2"].airplanes == 0  # nothing to capture
    assert s.pieces_on_board()["tanks"] == 0 and s.pieces_on_board()["airplanes"] == 0
    assert s.territories["A1"].soldiers == 2 and s.seats[0].reserve == 36 + 3


def test_engine_passes_defender_cards_and_walls_to_the_battle_rd_battle(h, turn):
    s = h.give(turn, 1, "walls_1", "submarine_1", "automaton_1")
    s.territories["A2"].owner, s.territories["A2"].soldiers = 1, 3
    s.territories["C1"].owner, s.territories["C1"].soldiers = 1, 2
    s.territories["A1"].soldiers = 5
    s, _ = E.apply(s, C.Attack(0, "A1", "C1", 4))  # sea raid: 1 + 1 submarine = 2 lost
    assert s.battle["position"]["attacker"]["soldiers"] == 2
    assert s.battle["setup"]["defender"]["cards"]["walls"] == 1


def test_rulebook_worked_example_through_the_game_rulebook_7_7_4(h, turn):
    """7.7.4: castle level 1, 7 defenders; 3 soldiers, 2 airplanes and a 4-5 tank attack.
    The defender loses 6, then its last soldier to its own explosion; the attacker loses one
    airplane and one soldier, occupies the territory and conquers the castle."""
    s = h.give(turn, 0, "tank_2", "airplane_2")
    s.card_values["tank_2"] = {"dice": 4, "hits": 5}
    t = s.territories["A1"]
    t.soldiers, t.tanks, t.airplanes = 4, 1, 2
    d = s.territories["A2"]
    d.owner, d.soldiers, d.castle = 1, 7, True
    s, _ = E.apply(s, C.Attack(0, "A1", "A2", 3, tanks=1, airplanes=2))
    for st in (inf("attacker", (H, H, X)), planes("attacker", (H, X)), tanks("attacker", (B, H, H, B))):
        s, _ = E.apply(s, C.BattleStep(st))
    assert s.battle["position"]["defender"]["soldiers"] == 1
    s, ev = E.apply(s, C.BattleStep(inf("defender", (X,))))
    d = s.territories["A2"]
    assert (d.owner, d.soldiers, d.tanks, d.airplanes, d.castle) == (0, 2, 1, 1, True)
    assert s.seats[1].reserve == 36 + 7 and s.seats[0].reserve == 36 + 1


def test_the_attacker_may_intercept_the_defenders_tanks_rulebook_7_6_6():
    """7.6.6 is written for 'the enemy' of whoever assaults with tanks: either side."""
    a = {"soldiers": 3, **plane(1), **cards(anti_tank_bomb=1)}
    d = {"soldiers": 3, **tank(2, dice=2, hits=2)}
    pos = play(setup(a, d), inf("attacker", (B, B, B)),
               tanks("defender", (B, B), intercept={"airplanes": 1, "dice": [H]}))
    assert pos["defender"]["tanks"] == 1 and pos["attacker"]["soldiers"] == 1


def test_the_infantry_explosion_variant_chosen_at_setup_reaches_the_battle_rd_battle(h):
    """rd: variant (Italian rulebook 7.5.3): only the soldiers die; the defender captures the
    attacker's remaining tank and airplane."""
    s = h.to_turns(h.to_auction(E.new_game(h.header(4, variants={"tank_explosion": "infantry"}))))
    s.seats[0].florins = 300
    s = h.give(s, 0, "tank_2", "airplane_2")
    t = s.territories["A1"]
    t.soldiers, t.tanks, t.airplanes = 5, 2, 1
    s.territories["A2"].owner, s.territories["A2"].soldiers = 1, 3
    s, _ = E.apply(s, C.Attack(0, "A1", "A2", 3, tanks=2, airplanes=1))
    s, _ = E.apply(s, C.BattleStep(tanks("attacker", (X, X, X, B, B))))
    d = s.territories["A2"]
    assert (d.owner, d.soldiers, d.tanks, d.airplanes) == (1, 3, 1, 1)
