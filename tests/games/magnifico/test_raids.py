"""Invasions, attacks and the battle seam, movement (rulebook 5.4.5-5.4.7, 7.1-7.2, 9)."""

import types

import pytest

from companion.errors import GameError
from companion.games.magnifico import commands as C
from companion.games.magnifico import engine as E


@pytest.fixture
def turn(h):
    s = h.to_turns(h.to_auction(E.new_game(h.header(4))))
    s.seats[0].florins = 300
    return s


@pytest.fixture
def fake_battle(monkeypatch):
    """A stand-in for the battle package: a step {"result": outcome} ends the battle."""
    seen = []

    def start(setup):
        seen.append(setup)
        return {"setup": setup, "result": None}

    def step(position, step):
        if "result" not in step:
            raise GameError("the fake battle only takes results")
        return {**position, "result": step["result"]}

    def outcome(position):
        return position["result"] or {"over": False}

    mod = types.SimpleNamespace(start=start, step=step, outcome=outcome,
                                options=lambda p: {"side": "attacker"}, seen=seen)
    monkeypatch.setattr(E, "_battle_module", lambda: mod)
    return mod


def occupy(s, tid, seat, soldiers=1, **kw):
    t = s.territories[tid]
    t.owner, t.soldiers = seat, soldiers
    for k, v in kw.items():
        setattr(t, k, v)
    return s


def test_invade_free_territory_by_land_or_sea(h, turn):
    """5.4.5: 10 florins; a free territory bordering the source or facing the same sea."""
    s, ev = E.apply(turn, C.Invade(0, "A1", "A2", 1))
    assert s.territories["A2"].owner == 0 and s.territories["A1"].soldiers == 2
    assert s.seats[0].florins == 290  # no Leonardo discount on invasions
    s, _ = E.apply(s, C.Invade(0, "A1", "C1", 1))  # same sea zone 'west'
    assert s.territories["C1"].owner == 0
    with pytest.raises(GameError, match="neither borders"):
        E.apply(turn, C.Invade(0, "A1", "B3", 1))


def test_invasion_leaves_a_soldier_and_needs_cards_for_vehicles(h, turn):
    with pytest.raises(GameError, match="must keep at least one"):
        E.apply(turn, C.Invade(0, "A1", "A2", 3))
    with pytest.raises(GameError, match="at least one soldier"):
        E.apply(turn, C.Invade(0, "A1", "A2", 0))
    s = turn.copy()
    s.territories["A1"].tanks = 1
    with pytest.raises(GameError, match="no Tank card"):
        E.apply(s, C.Invade(0, "A1", "A2", 1, tanks=1))
    occupy(s, "A2", 1, 1)
    with pytest.raises(GameError, match="not free: it belongs to Bruno"):
        E.apply(s, C.Invade(0, "A1", "A2", 1))


def test_three_invasions_and_attacks_per_turn(h, turn):
    """5.4.6: at most 3 invasions + attacks per turn."""
    s = turn.copy()
    s.territories["A1"].soldiers = 10
    s, _ = h.run(s, C.Invade(0, "A1", "A2", 1), C.Invade(0, "A1", "B1", 1))
    s.turn.attacks = 1  # two invasions and one attack so far
    with pytest.raises(GameError, match="3 invasions and attacks"):
        E.apply(s, C.Invade(0, "A1", "C1", 1))


def test_separate_limits_variant(h):
    """rd: Player turn, variant: 3 invasions and 3 attacks counted apart."""
    s = h.to_turns(h.to_auction(E.new_game(h.header(4, variants={"separate_limits": True}))))
    s.seats[0].florins = 300
    s.territories["A1"].soldiers = 10
    s, _ = h.run(s, C.Invade(0, "A1", "A2", 1), C.Invade(0, "A1", "B1", 1))
    s.turn.attacks = 3
    s, _ = E.apply(s, C.Invade(0, "A1", "C1", 1))  # attacks do not count against invasions
    occupy(s, "A2", 0, 3)
    occupy(s, "A3", None, 0)
    with pytest.raises(GameError, match="3 invasions this turn"):
        E.apply(s, C.Invade(0, "A2", "A3", 1))


