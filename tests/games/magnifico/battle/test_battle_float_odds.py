"""The float odds (flow.py, the default of `odds`) against the exact odds, within the
stated bound (docs/battle.md, "Float odds"), and the public `simulate`."""

import json
import pickle
import random
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from companion.errors import GameError
from companion.games.magnifico.battle import odds, simulate, start, step
from companion.games.magnifico.battle import policy as P
from companion.games.magnifico.battle.columns import FACTOR, values
from companion.games.magnifico.battle.flow import (
    BUDGET, EPSILON, MEASURED, SMALL_BATTLE, SMALL_EPSILON, TIGHT, Flow, decision_key,
)
from companion.games.magnifico.battle.odds import ROUNDING, clear_cache
from companion.games.magnifico.battle.outcomes import BIG, ENDS, MID_CODE, Tables, key, pieces, state
from companion.games.magnifico.battle.simulate import policy_step

bit = st.integers(0, 1)


@st.composite
def battles(draw):
    """A legal battle (notation input) with any piece and card, small enough for the
    exact odds to take a fraction of a second."""
    attacker = {"soldiers": draw(st.integers(1, 4)), "cards": {}}
    defender = {"soldiers": draw(st.integers(1, 7)), "cards": {}}
    for side in (attacker, defender):
        side["cards"].update(multi_gun=draw(bit), battle_wagon=draw(bit))
        if draw(st.booleans()):
            side["tanks"] = draw(st.integers(1, 2))
            side["tank_card"] = {"dice": draw(st.integers(1, 4)), "hits": draw(st.integers(1, 6))}
            side["cards"].update(transmission_gear=draw(bit), cannon_lighter=draw(bit))
        if draw(st.booleans()):
            side["airplanes"] = draw(st.integers(1, 2))
            side["airplane_card"] = {"hooks": None}
            side["cards"].update(gyroscope=draw(bit), anti_tank_bomb=draw(bit), anti_aircraft_culverin=draw(bit))
    if draw(st.booleans()):
        defender["castle"] = {"towers": draw(st.integers(0, 4))}
        defender["cards"].update(automaton=draw(bit), walls=draw(bit))
        attacker["cards"].update(great_cannon=draw(bit), bombard=draw(bit), paratrooper=draw(bit))
    return {"attacker": attacker, "defender": defender, "sea_raid": draw(st.booleans()),
            "variants": {"tank_explosion": draw(st.sampled_from(["army", "infantry"])),
                         "intercept": draw(st.sampled_from(["both", "defender"]))}}


def _close(float_result, exact_result):
    """Every probability of the float result within its error bound of the exact one."""
    bound = float_result["error_bound"]
    assert 0.0 <= bound <= BUDGET + ROUNDING
    assert "exact" not in float_result
    for total in ("attacker_wins", "defender_wins", "retreat"):
        assert abs(float(Fraction(exact_result["exact"][total])) - float_result[total]) <= bound, total
    for side in ("attacker", "defender"):
        rows, float_rows = exact_result["survivors"][side], float_result["survivors"][side]
        for n in set(rows) | set(float_rows):
            p = float(Fraction(rows[n]["exact"])) if n in rows else 0.0
            assert abs(p - float_rows.get(n, {"p": 0.0})["p"]) <= bound, (side, n)
            at_least = sum(float(Fraction(r["exact"])) for m, r in rows.items() if int(m) >= int(n))
            got = max((r["at_least"] for m, r in float_rows.items() if int(m) >= int(n)), default=0.0)
            assert abs(at_least - got) <= bound, (side, n)


@settings(max_examples=25)
@given(setup=battles(), seed=st.integers(0, 10**6))
def test_float_odds_are_within_the_bound_of_the_exact_odds(setup, seed):
    """docs/battle.md "Float odds": on random legal battles, at the start and after the
    policy's next two steps, every probability is within error_bound of the exact one."""
    try:
        pos = start(setup)
    except GameError:
        assume(False)
    rng = random.Random(seed)
    for _ in range(3):
        _close(odds(pos), odds(pos, exact=True))
        if pos["over"]:
            break
        pos = step(pos, policy_step(pos, rng))


HEAVY = {  # airplanes on both sides and every card: the pruning budget is used
    "attacker": {"soldiers": 6, "tanks": 2, "airplanes": 2, "tank_card": {"dice": 4, "hits": 6},
                 "airplane_card": {"hooks": 2}, "cards": {"paratrooper": 1, "gyroscope": 1, "multi_gun": 1}},
    "defender": {"soldiers": 8, "airplanes": 2, "airplane_card": {"hooks": 2}, "castle": {"towers": 2},
                 "cards": {"automaton": 1, "anti_tank_bomb": 1, "anti_aircraft_culverin": 1}},
}


