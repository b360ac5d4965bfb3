"""The step machine, one test per rule (rulebook = English rulebook; rd = rules-decisions.md "Battle")."""

import copy
import json

import pytest

from companion.errors import GameError
from companion.games.magnifico.battle import options, outcome, resolve, start, step

H, B, X = "hit", "blank", "explosion"


def setup(attacker=None, defender=None, **extra):
    s = {"attacker": {"soldiers": 3}, "defender": {"soldiers": 3}}
    s["attacker"].update(attacker or {})
    s["defender"].update(defender or {})
    s.update(extra)
    return s


def play(s, *steps):
    pos = start(s)
    for st in steps:
        pos = step(pos, st)
    return pos


def inf(side, dice, **kw):
    return {"side": side, "assault": "infantry", "dice": list(dice), **kw}


def tanks(side, *rolls, **kw):
    return {"side": side, "assault": "tanks", "rolls": list(rolls), **kw}


def planes(side, dice, **kw):
    return {"side": side, "assault": "airplanes", "dice": dice, **kw}


TANK = {"tanks": 1, "tank_card": {"dice": 4, "hits": 5}}
PLANE = {"airplanes": 1, "airplane_card": {"hooks": 2}}


# ------------------------------------------------------------ army composition, rulebook 7.2


@pytest.mark.parametrize(
    "attacker, words",
    [
        ({"soldiers": 7}, "at most 6 soldiers"),
        ({"soldiers": 0}, "at least 1 soldier"),
        ({"tanks": 4, "airplanes": 3, "tank_card": {"dice": 3, "hits": 3}, "airplane_card": {"hooks": 1}}, "at most 6 tanks and airplanes"),
    ],
)
def test_army_limits_rulebook_7_2_1(attacker, words):
    with pytest.raises(GameError, match=words):
        start(setup(attacker))


def test_largest_army_and_unlimited_defender_rulebook_7_2_4():
    pos = start(setup({"soldiers": 6, "tanks": 3, "airplanes": 3, "tank_card": {"dice": 3, "hits": 3},
                       "airplane_card": {"hooks": 0}}, {"soldiers": 25}))
    assert pos["attacker"] == {"soldiers": 6, "tanks": 3, "airplanes": 3}
    assert pos["defender"]["soldiers"] == 25


def test_captured_pieces_without_card_cannot_attack_rulebook_8_3():
    with pytest.raises(GameError, match="captured pieces"):
        start(setup({"tanks": 1}))
    with pytest.raises(GameError, match="captured pieces"):
        start(setup({"airplanes": 1}))


def test_captured_pieces_without_card_cannot_defend_but_are_captured_rulebook_8_1():
    s = setup(defender={"soldiers": 1, "tanks": 2, "airplanes": 1})
    pos = play(s, inf("attacker", [B, B, B]))
    with pytest.raises(GameError, match="no Tank card"):
        step(pos, tanks("defender", [B, B]))
    with pytest.raises(GameError, match="no Airplane card"):
        step(pos, planes("defender", [H]))
    assert {"side": "defender", "assault": "tanks", "reason": "no Tank card"} in options(pos)["unavailable"]
    pos = step(pos, inf("defender", [X]))
    res = outcome(pos)
    assert res["winner"] == "attacker"
    assert res["captured"] == {"tanks": 2, "airplanes": 1}
    assert res["defender"] == {"soldiers": 0, "tanks": 2, "airplanes": 1}


def test_defended_territory_needs_a_soldier():
    with pytest.raises(GameError, match="no soldier"):
        start(setup(defender={"soldiers": 0}))


# ------------------------------------------------------------ sea raid, rulebook 7.3.1, 13.15, 13.16


def test_sea_raid_landing_loses_one_soldier_rulebook_7_3_1():
    pos = start(setup(sea_raid=True))
    assert pos["attacker"]["soldiers"] == 2
    assert outcome(pos)["losses"]["attacker"]["soldiers"] == 1


