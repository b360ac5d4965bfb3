"""The tank volleys of the float odds (volleys.py): the closed form of the defender's
volley against the shot-by-shot one. Rulebook 7.5: tanks fire one by one; the policy
(docs/battle.md, "The default odds policy") fires the defender's next tank while that is
worth it, which depends on the defender's own soldiers."""

import random

import pytest

from companion.games.magnifico.battle import policy as P
from companion.games.magnifico.battle import start, volleys
from companion.games.magnifico.battle.columns import pack, values
from companion.games.magnifico.battle.flow import Flow


def _flow_and_state(dice: int, hits: int, attackers: int, tanks: int):
    pos = start({"attacker": {"soldiers": attackers},
                 "defender": {"soldiers": 60, "tanks": tanks, "tank_card": {"dice": dice, "hits": hits}}})
    c = P.context(pos)
    flow = Flow(c, P.worth_infantry_for(c), P.compact(pos))
    st = (P.DEFENDER, 0, attackers, 0, 0, 60, tanks, 0, 0, False)
    return flow, st, flow.tables.get(st, "tanks")


def _column(rng, low: int, high: int) -> int:
    return pack([rng.random() * 1e-3 if low <= d <= high else 0.0 for d in range(high + 1)])


def _same(got, expected, shots: int):
    """Both results field by field, within the fixed-point rounding of `shots` truncations."""
    assert got.keys() == expected.keys()
    for left in got:
        (columns, lost, won), (columns2, lost2, won2) = got[left], expected[left]
        assert columns.keys() == columns2.keys() and lost.keys() == lost2.keys()
        pairs = [(columns[a][0], columns2[a][0]) for a in columns] + [(lost[a], lost2[a]) for a in lost]
        for x, y in pairs + [(won, won2)]:
            for f, g in zip(values(x), values(y)):
                assert abs(f - g) <= 4 * shots + 4, (left, f, g)


@pytest.mark.parametrize("dice, hits", [(1, 2), (2, 1), (2, 5), (1, 6)])
def test_the_closed_volley_is_the_volley_shot_by_shot(dice, hits):
    """With at most 2 dice a tank never explodes (3+ explosions), so the policy fires every
    tank whatever the soldiers: the whole volley in closed form gives what the shots give."""
    rng = random.Random(dice * 10 + hits)
    for attackers in (1, 3, 6):
        flow, st, volley = _flow_and_state(dice, hits, attackers, 4)
        assert flow.tables.fires_always_up_to(st) >= 60
        column = _column(rng, 1, 60)
        lefts = {0, 1, 2, 3, 4}
        _same(volleys._defender_closed(volley.shots, attackers, column, lefts),
              volleys._defender_steps(flow, volley.shots, st, column, lefts), 4)


@pytest.mark.parametrize("dice, hits", [(4, 6), (6, 3), (5, 2)])
def test_a_volley_that_stops_splits_at_the_threshold(dice, hits):
    """A tank that may explode fires only while the defender has few enough soldiers
    (policy.tank_fires): the fields below the lowest threshold take the closed form, the
    rest go shot by shot, and together they give the shot-by-shot volley."""
    rng = random.Random(dice * 10 + hits)
    for attackers in (2, 5):
        flow, st, volley = _flow_and_state(dice, hits, attackers, 5)
        always = flow.tables.fires_always_up_to(st)
        assert always == min(flow.tables.fires_up_to(st, a) for a in range(1, attackers + 1))
        assert -1 <= always < 60
        column = _column(rng, 1, 60)
        lefts = {0, 2, 5}
        _same(volleys._defender_shots(flow, volley.shots, st, column, lefts),
              volleys._defender_steps(flow, volley.shots, st, column, lefts), 5)