def test_a_larger_battle_within_the_bound():
    """A battle large enough that states are pruned: still within the reported bound."""
    pos = start(HEAVY)
    result = odds(pos)
    assert result["error_bound"] > ROUNDING  # something was pruned
    _close(result, odds(pos, exact=True))


def test_the_float_odds_of_one_against_one_are_5_8():
    """Faces 3 hit / 2 blank / 1 explosion: A = 1/2 + 1/3 (1/6 + 1/3 A), so A = 5/8."""
    result = odds(start({"attacker": {"soldiers": 1}, "defender": {"soldiers": 1}}))
    assert abs(result["attacker_wins"] - 0.625) <= result["error_bound"]
    assert abs(result["defender_wins"] - 0.375) <= result["error_bound"]


def test_a_finished_battle_is_certain_in_floats():
    pos = step(start({"attacker": {"soldiers": 2}, "defender": {"soldiers": 1}}),
               {"side": "attacker", "assault": "infantry", "dice": ["hit", "blank"]})
    result = odds(pos)
    assert result["attacker_wins"] == 1.0 and result["survivors"]["attacker"] == {"2": {"p": 1.0, "at_least": 1.0}}


def test_the_kept_flow_gives_the_same_odds_as_a_fresh_one():
    """odds keeps the last battle's tables (the screen asks after every roll)."""
    rng = random.Random(4)
    pos = start(HEAVY)
    odds(pos)
    after = step(pos, policy_step(pos, rng))
    kept = odds(after)
    clear_cache()
    assert odds(after) == kept


def test_the_kept_flows_are_bounded():
    """At most one battle's flow is kept, and a flow past MAX_FLOW_ENTRIES starts afresh."""
    from companion.games.magnifico.battle.odds import _FLOWS, _KEEP, MAX_FLOW_ENTRIES, _flow

    for soldiers in range(1, 5):
        odds(start({"attacker": {"soldiers": soldiers}, "defender": {"soldiers": 3}}))
    assert len(_FLOWS) <= _KEEP
    pos = start(HEAVY)
    c, st = P.context(pos), P.compact(pos)
    flow = _flow(c, st)
    assert _flow(c, st[:5] + (st[5] - 1,) + st[6:]) is flow  # the same battle, fewer defenders: kept
    assert _flow(c, st[:5] + (st[5] + 1,) + st[6:]) is not flow  # more defenders: a new one
    flow = _flow(c, st)
    flow.forward.update((i, i) for i in range(MAX_FLOW_ENTRIES + 1))
    assert _flow(c, st) is not flow


def test_odds_and_results_cross_a_process_boundary():
    """Plain dict in, plain dict out: the function pickles and the result is JSON."""
    pos = start(HEAVY)
    assert pickle.loads(pickle.dumps(odds)) is odds
    result = odds(json.loads(json.dumps(pos)))
    assert json.loads(json.dumps(result)) == result


# ---------------------------------------------------------------- the column tables


def _decisions_follow_the_profile(flow, k):
    low, split, high = flow.profile(k)
    for d in list(range(1, 60)) + [BIG]:
        expected = low if d < split else high
        assert P.decide(flow.c, state(k, d), flow.worth) == expected, (state(k, d), expected)


@settings(max_examples=20)
@given(setup=battles(), seed=st.integers(0, 10**6))
def test_the_policy_looks_at_the_defenders_at_one_threshold(setup, seed):
    """flow.profile: the policy's action at a key changes with the defenders at most once
    (whether a tank fires), so a column splits in two at most."""
    try:
        pos = start(setup)
    except GameError:
        assume(False)
    c = P.context(pos)
    top = P.compact(pos)
    flow = Flow(c, P.worth_infantry_for(c), top)
    rng = random.Random(seed)
    for _ in range(20):
        side = rng.randint(0, 1)  # the attacker never uses the automaton (its phases with it are MID)
        s = (side, rng.choice([0, 1, 2, 4, 6] + [8, 12, 14] * side)) + tuple(
            rng.randint(1 if i == 2 else 0, top[i]) for i in range(2, 9)) + (rng.random() < 0.3 and c.castle,)
        _decisions_follow_the_profile(flow, key(s))