def test_submarines_and_armoured_ships_rd_sea_raid():
    pos = start(setup({"soldiers": 5}, {"cards": {"submarine": 2}}, sea_raid=True))
    assert pos["attacker"]["soldiers"] == 2  # 1 + 2 submarines
    pos = start(setup({"soldiers": 5, "cards": {"armoured_ship": 2}}, {"cards": {"submarine": 1}}, sea_raid=True))
    assert pos["attacker"]["soldiers"] == 5  # 1 + 1 - 2 -> never below 0


def test_sea_raid_refused_when_no_soldier_would_land_rd():
    with pytest.raises(GameError, match="leaves none"):
        start(setup({"soldiers": 1}, sea_raid=True))
    with pytest.raises(GameError, match="leaves none"):
        start(setup({"soldiers": 2}, {"cards": {"submarine": 1}}, sea_raid=True))


# ------------------------------------------------------------ castles, rulebook 7.7, 13.13, 13.17


@pytest.mark.parametrize("towers, walls, level", [(0, 0, 1), (2, 0, 3), (4, 0, 5), (3, 1, 5), (4, 2, 5), (1, 1, 3)])
def test_castle_level_rd(towers, walls, level):
    pos = start(setup(defender={"castle": {"towers": towers}, "cards": {"walls": walls}}))
    assert outcome(pos)["castle"] == {"towers": towers, "protection": level}


def test_no_castle_no_protection():
    pos = play(setup(defender={"soldiers": 5}), inf("attacker", [H, H, H]))
    assert pos["defender"]["soldiers"] == 2
    assert outcome(pos)["castle"] is None


def test_castle_lowers_the_total_of_an_infantry_assault_rulebook_7_7_3():
    s = setup({"soldiers": 6}, {"soldiers": 5, "castle": {"towers": 4}})
    pos = play(s, inf("attacker", [H] * 6))
    assert pos["defender"]["soldiers"] == 4  # level 5: 6 hits, 1 pierces


def test_bombard_lowers_the_level_for_infantry_only_rulebook_13_13():
    s = setup({"soldiers": 3, "cards": {"bombard": 1}, **TANK}, {"soldiers": 9, "castle": {"towers": 1}})
    pos = play(s, inf("attacker", [H, H, B]))
    assert pos["defender"]["soldiers"] == 8  # level 2 - 1 bombard = 1
    pos = step(pos, tanks("attacker", [B, B, B, B]))
    assert pos["defender"]["soldiers"] == 5  # 5 hits - level 2 (bombards never help tanks)
    assert outcome(pos)["castle"]["protection"] == 2


def test_castle_protects_against_each_single_tank_rulebook_7_7_4():
    s = setup({"soldiers": 2, "tanks": 2, "tank_card": {"dice": 2, "hits": 3}}, {"soldiers": 9, "castle": {"towers": 1}})
    pos = play(s, tanks("attacker", [B, B], [H, H]))
    assert pos["defender"]["soldiers"] == 7  # (3-2) + (3-2), not 6-2


def test_airplanes_ignore_the_castle_rulebook_7_7_5():
    s = setup({"soldiers": 2, "airplanes": 2, "airplane_card": {"hooks": 0}}, {"soldiers": 9, "castle": {"towers": 4}})
    pos = play(s, planes("attacker", [H, H]))
    assert pos["defender"]["soldiers"] == 7


def test_no_protection_for_the_defenders_return_fire_rulebook_7_7_7():
    s = setup({"soldiers": 3}, {"soldiers": 5, "castle": {"towers": 4}})
    pos = play(s, inf("attacker", [X, B, B]), inf("defender", [X, B, B, B, B]))
    assert pos["defender"]["soldiers"] == 4  # its own explosion still costs a soldier


# ------------------------------------------------------------ infantry, rulebook 7.4, 13.11, 13.12, 13.14


def test_infantry_hits_kill_and_explosions_cost_own_soldiers_rulebook_7_4_3():
    pos = play(setup({"soldiers": 4}, {"soldiers": 5}), inf("attacker", [H, H, B, X]))
    assert pos["defender"]["soldiers"] == 3 and pos["attacker"]["soldiers"] == 3


