"""Player turns (rulebook 5.4, 9; rd: Player turn)."""

import pytest

from companion.errors import GameError
from companion.games.magnifico import commands as C
from companion.games.magnifico import engine as E


@pytest.fixture
def turn(h):
    """4 players, Anna (0) holds Leonardo and starts; castles A1, A3, B2, C2; round 1."""
    return h.to_turns(h.to_auction(E.new_game(h.header(4))))


def rich(s, seat, florins=300):
    s = s.copy()
    s.seats[seat].florins = florins
    return s


def next_turn_of(h, s, seat):
    """Play round(s) forward (everyone ends the turn) until it is ``seat``'s turn in a later round."""
    r = s.round
    while not (s.phase == "turns" and s.turn.seat == seat and s.round > r):
        if s.phase == "turns":
            s, _ = E.apply(s, C.EndTurn(s.turn.seat))
        else:
            s = h.to_turns(s)
    return s


def test_turns_run_from_the_holder_clockwise(h, turn):
    """5.4: the Leonardo holder first, then clockwise."""
    assert turn.turn_order == [0, 1, 2, 3]
    with pytest.raises(GameError, match="Anna's turn, not Bruno's"):
        E.apply(turn, C.EndTurn(1))
    s, _ = E.apply(turn, C.EndTurn(0))
    assert s.turn.seat == 1


def test_activate_pays_the_printed_cost_with_leonardo_discount(h, turn):
    """5.4.1 + rd: Money: the holder pays 10 less."""
    s = turn.copy()
    s.seats[0].store = ["walls_1"]
    s.seats[1].store = ["walls_2"]
    s, ev = E.apply(s, C.Activate(0, "walls_1"))
    assert s.seats[0].in_play == ["walls_1"] and s.seats[0].florins == 120 - 10
    s = h.end_turns_until(s, 1)
    s, _ = E.apply(s, C.Activate(1, "walls_2"))
    assert s.seats[1].florins == 120 - 20


def test_upgrades_need_their_vehicle_card_and_airplane_hooks_limit(h, turn):
    """6.2-6.3, FAQ: an upgrade stays in the store until it can be used."""
    s = turn.copy()
    s.seats[0].store = ["cannon_lighter_1", "gyroscope_1", "gyroscope_2", "gyroscope_3"]
    with pytest.raises(GameError, match="needs a Tank card"):
        E.apply(s, C.Activate(0, "cannon_lighter_1"))
    with pytest.raises(GameError, match="needs an Airplane card"):
        E.apply(s, C.Activate(0, "gyroscope_1"))
    s = h.give(s, 0, "tank_2", "airplane_2")  # airplane_2: 2 hooks (fixture)
    s = rich(s, 0)
    s, _ = h.run(s, C.Activate(0, "cannon_lighter_1"), C.Activate(0, "gyroscope_1"), C.Activate(0, "gyroscope_2"))
    with pytest.raises(GameError, match="2 hooks, all in use"):
        E.apply(s, C.Activate(0, "gyroscope_3"))


def test_work_of_art_gives_its_points_at_once_and_income(h, turn):
    """10.7, 13.18: VP when activated; 10 florins at income."""
    s = turn.copy()
    s.seats[0].store = ["work_of_art_1"]
    s, ev = E.apply(s, C.Activate(0, "work_of_art_1"))
    assert s.seats[0].vp == 3
    assert E.income_of(s, 0) == 10 + 10 + 10


def test_unknown_printed_value_asks_the_table(h):
    """rd: printed values nobody has published are asked for, and recorded in the game."""
    s = h.to_turns(h.to_auction(E.new_game(h.header(4, known=False))))
    s.seats[0].store = ["work_of_art_1"]
    with pytest.raises(GameError) as err:
        E.apply(s, C.Activate(0, "work_of_art_1"))
    assert err.value.needs == {"card": "work_of_art_1", "field": "activation"}
    assert E.check(s, C.Activate(0, "work_of_art_1")) is None  # legal once the value is known
    s, _ = E.apply(s, C.SetCardValue("work_of_art_1", "activation", 30))
    with pytest.raises(GameError) as err:
        E.apply(s, C.Activate(0, "work_of_art_1"))
    assert err.value.needs == {"card": "work_of_art_1", "field": "vp"}
    s, _ = E.apply(s, C.SetCardValue("work_of_art_1", "vp", 4))
    s, _ = E.apply(s, C.Activate(0, "work_of_art_1"))
    assert s.seats[0].vp == 4 and s.seats[0].florins == 120 - 20
    with pytest.raises(GameError, match="prints no 'hooks'"):
        E.apply(s, C.SetCardValue("work_of_art_2", "hooks", 2))
    with pytest.raises(GameError, match="1 to 6 dice"):
        E.apply(s, C.SetCardValue("tank_2", "dice", 7))


