"""Scoring (rulebook 10, 11; rd: Scoring and end)."""

from companion.games.magnifico import commands as C
from companion.games.magnifico import engine as E


def at_turns(h, n=4, target=30):
    s = h.to_turns(h.to_auction(E.new_game(h.header(n, target=target))))
    return s


def end_round(s):
    events = []
    for seat in list(s.turn_order)[s.turn_order.index(s.turn.seat):]:
        s, ev = E.apply(s, C.EndTurn(seat))
        events += ev
    return s, events


def test_round_points_leonardo_and_the_three_most_awards(h):
    """10.1-10.5: Leonardo 2; most cards in play 2; most castles 2; most territories 2; perfect city 1."""
    s = at_turns(h)
    s.seats[1].in_play = ["walls_1"]
    s.territories["A2"].owner, s.territories["A2"].soldiers = 2, 1
    s.territories["A1"].towers = 4
    pts = E.round_points(s)
    assert pts[0] == {"leonardo": 2, "perfect_cities": 1}
    assert pts[1] == {"workshop": 2}
    assert pts[2] == {"imperial_crown": 2}
    assert pts[3] == {}  # four castles tied: nobody gets the Great Court


def test_two_tied_get_one_each_three_or_more_nothing_zero_scores_nothing(h):
    s = at_turns(h)
    s.seats[1].in_play = ["walls_1"]
    s.seats[2].in_play = ["walls_2"]
    pts = E.round_points(s)
    assert pts[1]["workshop"] == 1 and pts[2]["workshop"] == 1
    s.seats[3].in_play = ["bombard_1"]
    assert all("workshop" not in p for p in E.round_points(s).values())
    s.seats[1].in_play = s.seats[2].in_play = s.seats[3].in_play = []
    assert all("workshop" not in p for p in E.round_points(s).values())  # count 0 scores nothing


def test_scoring_order_leader_first_ties_from_the_holder_first(h):
    """11.2, 12.3: the holder counts FIRST in the scoring tie-break (unlike the auction)."""
    s = at_turns(h)
    s.leonardo = 2
    for seat, vp in enumerate([5, 5, 3, 5]):
        s.seats[seat].vp = vp
    assert E.scoring_order(s) == [3, 0, 1, 2]
    s.seats[2].vp = 5
    assert E.scoring_order(s) == [2, 3, 0, 1]


def test_end_of_round_points_are_given_and_the_next_round_starts(h):
    s = at_turns(h)
    s, ev = end_round(s)
    assert s.seats[0].vp == 2 and s.round == 2 and s.phase == "auction_draw"
    assert any(e["type"] == "round_scoring" for e in ev)


def test_first_to_reach_the_target_wins_in_scoring_order(h):
    """11.3: points given leader first; the first to reach the target wins at once."""
    s = at_turns(h, target=10)
    s.seats[0].vp = 7  # holder: +2 -> 9
    s.seats[1].vp = 9
    s.seats[1].in_play = ["walls_1"]  # workshop +2 -> 11
    s.seats[2].vp = 8
    s.seats[2].in_play = ["walls_2", "bombard_1"]  # would reach 10 too, but Bruno scores first
    s.seats[1].in_play = ["walls_1", "bombard_2"]  # tie: 1 each -> Bruno 10, Carla 9
    s, ev = end_round(s)
    assert s.phase == "over" and s.winner == 1
    assert s.seats[2].vp == 8  # Carla was not scored: the game ended first


def test_immediate_win_mid_turn(h):
    """11.3: also in the middle of a turn (a first tank's 2 points)."""
    s = at_turns(h, target=5)
    s.seats[0].vp = 3
    s = h.give(s, 0, "tank_2")
    s, ev = E.apply(s, C.BuildTank(0, "A1"))
    assert s.phase == "over" and s.winner == 0
    assert ev[-1] == {"type": "game_over", "winner": 0, "vp": 5}
    assert E.legal(s)["to_act"] == []