def test_fewer_soldiers_than_available_rulebook_7_3_4():
    pos = play(setup({"soldiers": 4}, {"soldiers": 5}), inf("attacker", [H, X], soldiers=2))
    assert pos["defender"]["soldiers"] == 4 and pos["attacker"]["soldiers"] == 3
    with pytest.raises(GameError, match="needs 2 dice"):
        play(setup({"soldiers": 4}), inf("attacker", [H], soldiers=2))
    with pytest.raises(GameError, match="not 5"):
        play(setup({"soldiers": 4}), inf("attacker", [H] * 5, soldiers=5))


def test_multi_gun_doubles_one_hit_each_rulebook_13_11():
    s = setup({"soldiers": 4, "cards": {"multi_gun": 2}}, {"soldiers": 9})
    assert play(s, inf("attacker", [H, H, H, B]))["defender"]["soldiers"] == 9 - 5
    assert play(s, inf("attacker", [H, B, B, B]))["defender"]["soldiers"] == 9 - 2  # one hit to double


def test_battle_wagon_turns_one_blank_each_rulebook_13_12():
    s = setup({"soldiers": 4, "cards": {"battle_wagon": 2}}, {"soldiers": 9})
    assert play(s, inf("attacker", [H, B, B, B]))["defender"]["soldiers"] == 9 - 3
    assert play(s, inf("attacker", [H, H, H, X]))["defender"]["soldiers"] == 9 - 3  # no blank to turn


def test_one_bonus_per_die_turned_die_never_doubled_rd():
    s = setup({"soldiers": 3, "cards": {"battle_wagon": 3, "multi_gun": 3}}, {"soldiers": 9})
    # 1 hit doubled (2) + 2 blanks turned (1 each, never doubled) = 4
    assert play(s, inf("attacker", [H, B, B]))["defender"]["soldiers"] == 9 - 4


def test_great_cannon_turns_parried_hits_into_destroyed_towers_rulebook_13_14():
    s = setup({"soldiers": 4, "cards": {"great_cannon": 2}}, {"soldiers": 9, "castle": {"towers": 3}})
    pos = play(s, inf("attacker", [H, H, H, B], great_cannon=True))
    # level 4 parries all 3 hits: 2 cannons destroy 2 towers after the assault
    assert pos["defender"]["soldiers"] == 9
    assert pos["towers"] == 1
    assert outcome(pos)["castle"] == {"towers": 1, "protection": 2}


def test_great_cannon_limited_by_parried_hits_and_needs_declaring_rulebook_13_14():
    s = setup({"soldiers": 4, "cards": {"great_cannon": 2}}, {"soldiers": 9, "castle": {"towers": 3}})
    assert play(s, inf("attacker", [H, B, B, B], great_cannon=True))["towers"] == 2  # one parried hit
    assert play(s, inf("attacker", [H, H, H, B]))["towers"] == 3  # not declared


def test_great_cannon_refusals():
    with pytest.raises(GameError, match="no Great Cannon"):
        play(setup(defender={"castle": {"towers": 1}}), inf("attacker", [H, H, H], great_cannon=True))
    with pytest.raises(GameError, match="castle with towers"):
        play(setup({"cards": {"great_cannon": 1}}, {"castle": {"towers": 0}}), inf("attacker", [H, H, H], great_cannon=True))


def test_great_cannon_void_when_the_battle_ends_in_that_roll_rd():
    s = setup({"soldiers": 4, "cards": {"great_cannon": 1}}, {"soldiers": 1, "castle": {"towers": 1}})
    pos = play(s, inf("attacker", [H, H, H, H], great_cannon=True))
    assert pos["over"] and pos["towers"] == 1  # the attacker takes the castle with its tower


# ------------------------------------------------------------ hits first, instant end, rd + rulebook 7.3.8


def test_hits_first_then_own_losses_the_rest_void_rd():
    pos = play(setup({"soldiers": 3}, {"soldiers": 1}), inf("attacker", [H, X, X]))
    assert pos["over"] and pos["winner"] == "attacker"
    assert pos["attacker"]["soldiers"] == 3  # the explosions of the winning roll are void


