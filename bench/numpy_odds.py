"""Would a vectorised (numpy) inner loop make the slowest float odds fast enough? Measured.

    .venv/bin/pip install numpy    # not a dependency of the project: this script only
    .venv/bin/python bench/numpy_odds.py [--repeat 7] [--only TEXT]

A measurement for docs/performance.md ("Seventh pass"), not a layout of the odds. For
bench_odds.py's "worst random legal battle" rows, in one process:

1. First-time work: the cold odds (every cache cleared, as the benches do), the same with
   the battle-independent dice and row caches kept warm (what an odds process could
   prepare once at spawn: dice.py, outcomes.py's lru_caches), and with the battle's
   flow kept (no first-time work at all). Medians of --repeat, CPU time.
2. The column steps of a cold run (flow.Flow.apply), counted: keys, template keys,
   wavefront levels (a step's level: one more than the highest level of the steps that
   added to its key's column), (level, template, kind) groups, rows taken, and entries
   (a state's field times a factor's field: what a vectorised step multiplies; the
   tank volleys and the defender's infantry estimated from their tables).
3. Three numpy replays of those entries, each level at once (gather the source masses,
   multiply by the probabilities, drop those below EPSILON, scatter-add to the targets
   with bincount), the index arrays made in three ways:
   - free: every level's arrays prebuilt (a bound no real code reaches: they are the run);
   - per group: one broadcast per (level, template, kind) from the template's entry
     offsets (prebuilt), one concatenation per level;
   - CSR: per level, the active keys' entries expanded from one table of every
     template's entries (np.repeat and a ragged arange), plus np.unique of the targets
     (the next levels' keys).
   Nothing else is timed: not the plans, the templates' entry arrays, the key discovery,
   the pruning's bookkeeping or the ends, so each replay is a lower bound of a numpy
   flow's time after the first-time work.
"""

from __future__ import annotations

import argparse
import gc
import heapq
import os
import pathlib
import statistics
import sys
import time
from collections import defaultdict
from typing import Any, Callable

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from bench_odds import CASES  # noqa: E402

from companion.games.magnifico.battle import flow as F  # noqa: E402
from companion.games.magnifico.battle import odds, start  # noqa: E402
from companion.games.magnifico.battle import policy as P  # noqa: E402
from companion.games.magnifico.battle.columns import FACTOR, LOWS, RAW_ONE, WIDTH, normal, values  # noqa: E402
from companion.games.magnifico.battle.columns import mass as column_mass  # noqa: E402
from companion.games.magnifico.battle.odds import _FLOWS, clear_cache  # noqa: E402
from companion.games.magnifico.battle.outcomes import DEFENDS, defender_infantry, key  # noqa: E402

Step = tuple[int, int, int, int, int, int]  # (level, kind, entries, rows, key, template)
_FIELD = (1 << WIDTH) - 1


def cpu(fn: Callable[[], Any]) -> float:
    gc.collect()
    t = time.process_time()
    fn()
    return time.process_time() - t


def first_time(pos: dict[str, Any], repeat: int) -> tuple[float, float, float]:
    """(cold, battle-independent caches warm, flow kept) medians, seconds."""
    cold, warm, kept = [], [], []
    for _ in range(repeat):
        clear_cache()
        cold.append(cpu(lambda: odds(pos)))
        _FLOWS.clear()  # the flow (tables, plans) goes; the dice and row caches stay
        warm.append(cpu(lambda: odds(pos)))
        kept.append(cpu(lambda: odds(pos)))
    return statistics.median(cold), statistics.median(warm), statistics.median(kept)


def fields(column: int) -> list[int]:
    """The indices of a column's nonzero fields."""
    out, i = [], 0
    while column:
        if column & _FIELD:
            out.append(i)
        column >>= WIDTH
        i += 1
    return out


class _Levels(dict[int, int]):
    """A pending dict that gives every key it receives mass for the running step's level + 1."""

    def __init__(self, level: dict[int, int]) -> None:
        super().__init__()
        self.level, self.running = level, 0

    def __setitem__(self, k: int, v: int) -> None:
        if self.level.get(k, -1) <= self.running:
            self.level[k] = self.running + 1
        super().__setitem__(k, v)


