"""The attacker's row steps of a battle replayed as they are and packed by the defender's airplanes.

    .venv/bin/python bench/search_odds.py --battles 400 --seed 14 --top 3 --save worst.json
    .venv/bin/python bench/replay_rows.py worst.json [--index 0 1 2] [--repeat 7]

A measurement for docs/performance.md ("Sixth pass"), not a layout of the odds: it
captures every attacker's row step (flow.Flow.attacker_rows) of a cold float odds run,
then times two replays of their row loops (multiplication, wins off the bottom, the shift,
one addition to the target's pending column; targets not resolved, nothing pruned):
- now: each step as it was taken, one column per key;
- packed: the steps of the keys that share a template plan (the same other pieces, the
  defender's airplanes at or above the interceptors' cap) and the same pass, as one
  column of blocks by the count of airplanes (counted from the fewest present), each
  block padded by the widest factor of the battle's rows so that a product never spills
  into the next block; the wins are the low fields of every block (one mask), one shift
  moves every block down, and the interceptors' explosions move whole blocks.
Packing the columns and the key order it would need are not timed. Medians of --repeat.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import time
from collections import defaultdict
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from companion.games.magnifico.battle import flow as F  # noqa: E402
from companion.games.magnifico.battle import odds, start  # noqa: E402
from companion.games.magnifico.battle.columns import LOWS, SHIFTS, WIDTH  # noqa: E402
from companion.games.magnifico.battle.odds import clear_cache  # noqa: E402

AIR = 20  # the defender's airplanes in a key (outcomes.py)
DEFENDING_TANKS = 31 << 15  # the defender's tanks in a key, which a template leaves out


def capture(setup: dict[str, Any]) -> tuple[list[tuple[int, int, Any, int, float]], F.Flow]:
    """[(key, group, step, column, mass)] of every attacker's row step of a cold run."""
    steps: list[tuple[int, int, Any, int, float]] = []
    flows: list[F.Flow] = []
    apply = F.Flow.apply

    def watched(self: F.Flow, k: int, step: Any, part: int, mass: float) -> None:
        if step[0] == F._SHIFT:
            steps.append((k, self.template(k) | (k & DEFENDING_TANKS), step, part, mass))
            flows[:1] = [self]
        apply(self, k, step, part, mass)

    F.Flow.apply = watched  # type: ignore[method-assign]
    try:
        clear_cache()
        odds(start(setup))
    finally:
        F.Flow.apply = apply  # type: ignore[method-assign]
    return steps, flows[0]


def now(steps: list[tuple[int, int, Any, int, float]], epsilon: float) -> tuple[float, int]:
    pending: dict[int, int] = {}
    ends: defaultdict[Any, int] = defaultdict(int)
    rows_taken = 0
    t0 = time.perf_counter()
    for _, _, step, part, mass in steps:
        _, after, rows, _, soldiers = step
        for x, k, factors, delta, won in rows:
            if mass * x < epsilon:
                break
            q = part * factors
            rows_taken += 1
            if k:
                w = q & LOWS[k + 1]
                if w:
                    ends[("attacker", soldiers - won)] += w
                q = q >> SHIFTS[k + 1] << WIDTH
                if not q:
                    continue
            if delta is None:
                ends["lost"] += q
                continue
            t = after - delta
            old = pending.get(t)
            pending[t] = q if old is None else old + q
    return time.perf_counter() - t0, rows_taken


def packed(steps: list[tuple[int, int, Any, int, float]], epsilon: float,
           block: int) -> tuple[float, int, int, float]:
    groups: defaultdict[tuple[int, int], list[tuple[int, Any, int, float]]] = defaultdict(list)
    passes: defaultdict[int, int] = defaultdict(int)
    for k, group, step, part, mass in steps:
        groups[(group, passes[k])].append((k, step, part, mass))
        passes[k] += 1
    columns = []
    spans = []
    for members in groups.values():
        low = min(k >> AIR & 31 for k, _, _, _ in members)
        column = sum(part << (((k >> AIR & 31) - low) * block * WIDTH) for k, _, part, _ in members)
        columns.append((members[0][1], column, sum(m for _, _, _, m in members)))
        spans.append(max(k >> AIR & 31 for k, _, _, _ in members) - low + 1)
    wins: dict[int, int] = {}
    pending: dict[int, int] = {}
    ends: defaultdict[Any, int] = defaultdict(int)
    rows_taken = 0
    t0 = time.perf_counter()
    for step, part, mass in columns:
        _, after, rows, _, soldiers = step
        for x, k, factors, delta, won in rows:
            if mass * x < epsilon:
                break
            q = part * factors
            rows_taken += 1
            if k:
                mask = wins.get(k)
                if mask is None:
                    mask = wins[k] = sum(LOWS[min(k + 1, block)] << (b * block * WIDTH) for b in range(32))
                w = q & mask
                if w:
                    ends[("attacker", soldiers - won)] += w
                    q -= w
                q >>= SHIFTS[k]
                if not q:
                    continue
            if delta is None:
                ends["lost"] += q
                continue
            exploded = delta >> AIR & 31
            if exploded:
                q >>= exploded * block * WIDTH
            t = (after - delta) | 31 << AIR
            old = pending.get(t)
            pending[t] = q if old is None else old + q
    return time.perf_counter() - t0, rows_taken, len(columns), statistics.mean(spans)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("setups", help="a JSON list of battle setups (search_odds.py --save)")
    parser.add_argument("--index", type=int, nargs="*", default=[0, 1, 2])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    setups = json.loads(pathlib.Path(args.setups).read_text())
    for i in args.index:
        steps, flow = capture(setups[i])
        widest = max((r[2].bit_length() - 1) // WIDTH for _, _, step, _, _ in steps for r in step[2])
        block = flow.length + widest
        a = [now(steps, flow.epsilon) for _ in range(args.repeat)]
        b = [packed(steps, flow.epsilon, block) for _ in range(args.repeat)]
        print(f"battle {i}: steps {len(steps)} now, {b[0][2]} packed ({b[0][3]:.1f} blocks of {block} fields); "
              f"rows {a[0][1]} now, {b[0][1]} packed; row loops {statistics.median(x[0] for x in a) * 1000:.1f} ms "
              f"now, {statistics.median(x[0] for x in b) * 1000:.1f} ms packed")


if __name__ == "__main__":
    main()
