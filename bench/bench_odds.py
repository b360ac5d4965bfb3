"""Battle odds: exact and float, cold and kept chain, against the old code and a simulation.

    .venv/bin/python bench/bench_odds.py [--repeat 5] [--games 100000] [--baseline all|small|none]

For each case prints the median CPU time of
- `exact`: odds(position) as the CLI computes it, cold (the kept chain cleared first);
- `float`: odds(position, exact=False), cold;
- `live`: odds(after, exact=False) for the position after the policy's first roll, with the
  chain the odds of the start kept (what the battle screen pays after every roll);
- `old`: the exact odds of the code before this work (bench/odds_baseline.py, same process);
- `sim`: a seeded 100,000-game simulation of the same policy over the compact state (one run),
and the ratios old / exact and sim / exact. The old code takes up to a minute on the
airplane cases, so by default (`--baseline small`) it runs only on the first two.
Targets (issue 3 and its speed brief): the largest case under 100 ms, the airplane cases
under 200 ms (met by the float mode; see docs/battle.md, "Speed").
"""

from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import odds_baseline  # noqa: E402

from companion.games.magnifico.battle import odds, start, step  # noqa: E402
from companion.games.magnifico.battle.odds import clear_cache, policy_step, simulate_compact  # noqa: E402

CASES = {
    "largest legal attack": {
        "attacker": {"soldiers": 6, "tanks": 6, "tank_card": {"dice": 4, "hits": 5},
                     "cards": {"transmission_gear": 1, "cannon_lighter": 1, "multi_cannon": 1}},
        "defender": {"soldiers": 20, "castle": {"towers": 4}},
    },
    "6 against 6 infantry": {"attacker": {"soldiers": 6}, "defender": {"soldiers": 6}},
    # airplanes on both sides, both interceptions, automaton and paratrooper
    "airplanes 5+2+3 vs 12+3": {
        "attacker": {"soldiers": 5, "tanks": 2, "airplanes": 3, "tank_card": {"dice": 3, "hits": 4},
                     "airplane_card": {"hooks": 2}, "cards": {"paratrooper": 1, "gyroscope": 1}},
        "defender": {"soldiers": 12, "airplanes": 3, "airplane_card": {"hooks": 2}, "castle": {"towers": 1},
                     "cards": {"automaton": 1, "anti_tank_bomb": 1, "anti_aircraft_culverin": 1}},
    },
    # the author's worst found: 6 soldiers, 3 tanks, 3 airplanes against 20 with 2 airplanes,
    # both interceptions and an automaton in a level-5 castle
    "airplanes 6+3+3 vs 20+2 L5": {
        "attacker": {"soldiers": 6, "tanks": 3, "airplanes": 3, "tank_card": {"dice": 4, "hits": 6},
                     "airplane_card": {"hooks": 2}, "cards": {"paratrooper": 1}},
        "defender": {"soldiers": 20, "airplanes": 2, "airplane_card": {"hooks": 2}, "castle": {"towers": 4},
                     "cards": {"automaton": 1, "anti_tank_bomb": 1, "anti_aircraft_culverin": 1}},
    },
}


def cpu_median(fn, repeat: int, before=None) -> tuple[float, object]:
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


def ms(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds * 1000:.0f} ms" if seconds < 10 else f"{seconds:.1f} s"


def ratio(a: float, b: float) -> str:
    return f"{a / b:.1f}x" if a < 10 * b else f"{a / b:.0f}x"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--baseline", choices=("all", "small", "none"), default="small")
    args = parser.parse_args()
    head = (f"{'case':28} {'exact':>8} {'float':>8} {'live':>7} {'old':>8} {'old/ex':>6} {'sim':>7} {'sim/ex':>6}"
            f" {'P(att)':>7} {'sim':>7} {'digits':>6}")
    print(head)
    for i, (name, setup) in enumerate(CASES.items()):
        pos = start(setup)
        heavy = i >= 2
        repeat = max(1, args.repeat // 2) if heavy else args.repeat
        exact_s, result = cpu_median(lambda: odds(pos), 1 if heavy else repeat, clear_cache)
        float_s, floats = cpu_median(lambda: odds(pos, exact=False), repeat, clear_cache)
        assert abs(floats["attacker_wins"] - result["attacker_wins"]) < 1e-9
        after = step(pos, policy_step(pos, random.Random(1)))
        live_s = None
        if not after["over"]:
            odds(pos, exact=False)
            live_s, _ = cpu_median(lambda: odds(after, exact=False), repeat)
        old_s = None
        if args.baseline == "all" or (args.baseline == "small" and not heavy):
            old_s, old = cpu_median(lambda: odds_baseline.odds(pos), 1 if heavy else repeat)
            assert old["exact"] == result["exact"], "the old and new exact odds differ"
        sim_s, counts = cpu_median(lambda: simulate_compact(pos, args.games, seed=1), 1)
        wins = sum(n for (winner, _, _), n in counts.items() if winner == "attacker") / args.games
        digits = max(len(text) for text in result["exact"].values())
        old_ratio = ratio(old_s, exact_s) if old_s else "-"
        print(f"{name:28} {ms(exact_s):>8} {ms(float_s):>8} {ms(live_s):>7} {ms(old_s):>8} {old_ratio:>6}"
              f" {ms(sim_s):>7} {ratio(sim_s, exact_s):>6} {result['attacker_wins']:7.4f} {wins:7.4f} {digits:6}")
    print(f"(CPU medians of {args.repeat} runs, {max(1, args.repeat // 2)} for the airplane cases, exact of those"
          f" and old: one run; sim: {args.games} games; digits: longest exact fraction string)")


if __name__ == "__main__":
    main()