class Counting(F.Flow):
    """flow.Flow with every column step counted (its run loop is Flow.run's)."""

    steps: list[Step]
    level: dict[int, int]
    tables_used: dict[int, Any]  # id -> every row table (outcomes.Rows) a step applied

    def run(self, st: Any, epsilon: float | None = None, budget: float = F.BUDGET) -> Any:
        self.steps, self.level, self.tables_used = [], {}, {}
        epsilon = F.epsilon_for(st) if epsilon is None else epsilon
        pending = _Levels(self.level)
        mass_of: dict[int, float] = {}
        heap: list[int] = []
        self.pending, self.mass, self.heap = pending, mass_of, heap
        self.ends, self.merged_ends = defaultdict(int), defaultdict(int)
        self.end_floats = defaultdict(float)
        self.defender_wins = [0.0] * self.length
        self.pruned, self.epsilon, self.budget = 0.0, epsilon, budget
        self.add_attacker(self.resolve(key(st)), RAW_ONE << (st[5] * WIDTH), 1.0)
        tight = epsilon * F.TIGHT
        while heap:
            k = -heapq.heappop(heap)
            column = normal(pending.pop(k))
            total = mass_of.pop(k)
            if total < tight:
                total = column_mass(column)
                if not total or total < epsilon and self.prune(total):
                    continue
            low, split, high = self.plans.get(k) or self.plan(k)
            below = column & (self.mask("below", split) if DEFENDS[k & 31] else LOWS[min(split, 129)])
            for step, part in ((high, column), ) if low is high else ((low, below), (high, column - below)):
                if part:
                    self.apply(k, step, part, total)
        return self.result(), self.pruned

    def apply(self, k: int, step: Any, part: int, mass: float) -> None:
        level = self.level.get(k, 0)
        assert isinstance(self.pending, _Levels)
        self.pending.running = level
        kind, taken = step[0], fields(part)
        rows = entries = 0
        if kind in (F._SHIFT, F._FLAT):
            table, tails = step[2], step[3]
            self.tables_used[id(table)] = table
            for i, row in enumerate(table):
                if mass * row[0] < self.epsilon and mass * tails[i] * 64 <= self.budget - self.pruned:
                    break
                rows += 1
                entries += len(taken) * len(fields(row[2]))
        elif kind == F._DEFENDER_INFANTRY:
            st = step[2]
            mg, bw = self.c.multi_gun[1], self.c.battle_wagon[1]
            for i in taken:
                _, wipes, groups = defender_infantry(i % self.length, st[2], mg, bw)
                rows += len(groups) + len(wipes)
                entries += len(wipes) + sum(len(fields(column)) for _, _, column in groups)
        elif kind in (F._ATTACKER_TANKS, F._DEFENDER_TANKS):
            volley, st = step[2], step[3]
            tanks = st[3] if kind == F._ATTACKER_TANKS else st[6]
            rows = len(volley.intercepts) + len(volley.shots) * tanks
            entries = len(taken) * rows
        else:
            rows, entries = 1, len(taken)
        self.steps.append((level, kind, entries, rows, k, self.template(k)))
        super().apply(k, step, part, mass)


def capture(pos: dict[str, Any]) -> Counting:
    clear_cache()
    c, st = P.context(pos), P.compact(pos)
    flow = Counting(c, P.worth_infantry_for(c), st)
    flow.run(st)
    return flow