def _drawn(setup, seed):
    """A drawn legal setup's context and compact start, and a generator for the keys to try
    (hypothesis discards a setup the rules refuse)."""
    try:
        pos = start(setup)
    except GameError:
        assume(False)
    return P.context(pos), P.compact(pos), random.Random(seed)


@settings(max_examples=20)
@given(setup=battles(), seed=st.integers(0, 10**6))
def test_keys_with_one_decision_key_decide_alike(setup, seed):
    """flow.decision_key: two keys that agree on it get the same decision from the policy
    for every count of defenders, so Flow.profile shares one profile among them."""
    c, top, rng = _drawn(setup, seed)
    worth = P.worth_infantry_for(c)

    def draw(side, used):
        return (side, used) + tuple(rng.randint(1 if i in (2, 5) else 0, max(top[i], 2)) for i in range(2, 9)) + (
            rng.random() < 0.3 and c.castle,)

    checked = 0
    for _ in range(200):
        side = rng.randint(0, 1)
        s = draw(side, rng.choice([0, 1, 2, 4, 6] + [8, 12, 14] * side))
        fresh = draw(side, s[1])  # each field kept or drawn again
        other = tuple(x if rng.random() < 0.5 else y for x, y in zip(s, fresh))
        if decision_key(key(s)) != decision_key(key(other)):
            continue
        checked += 1
        if ENDS[key(s) & 31] == 0:  # Flow.resolve does not ask the policy there
            assert all(P.decide(c, s[:5] + (d,) + s[6:], worth) != P.END for d in (1, 2, 5, 40, BIG))
        for d in (1, 2, 3, 5, 8, 13, 40, BIG):
            assert P.decide(c, s[:5] + (d,) + s[6:], worth) == P.decide(c, other[:5] + (d,) + other[6:], worth)


@settings(max_examples=20)
@given(setup=battles(), seed=st.integers(0, 10**6))
def test_the_defender_never_looks_at_the_attackers_tanks(setup, seed):
    """flow.Flow merges the attacker's tanks out of the defender's keys: the defender's
    decisions, tables and thresholds are the same whatever the attacker's tanks."""
    try:
        pos = start(setup)
    except GameError:
        assume(False)
    c = P.context(pos)
    top = P.compact(pos)
    worth = P.worth_infantry_for(c)
    tables = Tables(c)
    rng = random.Random(seed)
    for _ in range(20):
        s = (1, rng.choice([0, 8, 4, 12, 2, 10])) + tuple(
            rng.randint(1 if i in (2, 5) else 0, top[i]) for i in range(2, 9)) + (rng.random() < 0.3 and c.castle,)
        action = P.decide(c, s, worth)
        for tanks in range(top[3] + 1):
            other = s[:3] + (tanks,) + s[4:]
            assert P.decide(c, other, worth) == action
            if action in ("airplanes", "automaton", "tanks"):
                assert tables.get(other, action) is tables.get(s, action)
            if action == "tanks":
                assert tables.fires_up_to(other, s[2]) == tables.fires_up_to(s, s[2])


@settings(max_examples=20)
@given(setup=battles(), seed=st.integers(0, 10**6))
def test_a_plan_moved_from_its_template_is_the_plan_of_the_key(setup, seed):
    """Flow.template: the attacker's turn reads the defender's airplanes only through the
    interceptors it sends (rulebook 7.6.6 and 7.6.7; one per target at most, the policy's
    choice) and never its tanks; the defender's turn reads the attacker's airplanes only
    through its interceptors and, after its own air assault, its airplanes only as
    present or not. So a key's plan is its template's plan moved to its pieces."""
    c, top, rng = _drawn(setup, seed)
    flow = Flow(c, P.worth_infantry_for(c), top)
    for _ in range(40):
        side = rng.randint(0, 1)
        s = (side, rng.choice([0, 1, 2, 4, 6] + [8, 12, 14, 9, 13] * side)) + tuple(
            rng.randint(1 if i == 2 else 0, top[i]) for i in range(2, 9)) + (rng.random() < 0.3 and c.castle,)
        k = key(s)
        if side == P.DEFENDER:
            k &= ~(7 << 5)  # the defender's keys leave out the attacker's tanks (merged)
        if side == P.ATTACKER and s[1] & 8:
            continue  # a mid phase: the defender's (outcomes.MID)
        assert _read(c, flow.plan(k)) == _read(c, flow.make_plan(k)), state(k, 1)