def test_own_explosion_of_the_last_soldier_loses_rulebook_7_7_4():
    pos = play(setup({"soldiers": 1}, {"soldiers": 3}), inf("attacker", [X]))
    assert outcome(pos)["winner"] == "defender"


def test_steps_after_the_end_are_refused_notation():
    pos = play(setup({"soldiers": 3}, {"soldiers": 1}), inf("attacker", [H, B, B]))
    with pytest.raises(GameError, match="battle is over"):
        step(pos, tanks("attacker", [B]))


# ------------------------------------------------------------ turns, rulebook 7.3.3, 7.3.5, rd


def test_attacker_assaults_first_rulebook_7_3_3():
    with pytest.raises(GameError, match="attacker assaults first"):
        play(setup(), inf("defender", [H, H, H]))


def test_each_assault_once_per_turn_rulebook_7_3_3():
    with pytest.raises(GameError, match="already made its infantry"):
        play(setup({"soldiers": 3}, {"soldiers": 9}), inf("attacker", [B, B, B]), inf("attacker", [B, B, B]))


def test_turns_alternate_and_assaults_come_back_next_turn():
    s = setup({"soldiers": 3}, {"soldiers": 9})
    pos = play(s, inf("attacker", [B, B, B]), inf("defender", [B] * 9), inf("attacker", [H, B, B]))
    assert pos["turn"] == "attacker" and pos["turn_number"] == 3
    assert pos["defender"]["soldiers"] == 8


def test_step_is_pure_and_json():
    pos = start(setup({"soldiers": 3}, {"soldiers": 9}))
    before = copy.deepcopy(pos)
    new = step(pos, inf("attacker", [H, B, B]))
    assert pos == before and new != pos
    assert json.loads(json.dumps(new)) == new


# ------------------------------------------------------------ tanks, rulebook 7.5, 13.7-13.9


@pytest.mark.parametrize(
    "roll, kills",
    [([B, H, H, B], 5), ([X, H, H, B], 2), ([X, X, H, H], 0)],
)
def test_tank_explosion_table_rulebook_7_5_3(roll, kills):
    pos = play(setup({"soldiers": 1, **TANK}, {"soldiers": 9}), tanks("attacker", roll))
    assert pos["defender"]["soldiers"] == 9 - kills


def test_three_explosions_destroy_the_whole_army_rd():
    s = setup({"soldiers": 3, "tanks": 2, "airplanes": 1, "tank_card": {"dice": 4, "hits": 5}, "airplane_card": {"hooks": 1}})
    pos = play(s, tanks("attacker", [X, X, X, B]))
    res = outcome(pos)
    assert res["winner"] == "defender"
    assert res["attacker"] == {"soldiers": 0, "tanks": 0, "airplanes": 0}
    assert res["losses"]["attacker"] == {"soldiers": 3, "tanks": 2, "airplanes": 1}
    assert res["captured"] == {"tanks": 0, "airplanes": 0}


def test_explosion_variant_infantry_only_soldiers_die_rest_captured_rd():
    s = setup({"soldiers": 3, "tanks": 2, "airplanes": 1, "tank_card": {"dice": 4, "hits": 5}, "airplane_card": {"hooks": 1}},
              variants={"tank_explosion": "infantry"})
    res = outcome(play(s, tanks("attacker", [X, X, X, X])))
    assert res["winner"] == "defender"
    assert res["captured"] == {"tanks": 1, "airplanes": 1}
    assert res["losses"]["attacker"] == {"soldiers": 3, "tanks": 1, "airplanes": 0}


def test_transmission_gear_fewer_dice_at_least_one_rulebook_13_7():
    s = setup({"soldiers": 1, "tanks": 1, "tank_card": {"dice": 3, "hits": 2}, "cards": {"transmission_gear": 5}}, {"soldiers": 9})
    assert play(s, tanks("attacker", [B]))["defender"]["soldiers"] == 7
    with pytest.raises(GameError, match="needs 1 die"):
        play(s, tanks("attacker", [B, B]))


