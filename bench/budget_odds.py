"""The float odds' speed against their error budget, on the slowest random legal battles.

    .venv/bin/python bench/budget_odds.py --setups worst.json [--top 6] [--repeat 5] [--games 20000]

Reads battles saved by `search_odds.py --save worst.json` (its slowest ones next to a
simulation) and times each one's cold float odds (every cache cleared) under several
pairs of the flow's total error budget (`flow.BUDGET`, 1e-6) and its pruning threshold
(`flow.EPSILON`, 1e-10 for these battles), the pairs alternated in one process; then
prints the median of each, its ratio to a simulation of `--games` battles scaled to
100,000 (one run), the attacker's win probability and the mass each pair dropped. It
asks whether a looser bound, still far below what the screen shows (whole percents),
would bring every battle to the goal of 50 times a 100,000-battle simulation.
"""

from __future__ import annotations

import json
import os
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from slow_battles import arguments, battles  # noqa: E402

from companion.games.magnifico.battle import policy as P  # noqa: E402
from companion.games.magnifico.battle.flow import BUDGET, Flow, epsilon_for  # noqa: E402
from companion.games.magnifico.battle.odds import clear_cache  # noqa: E402

PAIRS: tuple[tuple[float, float | None], ...] = ((BUDGET, None), (1e-5, 1e-9), (1e-4, 1e-9), (1e-4, 1e-8), (1e-3, 1e-7))  # None: the battle's own EPSILON


def main() -> None:
    args = arguments(__doc__.splitlines()[0], top=6)
    print("budget / epsilon: median cold odds, simulation / odds, P(attacker wins), mass dropped")
    met = {pair: 0 for pair in PAIRS}
    n = 0
    for n, setup, st, context, sim in battles(args):
        times: dict[tuple[float, float | None], list[float]] = {pair: [] for pair in PAIRS}
        results: dict[tuple[float, float | None], tuple[float, float]] = {}
        for _ in range(args.repeat):
            for budget, epsilon in PAIRS:
                clear_cache()
                t = time.process_time()
                ends, dropped = Flow(context, P.worth_infantry_for(context), st).run(st, epsilon, budget)
                times[(budget, epsilon)].append(time.process_time() - t)
                results[(budget, epsilon)] = (sum(p for (w, _, _), p in ends.items() if w == "attacker"), dropped)
        print(f"battle {n}: simulation {sim:.2f} s; {json.dumps(setup, separators=(',', ':'))}")
        for pair in PAIRS:
            median = statistics.median(times[pair])
            met[pair] += sim / median >= 50
            budget, epsilon = pair
            print(f"  {budget:.0e} / {epsilon or epsilon_for(st):.0e}: {median * 1000:6.1f} ms  {sim / median:5.0f}x  "
                  f"P(attacker) {results[pair][0]:.6f}  dropped {results[pair][1]:.1e}")
    print("at least 50x: " + ", ".join(f"{b:.0e} / {e or 'own'}: {met[(b, e)]} of {n}" for b, e in PAIRS))
    print(f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