def test_attack_builds_the_battle_setup_and_applies_a_win(h, turn, fake_battle):
    """7.1-7.3.8: 30 florins; armies from one territory; winner takes territory and castle."""
    s = occupy(turn, "A2", 1, 2)  # Bruno holds A2 (and A3): not his last territory
    s.territories["A1"].soldiers = 5
    s, ev = E.apply(s, C.Attack(0, "A1", "A2", 4))
    assert s.phase == "battle" and s.seats[0].florins == 270
    setup = fake_battle.seen[-1]
    assert setup["attacker"]["soldiers"] == 4 and setup["defender"]["soldiers"] == 2
    assert setup["defender"]["castle"] is None and setup["sea_raid"] is False
    assert setup["variants"] == {"tank_explosion": "army"}
    assert s.territories["A1"].soldiers == 1
    with pytest.raises(GameError, match="at a battle"):
        E.apply(s, C.EndTurn(0))
    out = {"over": True, "winner": "attacker", "retreated": False,
           "attacker": {"soldiers": 3, "tanks": 0, "airplanes": 0},
           "defender": {"soldiers": 0, "tanks": 0, "airplanes": 0}, "castle": None,
           "captured": {"tanks": 0, "airplanes": 0}}
    s, ev = E.apply(s, C.BattleStep({"result": out}))
    assert s.phase == "turns" and s.battle is None
    assert s.territories["A2"].owner == 0 and s.territories["A2"].soldiers == 3
    assert s.seats[0].reserve == 36 + 1 and s.seats[1].reserve == 36 + 2  # destroyed back to the supply
    assert s.turn.attacks == 1


def test_attack_on_a_castle_defender_wins_and_captures(h, turn, fake_battle):
    """7.3.8, 8.1: the defender keeps the territory and captures what the attacker left."""
    s = h.give(turn, 0, "tank_2")
    s.territories["A1"].soldiers, s.territories["A1"].tanks = 5, 2
    s = occupy(s, "A2", 1, 3)
    s.territories["A2"].castle, s.territories["A2"].towers = True, 2
    s, _ = E.apply(s, C.Attack(0, "A1", "A2", 4, tanks=2))
    setup = fake_battle.seen[-1]
    assert setup["attacker"]["tank_card"] == {"dice": 5, "hits": 4}  # tank_2 in the fixture
    assert setup["defender"]["castle"] == {"towers": 2}
    out = {"over": True, "winner": "defender", "retreated": False,
           "attacker": {"soldiers": 0, "tanks": 1, "airplanes": 0},
           "defender": {"soldiers": 1, "tanks": 0, "airplanes": 0}, "castle": {"towers": 1, "protection": 2},
           "captured": {"tanks": 1, "airplanes": 0}}
    s, _ = E.apply(s, C.BattleStep({"result": out}))
    t = s.territories["A2"]
    assert (t.owner, t.soldiers, t.tanks, t.towers) == (1, 1, 1, 1)
    assert s.supply("tanks") == 19 and s.supply("towers") == 40 - 1


def test_retreat_brings_survivors_home(h, turn, fake_battle):
    """7.3.10."""
    s = occupy(turn, "A2", 1, 3)
    s.territories["A1"].soldiers = 5
    s, _ = E.apply(s, C.Attack(0, "A1", "A2", 4))
    out = {"over": True, "winner": None, "retreated": True,
           "attacker": {"soldiers": 2, "tanks": 0, "airplanes": 0},
           "defender": {"soldiers": 3, "tanks": 0, "airplanes": 0}, "castle": None,
           "captured": {"tanks": 0, "airplanes": 0}}
    s, _ = E.apply(s, C.BattleStep({"result": out}))
    assert s.territories["A1"].soldiers == 3 and s.territories["A2"].owner == 1


