"""The tank volleys of the float odds (volleys.py): the defender's whole tank assault as
one flat table against the volley shot by shot. Rulebook 7.5: tanks fire one by one;
7.6.6: Anti-tank Bombs intercept them first. The policy (docs/battle.md, "The default
odds policy") fires the defender's next tank while that is worth it, which depends on
the defender's own soldiers."""

import random
from collections import defaultdict

import pytest

from companion.games.magnifico.battle import policy as P
from companion.games.magnifico.battle import start, volleys
from companion.games.magnifico.battle.columns import FACTOR, normal, pack, values
from companion.games.magnifico.battle.flow import Flow
from companion.games.magnifico.battle.outcomes import LOST, SOLDIERS_SHIFT, key

DEFENDERS = 60


def _flow(dice: int, hits: int, attackers: int, tanks: int, bombers: int):
    """A flow whose defender has `tanks` tanks and the attacker `bombers` airplanes with
    Anti-tank Bombs; its run state set up as Flow.run does, without pruning."""
    attacker = {"soldiers": attackers}
    if bombers:
        attacker.update(airplanes=bombers, airplane_card={"hooks": None}, cards={"anti_tank_bomb": 1})
    pos = start({"attacker": attacker,
                 "defender": {"soldiers": DEFENDERS, "tanks": tanks, "tank_card": {"dice": dice, "hits": hits}}})
    c = P.context(pos)
    flow = Flow(c, P.worth_infantry_for(c), P.compact(pos))
    flow.pending, flow.mass, flow.heap = {}, {}, []
    flow.ends, flow.merged_ends, flow.end_floats = defaultdict(int), defaultdict(int), defaultdict(float)
    flow.pruned, flow.epsilon, flow.budget = 0.0, 0.0, 1e-6
    return flow, (P.DEFENDER, P.AIRPLANES, attackers, 0, bombers, DEFENDERS, tanks, 0, 0, False)


def _expected(flow, st, after, column):
    """The assault shot by shot (volleys._defender_steps) after every interception:
    {target key or end: normal column}."""
    volley = flow.tables.get(st, "tanks")
    done = volleys._defender_steps(flow, volley.shots, st, column, {i[3] for i in volley.intercepts})
    out: defaultdict = defaultdict(int)
    for _, X, delta, left in volley.intercepts:
        columns, lost, won = done[left]
        for a, c in columns.items():
            out[flow.resolve(after - delta - ((st[2] - a) << SOLDIERS_SHIFT))] += c * X
        for a, c in lost.items():
            out[("attacker", a)] += c * X
        out[LOST] += won * X
    return {k: normal(v) for k, v in out.items() if v}


def _got(flow):
    out = {k: normal(v) for k, v in flow.pending.items()}
    out.update((end, normal(v)) for end, v in flow.merged_ends.items() if v)
    return out


def _same(got, expected):
    """Field by field, within the fixed-point rounding (a few units of 2**-62 per step)."""
    assert got.keys() == expected.keys()
    for k in got:
        for f, g in zip(values(got[k]) + [0] * DEFENDERS, values(expected[k]) + [0] * DEFENDERS):
            assert abs(f - g) <= 64, (k, f, g)


def _check(dice, hits, attackers, tanks, bombers, seed):
    flow, st = _flow(dice, hits, attackers, tanks, bombers)
    k = key(st)
    low, _, high = flow.plan(k)  # the policy fires the first tank below a number of defenders (or always)
    step = high if high[0] == 5 else low  # flow._DEFENDER_TANKS, applied here to every field
    assert step[0] == 5
    rng = random.Random(seed)
    column = pack([rng.random() * 1e-3 if d else 0.0 for d in range(DEFENDERS + 1)])
    flow.apply(k, step, column, 1.0)
    _same(_got(flow), _expected(flow, st, step[1], column))
    return flow.tables.fires_always_up_to(st)


@pytest.mark.parametrize("dice, hits", [(1, 2), (2, 1), (2, 5)])
def test_a_volley_that_always_fires_is_one_flat_table(dice, hits):
    """With at most 2 dice a tank never explodes (3+ explosions), so the policy fires every
    tank whatever the soldiers: the flat table (volleys.defender_rows), after each
    interception, gives what the shots give."""
    for attackers, bombers in ((1, 0), (3, 2), (6, 4)):
        assert _check(dice, hits, attackers, 4, bombers, dice + hits) >= DEFENDERS


@pytest.mark.parametrize("dice, hits", [(4, 6), (6, 3), (5, 2)])
def test_a_volley_that_stops_splits_at_the_threshold(dice, hits):
    """A tank that may explode fires only while the defender has few enough soldiers
    (policy.tank_fires): the fields below the lowest threshold take the flat table, the
    rest go shot by shot, and together they give the volley shot by shot."""
    thresholds = {_check(dice, hits, attackers, 5, bombers, dice) for attackers, bombers in ((2, 0), (5, 3))}
    assert all(-1 <= t < DEFENDERS for t in thresholds) and max(thresholds) > 0


def test_the_flat_table_sums_to_one():
    """Every interception and every end of the volley is a row: the rows' mass is 1."""
    flow, st = _flow(2, 3, 4, 3, 2)
    rows, tails = volleys.defender_rows(flow.tables.get(st, "tanks"), 4)
    assert abs(sum(r[0] for r in rows) - 1.0) < 1e-12 and abs(tails[0] - 1.0) < 1e-12
    assert all(abs(r[2] - r[0] * 2**FACTOR) <= 1 for r in rows)