def entry_arrays(tables: list[Any], length: int, repeat: int) -> float:
    """Median seconds to turn every row table a run applied into numpy entry arrays (source
    field, target field, probability, row), what a numpy flow would need first: the
    attacker's and the defender's flat rows only (the volleys and the defender's infantry
    would add theirs)."""
    import numpy as np

    fields = np.arange(length)
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        for rows in tables:
            kills, coefs, row_of = [], [], []
            for i, (_, top, factors, _, _) in enumerate(rows):
                for j, f in enumerate(values(factors)):
                    if f:
                        kills.append(top - j)
                        coefs.append(f)
                        row_of.append(i)
            k = np.array(kills)
            np.broadcast_to(fields, (len(k), length)).ravel()
            (fields[None, :] - k[:, None]).ravel()
            np.repeat(np.array(coefs, dtype=float) * 2.0 ** -FACTOR, length)
            np.repeat(np.array(row_of), length)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def replays(steps: list[Step], repeat: int) -> dict[str, float]:
    """Medians (seconds) of the three numpy replays of the steps' entries (module docstring)."""
    import numpy as np

    rng = np.random.default_rng(1)
    keys: dict[int, int] = {}  # key -> base index of its fields (room for 10)
    for *_, k, _ in steps:
        keys.setdefault(k, 400 + 10 * len(keys))
    size = 400 + 10 * len(keys) + 400
    kinds: dict[tuple[int, int], int] = {}  # (template, kind) -> its entries (its first step's)
    for _, kind, entries, _, _, t in steps:
        kinds.setdefault((t, kind), max(1, entries))

    def scatter(mass: Any, src: Any, dst: Any, p: Any) -> Any:
        v = mass[src] * p
        keep = v >= F.EPSILON
        d = dst[keep]
        if len(d):
            low = int(d.min())
            added = np.bincount(d - low, weights=v[keep])
            mass[low:low + len(added)] += added
        return d

    by_level: defaultdict[int, list[Step]] = defaultdict(list)
    for s in steps:
        by_level[s[0]].append(s)
    order = sorted(by_level)

    # free: every level's index arrays prebuilt
    free = []
    for lvl in order:
        n = sum(s[2] for s in by_level[lvl])
        free.append((rng.integers(0, size, n), rng.integers(0, size, n), rng.random(n)))
    # per group: (keys' bases, source and target offsets, probabilities) per (level, template, kind)
    groups: defaultdict[int, defaultdict[tuple[int, int], list[int]]] = defaultdict(lambda: defaultdict(list))
    for lvl, kind, _, _, k, t in steps:
        groups[lvl][(t, kind)].append(keys[k])
    offsets = {tk: (rng.integers(0, 10, n), rng.integers(-300, 0, n), rng.random(n)) for tk, n in kinds.items()}
    # CSR: every (template, kind)'s entries in one table
    index = {tk: i for i, tk in enumerate(kinds)}
    counts = np.array(list(kinds.values()))
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    total = int(counts.sum())
    so, do, pr = rng.integers(0, 10, total), rng.integers(1, 300, total), rng.random(total)
    active = {lvl: (np.array([keys[s[4]] for s in by_level[lvl]]), np.array([index[(s[5], s[1])] for s in by_level[lvl]]))
              for lvl in order}

    def run_free() -> None:
        mass = np.ones(size)
        for src, dst, p in free:
            scatter(mass, src, dst, p)

    def run_groups() -> None:
        mass = np.ones(size)
        for lvl in order:
            srcs, dsts, ps = [], [], []
            for tk, bases in groups[lvl].items():
                s_off, d_off, p = offsets[tk]
                b = np.array(bases)[:, None]
                srcs.append((b + s_off).ravel())
                dsts.append((b - d_off).ravel())
                ps.append(np.broadcast_to(p, (len(bases), len(p))).ravel())
            scatter(mass, np.concatenate(srcs), np.concatenate(dsts), np.concatenate(ps))

    def run_csr() -> None:
        mass = np.ones(size)
        for lvl in order:
            bases, kinds_at = active[lvl]
            c = counts[kinds_at]
            rep = np.repeat(bases, c)
            ent = np.repeat(starts[kinds_at] - np.concatenate(([0], np.cumsum(c)[:-1])), c) + np.arange(len(rep))
            np.unique(scatter(mass, rep + so[ent], rep + 10 - do[ent], pr[ent]))

    out: dict[str, float] = {}
    for name, fn in (("free", run_free), ("per group", run_groups), ("CSR", run_csr)):
        times = []
        for _ in range(repeat):
            began = time.perf_counter()
            fn()
            times.append(time.perf_counter() - began)
        out[name] = statistics.median(times)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    try:
        import numpy  # noqa: F401
        has_numpy = True
    except ImportError:
        has_numpy = False
    for name, setup in CASES.items():
        if not name.startswith("worst") or args.only not in name:
            continue
        pos = start(setup)
        cold, warm, kept = first_time(pos, args.repeat)
        print(f"{name}\n  cold {cold * 1e3:.1f} ms; dice and row caches warm {warm * 1e3:.1f} ms "
              f"({(cold - warm) / cold:.0%} less); flow kept {kept * 1e3:.1f} ms ({(cold - kept) / cold:.0%} less)")
        flow = capture(pos)
        steps = flow.steps
        levels = len({s[0] for s in steps})
        print(f"  {len(steps)} column steps over {len({s[4] for s in steps})} keys, "
              f"{len({s[5] for s in steps})} template keys, {levels} levels, "
              f"{len({(s[0], s[5], s[1]) for s in steps})} (level, template, kind) groups, "
              f"{sum(s[3] for s in steps)} rows, {sum(s[2] for s in steps)} entries")
        if has_numpy:
            r = replays(steps, args.repeat)
            r["entry arrays"] = entry_arrays(list(flow.tables_used.values()), flow.length, args.repeat)
            print("  numpy replays: " + ", ".join(f"{k} {v * 1e3:.1f} ms" for k, v in r.items())
                  + f" ({len(flow.tables_used)} row tables)")
            best = cold - kept + min(r["CSR"], r["per group"]) + r["entry arrays"]
            print(f"  at best, cold: {best * 1e3:.1f} ms (first-time work + the faster replay + the entry arrays), "
                  f"{cold / best:.2f}x the speed of today's; with the free replay instead "
                  f"{cold / (cold - kept + r['free'] + r['entry arrays']):.2f}x")
    print(f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