def test_never_a_players_last_territory(h, turn, fake_battle):
    """7.1.5."""
    s = turn.copy()
    s.territories["A1"].soldiers = 5
    s.territories["A2"].owner, s.territories["A2"].soldiers = 0, 3
    with pytest.raises(GameError, match="last territory"):
        E.apply(s, C.Attack(0, "A2", "A3", 2))


def test_attack_limits_six_soldiers_six_vehicles(h, turn, fake_battle):
    """7.2.1-7.2.5."""
    s = occupy(turn, "A2", 1, 1)
    s.territories["A1"].soldiers = 9
    with pytest.raises(GameError, match="at most 6 soldiers"):
        E.apply(s, C.Attack(0, "A1", "A2", 7))
    with pytest.raises(GameError, match="at least one soldier"):
        E.apply(s, C.Attack(0, "A1", "A2", 0))


def test_sea_raid_landing_rule(h, turn, fake_battle):
    """rd: Battle: a sea raid loses 1 soldier (+1 per defender Submarine, -1 per own Armoured Ship);
    an attack whose landing leaves no soldier is refused."""
    s = occupy(turn, "C1", 2, 2)  # Carla: C1 and B2
    s = h.give(s, 2, "submarine_1")
    with pytest.raises(GameError, match="loses 2 soldier"):
        E.apply(s, C.Attack(0, "A1", "C1", 2))
    s.territories["A1"].soldiers = 4
    s, _ = E.apply(s, C.Attack(0, "A1", "C1", 3))
    assert fake_battle.seen[-1]["sea_raid"] is True
    assert fake_battle.seen[-1]["defender"]["cards"] == {"submarine": 1}


def test_move_once_per_turn_up_to_three_land_or_sea(h, turn):
    """9.2-9.5, 9.10: own chain by land or one sea zone; never emptying a territory."""
    s = turn.copy()
    occupy(s, "A2", 0, 1)
    s.territories["A1"].soldiers = 6
    with pytest.raises(GameError, match="A4 is not Anna's territory"):
        E.apply(s, C.Move(0, ({"source": "A1", "target": "A4", "soldiers": 1},)))
    occupy(s, "B3", 0, 1)
    with pytest.raises(GameError, match="cannot be reached"):  # no chain of own territories, no shared sea
        E.apply(s, C.Move(0, ({"source": "A1", "target": "B3", "soldiers": 1},)))
    s.territories["B3"].owner = None
    occupy(s, "B1", 0, 1)
    occupy(s, "C1", 0, 1)
    moves = ({"source": "A1", "target": "A2", "soldiers": 2},  # land
             {"source": "A2", "target": "A1", "soldiers": 1, "by": "land"},
             {"source": "A1", "target": "C1", "soldiers": 2, "by": "sea"})
    s2, _ = E.apply(s, C.Move(0, moves))
    assert [s2.territories[t].soldiers for t in ("A1", "A2", "C1")] == [3, 2, 3]
    with pytest.raises(GameError, match="already moved"):
        E.apply(s2, C.Move(0, ({"source": "A1", "target": "A2", "soldiers": 1},)))
    with pytest.raises(GameError, match="must keep at least one"):
        E.apply(s, C.Move(0, ({"source": "B1", "target": "A1", "soldiers": 1},)))
    with pytest.raises(GameError, match="1 to 3 moves"):
        E.apply(s, C.Move(0, moves + moves[:1]))
    with pytest.raises(GameError, match="by land"):  # C1-A1 only by sea
        E.apply(s, C.Move(0, ({"source": "A1", "target": "C1", "soldiers": 1, "by": "land"},)))


