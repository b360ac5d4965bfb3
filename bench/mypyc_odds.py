"""Pure against mypyc-compiled battle code, alternated in one process (a measurement for
issue 13; the build is throwaway, see bench/mypyc_build.sh).

    .venv/bin/python bench/mypyc_odds.py --setups worst.json [--repeat 9] [--games 10000]
        [--odds-only] [--compiled /tmp/mypyc_c:battle_c] [--compiled-sim /tmp/mypyc_cs:battle_cs]

--compiled DIR:NAME: a copy of companion/games/magnifico/battle imported as package NAME
from DIR, its float-odds modules compiled (simulate.py not); --compiled-sim DIR:NAME: the
same with simulate.py compiled too. For each setup: medians of --repeat alternated cold
odds (caches cleared, gc emptied), pure and compiled; medians of --sim-repeat
simulations of --games battles (seed 1), scaled to 100,000, pure, pure simulate.py over
the compiled policy (the first build) and compiled (the second build); whether the
results are identical; and the ratios simulation / odds.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import pathlib
import statistics
import sys
import time
from typing import Any, Callable

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.games.magnifico.battle import odds as pure_odds, simulate as pure_sim, start  # noqa: E402
from companion.games.magnifico.battle.odds import clear_cache as pure_clear  # noqa: E402


def load(spec: str) -> Any:
    folder, name = spec.split(":")
    sys.path.insert(0, folder)
    odds_module = importlib.import_module(f"{name}.odds")
    sim_module = importlib.import_module(f"{name}.simulate")
    flow_module = importlib.import_module(f"{name}.flow")
    print(f"{name}: odds {type(odds_module.odds).__name__}, flow {getattr(flow_module, '__file__', '?')}, "
          f"simulate {getattr(sim_module, '__file__', '?')}")
    return odds_module, sim_module


def cold(odds: Callable[..., Any], clear: Callable[[], None], pos: dict[str, Any]) -> tuple[float, Any]:
    clear()
    gc.collect()
    t = time.process_time()
    result = odds(pos)
    return time.process_time() - t, result


def sim_time(sim: Callable[..., Any], pos: dict[str, Any], games: int) -> tuple[float, Any]:
    gc.collect()
    t = time.process_time()
    result = sim(pos, games, seed=1)
    return (time.process_time() - t) * 100_000 / games, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--setups", action="append", required=True)
    parser.add_argument("--compiled", default="/tmp/mypyc_c:battle_c")
    parser.add_argument("--compiled-sim", default="/tmp/mypyc_cs:battle_cs")
    parser.add_argument("--partial", help="DIR:NAME of a third build (a subset of modules compiled), odds only")
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--sim-repeat", type=int, default=3)
    parser.add_argument("--odds-only", action="store_true")
    args = parser.parse_args()
    c_odds, c_sim = load(args.compiled)
    cs_odds, cs_sim = load(args.compiled_sim)
    partial = load(args.partial)[0] if args.partial else None
    setups = [s for f in args.setups for s in json.loads(pathlib.Path(f).read_text())]
    print(f"load at start {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    header = ("battle", "odds pure ms", "odds C ms", "C/pure", "same",
              "sim pure ms", "sim py/Cpolicy ms", "sim C ms", "sim same", "pure/pure", "a: simpure/oddsC", "a2: simpy-Cpolicy/oddsC", "b: simC/oddsC")
    print(" | ".join(header))
    for i, setup in enumerate(setups):
        pos = start(setup)
        times: dict[str, list[float]] = {"pure": [], "c": [], "part": []}
        seen: dict[str, Any] = {}
        for r in range(args.repeat):
            order = [("pure", pure_odds, pure_clear), ("c", c_odds.odds, c_odds.clear_cache)]
            if partial:
                order.append(("part", partial.odds, partial.clear_cache))
            for name, odds, clear in order if r % 2 == 0 else order[::-1]:
                took, seen[name] = cold(odds, clear, pos)
                times[name].append(took)
        op, oc = statistics.median(times["pure"]), statistics.median(times["c"])
        same = seen["pure"] == seen["c"] == seen.get("part", seen["c"])
        if partial:
            print(f"  partial build: {statistics.median(times['part']) * 1000:.1f} ms, "
                  f"{statistics.median(times['part']) / op:.2f} of pure")
        if args.odds_only:
            print(f"{i} | {op * 1000:.1f} | {oc * 1000:.1f} | {oc / op:.2f} | {same}")
            continue
        sims: dict[str, list[float]] = {"pure": [], "pyc": [], "c": []}
        sim_seen: dict[str, Any] = {}
        for r in range(args.sim_repeat):
            for name, sim in (("pure", pure_sim), ("pyc", c_sim.simulate), ("c", cs_sim.simulate)):
                took, sim_seen[name] = sim_time(sim, pos, args.games)
                sims[name].append(took)
        sp, spc, sc = (statistics.median(sims[k]) for k in ("pure", "pyc", "c"))
        sim_same = sim_seen["pure"] == sim_seen["c"] == sim_seen["pyc"]
        print(f"{i} | {op * 1000:.1f} | {oc * 1000:.1f} | {oc / op:.2f} | {same} | {sp * 1000:.0f} | {spc * 1000:.0f} | {sc * 1000:.0f} | "
              f"{sim_same} | {sp / op:.1f}x | {sp / oc:.1f}x | {spc / oc:.1f}x | {sc / oc:.1f}x", flush=True)
    print(f"load at end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
