"""Tank and Airplane build costs are printed values (rd: Money; rulebook 13.1: each Tank
card is different): asked the first time, 20 only suggested, remembered like any printed value."""

import pytest

from companion.errors import GameError
from companion.games.magnifico import commands as C
from companion.games.magnifico import data
from companion.games.magnifico import demo
from companion.games.magnifico import engine as E


def no_costs(h):
    """The test header with every Tank and Airplane cost unknown, as the shipped cards.json has them."""
    header = h.header(4)
    for card in header["cards"]:
        if card["kind"] in ("tank", "airplane"):
            card["printed"]["cost"] = None
    return header


@pytest.fixture
def turn(h):
    """Anna (0) holds Leonardo, her turn, Tank and Airplane cards in play, 300 florins; castle A1."""
    s = h.to_turns(h.to_auction(E.new_game(no_costs(h))))
    s = h.give(s, 0, "tank_2", "airplane_2")
    s.seats[0].florins = 300
    return s


@pytest.mark.parametrize("command, card", [(C.BuildTank(0, "A1"), "tank_2"), (C.BuildAirplane(0, "A1"), "airplane_2")])
def test_an_unknown_cost_is_asked_with_20_suggested(turn, command, card):
    """rd: Money: "the app asks for the printed cost like any other printed value (offering 20
    as the suggestion)"; nothing is paid or built before the answer."""
    with pytest.raises(GameError) as err:
        E.apply(turn, command)
    assert err.value.needs == {"card": card, "field": "cost", "suggest": 20}
    assert E.check(turn, command) is None  # legal: the table only has to read the card
    legal = {a["type"]: a for a in E.legal(turn)["actions"]}
    assert legal[type(command).__name__]["allowed"]
    assert turn.seats[0].florins == 300 and turn.territories["A1"].tanks == turn.territories["A1"].airplanes == 0


def test_the_printed_cost_is_paid_with_the_leonardo_discount(h, turn):
    """rd: Money: tanks cost what the card prints; the holder pays 10 less; the value stays for
    the rest of the game (recorded as SetCardValue)."""
    s, ev = E.apply(turn, C.SetCardValue("tank_2", "cost", 40))
    assert ev == [{"type": "card_value", "card": "tank_2", "field": "cost", "value": 40}]
    s, _ = E.apply(s, C.BuildTank(0, "A1"))
    assert s.seats[0].florins == 300 - 30 and s.territories["A1"].tanks == 1
    s = h.end_turns_until(s, 1)
    s = h.give(s, 1, "airplane_3")
    s.seats[1].florins = 100
    s, _ = E.apply(s, C.SetCardValue("airplane_3", "cost", 30))
    s, _ = E.apply(s, C.BuildAirplane(1, "A3"))
    assert s.seats[1].florins == 100 - 30  # no discount for Bruno


def test_a_printed_cost_may_differ_from_20_and_must_be_in_tens(turn):
    """rd: Money: bids and costs are multiples of 10; 20 is only the usual value."""
    with pytest.raises(GameError, match="in tens of florins"):
        E.apply(turn, C.SetCardValue("tank_2", "cost", 25))
    s, _ = E.apply(turn, C.SetCardValue("tank_2", "cost", 0))
    s, _ = E.apply(s, C.BuildTank(0, "A1"))
    assert s.seats[0].florins == 300  # 0 - 10 discount, never below 0


def test_a_cost_the_player_cannot_pay_is_refused_after_the_answer(turn):
    s = turn.copy()
    s.seats[0].florins = 20
    s, _ = E.apply(s, C.SetCardValue("tank_2", "cost", 40))
    with pytest.raises(GameError) as err:
        E.apply(s, C.BuildTank(0, "A1"))
    assert err.value.needs is None and "30" in err.value.reason


def test_the_shipped_cards_leave_every_cost_to_the_table():
    """rd: What the rulebooks do not give: each Tank and Airplane card's production cost."""
    cards = data.load_cards()
    assert {(c["id"], "cost") for c in cards["cards"] if c["kind"] in ("tank", "airplane")} <= set(
        data.unknown_values(cards))


def test_the_demo_box_keeps_invented_costs_so_bots_never_ask():
    box = demo.demo_box()
    for card in box["cards"]["cards"]:
        if card["kind"] in ("tank", "airplane"):
            assert card["printed"]["cost"] == 20
    game = demo.play_demo(3, 3, max_commands=600)  # a needs would stop it with a GameError
    built = {type(c).__name__ for c in game.commands} & {"BuildTank", "BuildAirplane"}
    assert built and not any(isinstance(c, C.SetCardValue) for c in game.commands)