def test_italian_strict_order_variant(h):
    """rd: Player turn, variant: activate, build tanks/airplanes, towers, invade, attack."""
    s = h.to_turns(h.to_auction(E.new_game(h.header(4, variants={"strict_order": True}))))
    s.seats[0].florins = 300
    s.seats[0].store = ["walls_1", "walls_2"]
    s, _ = E.apply(s, C.BuildTower(0, "A1"))
    with pytest.raises(GameError, match="Italian order: activating cards comes before building towers"):
        E.apply(s, C.Activate(0, "walls_1"))
    s, _ = E.apply(s, C.Invade(0, "A1", "A2", 1))
    with pytest.raises(GameError, match="Italian order: activating cards comes before invading"):
        E.apply(s, C.Activate(0, "walls_2"))
    s, _ = E.apply(s, C.Move(0, ({"source": "A1", "target": "A2", "soldiers": 1},)))  # moving: any time


def test_attack_with_tanks_asks_for_the_tank_cards_printed_values(h, fake_battle):
    """rd: printed values: tank dice/hits are asked the first time a battle needs them."""
    s = h.to_turns(h.to_auction(E.new_game(h.header(4, known=False))))
    s = h.give(s, 0, "tank_2")
    s.territories["A1"].soldiers, s.territories["A1"].tanks = 4, 1
    s = occupy(s, "A2", 1, 1)
    with pytest.raises(GameError) as err:
        E.apply(s, C.Attack(0, "A1", "A2", 2, tanks=1))
    assert err.value.needs == {"card": "tank_2", "field": "dice"}
    s, _ = h.run(s, C.SetCardValue("tank_2", "dice", 4), C.SetCardValue("tank_2", "hits", 5))
    s, _ = E.apply(s, C.Attack(0, "A1", "A2", 2, tanks=1))
    assert fake_battle.seen[-1]["attacker"]["tank_card"] == {"dice": 4, "hits": 5}
    assert s.card_values == {"tank_2": {"dice": 4, "hits": 5}}


def test_only_defender_intercepts_is_a_table_option_passed_to_the_battle(h, fake_battle):
    """rd: Battle (variant, reference sheet): offered at setup, stored with the game; a header
    without it (every record written before) keeps both sides intercepting."""
    assert E.VARIANTS["only_defender_intercepts"][0] is False

    def attack(variants):
        s = h.to_turns(h.to_auction(E.new_game(h.header(4, variants=variants))))
        s.seats[0].florins = 300
        s = occupy(s, "A2", 1, 2)
        s.territories["A1"].soldiers = 5
        E.apply(s, C.Attack(0, "A1", "A2", 4))
        return fake_battle.seen[-1]["variants"], s.variants["only_defender_intercepts"]

    assert attack({"only_defender_intercepts": True}) == ({"tank_explosion": "army", "intercept": "defender"}, True)
    assert attack({}) == ({"tank_explosion": "army"}, False)  # as before the option existed


def test_the_option_reaches_a_real_battle(h):
    """The same through the real battle package: the attacker's bomb is refused."""
    s = h.to_turns(h.to_auction(E.new_game(h.header(4, variants={"only_defender_intercepts": True}))))
    s = h.give(s, 0, "airplane_2", "anti_tank_bomb_1")
    s = h.give(s, 1, "tank_3")
    s.seats[0].florins = 300
    s = occupy(s, "A2", 1, 2, tanks=1)
    s.territories["A1"].soldiers, s.territories["A1"].airplanes = 5, 1
    s, _ = E.apply(s, C.Attack(0, "A1", "A2", 2, airplanes=1))
    s, _ = E.apply(s, C.BattleStep({"side": "attacker", "assault": "infantry", "dice": ["blank", "blank"]}))
    with pytest.raises(GameError, match="only the defender may intercept"):
        E.apply(s, C.BattleStep({"side": "defender", "assault": "tanks", "rolls": [],
                                 "intercept": {"airplanes": 1, "dice": ["hit"]}}))
