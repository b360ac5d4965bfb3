"""Exact battle odds against a 100,000-game simulation of the same policy, same process.

    /work/venv/bin/python bench/bench_odds.py [--repeat 7] [--games 100000]

Prints the median time of the exact odds (policy "steady") for the largest legal attack
(6 soldiers and 6 upgraded tanks against 20 defenders behind a level-5 castle) and for a
6-against-6 infantry battle, the time of a seeded simulation of the same policy over the
compact state, their ratio, and how far the simulated attacker win is from the exact one.
Target (issue 3): the largest case under 100 ms.
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from companion.games.magnifico.battle import odds, start  # noqa: E402
from companion.games.magnifico.battle.odds import simulate_compact  # noqa: E402

CASES = {
    "largest legal attack": {
        "attacker": {"soldiers": 6, "tanks": 6, "tank_card": {"dice": 4, "hits": 5},
                     "cards": {"transmission_gear": 1, "cannon_lighter": 1, "multi_cannon": 1}},
        "defender": {"soldiers": 20, "castle": {"towers": 4}},
    },
    "6 against 6 infantry": {"attacker": {"soldiers": 6}, "defender": {"soldiers": 6}},
}


def median_time(fn, repeat: int) -> tuple[float, float, object]:
    """Median wall-clock and CPU seconds of fn() over `repeat` runs, and its result."""
    wall, cpu = [], []
    result = None
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        result = fn()
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    return statistics.median(wall), statistics.median(cpu), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--games", type=int, default=100_000)
    args = parser.parse_args()
    print(f"{'case':24} {'exact (median)':>15} {'(cpu)':>9} {'simulation':>12} {'ratio':>7} {'P(att) exact':>13} {'simulated':>10}")
    for name, setup in CASES.items():
        pos = start(setup)
        exact_s, exact_cpu, result = median_time(lambda: odds(pos), args.repeat)
        sim_s, _, counts = median_time(lambda: simulate_compact(pos, args.games, seed=1), 1)
        wins = sum(n for (winner, _, _), n in counts.items() if winner == "attacker") / args.games
        print(f"{name:24} {exact_s * 1000:12.1f} ms {exact_cpu * 1000:6.1f} ms {sim_s:10.2f} s {sim_s / exact_s:6.0f}x"
              f" {result['attacker_wins']:13.4f} {wins:10.4f}")
    print(f"(exact: median of {args.repeat} runs; simulation: {args.games} games, one run, "
          f"ratio = simulation time / exact time)")


if __name__ == "__main__":
    main()