def _read(c, plan):
    """A plan with each step's state reduced to what the volleys and the defender's
    infantry read of it (volleys.py: the side, the attacker's soldiers, the castle level)."""
    return tuple(tuple((s[0], s[2], P.level(c, s)) if isinstance(s, tuple) and len(s) == 10 else s for s in step)
                 if isinstance(step, tuple) else step for step in plan)


def _expand(tables, s, action):
    """A table applied to one state s, as {next compact state or end: probability}; a
    split defender's air assault (outcomes.MID) as its interception, then each mid key's
    volley."""
    if action == "airplanes" and tables.splits(s):
        mid = P.mark(s, P.AIRPLANES)
        out: dict = {}
        for first, x in _apply_rows(tables.get(s, action)[0], s, pieces(mid), MID_CODE[s[1]]).items():
            for target, y in _apply_rows(tables.volley(first)[0], first, pieces(first), key(first) & 31).items():
                out[target] = out.get(target, 0.0) + x * y
        return out
    marked = P.mark(s, P.BIT[action])
    return _apply_rows(tables.get(s, action)[0], s, pieces(marked), key(marked) & 31)


def _apply_rows(rows, s, here, code):
    """Rows (outcomes.Rows) applied to state s whose pieces are `here`, to keys of phase `code`."""
    side, d = s[0], s[5]
    out: dict = {}
    for _, top, factors, delta, won in rows:
        for j, f in enumerate(values(factors)):  # the outcome killing k is in field top - k
            k, x = top - j, f / 2**FACTOR
            if not f:
                continue
            if side == P.ATTACKER and k >= d:
                target = ("end", "attacker", s[2] - won, 0)
            elif delta is None:  # the acting side's last soldier fell
                target = ("end", "defender", 0, d - k)
            else:
                target = state(here - delta | code, d - k)
            out[target] = out.get(target, 0.0) + x
    return out


@pytest.mark.parametrize("seed", range(8))
def test_shared_tables_match_the_exact_enumeration(seed):
    """outcomes.Tables shares a table among the states of one sub-key: applied to any of
    them it gives the exact enumeration of that state's assault (exact_moves.assault_into,
    from the policy's effect functions) for infantry, airplanes and the automaton."""
    from companion.games.magnifico.battle.dice import pow6
    from companion.games.magnifico.battle.exact_moves import assault_bound, assault_into

    rng = random.Random(seed)
    attacker = {"soldiers": 5, "airplanes": 3, "tanks": 1, "tank_card": {"dice": 3, "hits": 4},
                "airplane_card": {"hooks": None},
                "cards": {"paratrooper": 1, "gyroscope": rng.randint(0, 1), "great_cannon": 1, "multi_gun": 1,
                          "battle_wagon": rng.randint(0, 1), "anti_aircraft_culverin": rng.randint(0, 1)}}
    defender = {"soldiers": 9, "airplanes": 3, "airplane_card": {"hooks": None}, "castle": {"towers": 3},
                "cards": {"automaton": 1, "anti_aircraft_culverin": 1, "gyroscope": rng.randint(0, 1),
                          "walls": rng.randint(0, 1)}}
    pos = start({"attacker": attacker, "defender": defender})
    c = P.context(pos)
    tables = Tables(c)
    worth = P.worth_infantry_for(c)
    top = P.compact(pos)
    checked = 0
    for _ in range(150):
        side = rng.randint(0, 1)  # the attacker never uses the automaton
        s = (side, rng.choice([0, 2, 4] + [8, 12] * side)) + tuple(
            rng.randint(1 if i in (2, 5) else 0, top[i]) for i in range(2, 9)) + (rng.random() < 0.3,)
        action = P.decide(c, s, worth)
        if action not in ("infantry", "airplanes", "automaton") or (action == "infantry" and s[0] == P.DEFENDER):
            continue
        bound = assault_bound(c, s, action)
        raw: dict = {}
        assault_into(c, s, action, pow6(bound), raw, raw, {})
        expected = {t: float(Fraction(w, pow6(bound))) for t, w in raw.items()}
        got = _expand(tables, s, action)
        assert expected.keys() == got.keys(), (s, action)
        for t, p in expected.items():
            assert abs(got[t] - p) < 1e-12, (s, action, t)
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("per_hit", [1, 2])
def test_the_volley_rows_of_every_cut_share_one_table_of_rows_by_hits(per_hit):
    """outcomes.volley_rows (issue 13; docs/performance.md, "Tenth pass") takes its rows
    from one table of rows by hits per fleet, shared by every number of hits that kills the
    army (`cut`): each table still holds exactly the trinomial's outcomes below `cut` hits
    (h hits, e explosions: C(n, h) C(n - h, e) 3^h 1^e 2^(n - h - e) / 6^n) and one row for
    the rest, whatever order the cuts are asked in."""
    from math import comb

    from companion.games.magnifico.battle import outcomes

    outcomes.volley_rows.cache_clear()
    outcomes._volley_by_hits.cache_clear()
    own = 20  # the defender's airplanes in a key (outcomes.key)
    for flying in (0, 1, 5, 14, 20):
        for cut in (6, 1, 3, 2, 5, 4):
            rows, tails = outcomes.volley_rows(flying, per_hit, cut)
            got = {r[3]: r[0] for r in rows}
            expected = {}
            for h in range(min(cut, flying + 1)):
                for e in range(flying - h + 1):
                    x = comb(flying, h) * comb(flying - h, e) * 3 ** h * 2 ** (flying - h - e) / 6 ** flying
                    expected[e << own | h * per_hit << 12] = x
            if cut <= flying:
                expected[None] = 1.0 - sum(comb(flying, h) for h in range(cut)) / 2 ** flying
            assert got.keys() == expected.keys()
            assert all(abs(got[k] - x) < 1e-15 for k, x in expected.items())
            assert abs(tails[0] - 1.0) < 1e-12


