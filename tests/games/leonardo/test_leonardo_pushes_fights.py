"""Office pushes, tribute and fights (rulebook CONQUISTA DI CARTE DELLE CARICHE PUBBLICHE,
CASELLA OCCUPATA DA UN ALTRO GIOCATORE, CASELLE DELL'IMMUNITÀ; leonardo-decisions: Turn
and moves, Further decisions)."""

from __future__ import annotations

import pytest
from leonardo_helpers import at, kinds, money, own, play

from companion.games.leonardo import commands as C
from companion.games.leonardo import engine as E
from companion.games.leonardo.words import IllegalCommand


def _holding(s, seat, *cards):
    s = s.copy()
    for c in cards:
        s.offices["unknown"].remove(c)
        s.seats[seat].offices.append(c)
    return s


def _to_event_square(s):
    """Anna lands on square 7 (office card 3 names it, at 30), draws a 'nothing' card."""
    s, _ = play(at(s, 0, 1), C.Spin(0, 6), C.DrawEvent(1))
    return s


def test_the_landed_space_is_resolved_first_then_the_holder_may_push(game3):
    """leonardo-decisions, Further: a landed space is resolved first; an office holder's
    push comes after, and the new space is resolved in turn."""
    s = _holding(game3, 1, 3)
    s, ev = play(at(s, 0, 1), C.Spin(0, 6))
    assert s.turn["tasks"][0]["t"] == "event_draw"  # the event square first
    s, ev = play(s, C.DrawEvent(1))
    assert s.turn["tasks"][0] == {"t": "push", "seat": 0, "space": 7, "holders": [1]}
    assert E.legal(s)["to_act"] == [1]
    s, ev = play(s, C.Push(1, -3))  # to space 4: Bruno's palace, rent
    assert s.seats[0].space == 4 and money(ev, "rent") == [(0, 1, 30)]
    assert kinds(ev)[:2] == ["pushed", "landed"]


@pytest.mark.parametrize("steps", [0, 6, -6])
def test_a_push_is_up_to_5_spaces_either_way(game3, steps):
    s = _to_event_square(_holding(game3, 1, 3))
    with pytest.raises(IllegalCommand) as err:
        play(s, C.Push(1, steps))
    assert err.value.key == "push_range"


def test_pushes_do_not_chain(game3):
    """Pushed onto market 11 (office card 5 of Carla names it): no second push."""
    s = _holding(_holding(game3, 1, 3), 2, 5)
    s = _to_event_square(s)
    s, _ = play(s, C.Push(1, 4))  # to 11: a market with Carla's office
    assert s.turn["tasks"][0]["t"] == "market"
    s, ev = play(s, C.Bet(1, "gold", 5), C.Bet(2, "gold", 5), C.MarketSpin(0, 7))
    assert "push" not in [t["t"] for t in (s.turn or {}).get("tasks", [])] and s.turn["seat"] == 1


def test_a_push_past_space_1_pays_100(game3):
    s = _holding(game3, 1, 10)  # office card 10: market 3 at 30
    s, _ = play(at(s, 0, 1), C.Spin(0, 2), C.Bet(1, "gem", 5), C.Bet(2, "gem", 5), C.MarketSpin(0, 4))
    s, ev = play(s, C.Push(1, -4))  # from 3 back past 1 to 31
    assert s.seats[0].space == 31 and money(ev, "passage") == [(None, 0, 100)]


def test_a_push_onto_space_1_pays_100_and_draws_an_office(game3):
    s = _holding(game3, 1, 10)
    s, _ = play(at(s, 0, 1), C.Spin(0, 2), C.Bet(1, "gem", 5), C.Bet(2, "gem", 5), C.MarketSpin(0, 4))
    s, ev = play(s, C.Push(1, -2))
    assert s.seats[0].space == 1 and money(ev, "passage") == [(None, 0, 100)]
    assert s.turn["tasks"][0]["t"] == "office_draw"


def test_a_push_from_space_1_does_not_pass_it(game3):
    s = _holding(game3, 1, 1)  # office card 1: space 1 at 30
    s, _ = play(at(s, 0, 30), C.Spin(0, 3), C.DrawOffice(2))  # stops on 1: 100, draws card 2
    s, ev = play(s, C.Push(1, -2))  # back to 31: leaving space 1 is not passing it
    assert s.seats[0].space == 31 and money(ev, "passage") == []


def test_the_holder_may_pass_and_several_holders_are_asked_in_turn_order(game3):
    s = _holding(_holding(game3, 1, 2), 2, 10)  # both hold an office for market 3
    s, _ = play(at(s, 0, 1), C.Spin(0, 2), C.Bet(1, "gem", 5), C.Bet(2, "gem", 5), C.MarketSpin(0, 4))
    assert s.turn["tasks"][0]["holders"] == [1, 2]
    with pytest.raises(IllegalCommand) as err:
        play(s, C.Push(2, 1))
    assert err.value.key == "not_your_push"
    s, ev = play(s, C.PassPush(1), C.Push(2, 1))
    assert s.seats[0].space == 4