def test_cannon_lighter_and_multi_cannon_rulebook_13_8_13_9():
    s = setup({"soldiers": 1, "tanks": 1, "tank_card": {"dice": 2, "hits": 2},
               "cards": {"cannon_lighter": 1, "multi_cannon": 1}}, {"soldiers": 9})
    assert play(s, tanks("attacker", [B, B]))["defender"]["soldiers"] == 9 - 5
    assert play(s, tanks("attacker", [X, B]))["defender"]["soldiers"] == 9 - 2  # half of 5


def test_tanks_one_at_a_time_each_once_rulebook_7_5_2():
    s = setup({"soldiers": 1, "tanks": 2, "tank_card": {"dice": 2, "hits": 1}}, {"soldiers": 9})
    pos = play(s, tanks("attacker", [B, B]))  # the player may stop after any tank
    assert pos["defender"]["soldiers"] == 8
    with pytest.raises(GameError, match="2 tanks left to fire, not 3"):
        play(s, tanks("attacker", [B, B], [B, B], [B, B]))
    with pytest.raises(GameError, match="at least one tank"):
        play(s, tanks("attacker"))


def test_tank_after_the_end_is_refused_rd():
    s = setup({"soldiers": 1, "tanks": 2, "tank_card": {"dice": 2, "hits": 5}}, {"soldiers": 2})
    with pytest.raises(GameError, match="after the end"):
        play(s, tanks("attacker", [B, B], [B, B]))


# ------------------------------------------------------------ airplanes, rulebook 7.6, 13.3


def test_airplane_faces_rulebook_7_6_2():
    s = setup({"soldiers": 1, "airplanes": 3, "airplane_card": {"hooks": 0}}, {"soldiers": 9})
    pos = play(s, planes("attacker", [H, B, X]))
    assert pos["defender"]["soldiers"] == 8 and pos["attacker"]["airplanes"] == 2


def test_gyroscope_adds_a_kill_per_hit_rulebook_7_6_5():
    s = setup({"soldiers": 1, "airplanes": 2, "airplane_card": {"hooks": 2}, "cards": {"gyroscope": 2}}, {"soldiers": 9})
    assert play(s, planes("attacker", [H, B]))["defender"]["soldiers"] == 6


def test_declared_airplanes_roll_all_at_once_rulebook_7_6_3():
    s = setup({"soldiers": 1, "airplanes": 3, "airplane_card": {"hooks": 0}}, {"soldiers": 9})
    assert play(s, planes("attacker", [H], airplanes=1))["defender"]["soldiers"] == 8
    with pytest.raises(GameError, match="needs 3 dice"):
        play(s, planes("attacker", [H]))


def test_airplane_upgrades_limited_by_hooks_rulebook_6_3():
    with pytest.raises(GameError, match="hooks"):
        start(setup({"airplanes": 1, "airplane_card": {"hooks": 1}, "cards": {"gyroscope": 1, "paratrooper": 1}}))


# ------------------------------------------------------------ interceptions, rulebook 7.6.6, 7.6.7


def test_anti_tank_bomb_destroys_tanks_before_they_fire_rulebook_7_6_6():
    s = setup({"soldiers": 2, "tanks": 3, "tank_card": {"dice": 2, "hits": 2}},
              {"soldiers": 9, "airplanes": 3, "airplane_card": {"hooks": 1}, "cards": {"anti_tank_bomb": 1, "gyroscope": 0}})
    pos = play(s, tanks("attacker", [B, B], intercept={"airplanes": 3, "dice": [H, H, X]}))
    assert pos["attacker"]["tanks"] == 1 and pos["defender"]["airplanes"] == 2
    assert pos["defender"]["soldiers"] == 7  # the surviving tank fires
    with pytest.raises(GameError, match="1 tank left to fire, not 2"):
        play(s, tanks("attacker", [B, B], [B, B], intercept={"airplanes": 3, "dice": [H, H, X]}))


def test_interception_needs_the_card_and_airplanes():
    s = setup({"soldiers": 2, "tanks": 1, "tank_card": {"dice": 2, "hits": 2}},
              {"soldiers": 9, "airplanes": 1, "airplane_card": {"hooks": 1}})
    with pytest.raises(GameError, match="no anti tank bomb"):
        play(s, tanks("attacker", [B, B], intercept={"airplanes": 1, "dice": [H]}))
    s["defender"]["cards"] = {"anti_tank_bomb": 1}
    with pytest.raises(GameError, match="1 airplane that can fly, not 2"):
        play(s, tanks("attacker", [B, B], intercept={"airplanes": 2, "dice": [H, H]}))


