"""Battle odds of the heaviest legal battles against a 100,000-battle simulation, side by side.

    .venv/bin/python bench/bench_odds.py [--repeat 5] [--games 100000] [--exact] [--markdown]

For each case, in one process and one run, the CPU time of
- `odds`: odds(position) as the battle screen asks it (float), cold: every kept flow,
  table and dice table cleared first (median of --repeat runs);
- `live`: the odds after the policy's first roll of the same battle, its tables kept
  (what the screen pays after every roll; median);
- `simulation`: simulate(position, 100000, seed), the Monte Carlo baseline: the same
  policy played with random dice (one run; --games N plays N and scales to 100,000);
- `exact` (with --exact): odds(position, exact=True), cold (one run; up to a minute),
and the ratio simulation / odds against the goal (odds at least 50 times faster, issue 13),
with a Raspberry Pi estimate (3 to 5 times this machine) next to each time.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import platform
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

import goal_rows  # noqa: E402  (the script's own folder)
from companion.games.magnifico.battle import odds, simulate, start, step  # noqa: E402
from companion.games.magnifico.battle.odds import clear_cache  # noqa: E402
from companion.games.magnifico.battle.simulate import policy_step  # noqa: E402

GOAL = 50  # the odds at least this many times faster than the simulation
BOX = 20  # tanks, and airplanes, in the whole box (rules-decisions: pieces are limited by the box)


def _airplanes_against(defenders: int) -> dict:
    """6 soldiers, 3 tanks and 3 airplanes with every attacking card against `defenders`
    and 2 airplanes in a 4-tower castle with every defending card."""
    return {
        "attacker": {"soldiers": 6, "tanks": 3, "airplanes": 3, "tank_card": {"dice": 4, "hits": 6},
                     "airplane_card": {"hooks": 2},
                     "cards": {"paratrooper": 1, "gyroscope": 1, "great_cannon": 1, "multi_gun": 1,
                               "battle_wagon": 1, "bombard": 1}},
        "defender": {"soldiers": defenders, "airplanes": 2, "airplane_card": {"hooks": 2}, "castle": {"towers": 4},
                     "cards": {"automaton": 1, "anti_tank_bomb": 1, "anti_aircraft_culverin": 1, "walls": 1}},
    }


def random_battle(rng: random.Random) -> dict:
    """A random battle over the full ranges of the rules (it may be illegal: start() says):
    1-6 attacking soldiers, up to 6 tanks and airplanes, 1-99 defenders with the tanks and
    airplanes the box has left (20 of each in the box, both sides' together: rules-decisions,
    "Pieces are limited by the box"), any tank card, every card 0 to 2 times, any castle and
    variant."""
    def side(soldiers: int, tanks: int, airplanes: int) -> dict:
        cards = {name: rng.choice((0, 0, 1, 1, 2)) for name in (
            "battle_wagon", "multi_gun", "transmission_gear", "cannon_lighter", "multi_cannon", "gyroscope",
            "anti_tank_bomb", "anti_aircraft_culverin")}
        out = {"soldiers": soldiers, "tanks": tanks, "airplanes": airplanes, "cards": cards}
        if tanks or rng.random() < 0.3:
            out["tank_card"] = {"dice": rng.randint(1, 6), "hits": rng.randint(1, 6)}
        if airplanes or rng.random() < 0.3:
            out["airplane_card"] = {"hooks": None}
        return out

    machines = rng.randint(0, 6)
    tanks = rng.randint(0, machines)
    attacker = side(rng.randint(1, 6), tanks, machines - tanks)
    defender = side(rng.choice((rng.randint(1, 12), rng.randint(1, 40), rng.randint(1, 99))),
                    rng.choice((0, rng.randint(0, 4), rng.randint(0, BOX - tanks))),
                    rng.choice((0, rng.randint(0, 4), rng.randint(0, BOX - (machines - tanks)))))
    attacker["cards"].update(paratrooper=rng.randint(0, 1), great_cannon=rng.randint(0, 2), bombard=rng.randint(0, 2))
    if rng.random() < 0.5:
        defender["castle"] = {"towers": rng.randint(0, 4)}
        defender["cards"].update(walls=rng.randint(0, 2), automaton=rng.randint(0, 1))
    return {"attacker": attacker, "defender": defender, "sea_raid": rng.random() < 0.2,
            "variants": {"tank_explosion": rng.choice(("army", "infantry")),
                         "intercept": rng.choice(("both", "defender"))}}


CASES = {
    "6 soldiers + 6 tanks vs 99, 4-tower castle": {
        "attacker": {"soldiers": 6, "tanks": 6, "tank_card": {"dice": 4, "hits": 5},
                     "cards": {"transmission_gear": 1, "cannon_lighter": 1, "multi_cannon": 1, "multi_gun": 1,
                               "battle_wagon": 1, "bombard": 1, "great_cannon": 1}},
        "defender": {"soldiers": 99, "castle": {"towers": 4}, "cards": {"walls": 1, "automaton": 1}},
    },
    "6 + 3 tanks + 3 airplanes vs 10 + 2 airplanes, every card": _airplanes_against(10),
    "6 + 3 tanks + 3 airplanes vs 40 + 2 airplanes, every card": _airplanes_against(40),
    "6 soldiers + 6 tanks vs 20, 4-tower castle": {
        "attacker": {"soldiers": 6, "tanks": 6, "tank_card": {"dice": 4, "hits": 5},
                     "cards": {"transmission_gear": 1, "cannon_lighter": 1, "multi_cannon": 1}},
        "defender": {"soldiers": 20, "castle": {"towers": 4}},
    },
    "6 against 6 infantry": {"attacker": {"soldiers": 6}, "defender": {"soldiers": 6}},
    # the worst ratios of `bench/search_odds.py --battles 400 --seed 13` (before and after
    # the shared air tables) and `--seed 14`: short battles against a large defending air fleet
    "worst random legal battle: 6 + tank + 4 airplanes vs 8 + 14 airplanes": {"attacker": {"soldiers": 6, "tanks": 1, "airplanes": 4, "cards": {"battle_wagon": 0, "multi_gun": 1, "transmission_gear": 1, "cannon_lighter": 0, "multi_cannon": 1, "gyroscope": 0, "anti_tank_bomb": 0, "anti_aircraft_culverin": 1, "paratrooper": 0, "great_cannon": 1, "bombard": 0}, "tank_card": {"dice": 5, "hits": 4}, "airplane_card": {"hooks": None}}, "defender": {"soldiers": 8, "tanks": 0, "airplanes": 14, "cards": {"battle_wagon": 0, "multi_gun": 0, "transmission_gear": 2, "cannon_lighter": 1, "multi_cannon": 0, "gyroscope": 2, "anti_tank_bomb": 0, "anti_aircraft_culverin": 0}, "airplane_card": {"hooks": None}}, "sea_raid": False, "variants": {"tank_explosion": "infantry", "intercept": "both"}},
    # drawn before the searches kept to the box's 20 airplanes (24 here): beyond the box
    "beyond the box (24 airplanes): 5 + 4 airplanes vs 7 + 20 airplanes": {"attacker": {"soldiers": 5, "tanks": 0, "airplanes": 4, "cards": {"battle_wagon": 0, "multi_gun": 0, "transmission_gear": 1, "cannon_lighter": 2, "multi_cannon": 0, "gyroscope": 1, "anti_tank_bomb": 1, "anti_aircraft_culverin": 1, "paratrooper": 1, "great_cannon": 2, "bombard": 0}, "airplane_card": {"hooks": None}}, "defender": {"soldiers": 7, "tanks": 0, "airplanes": 20, "cards": {"battle_wagon": 0, "multi_gun": 2, "transmission_gear": 0, "cannon_lighter": 0, "multi_cannon": 1, "gyroscope": 1, "anti_tank_bomb": 1, "anti_aircraft_culverin": 2}, "airplane_card": {"hooks": None}}},
    # seed 13's second worst after the fourth pass (odds5)
    "worst random legal battle: 3 + tank + 5 airplanes vs 5 + 8 airplanes": {'attacker': {'soldiers': 3, 'tanks': 1, 'airplanes': 5, 'cards': {'battle_wagon': 0, 'multi_gun': 0, 'transmission_gear': 2, 'cannon_lighter': 0, 'multi_cannon': 1, 'gyroscope': 1, 'anti_tank_bomb': 1, 'anti_aircraft_culverin': 2, 'paratrooper': 0, 'great_cannon': 0, 'bombard': 2}, 'tank_card': {'dice': 5, 'hits': 3}, 'airplane_card': {'hooks': None}}, 'defender': {'soldiers': 5, 'tanks': 0, 'airplanes': 8, 'cards': {'battle_wagon': 0, 'multi_gun': 2, 'transmission_gear': 0, 'cannon_lighter': 0, 'multi_cannon': 1, 'gyroscope': 0, 'anti_tank_bomb': 0, 'anti_aircraft_culverin': 0}, 'airplane_card': {'hooks': None}}, 'sea_raid': False, 'variants': {'tank_explosion': 'infantry', 'intercept': 'both'}},
    # the worst two of `--seed 14` after the defender's tank assault became one table (odds4)
    "worst random legal battle (seed 14): 6 + tank + 3 airplanes vs 6 + 14 airplanes, 1-tower castle": {"attacker": {"soldiers": 6, "tanks": 1, "airplanes": 3, "cards": {"battle_wagon": 1, "multi_gun": 0, "transmission_gear": 0, "cannon_lighter": 1, "multi_cannon": 2, "gyroscope": 2, "anti_tank_bomb": 2, "anti_aircraft_culverin": 0, "paratrooper": 1, "great_cannon": 1, "bombard": 1}, "tank_card": {"dice": 2, "hits": 2}, "airplane_card": {"hooks": None}}, "defender": {"soldiers": 6, "tanks": 0, "airplanes": 14, "cards": {"battle_wagon": 0, "multi_gun": 1, "transmission_gear": 1, "cannon_lighter": 1, "multi_cannon": 2, "gyroscope": 0, "anti_tank_bomb": 2, "anti_aircraft_culverin": 2, "walls": 1, "automaton": 1}, "tank_card": {"dice": 6, "hits": 4}, "airplane_card": {"hooks": None}, "castle": {"towers": 1}}, "sea_raid": False, "variants": {"tank_explosion": "army", "intercept": "both"}},
    "worst random legal battle (seed 14): sea raid, 6 + 2 tanks + 4 airplanes vs 5 + 3 tanks + airplane, 3-tower castle": {"attacker": {"soldiers": 6, "tanks": 2, "airplanes": 4, "cards": {"battle_wagon": 0, "multi_gun": 2, "transmission_gear": 0, "cannon_lighter": 2, "multi_cannon": 2, "gyroscope": 2, "anti_tank_bomb": 1, "anti_aircraft_culverin": 2, "paratrooper": 1, "great_cannon": 1, "bombard": 0}, "tank_card": {"dice": 6, "hits": 3}, "airplane_card": {"hooks": None}}, "defender": {"soldiers": 5, "tanks": 3, "airplanes": 1, "cards": {"battle_wagon": 0, "multi_gun": 0, "transmission_gear": 1, "cannon_lighter": 1, "multi_cannon": 1, "gyroscope": 2, "anti_tank_bomb": 1, "anti_aircraft_culverin": 2, "walls": 1, "automaton": 0}, "tank_card": {"dice": 3, "hits": 6}, "airplane_card": {"hooks": None}, "castle": {"towers": 3}}, "sea_raid": True, "variants": {"tank_explosion": "army", "intercept": "both"}},
    # the worst two of both searches once their draws kept to the box (2026-12-02)
    "worst random legal battle (seed 13, in the box): sea raid, 5 + 3 tanks + 2 airplanes vs 8 + 2 tanks + 10 airplanes": {"attacker": {"soldiers": 5, "tanks": 3, "airplanes": 2, "cards": {"battle_wagon": 2, "multi_gun": 1, "transmission_gear": 0, "cannon_lighter": 0, "multi_cannon": 0, "gyroscope": 0, "anti_tank_bomb": 2, "anti_aircraft_culverin": 0, "paratrooper": 0, "great_cannon": 2, "bombard": 0}, "tank_card": {"dice": 1, "hits": 2}, "airplane_card": {"hooks": None}}, "defender": {"soldiers": 8, "tanks": 2, "airplanes": 10, "cards": {"battle_wagon": 0, "multi_gun": 1, "transmission_gear": 1, "cannon_lighter": 0, "multi_cannon": 0, "gyroscope": 1, "anti_tank_bomb": 1, "anti_aircraft_culverin": 1}, "tank_card": {"dice": 4, "hits": 1}, "airplane_card": {"hooks": None}}, "sea_raid": True, "variants": {"tank_explosion": "army", "intercept": "both"}},
    "worst random legal battle (seed 13, in the box): 3 + tank + 5 airplanes vs 2 + 3 tanks + 15 airplanes, 1-tower castle": {"attacker": {"soldiers": 3, "tanks": 1, "airplanes": 5, "cards": {"battle_wagon": 1, "multi_gun": 1, "transmission_gear": 0, "cannon_lighter": 1, "multi_cannon": 2, "gyroscope": 1, "anti_tank_bomb": 1, "anti_aircraft_culverin": 1, "paratrooper": 1, "great_cannon": 1, "bombard": 0}, "tank_card": {"dice": 1, "hits": 6}, "airplane_card": {"hooks": None}}, "defender": {"soldiers": 2, "tanks": 3, "airplanes": 15, "cards": {"battle_wagon": 0, "multi_gun": 1, "transmission_gear": 0, "cannon_lighter": 1, "multi_cannon": 0, "gyroscope": 0, "anti_tank_bomb": 1, "anti_aircraft_culverin": 0, "walls": 2, "automaton": 0}, "tank_card": {"dice": 6, "hits": 3}, "airplane_card": {"hooks": None}, "castle": {"towers": 1}}, "sea_raid": False, "variants": {"tank_explosion": "army", "intercept": "both"}},
    "worst random legal battle (seed 14, in the box): 5 + 3 tanks + airplane vs 12 + tank + 18 airplanes, a castle without towers": {"attacker": {"soldiers": 5, "tanks": 3, "airplanes": 1, "cards": {"battle_wagon": 1, "multi_gun": 2, "transmission_gear": 2, "cannon_lighter": 0, "multi_cannon": 0, "gyroscope": 1, "anti_tank_bomb": 1, "anti_aircraft_culverin": 0, "paratrooper": 1, "great_cannon": 0, "bombard": 2}, "tank_card": {"dice": 2, "hits": 5}, "airplane_card": {"hooks": None}}, "defender": {"soldiers": 12, "tanks": 1, "airplanes": 18, "cards": {"battle_wagon": 0, "multi_gun": 1, "transmission_gear": 1, "cannon_lighter": 2, "multi_cannon": 0, "gyroscope": 0, "anti_tank_bomb": 1, "anti_aircraft_culverin": 1, "walls": 1, "automaton": 0}, "tank_card": {"dice": 6, "hits": 4}, "airplane_card": {"hooks": None}, "castle": {"towers": 0}}, "sea_raid": False, "variants": {"tank_explosion": "infantry", "intercept": "both"}},
    # the same (25 airplanes): a heavy case, not a legal battle
    "beyond the box (25 airplanes): 4 + 6 airplanes vs 69 + 6 tanks + 19 airplanes": {'attacker': {'soldiers': 4, 'tanks': 0, 'airplanes': 6, 'cards': {'battle_wagon': 0, 'multi_gun': 1, 'transmission_gear': 2, 'cannon_lighter': 2, 'multi_cannon': 2, 'gyroscope': 0, 'anti_tank_bomb': 2, 'anti_aircraft_culverin': 1, 'paratrooper': 1, 'great_cannon': 2, 'bombard': 0}, 'tank_card': {'dice': 2, 'hits': 6}, 'airplane_card': {'hooks': None}}, 'defender': {'soldiers': 69, 'tanks': 6, 'airplanes': 19, 'cards': {'battle_wagon': 2, 'multi_gun': 2, 'transmission_gear': 0, 'cannon_lighter': 1, 'multi_cannon': 2, 'gyroscope': 0, 'anti_tank_bomb': 1, 'anti_aircraft_culverin': 0, 'walls': 0, 'automaton': 1}, 'tank_card': {'dice': 2, 'hits': 1}, 'airplane_card': {'hooks': None}, 'castle': {'towers': 2}}, 'sea_raid': False, 'variants': {'tank_explosion': 'infantry', 'intercept': 'both'}},
}


def cpu(fn, repeat: int = 1, before=None) -> tuple[float, object]:
    """Median CPU seconds of fn() over `repeat` runs (before() untimed ahead of each), and its result."""
    times = []
    result = None
    for _ in range(repeat):
        if before:
            before()
        t = time.process_time()
        result = fn()
        times.append(time.process_time() - t)
    return statistics.median(times), result


def seconds(s: float | None) -> str:
    if s is None:
        return "-"
    return f"{s * 1000:.1f} ms" if s < 0.1 else f"{s * 1000:.0f} ms" if s < 1 else f"{s:.1f} s"


def pi(s: float | None) -> str:
    return "-" if s is None else goal_rows.pi_times(s, seconds)


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ", load %.1f" % os.getloadavg()[0] if hasattr(os, "getloadavg") else ""
    return f"{model}, {os.cpu_count()} cores{load}, Python {platform.python_version()}"


def measure(name: str, setup: dict, args) -> dict:
    pos = start(setup)
    odds_s, result = cpu(lambda: odds(pos), args.repeat, clear_cache)
    after = step(pos, policy_step(pos, random.Random(1)))
    live_s = None
    if not after["over"]:
        odds(pos)
        live_s, _ = cpu(lambda: odds(after), args.repeat)
    sim_s, sim = cpu(lambda: simulate(pos, args.games, seed=1))
    exact_s = None
    if args.exact:
        exact_s, exact = cpu(lambda: odds(pos, exact=True), 1, clear_cache)
        assert abs(exact["attacker_wins"] - result["attacker_wins"]) <= result["error_bound"]
    sim_s *= 100_000 / args.games  # the baseline is 100,000 games (fewer: scaled, for quick runs)
    return {"case": name, "odds": odds_s, "live": live_s, "sim": sim_s, "exact": exact_s,
            "ratio": sim_s / odds_s, "p": result["attacker_wins"], "p_sim": sim["attacker_wins"],
            "bound": result["error_bound"]}


def beyond_the_box(setup: dict) -> bool:
    """More tanks or airplanes in the battle, both sides together, than the box holds: no
    game reaches it, so the goal (every legal battle) does not ask for it."""
    sides = (setup["attacker"], setup["defender"])
    return any(sum(side.get(kind, 0) for side in sides) > BOX for kind in ("tanks", "airplanes"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--exact", action="store_true", help="also time the exact odds (slow)")
    parser.add_argument("--markdown", action="store_true", help="print the table for docs/performance.md")
    parser.add_argument("--only", help="run the cases whose name contains this")
    parser.add_argument("--json", help="also write the figures against their goal to this file (bench/goals.py)")
    args = parser.parse_args()
    rows = [measure(name, setup, args) for name, setup in CASES.items() if not args.only or args.only in name]
    head = ("case", "odds", "Pi est.", "live", "simulation", "Pi est.", "sim/odds", f"goal {GOAL}x",
            "P(attacker)", "simulated", "error bound") + (("exact",) if args.exact else ())
    lines = []
    for r in rows:
        goal = "beyond the box" if beyond_the_box(CASES[r["case"]]) else "met" if r["ratio"] >= GOAL else "MISSED"
        lines.append((r["case"], seconds(r["odds"]), pi(r["odds"]), seconds(r["live"]), seconds(r["sim"]),
                      pi(r["sim"]), f"{r['ratio']:.0f}x", goal,
                      f"{r['p']:.4f}", f"{r['p_sim']:.4f}", f"{r['bound']:.0e}")
                     + ((seconds(r["exact"]),) if args.exact else ()))
    if args.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + " --- |" * len(head))
        for line in lines:
            print("| " + " | ".join(line) + " |")
    else:
        widths = [max(len(str(x)) for x in col) for col in zip(head, *lines)]
        for line in [head] + lines:
            print("  ".join(str(x).ljust(w) for x, w in zip(line, widths)))
    goal_rows.write(args.json, [
        goal_rows.row(f"odds >= {GOAL}x a 100,000-battle simulation", r["case"], r["ratio"], "x", GOAL, higher=True,
                      baseline=r["sim"], baseline_what="the simulation, same process",
                      note=f"odds {seconds(r['odds'])}, simulation {seconds(r['sim'])}")
        for r in rows if not beyond_the_box(CASES[r["case"]])])
    games = "100,000 games" if args.games == 100_000 else f"{args.games:,} games scaled to 100,000"
    print(f"\nCPU time; odds and live: medians of {args.repeat} runs, odds cold; simulation: "
          f"{games}, one run. Machine: {machine()}.")


if __name__ == "__main__":
    main()