def test_a_50_office_also_takes_a_man_at_arms(game3):
    """leonardo-decisions: at price 50 the holder also takes one man-at-arms from the
    pushed player if it has fewer than 2, else it goes to the deck."""
    s = _holding(game3, 1, 2)  # card 2: market 3 at 50
    s = at(s, 0, 32, men=1)
    s, _ = play(s, C.Spin(0, 3), C.Bet(1, "gem", 5), C.Bet(2, "gem", 5), C.MarketSpin(0, 4))
    s, ev = play(s, C.Push(1, 5))
    assert (s.seats[0].men, s.seats[1].men) == (0, 1) and {"type": "man_taken", "seat": 1, "from": 0,
                                                            "kept": True} in ev
    t = at(_holding(game3, 1, 2), 1, 20, men=2)
    t = at(t, 0, 32, men=2)
    deck = t.men_deck
    t, _ = play(t, C.Spin(0, 3), C.Bet(1, "gem", 5), C.Bet(2, "gem", 5), C.MarketSpin(0, 4), C.Push(1, 5))
    assert (t.seats[0].men, t.seats[1].men, t.men_deck) == (1, 2, deck + 1)


def test_a_30_office_takes_nothing(game3):
    s = at(_holding(game3, 1, 10), 0, 32, men=1)
    s, _ = play(s, C.Spin(0, 3), C.Bet(1, "gem", 5), C.Bet(2, "gem", 5), C.MarketSpin(0, 4), C.Push(1, 5))
    assert (s.seats[0].men, s.seats[1].men) == (1, 0)


# ---------------------------------------------------------------------------------------
# tribute and fights


def test_one_side_armed_the_other_pays_10_per_palace(game3):
    """Rulebook b): "gli versano un tributo pari a 10 fiorini per ogni palazzo che
    possiedono"; bridges do not count (leonardo-decisions)."""
    s = own(own(game3, 1, 4, 8, 5), 0, 12)  # Bruno: palaces 4 and 8, bridge 5; Anna owns 12
    s = at(at(s, 1, 12), 0, 10, men=1)
    s, ev = play(s, C.Spin(0, 2))
    assert s.seats[0].men == 2  # the spin of 2 armed her once more
    assert money(ev, "tribute") == [(1, 0, 20)]


def test_the_armed_lander_pays_nobody_when_the_other_is_armed_too_and_wins(game3):
    """A two-sided man-at-arms fight (rulebook c): they spin, the higher takes one of the
    other's men-at-arms (back to the bottom of the deck), repeated until one side has
    none; ties spin again; that side then pays the tribute."""
    s = own(game3, 0, 12)  # Anna owns 2 and 12
    s = at(at(s, 1, 12, men=2), 0, 10, men=1)
    deck = s.men_deck
    s, ev = play(s, C.Spin(0, 2))  # Anna arrives on 12 (and takes a second man-at-arms)
    assert ev[-1] == {"type": "fight", "seat": 0, "other": 1}
    assert sorted(E.legal(s)["to_act"]) == [0, 1]
    s, ev = play(s, C.FightSpin(0, 9), C.FightSpin(1, 9))  # tie: again
    assert "fight_tied" in kinds(ev) and s.turn["tasks"][0]["spins"] == {}
    with pytest.raises(IllegalCommand) as err:
        play(s, C.FightSpin(2, 5))
    assert err.value.key == "not_fighting"
    s, ev = play(s, C.FightSpin(1, 3), C.FightSpin(0, 11))  # Anna wins a round
    assert (s.seats[0].men, s.seats[1].men) == (2, 1)
    s, ev = play(s, C.FightSpin(0, 2), C.FightSpin(1, 6))  # Bruno wins a round
    s, ev = play(s, C.FightSpin(0, 12), C.FightSpin(1, 1))  # Anna wins: Bruno has none
    assert (s.seats[0].men, s.seats[1].men) == (1, 0)
    assert s.men_deck == deck - 1 + 3  # Anna's spin took one; three lost men went back
    assert money(ev, "tribute") == [(1, 0, 10)]  # Bruno owns one palace (4)
    assert s.turn["seat"] == 1


def test_no_tribute_and_no_fight_in_a_church(game3):
    """Rulebook CASELLE DELL'IMMUNITÀ: spaces 9 and 17."""
    s = at(at(game3, 1, 9), 0, 7, men=2)
    s, ev = play(s, C.Spin(0, 2))
    assert s.seats[0].space == 9 and money(ev, "tribute") == [] and "fight" not in kinds(ev)


def test_several_pawns_are_met_in_turn_order(game3):
    s = at(at(own(game3, 0, 12), 1, 12), 2, 12)
    s = at(s, 0, 10, men=1)
    s, ev = play(s, C.Spin(0, 2))
    assert money(ev, "tribute") == [(1, 0, 10), (2, 0, 10)]


def test_unarmed_pawns_together_is_nothing(game3):
    s = at(at(own(game3, 0, 12), 1, 12), 0, 9)
    s, ev = play(s, C.Spin(0, 3))
    assert money(ev, "tribute") == [] and "fight" not in kinds(ev)


def test_the_fight_comes_after_everything_else_of_the_turn(game3):
    """Rulebook: "Tale scontro armato viene effettuato al termine di tutte le altre
    operazioni": here the rent on Bruno's palace is paid first."""
    s = at(at(game3, 1, 4, men=1), 0, 2, men=1)
    s, ev = play(s, C.Spin(0, 2))
    assert kinds(ev).index("money") < kinds(ev).index("fight")