def test_anti_tank_bomb_ignores_gyroscopes_and_may_leave_no_tank():
    s = setup({"soldiers": 2, "tanks": 1, "tank_card": {"dice": 2, "hits": 2}},
              {"soldiers": 9, "airplanes": 2, "airplane_card": {"hooks": 2}, "cards": {"anti_tank_bomb": 1, "gyroscope": 1}})
    pos = play(s, tanks("attacker", intercept={"airplanes": 2, "dice": [H, H]}))
    assert pos["attacker"]["tanks"] == 0 and pos["defender"]["airplanes"] == 2
    assert pos["losses"]["attacker"]["tanks"] == 1


def test_anti_aircraft_culverin_rulebook_7_6_7():
    s = setup({"soldiers": 2, "airplanes": 3, "airplane_card": {"hooks": 0}},
              {"soldiers": 9, "airplanes": 1, "airplane_card": {"hooks": 1}, "cards": {"anti_aircraft_culverin": 1}})
    pos = play(s, planes("attacker", [H, H], intercept={"airplanes": 1, "dice": [H]}))
    assert pos["attacker"]["airplanes"] == 2 and pos["defender"]["soldiers"] == 7
    pos = play(s, planes("attacker", [B, B, B], intercept={"airplanes": 1, "dice": [X]}))
    assert pos["defender"]["airplanes"] == 0 and pos["attacker"]["airplanes"] == 3


def test_culverin_hits_every_enemy_airplane_in_the_battle():
    """rd: Battle (issue 15): like the Anti-tank Bomb (rulebook 7.6.6 "ALL the enemy Tanks involved
    in the combat"; 7.6.7 works the same way) the Culverin may hit airplanes not declared for the
    assault. The declared airplane falls first; the second hit takes one that stayed back."""
    s = setup({"soldiers": 2, "airplanes": 3, "airplane_card": {"hooks": 0}},
              {"soldiers": 9, "airplanes": 2, "airplane_card": {"hooks": 1}, "cards": {"anti_aircraft_culverin": 1}})
    pos = play(s, planes("attacker", [], airplanes=1, intercept={"airplanes": 2, "dice": [H, H]}))
    assert pos["attacker"]["airplanes"] == 1 and pos["losses"]["attacker"]["airplanes"] == 2
    assert pos["defender"]["soldiers"] == 9  # nothing left of the declared one to fire
    # Two declared of three, one hit: one declared airplane falls, the other fires.
    pos = play(s, planes("attacker", [H], airplanes=2, intercept={"airplanes": 2, "dice": [H, B]}))
    assert pos["attacker"]["airplanes"] == 2 and pos["defender"]["soldiers"] == 8
    with pytest.raises(GameError, match="one per airplane left to fire"):
        play(s, planes("attacker", [H, H], airplanes=2, intercept={"airplanes": 2, "dice": [H, B]}))
    # Three hits against three airplanes: every one falls, though only one was declared.
    s["defender"]["airplanes"] = 3
    pos = play(s, planes("attacker", [], airplanes=1, intercept={"airplanes": 3, "dice": [H, H, H]}))
    assert pos["attacker"]["airplanes"] == 0


# ------------------------------------------------------------ paratrooper, rulebook 7.6.8


def para_setup(soldiers=3, castle={"towers": 2}):
    return setup({"soldiers": soldiers, "airplanes": 2, "airplane_card": {"hooks": 1}, "cards": {"paratrooper": 1}},
                 {"soldiers": 9, "castle": castle})


def test_paratrooper_hit_sets_protection_to_0_rulebook_7_6_8():
    pos = play(para_setup(), planes("attacker", [H], paratrooper=H))
    assert pos["attacker"]["soldiers"] == 2 and pos["defender"]["soldiers"] == 8
    assert outcome(pos)["castle"]["protection"] == 0
    pos = step(pos, inf("attacker", [H, B]))
    assert pos["defender"]["soldiers"] == 7  # no castle protection left
    assert outcome(pos)["losses"]["attacker"]["soldiers"] == 1  # the paratrooper