# ---------------------------------------------------------------- simulate


def test_simulate_is_seeded_and_agrees_with_the_odds():
    pos = start(HEAVY)
    first = simulate(pos, 2000, seed=3)
    assert first == simulate(pos, 2000, seed=3) and first["games"] == 2000
    assert first != simulate(pos, 2000, seed=4)
    p = odds(pos)["attacker_wins"]
    assert abs(first["attacker_wins"] - p) <= 4.5 * (p * (1 - p) / 2000) ** 0.5
    assert abs(sum(first[k] for k in ("attacker_wins", "defender_wins", "retreat")) - 1) < 1e-9


@pytest.mark.parametrize("games", [0, -1, 1.5, True, "10"])
def test_simulate_refuses_what_is_not_a_number_of_games(games):
    with pytest.raises(GameError):
        simulate(start(HEAVY), games, seed=1)
    with pytest.raises(GameError):
        simulate({"attacker": {}}, 10, seed=1)


def test_epsilon_and_budget_are_the_documented_ones():
    """docs/battle.md states these numbers; change both together."""
    assert (EPSILON, SMALL_EPSILON, SMALL_BATTLE, BUDGET, ROUNDING, TIGHT, MEASURED) == (
        1e-10, 1e-14, 5_000, 1e-6, 1e-12, 1e3, 24)


def test_small_battles_come_out_nearly_exact():
    """A small battle is pruned at 1e-14 only: 2 against 2 is within 1e-12 of its exact odds."""
    pos = start({"attacker": {"soldiers": 2}, "defender": {"soldiers": 2}})
    result, exact_result = odds(pos), odds(pos, exact=True)
    assert result["error_bound"] < 2e-12
    assert abs(result["attacker_wins"] - float(Fraction(exact_result["exact"]["attacker_wins"]))) < 1e-12


# ---------------------------------------------------------------- the worst random battles (bench/search_odds.py)

FLEETS = [  # a large defending air fleet against a few attacking airplanes, small enough for the exact odds
    ({"soldiers": 3, "airplanes": 2, "airplane_card": {"hooks": None},
      "cards": {"gyroscope": 1, "anti_aircraft_culverin": 1}},
     {"soldiers": 4, "airplanes": 9, "airplane_card": {"hooks": None},
      "cards": {"gyroscope": 1, "anti_aircraft_culverin": 1, "multi_gun": 1}}),
    ({"soldiers": 4, "tanks": 1, "airplanes": 2, "tank_card": {"dice": 3, "hits": 4},
      "airplane_card": {"hooks": None}, "cards": {"anti_aircraft_culverin": 1, "great_cannon": 1}},
     {"soldiers": 3, "airplanes": 7, "airplane_card": {"hooks": None},
      "cards": {"gyroscope": 2, "anti_tank_bomb": 1}}),
]


