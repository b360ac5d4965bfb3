"""Exact odds under the default policy "steady" (docs/battle.md) and simulations of it.

The float odds (the default) are checked against these in test_battle_float_odds.py."""

import json
import math
import random
from fractions import Fraction

import pytest

from companion.errors import GameError
from companion.games.magnifico.battle import cli, start, step
from companion.games.magnifico.battle import odds as float_odds
from companion.games.magnifico.battle.simulate import policy_step, simulate_compact, simulate_machine

H, B, X = "hit", "blank", "explosion"


def odds(position):
    """The exact odds (fractions under "exact")."""
    return float_odds(position, exact=True)


def exact(result, key):
    return Fraction(result["exact"][key])


def test_one_against_one_by_hand():
    """Faces 3 hit / 2 blank / 1 explosion (rules-decisions: Battle). A = 1/2 + 1/3 (1/6 + 1/3 A):
    a round in which nothing changes comes back to the start (the self-loop), A = 5/8."""
    result = odds(start({"attacker": {"soldiers": 1}, "defender": {"soldiers": 1}}))
    assert exact(result, "attacker_wins") == Fraction(5, 8)
    assert exact(result, "defender_wins") == Fraction(3, 8)
    assert result["retreat"] == 0.0 and result["policy"] == "steady"
    assert result["attacker_wins"] == 0.625


def test_tank_then_infantry_by_hand():
    """A 1-die tank of power 1 fires first (5/6 a kill, 1/6 half of 1 = 0), then the
    infantry: X = 5/6 + 1/6 (1/2 + 1/3 (1/6 + 1/3 X)), X = 50/53."""
    s = {"attacker": {"soldiers": 1, "tanks": 1, "tank_card": {"dice": 1, "hits": 1}}, "defender": {"soldiers": 1}}
    assert exact(odds(start(s)), "attacker_wins") == Fraction(50, 53)


def test_mid_battle_odds_after_a_partial_script():
    """After the attacker's blank it is the defender's roll: 1/6 + 1/3 * 5/8 = 3/8."""
    pos = step(start({"attacker": {"soldiers": 1}, "defender": {"soldiers": 1}}),
               {"side": "attacker", "assault": "infantry", "dice": [B]})
    assert exact(odds(pos), "attacker_wins") == Fraction(3, 8)


def test_finished_battle_is_certain():
    pos = step(start({"attacker": {"soldiers": 2}, "defender": {"soldiers": 1}}),
               {"side": "attacker", "assault": "infantry", "dice": [H, B]})
    result = odds(pos)
    assert result["exact"]["attacker_wins"] == "1/1"
    assert result["survivors"]["attacker"] == {"2": {"p": 1.0, "exact": "1/1", "at_least": 1.0}}


def test_retreat_when_nothing_can_pierce_rulebook_7_3_10():
    s = {"attacker": {"soldiers": 2}, "defender": {"soldiers": 5, "castle": {"towers": 2}}}
    result = odds(start(s))
    assert result["exact"]["retreat"] == "1/1"
    assert result["survivors"]["attacker"]["2"]["p"] == 1.0


RICH = {
    "attacker": {"soldiers": 4, "tanks": 1, "airplanes": 2, "tank_card": {"dice": 3, "hits": 4},
                 "airplane_card": {"hooks": 2},
                 "cards": {"gyroscope": 1, "paratrooper": 1, "great_cannon": 1, "battle_wagon": 1, "multi_gun": 1}},
    "defender": {"soldiers": 6, "airplanes": 1, "airplane_card": {"hooks": 2}, "castle": {"towers": 1},
                 "cards": {"automaton": 1, "anti_tank_bomb": 1, "anti_aircraft_culverin": 1, "walls": 1}},
}


@pytest.mark.parametrize(
    "setup",
    [
        RICH,
        {"attacker": {"soldiers": 6}, "defender": {"soldiers": 6}},
        {"attacker": {"soldiers": 3, "airplanes": 2, "tanks": 1, "tank_card": {"dice": 4, "hits": 5},
                      "airplane_card": {"hooks": 1}}, "defender": {"soldiers": 7, "castle": {"towers": 0}}},
    ],
)
def test_probabilities_sum_to_one_exactly(setup):
    result = odds(start(setup))
    assert sum(exact(result, k) for k in ("attacker_wins", "defender_wins", "retreat")) == 1
    for side in ("attacker", "defender"):
        rows = result["survivors"][side]
        assert sum(Fraction(r["exact"]) for r in rows.values()) == 1
        at_least = [rows[k]["at_least"] for k in sorted(rows, key=int)]
        assert at_least == sorted(at_least, reverse=True) and math.isclose(at_least[0], 1.0)


def _within(p, hits, games, sigmas=4.5):
    return abs(hits / games - p) <= sigmas * math.sqrt(max(p * (1 - p), 1e-4) / games)