def test_paratrooper_blank_and_explosion_rulebook_7_6_8():
    pos = play(para_setup(), planes("attacker", [B], paratrooper=B))
    assert outcome(pos)["castle"]["protection"] == 3 and pos["attacker"]["airplanes"] == 2
    pos = play(para_setup(), planes("attacker", [B], paratrooper=X))
    assert pos["attacker"]["airplanes"] == 1 and pos["attacker"]["soldiers"] == 2


def test_paratrooper_refusals():
    with pytest.raises(GameError, match="last soldier"):
        play(para_setup(soldiers=1), planes("attacker", [B], paratrooper=H))
    with pytest.raises(GameError, match="has none"):
        play(para_setup(castle=None), planes("attacker", [B], paratrooper=H))
    with pytest.raises(GameError, match="needs 1 die"):
        play(para_setup(), planes("attacker", [B, B], paratrooper=H))  # that airplane scores no hits


# ------------------------------------------------------------ automaton, rulebook 13.10


def test_automaton_one_die_per_tower_explosions_blank_rulebook_13_10():
    s = setup({"soldiers": 3}, {"soldiers": 9, "castle": {"towers": 3}, "cards": {"automaton": 1}})
    pos = play(s, inf("attacker", [B, B, B]), {"side": "defender", "assault": "automaton", "dice": [H, X, X]})
    assert pos["attacker"]["soldiers"] == 2 and pos["defender"]["soldiers"] == 9
    pos = step(pos, inf("defender", [B] * 9))  # one more assault besides the usual ones
    assert pos["turn"] == "defender"


def test_automaton_refusals_rulebook_13_10():
    s = setup({"soldiers": 3}, {"soldiers": 9, "castle": {"towers": 0}, "cards": {"automaton": 1}})
    with pytest.raises(GameError, match="at least one tower"):
        play(s, inf("attacker", [B, B, B]), {"side": "defender", "assault": "automaton", "dice": []})
    s = setup({"soldiers": 3}, {"soldiers": 9, "castle": {"towers": 2}})
    with pytest.raises(GameError, match="no Automaton"):
        play(s, inf("attacker", [B, B, B]), {"side": "defender", "assault": "automaton", "dice": [H, H]})


# ------------------------------------------------------------ retreat, rulebook 7.3.10


def test_retreat_only_when_no_assault_could_kill_rulebook_7_3_10():
    s = setup({"soldiers": 2}, {"soldiers": 9, "castle": {"towers": 2}})  # level 3 > 2 soldiers
    res = outcome(play(s, {"side": "attacker", "retreat": True}))
    assert res["over"] and res["retreated"] and res["winner"] is None
    s = setup({"soldiers": 4}, {"soldiers": 9, "castle": {"towers": 2}})
    with pytest.raises(GameError, match="may not retreat"):
        play(s, {"side": "attacker", "retreat": True})


def test_airplanes_always_could_kill_so_no_retreat_rulebook_7_3_10():
    s = setup({"soldiers": 1, "airplanes": 1, "airplane_card": {"hooks": 0}}, {"soldiers": 9, "castle": {"towers": 4}})
    with pytest.raises(GameError, match="airplanes could still kill"):
        play(s, {"side": "attacker", "retreat": True})


def test_defender_never_retreats_rulebook_7_3_10():
    with pytest.raises(GameError, match="defender can never retreat"):
        play(setup(), inf("attacker", [B, B, B]), {"side": "defender", "retreat": True})


# ------------------------------------------------------------ options