@pytest.mark.parametrize("measured", [MEASURED, 0])
@pytest.mark.parametrize("attacker, defender", FLEETS)
def test_large_defending_fleets_within_the_bound(monkeypatch, attacker, defender, measured):
    """The shape of the slowest random legal battles (docs/performance.md, "Battle odds"):
    the defender's split air assault (interception, then the volley of outcomes.volley_rows) and the
    airplane-weighted threshold (flow.epsilon_for) still within error_bound of the exact
    odds, at the start and after the policy's next steps; with every column measured when
    taken (flow.MEASURED, their columns are short) and with the mass bounds of long columns."""
    from companion.games.magnifico.battle import flow

    monkeypatch.setattr(flow, "MEASURED", measured)
    pos = start({"attacker": attacker, "defender": defender})
    rng = random.Random(7)
    for _ in range(3):
        clear_cache()
        _close(odds(pos), odds(pos, exact=True))
        if pos["over"]:
            break
        pos = step(pos, policy_step(pos, rng))


def test_a_large_fleet_is_not_a_small_battle():
    """flow.epsilon_for weighs the airplanes: few states but a big air table is pruned at EPSILON."""
    from companion.games.magnifico.battle.flow import epsilon_for

    few = P.compact(start({"attacker": {"soldiers": 5}, "defender": {"soldiers": 7}}))
    fleet = P.compact(start({"attacker": {"soldiers": 5, "airplanes": 4, "airplane_card": {"hooks": None}},
                             "defender": {"soldiers": 7, "airplanes": 20, "airplane_card": {"hooks": None}}}))
    assert epsilon_for(few) == SMALL_EPSILON and epsilon_for(fleet) == EPSILON


def _columns_taken(monkeypatch, setup, tight, measured=0):
    """(odds, number of column steps) of a cold run with flow.TIGHT = tight and
    flow.MEASURED = measured (0 by default: every battle carries mass bounds)."""
    from companion.games.magnifico.battle import flow

    taken = [0]
    apply = Flow.apply

    def counted(self, *args):
        taken[0] += 1
        return apply(self, *args)

    monkeypatch.setattr(flow, "TIGHT", tight)
    monkeypatch.setattr(flow, "MEASURED", measured)
    monkeypatch.setattr(Flow, "apply", counted)
    clear_cache()
    result = odds(start(setup))
    clear_cache()
    return result, taken[0]


@pytest.mark.parametrize("setup", [HEAVY] + [{"attacker": a, "defender": d} for a, d in FLEETS])
def test_a_loose_mass_bound_is_measured_before_a_column_is_taken(monkeypatch, setup):
    """docs/battle.md "Float odds", pruning: a column's mass bound compounds (each row's
    probability times its source's bound, a merged column's whole mass given to every
    block), so a column whose bound is below EPSILON * TIGHT is measured and pruned on its
    exact mass: fewer columns taken than when only a bound below EPSILON is measured,
    and still within error_bound of the exact odds."""
    result, taken = _columns_taken(monkeypatch, setup, TIGHT)
    _, loose = _columns_taken(monkeypatch, setup, 1)
    assert taken < loose
    _close(result, odds(start(setup), exact=True))


@pytest.mark.parametrize("setup", [{"attacker": a, "defender": d} for a, d in FLEETS])
def test_short_columns_are_measured_when_taken(monkeypatch, setup):
    """docs/battle.md "Float odds", pruning (issue 13; docs/performance.md, "Tenth pass"):
    where the merged columns have at most flow.MEASURED fields, no mass bound is carried
    row by row, every column is measured when taken: no more columns taken than with the
    bounds (each pruned on its exact mass), and still within error_bound of the exact odds."""
    result, taken = _columns_taken(monkeypatch, setup, TIGHT, MEASURED)
    _, bounded = _columns_taken(monkeypatch, setup, TIGHT, 0)
    assert taken <= bounded
    _close(result, odds(start(setup), exact=True))


def test_which_battles_carry_mass_bounds():
    """flow.MEASURED: the air battles' short columns (the slowest random legal battles)
    are measured; a castle of 99 against 6 tanks (a block of 100 fields per tank count)
    carries bounds, whose remainder would cost more than the rows' bookkeeping."""
    def flow_of(setup):
        pos = start(setup)
        c = P.context(pos)
        return Flow(c, P.worth_infantry_for(c), P.compact(pos))

    for a, d in FLEETS:
        assert not flow_of({"attacker": a, "defender": d}).bounds
    assert flow_of(HEAVY).bounds  # 9 fields in 3 blocks
    big = flow_of({"attacker": {"soldiers": 6, "tanks": 6, "tank_card": {"dice": 4, "hits": 5}},
                   "defender": {"soldiers": 99, "castle": {"towers": 4}}})
    assert big.bounds and big.length * len(big.blocks) == 700