def test_a_seeded_simulation_through_the_machine_agrees():
    """The policy played through the step machine (every card of RICH in use): the
    compact model of the exact odds follows the same rules."""
    pos = start(RICH)
    result = odds(pos)
    games = 600
    counts = simulate_machine(pos, games, seed=7)
    wins = sum(n for (winner, _, _), n in counts.items() if winner == "attacker")
    assert _within(result["attacker_wins"], wins, games)
    mean_exact = sum(int(k) * r["p"] for k, r in result["survivors"]["defender"].items())
    mean_sim = sum(d * n for (_, _, d), n in counts.items()) / games
    assert abs(mean_sim - mean_exact) < 0.35


# 6-die tanks of power 8 against a level-5 castle: the volley stops when 1 defender is left
STOPPING = {"attacker": {"soldiers": 6, "tanks": 3, "tank_card": {"dice": 6, "hits": 8}},
            "defender": {"soldiers": 8, "castle": {"towers": 4}}}


def test_machine_simulation_agrees_when_the_volley_stops():
    pos = start(STOPPING)
    games = 400
    counts = simulate_machine(pos, games, seed=5)
    wins = sum(n for (winner, _, _), n in counts.items() if winner == "attacker")
    assert _within(odds(pos)["attacker_wins"], wins, games)


@pytest.mark.parametrize(
    "setup",
    [
        {"attacker": {"soldiers": 6}, "defender": {"soldiers": 6}},
        {"attacker": {"soldiers": 6, "tanks": 6, "tank_card": {"dice": 4, "hits": 5},
                      "cards": {"transmission_gear": 1, "cannon_lighter": 1, "multi_cannon": 1}},
         "defender": {"soldiers": 20, "castle": {"towers": 4}}},
        STOPPING,
    ],
)
def test_a_larger_compact_simulation_agrees(setup):
    pos = start(setup)
    result = odds(pos)
    games = 4000
    counts = simulate_compact(pos, games, seed=11)
    wins = sum(n for (winner, _, _), n in counts.items() if winner == "attacker")
    assert _within(result["attacker_wins"], wins, games)
    three_or_more = sum(n for (_, a, _), n in counts.items() if a >= 3)
    assert _within(result["survivors"]["attacker"]["3"]["at_least"], three_or_more, games)


def test_policy_steps_are_always_legal():
    rng = random.Random(3)
    for _ in range(40):
        pos = start(RICH)
        while not pos["over"]:
            pos = step(pos, policy_step(pos, rng))  # raises GameError if the policy cheats


def test_odds_refuse_what_is_not_a_position():
    with pytest.raises(GameError):
        odds({"attacker": {"soldiers": 1}})


