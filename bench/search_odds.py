"""Seeded search for the legal battles whose float odds are slowest next to a simulation.

    .venv/bin/python bench/search_odds.py [--battles 2000] [--seed 13] [--games 2000] [--top 10]

Draws random legal battles over the full ranges of the rules (bench_odds.random_battle:
up to 6 attacking soldiers and 6 tanks and airplanes, up to 99 defenders and 20 defending
tanks and airplanes, every card), times each battle's cold float odds and a short
simulation scaled to 100,000 battles (CPU time, one run each), and prints the worst
ratios simulation / odds with their setups (JSON), the candidates for bench_odds.py's
"worst random legal battle" row. A short simulation is noisy: re-time the worst ones
with bench_odds.py.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from bench_odds import random_battle  # noqa: E402

from companion.errors import GameError  # noqa: E402
from companion.games.magnifico.battle import odds, simulate, start  # noqa: E402
from companion.games.magnifico.battle.odds import clear_cache  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--games", type=int, default=2000, help="simulated battles per setup, scaled to 100,000")
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--save", help="write the worst setups (JSON list) to this file")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rows = []
    tried = 0
    while len(rows) < args.battles:
        tried += 1
        setup = random_battle(rng)
        try:
            pos = start(setup)
        except GameError:
            continue
        clear_cache()
        t = time.process_time()
        result = odds(pos)
        odds_s = time.process_time() - t
        t = time.process_time()
        simulate(pos, args.games, seed=1)
        sim_s = (time.process_time() - t) * 100_000 / args.games
        rows.append((sim_s / odds_s, odds_s, sim_s, result["error_bound"], setup))
    rows.sort(key=lambda r: r[0])
    print(f"{len(rows)} legal battles ({tried} drawn), seed {args.seed}; worst ratios simulation / odds:")
    for ratio, odds_s, sim_s, bound, setup in rows[:args.top]:
        print(f"{ratio:6.1f}x  odds {odds_s * 1000:7.1f} ms  sim {sim_s * 1000:8.0f} ms  bound {bound:.0e}  "
              + json.dumps(setup, separators=(",", ":")))
    if args.save:
        pathlib.Path(args.save).write_text(json.dumps([r[4] for r in rows[:args.top]], indent=1) + "\n")
    below = sum(1 for r in rows if r[0] < 50)
    print(f"below 50x: {below} of {len(rows)}; median ratio {rows[len(rows) // 2][0]:.0f}x")
    total_odds, total_sim = sum(r[1] for r in rows), sum(r[2] for r in rows)
    print(f"total over {len(rows)} battles: odds {total_odds:.2f} s, simulation {total_sim:.1f} s "
          f"(ratio {total_sim / total_odds:.0f}x); load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