def test_options_offer_the_dice_each_step_needs():
    s = setup({"soldiers": 3, "tanks": 1, "tank_card": {"dice": 4, "hits": 5}, "cards": {"transmission_gear": 1}},
              {"soldiers": 9, "castle": {"towers": 2}, "cards": {"automaton": 1}})
    opts = options(start(s))
    assert opts["turn"] == "attacker"
    offered = {(o["side"], o["assault"]) for o in opts["steps"]}
    assert offered == {("attacker", "infantry"), ("attacker", "tanks")}  # the defender waits
    tank = next(o for o in opts["steps"] if o["assault"] == "tanks")
    assert tank["dice_per_tank"] == 3 and tank["tanks"] == 1
    pos = step(start(s), inf("attacker", [B, B, B]))
    opts = options(pos)
    offered = {(o["side"], o["assault"]) for o in opts["steps"]}
    assert ("defender", "automaton") in offered and ("attacker", "infantry") not in offered
    assert next(o for o in opts["steps"] if o["assault"] == "automaton")["dice"] == 2
    assert opts["retreat"]["allowed"] is False


def test_resolve_names_the_failing_step():
    battle = setup()
    battle["script"] = [inf("attacker", [B, B, B]), inf("attacker", [B, B, B])]
    with pytest.raises(GameError, match="script step 2"):
        resolve(battle)


# ------------------------------------------------------------ table option: only the defender intercepts


DEFENDER_ONLY = {"tank_explosion": "army", "intercept": "defender"}


def test_only_the_defender_intercepts_when_the_table_chose_it():
    """rd: Battle (variant, reference sheet: only the defender may intercept). The sheet's Anti-tank
    Bomb and Culverin lines speak of the defender; by default both sides may (rulebook 7.6.6-7)."""
    s = setup({"soldiers": 3, "airplanes": 2, "airplane_card": {"hooks": 2},
               "cards": {"anti_tank_bomb": 1, "anti_aircraft_culverin": 1}},
              {"soldiers": 9, "tanks": 1, "airplanes": 1, "tank_card": {"dice": 2, "hits": 2},
               "airplane_card": {"hooks": 2}, "cards": {"anti_tank_bomb": 1, "anti_aircraft_culverin": 1}})
    turn1 = [inf("attacker", [B, B, B])]
    bombed = tanks("defender", intercept={"airplanes": 2, "dice": [H, B]})
    shot = planes("defender", [B], intercept={"airplanes": 1, "dice": [H]})
    assert play(s, *turn1, bombed)["defender"]["tanks"] == 0  # the default: the attacker intercepts too
    s["variants"] = DEFENDER_ONLY
    for step_ in (bombed, shot):
        with pytest.raises(GameError, match="only the defender may intercept"):
            play(s, *turn1, step_)
    offered = {o["assault"]: o for o in options(play(s, *turn1))["steps"] if o["side"] == "defender"}
    assert offered["tanks"]["intercept"] is None and offered["airplanes"]["intercept"] is None
    # the defender still intercepts the attacker's airplanes
    offered = {o["assault"]: o for o in options(start(s))["steps"]}
    assert offered["airplanes"]["intercept"] == {"side": "defender", "max_airplanes": 1}
    pos = play(s, planes("attacker", [H], intercept={"airplanes": 1, "dice": [H]}))
    assert pos["attacker"]["airplanes"] == 1 and pos["defender"]["soldiers"] == 8


def test_the_odds_follow_the_table_option():
    """With the option on, the attacker's Anti-tank Bomb changes nothing: the odds are those of an
    attacker without it (and differ from the default, where it bombs the defender's tanks)."""
    from fractions import Fraction

    from companion.games.magnifico.battle import odds

    def exact(variants, bomb):
        s = setup({"soldiers": 3, "airplanes": 2, "airplane_card": {"hooks": 2},
                   "cards": {"anti_tank_bomb": bomb}},
                  {"soldiers": 4, "tanks": 2, "tank_card": {"dice": 3, "hits": 3}}, variants=variants)
        return Fraction(odds(start(s), exact=True)["exact"]["attacker_wins"])

    assert exact(DEFENDER_ONLY, 1) == exact(DEFENDER_ONLY, 0) == exact({}, 0)
    assert exact({}, 1) > exact({}, 0)


def test_a_bad_intercept_option_is_refused():
    with pytest.raises(GameError, match="variant intercept must be one of both, defender"):
        start(setup(variants={"intercept": "attacker"}))