def test_odds_cli_ignores_the_script_unless_asked(capsys, tmp_path):
    battle = {"attacker": {"soldiers": 1}, "defender": {"soldiers": 1},
              "script": [{"side": "attacker", "assault": "infantry", "dice": [B]}]}
    path = tmp_path / "b.json"
    path.write_text(json.dumps(battle))
    assert cli.main(["odds", "--exact", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["exact"]["attacker_wins"] == "5/8"
    assert cli.main(["odds", "--exact", "--after-script", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["exact"]["attacker_wins"] == "3/8"


def test_odds_cli_prints_decimals_unless_asked_for_fractions(capsys, tmp_path):
    """`odds FILE` gives the float odds (no fraction strings), `odds --exact FILE` the fractions."""
    path = tmp_path / "b.json"
    path.write_text(json.dumps({"attacker": {"soldiers": 1}, "defender": {"soldiers": 1}}))
    assert cli.main(["odds", str(path)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert "exact" not in result and abs(result["attacker_wins"] - 0.625) <= result["error_bound"]


@pytest.mark.parametrize("seed", range(30))
def test_merged_infantry_outcomes_match_the_single_roll_rules(seed):
    """policy.infantry_outcomes (the exact odds' fast loop) == infantry_effect roll by roll."""
    from companion.games.magnifico.battle import policy as P
    from companion.games.magnifico.battle.dice import faces_table, totals_table

    rng = random.Random(seed)
    setup = {
        "attacker": {"soldiers": rng.randint(1, 6),
                     "cards": {"multi_gun": rng.randint(0, 2), "battle_wagon": rng.randint(0, 2),
                               "bombard": rng.randint(0, 2), "great_cannon": rng.randint(0, 2)}},
        "defender": {"soldiers": rng.randint(1, 12), "castle": rng.choice([None, {"towers": rng.randint(0, 4)}]),
                     "cards": {"walls": rng.randint(0, 1), "multi_gun": rng.randint(0, 1), "battle_wagon": rng.randint(0, 1)}},
    }
    pos = start(setup)
    if rng.random() < 0.5:
        pos = step(pos, {"side": "attacker", "assault": "infantry", "dice": [B] * pos["attacker"]["soldiers"]})
        if pos["over"]:
            return
        pos["turn"], pos["used"] = "defender", []
    c = P.context(pos)
    st = P.compact(pos)
    side = st[0]
    n = st[P.SOLDIERS[side]]
    expected: dict = {}
    for h, b, e, w in faces_table(n):
        s = P.infantry_effect(c, st, h, b, e)
        key = s if s[0] == "end" else (s[1], s[2], s[5], s[8])
        expected[key] = expected.get(key, 0) + w
    table = totals_table(n, c.multi_gun[side], c.battle_wagon[side])
    assert P.infantry_outcomes(c, st, table) == expected


class _PlannedDice:
    """An rng for policy_step that rolls the faces of a plan, noting when it runs out."""

    def __init__(self, plan):
        self.plan, self.calls = plan, 0

    def choice(self, faces):
        self.calls += 1
        return self.plan[self.calls - 1] if self.calls <= len(self.plan) else "hit"


def _policy_step_outcomes(pos, plan=()):
    """Every way the policy's next step can be rolled: [(probability, step)]."""
    rng = _PlannedDice(list(plan))
    raw = policy_step(pos, rng)
    if rng.calls <= len(plan):
        p = Fraction(1)
        for f in plan:
            p *= Fraction({H: 3, B: 2, X: 1}[f], 6)
        return [(p, raw)]
    return [row for f in (H, B, X) for row in _policy_step_outcomes(pos, (*plan, f))]


SMALL = [
    {"attacker": {"soldiers": 3, "airplanes": 2, "airplane_card": {"hooks": 2}, "cards": {"paratrooper": 1, "gyroscope": 1}},
     "defender": {"soldiers": 4, "airplanes": 1, "airplane_card": {"hooks": 1}, "castle": {"towers": 1},
                  "cards": {"anti_aircraft_culverin": 1, "automaton": 1}}},
    {"attacker": {"soldiers": 2, "tanks": 2, "tank_card": {"dice": 2, "hits": 3}, "cards": {"great_cannon": 1}},
     "defender": {"soldiers": 4, "airplanes": 1, "airplane_card": {"hooks": 1}, "castle": {"towers": 2},
                  "cards": {"anti_tank_bomb": 1}}},
    {"attacker": {"soldiers": 3, "cards": {"battle_wagon": 1, "multi_gun": 1, "bombard": 1}},
     "defender": {"soldiers": 3, "castle": {"towers": 1}}},
]


@pytest.mark.parametrize("setup", SMALL)
def test_exact_odds_agree_with_the_machine_one_step_ahead(setup):
    """odds(here) = sum over every roll of the policy's next step, through the step
    machine, of P(roll) * odds(after): the compact model and the machine are the same
    rules, exactly (two steps deep: the attacker's first assault and the one after)."""
    pos = start(setup)
    for _ in range(2):
        rows = _policy_step_outcomes(pos)
        assert sum(p for p, _ in rows) == 1
        expected = sum(p * exact(odds(step(pos, raw)), "attacker_wins") for p, raw in rows)
        assert exact(odds(pos), "attacker_wins") == expected
        p, raw = max(rows, key=lambda r: r[0])
        pos = step(pos, raw)
        if pos["over"]:
            break


def test_steady_leaves_a_tank_whose_explosion_costs_more_than_it_kills():
    """A 6-die tank of power 6 against a level-5 castle: 1 kill with 0.335 against a 0.062
    chance to lose 6 soldiers. The infantry goes instead; the tank fires only when it is
    the one assault left that can pierce (retreat is then not allowed, rulebook 7.3.10)."""
    from companion.games.magnifico.battle import policy as P
    from companion.games.magnifico.battle.policy import worth_infantry_for

    s = {"attacker": {"soldiers": 6, "tanks": 1, "tank_card": {"dice": 6, "hits": 6}},
         "defender": {"soldiers": 3, "castle": {"towers": 4}}}
    pos = start(s)
    c = P.context(pos)
    st = P.compact(pos)
    assert not P.tank_fires(c, st, 3)
    assert P.decide(c, st, worth_infantry_for(c)) == "infantry"
    five = st[:2] + (5,) + st[3:]
    assert P.decide(c, five, worth_infantry_for(c)) == "tanks"


def test_steady_stops_firing_tanks_when_too_few_soldiers_are_left_to_kill():
    """Power 8 against level 5 kills 3 at full power. With 4 defenders the first tank fires;
    if it kills 3, one more kill is worth less than the explosion risk: the volley stops."""
    s = {"attacker": {"soldiers": 6, "tanks": 3, "tank_card": {"dice": 6, "hits": 8}},
         "defender": {"soldiers": 4, "castle": {"towers": 4}}}
    pos = start(s)
    full = policy_step(pos, _PlannedDice([B] * 6 + [H] * 12))
    assert full["assault"] == "tanks" and len(full["rolls"]) == 1
    jammed = policy_step(pos, _PlannedDice([X, X] + [B] * 4 + [B] * 6 + [H] * 6))
    assert len(jammed["rolls"]) >= 2


# ---------------------------------------------------------------- float mode and the packed chain


def _random_setup(rng):
    """A random legal battle with every kind of piece and card the odds model (small
    enough for the exact odds to take a fraction of a second)."""
    hooks = {"hooks": 2}
    attacker = {"soldiers": rng.randint(1, 4), "cards": {}}
    defender = {"soldiers": rng.randint(1, 6), "cards": {}}
    if rng.random() < 0.6:
        attacker["tanks"] = rng.randint(1, 2)
        attacker["tank_card"] = {"dice": rng.randint(1, 4), "hits": rng.randint(1, 6)}
    if rng.random() < 0.6:
        attacker["airplanes"] = rng.randint(1, 2)
        attacker["airplane_card"] = hooks
        attacker["cards"].update(paratrooper=rng.randint(0, 1), gyroscope=rng.randint(0, 1))
    if rng.random() < 0.5:
        defender["airplanes"] = rng.randint(1, 2)
        defender["airplane_card"] = hooks
        defender["cards"].update(anti_tank_bomb=rng.randint(0, 1), anti_aircraft_culverin=rng.randint(0, 1))
    if rng.random() < 0.4:
        defender["tanks"] = 1
        defender["tank_card"] = {"dice": rng.randint(1, 3), "hits": rng.randint(1, 4)}
    if rng.random() < 0.6:
        defender["castle"] = {"towers": rng.randint(0, 2)}
        defender["cards"].update(automaton=rng.randint(0, 1), walls=rng.randint(0, 1))
        attacker["cards"].update(great_cannon=rng.randint(0, 1), bombard=rng.randint(0, 1))
    attacker["cards"].update(multi_gun=rng.randint(0, 1), battle_wagon=rng.randint(0, 1))
    return {"attacker": attacker, "defender": defender,
            "variants": {"tank_explosion": rng.choice(["army", "infantry"])}}


@pytest.mark.parametrize("seed", range(10))
def test_packed_chain_moves_match_the_tuple_rules(seed):
    """The chain's moves on packed states (odds._Chain: airplane_rows, the packed infantry,
    automaton and tank paths) == the plain enumeration over compact tuples
    (odds.assault_into, built on the policy's effect functions), for random states."""
    from companion.games.magnifico.battle import policy as P
    from companion.games.magnifico.battle.dice import pow6
    from companion.games.magnifico.battle.exact import _Chain
    from companion.games.magnifico.battle.exact_moves import assault_bound, assault_into

    rng = random.Random(100 + seed)
    pos = start(([RICH] + SMALL[:2])[seed] if seed < 3 else _random_setup(rng))
    c = P.context(pos)
    chain = _Chain(c, 8)
    top = P.compact(pos)
    checked = 0
    for _ in range(120):
        st = (rng.randint(0, 1), rng.choice([0, 1, 2, 4, 8, 6, 12])) + tuple(
            rng.randint(1 if i in (2, 5) else 0, v) for i, v in enumerate(top) if i >= 2 and i < 9) + (
            rng.random() < 0.3 if c.castle else False,)
        node = chain.target(st)
        if type(node) is not int:
            continue
        inside, leaving, dice = chain.out(node)
        got = {t: Fraction(x, pow6(dice)) for t, x in inside + leaving}
        here = chain.decode(node)
        action = P.decide(c, here, chain.worth)
        bound = assault_bound(c, here, action)
        raw: dict = {}
        assault_into(c, here, action, pow6(bound), raw, raw, {})
        expected: dict = {}
        for t, x in raw.items():
            t = chain.target(t)
            expected[t] = expected.get(t, 0) + Fraction(x, pow6(bound))
        assert got == expected, (here, action)
        checked += 1
    assert checked > 10


def test_kept_chain_gives_the_same_odds_as_a_fresh_one():
    """The exact odds keep the chain of the last battle: the odds after a roll are the
    same with the kept chain and with a fresh one."""
    from companion.games.magnifico.battle.odds import clear_cache

    rng = random.Random(5)
    pos = start(RICH)
    odds(pos)
    after = step(pos, policy_step(pos, rng))
    kept = odds(after)
    clear_cache()
    assert odds(after) == kept


def test_exact_strings_are_reduced():
    result = odds(start(RICH))
    for text in list(result["exact"].values()) + [r["exact"] for r in result["survivors"]["attacker"].values()]:
        n, d = (int(part) for part in text.split("/"))
        assert math.gcd(n, d) == 1 and d > 0