def test_build_tank_only_in_castles_from_earlier_turns_once_per_castle(h, turn):
    """5.4.2: castles built earlier, one piece per castle per turn, card in play, first tank 2 VP."""
    s = rich(h.give(turn, 0, "tank_2", "airplane_2"), 0)
    s.territories["A2"].owner, s.territories["A2"].soldiers = 0, 1
    with pytest.raises(GameError, match="A2 has no castle"):
        E.apply(s, C.BuildTank(0, "A2"))
    s, ev = E.apply(s, C.BuildTank(0, "A1"))
    assert s.territories["A1"].tanks == 1 and s.seats[0].florins == 300 - 10  # discount
    assert s.seats[0].vp == 2 and s.firsts["tank"] == 0
    with pytest.raises(GameError, match="only once per turn"):
        E.apply(s, C.BuildAirplane(0, "A1"))
    with pytest.raises(GameError, match="not Anna's territory"):
        E.apply(s, C.BuildTank(0, "B2"))
    s = h.end_turns_until(s, 1)
    s = rich(h.give(s, 1, "tank_3"), 1)
    s, _ = E.apply(s, C.BuildTank(1, "A3"))
    assert s.seats[1].vp == 0 and s.seats[1].florins == 280  # no discount, first tank already taken


def test_no_tank_without_the_card(h, turn):
    with pytest.raises(GameError, match="no Tank card in play"):
        E.apply(turn, C.BuildTank(0, "A1"))


def test_new_castle_costs_30_ends_the_turn_and_cannot_build_yet(h, turn):
    """5.4.4, FAQ: a castle built this turn takes no tower and builds nothing this turn; building
    it ends the turn (Italian rulebook 5.4.7, reference sheet "Costruire Castelli")."""
    s = turn.copy()
    s.territories["A2"].owner, s.territories["A2"].soldiers = 0, 1
    s, ev = E.apply(s, C.BuildCastle(0, "A2"))
    assert s.territories["A2"].castle and s.seats[0].florins == 120 - 20
    assert s.turn.seat == 1 and {"type": "turn_ended", "seat": 0} in ev
    with pytest.raises(GameError, match="already has a castle"):
        E.apply(h.end_turns_until(s, 1), C.BuildCastle(1, "A3"))


def test_castle_built_this_turn_cannot_take_a_tower(h, turn):
    s = turn.copy()
    s.territories["A2"].owner, s.territories["A2"].soldiers, s.territories["A2"].castle = 0, 1, True
    s.turn.new_castles.append("A2")
    with pytest.raises(GameError, match="built this turn"):
        E.apply(s, C.BuildTower(0, "A2"))


def test_towers_one_per_castle_per_turn_up_to_four_first_perfect_city(h, turn):
    """5.4.3, 7.7.9, 10.6."""
    s = rich(turn, 0)
    s.territories["A1"].towers = 3
    s, _ = E.apply(s, C.BuildTower(0, "A1"))
    assert s.territories["A1"].towers == 4 and s.seats[0].vp == 2 and s.firsts["perfect_city"] == 0
    full = turn.copy()
    full.territories["A1"].towers = 4
    with pytest.raises(GameError, match="4 towers"):
        E.apply(full, C.BuildTower(0, "A1"))
    s2 = turn.copy()
    s2, _ = E.apply(s2, C.BuildTower(0, "A1"))
    with pytest.raises(GameError, match="only once per turn"):
        E.apply(s2, C.BuildTower(0, "A1"))


def test_box_limits_tanks(h, turn):
    """rd: pieces are limited by the box (20 tanks): none left, none built."""
    s = rich(h.give(turn, 0, "tank_2"), 0)
    s.territories["B1"].owner, s.territories["B1"].soldiers, s.territories["B1"].tanks = 1, 1, 20
    assert s.supply("tanks") == 0
    with pytest.raises(GameError, match="all 20 tanks"):
        E.apply(s, C.BuildTank(0, "A1"))


def test_hooks_cannot_be_entered_below_the_upgrades_in_play(h, turn):
    """6.3: an Airplane takes at most its hooks in upgrades."""
    s = h.give(turn, 0, "airplane_2", "gyroscope_1", "gyroscope_2")
    with pytest.raises(GameError, match="already has 2 Airplane upgrades"):
        E.apply(s, C.SetCardValue("airplane_2", "hooks", 1))
    s, _ = E.apply(s, C.SetCardValue("airplane_2", "hooks", 3))
    assert s.printed("airplane_2", "hooks") == 3


def test_leonardo_discount_never_below_zero(h, turn):
    """rd: Money: the holder pays 10 less, never below 0."""
    s, _ = E.apply(turn, C.SetCardValue("transmission_gear_1", "activation", 10))
    s = h.give(s, 0, "tank_2")
    s.seats[0].store = ["transmission_gear_1"]
    s, ev = E.apply(s, C.Activate(0, "transmission_gear_1"))
    assert s.seats[0].florins == 120 and ev[0]["paid"] == 0


def test_first_airplane_scores_two_once(h, turn):
    """10.6: the first airplane of the game scores 2, once."""
    s = rich(h.give(turn, 0, "airplane_2"), 0)
    s, _ = E.apply(s, C.BuildAirplane(0, "A1"))
    assert s.seats[0].vp == 2 and s.firsts["airplane"] == 0
    s = next_turn_of(h, s, 0)
    s = rich(s, 0)
    vp = s.seats[0].vp
    s, ev = E.apply(s, C.BuildAirplane(0, "A1"))
    assert s.seats[0].vp == vp and not [e for e in ev if e["type"] == "victory_points"]
