"""The float odds of this tree against those of another revision, alternated in one process.

    .venv/bin/python bench/compare_odds.py --against REV [--seeds 13,14] [--battles 400]
                                           [--rounds 3] [--worst 6] [--repeat 9]
                                           [--setups worst.json]

Takes the battle package (companion/games/magnifico/battle) of git revision REV as it
was (`git archive` into a temporary directory, imported under another name), then for
the random legal battles of `search_odds.py` (bench_odds.random_battle, the same seeds)
times each one's cold float odds with the old and the new code in turn (the order
swapped every round), and prints the totals over all battles (median of the rounds),
the median per-battle ratio, how many results are identical, and for the `--worst`
slowest battles the medians of `--repeat` alternated cold runs. Both codes run in the
same process on the same machine state, so a change of a few percent shows, which two
separate runs of search_odds.py (up to 1.5 times apart on a shared machine) cannot.
With `--setups FILE` (a JSON list of setups, `search_odds.py --save` or bench_odds.CASES
dumped) the battles are those, every one of them timed as the slowest are.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import io
import json
import os
import pathlib
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from typing import Any, Callable

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_odds import random_battle  # noqa: E402

from companion.errors import GameError  # noqa: E402
from companion.games.magnifico.battle import odds as new_odds, start  # noqa: E402
from companion.games.magnifico.battle.odds import clear_cache as new_clear  # noqa: E402

PACKAGE = "companion/games/magnifico/battle"
Odds = Callable[[dict[str, Any]], dict[str, Any]]


def old_package(rev: str, into: pathlib.Path) -> tuple[Odds, Callable[[], None]]:
    """odds() and clear_cache() of the battle package at git revision rev, imported as
    `battle_base` from a copy under `into`."""
    archive = subprocess.run(["git", "archive", rev, PACKAGE], cwd=ROOT, check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    (into / PACKAGE).rename(into / "battle_base")
    sys.path.insert(0, str(into))
    module = importlib.import_module("battle_base.odds")
    return module.odds, module.clear_cache


def battles(seed: int, n: int) -> list[dict[str, Any]]:
    """The first n legal battles of search_odds.py --seed seed, as positions."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    while len(out) < n:
        setup = random_battle(rng)
        try:
            out.append(start(setup))
        except GameError:
            continue
    return out


def cold(odds: Odds, clear: Callable[[], None], pos: dict[str, Any]) -> tuple[float, dict[str, Any]]:
    """(CPU time, result) of odds(pos) with every cache cleared first, and the garbage
    collector's generations emptied: neither code pays for the other's objects."""
    clear()
    gc.collect()
    t = time.process_time()
    result = odds(pos)
    return time.process_time() - t, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", required=True, help="the git revision to compare with (e.g. main, HEAD~1)")
    parser.add_argument("--seeds", default="13,14")
    parser.add_argument("--battles", type=int, default=400, help="legal battles per seed")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--worst", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--setups", help="time these setups (a JSON list) instead of the random battles")
    args = parser.parse_args()
    if args.setups:
        args.seeds, args.rounds = args.setups, 1
        args.worst = len(json.loads(pathlib.Path(args.setups).read_text()))
    with tempfile.TemporaryDirectory() as tmp:
        old_odds, old_clear = old_package(args.against, pathlib.Path(tmp))
        if args.setups:
            positions = [start(s) for s in json.loads(pathlib.Path(args.setups).read_text())]
        else:
            positions = [p for seed in args.seeds.split(",") for p in battles(int(seed), args.battles)]
        totals: dict[str, list[float]] = {"old": [], "new": []}
        firsts: list[tuple[float, float]] = []  # (old, new) of each battle in the first round
        same = 0
        for r in range(args.rounds):
            spent = {"old": 0.0, "new": 0.0}
            for pos in positions:
                order = (("old", old_odds, old_clear), ("new", new_odds, new_clear))
                seen, took = {}, {}
                for name, odds, clear in order if r % 2 == 0 else order[::-1]:
                    took[name], seen[name] = cold(odds, clear, pos)
                    spent[name] += took[name]
                if r == 0:
                    same += seen["old"] == seen["new"]
                    firsts.append((took["old"], took["new"]))
            totals["old"].append(spent["old"])
            totals["new"].append(spent["new"])
        print(f"{len(positions)} legal battles (seeds {args.seeds}), {args.rounds} rounds against {args.against}:")
        print(f"  total cold odds: old {statistics.median(totals['old']):.2f} s, new "
              f"{statistics.median(totals['new']):.2f} s (medians of the rounds: "
              f"{', '.join(f'{o:.2f}/{n:.2f}' for o, n in zip(totals['old'], totals['new']))})")
        print(f"  per battle new/old: median {statistics.median(n / o for o, n in firsts):.2f}; "
              f"identical results {same} of {len(positions)}")
        slowest = sorted(range(len(positions)), key=lambda i: -firsts[i][0])[:args.worst]
        print(f"  the {args.worst} slowest (old), medians of {args.repeat} alternated cold runs:")
        for i in slowest:
            times: dict[str, list[float]] = {"old": [], "new": []}
            for _ in range(args.repeat):
                for name, odds, clear in (("old", old_odds, old_clear), ("new", new_odds, new_clear)):
                    times[name].append(cold(odds, clear, positions[i])[0])
            o, n = statistics.median(times["old"]), statistics.median(times["new"])
            print(f"    battle {i}: old {o * 1000:6.1f} ms, new {n * 1000:6.1f} ms, new/old {n / o:.2f}")
    print(f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
