"""Where the slowest battles' float odds spend their time, and what merging keys could give.

    .venv/bin/python bench/odds_parts.py --setups worst.json [--top 8] [--repeat 5] [--games 20000]

Reads battles saved by `search_odds.py --save worst.json` and, for each, prints:

- its cold float odds (every cache cleared; median of `--repeat`, not instrumented) and a
  simulation of `--games` battles scaled to 100,000 (one run), with their ratio;
- from one more run, instrumented (slower than the plain one, so only its shares are used):
  the time of the attacker's column steps, of the defender's, of the plans (those made from
  scratch for a template key apart), with the count of steps and of the keys they were
  taken at;
- the keys left if the attacker's turn did not tell apart the defender's airplanes, and the
  defender's turn the attacker's: what merging those counts into the columns (as the
  defender's turn already merges the attacker's tanks) would save at most;
- the ceiling of that merge: the plain run with each side's steps, the plans moved to a key
  and the loop's own work scaled by the keys left over the steps taken, as if a merged step
  cost no more than one of today's (it costs more: its column holds a block per count); the
  plans made from scratch stay. That ceiling's ratio to the simulation, against the goal of
  50x, says whether the merge is worth building.
"""

from __future__ import annotations

import collections
import json
import os
import pathlib
import statistics
import sys
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from slow_battles import arguments, battles  # noqa: E402

from companion.games.magnifico.battle import policy as P  # noqa: E402
from companion.games.magnifico.battle.flow import Flow  # noqa: E402
from companion.games.magnifico.battle.odds import clear_cache  # noqa: E402
from companion.games.magnifico.battle.outcomes import DEFENDS  # noqa: E402

DEFENDING_AIRPLANES = 31 << 20  # the key's bits of the defender's airplanes (outcomes.key)
ATTACKING_AIRPLANES = 7 << 8  # and of the attacker's


def parts(context: P.Context, st: P.Compact) -> dict[str, Any]:
    """One instrumented cold run: its time; time and steps by side; plan time; keys by side."""
    clear_cache()
    flow = Flow(context, P.worth_infantry_for(context), st)
    spent: dict[str, float] = collections.defaultdict(float)
    steps: collections.Counter[int] = collections.Counter()
    apply, plan, make_plan, clock = flow.apply, flow.plan, flow.make_plan, time.perf_counter

    def timed_apply(k: int, step: Any, part: int, mass: float) -> None:
        t = clock()
        apply(k, step, part, mass)
        spent["defender" if DEFENDS[k & 31] else "attacker"] += clock() - t
        steps[k] += 1

    def timed(name: str, call: Any) -> Any:
        def timed_call(k: int) -> Any:
            t = clock()
            found = call(k)
            spent[name] += clock() - t
            return found
        return timed_call

    flow.apply = timed_apply  # type: ignore[method-assign]
    flow.plan, flow.make_plan = timed("plan", plan), timed("made", make_plan)  # type: ignore[method-assign]
    t = clock()
    flow.run(st)
    out: dict[str, Any] = {"total": clock() - t, "plan": spent["plan"], "made": spent["made"]}
    for side, other_air in (("attacker", DEFENDING_AIRPLANES), ("defender", ATTACKING_AIRPLANES)):
        keys = [k for k in steps if bool(DEFENDS[k & 31]) == (side == "defender")]
        out[side] = {"time": spent[side], "steps": sum(steps[k] for k in keys), "keys": len(keys),
                     "merged": len({k & ~other_air for k in keys})}
    return out


def ceiling_share(got: dict[str, Any], sides: tuple[str, ...]) -> float:
    """The share of the instrumented run left if every step of `sides` were taken once per
    merged key."""
    both = ("attacker", "defender")
    steps = {side: got[side]["steps"] for side in both}
    left_steps = {side: got[side]["merged"] if side in sides else steps[side] for side in both}
    left = sum(got[side]["time"] * left_steps[side] / steps[side] for side in both if steps[side])
    every = sum(left_steps.values()) / max(1, sum(steps.values()))
    left += got["made"] + (got["plan"] - got["made"]) * every
    left += (got["total"] - got["attacker"]["time"] - got["defender"]["time"] - got["plan"]) * every  # the loop
    return float(left / got["total"])


def main() -> None:
    args = arguments(__doc__.splitlines()[0], top=8)
    reached = reached_alone = 0
    n = 0
    for n, setup, st, context, sim in battles(args):
        times = []
        for _ in range(args.repeat):
            clear_cache()
            t = time.process_time()
            Flow(context, P.worth_infantry_for(context), st).run(st)
            times.append(time.process_time() - t)
        odds = statistics.median(times)
        got = parts(context, st)
        alone = odds * ceiling_share(got, ("attacker",))
        ceiling = odds * ceiling_share(got, ("attacker", "defender"))
        reached_alone += sim / alone >= 50
        reached += sim / ceiling >= 50
        print(f"battle {n}: odds {odds * 1000:.1f} ms, simulation {sim:.2f} s, {sim / odds:.0f}x; "
              f"{json.dumps(setup, separators=(',', ':'))}")
        for side, other in (("attacker", "defender's"), ("defender", "attacker's")):
            s = got[side]
            print(f"  {side}'s steps {s['time'] * 1000:5.1f} ms: {s['steps']} steps at {s['keys']} keys, "
                  f"{s['merged']} keys without the {other} airplanes")
        print(f"  plans {got['plan'] * 1000:.1f} ms ({got['made'] * 1000:.1f} made from scratch) of "
              f"{got['total'] * 1000:.1f} ms instrumented")
        print(f"  merge ceiling: the attacker's turn alone {alone * 1000:.1f} ms, {sim / alone:.0f}x; both turns "
              f"{ceiling * 1000:.1f} ms, {sim / ceiling:.0f}x ({'meets' if sim / ceiling >= 50 else 'misses'} 50x)")
    print(f"the merge's ceiling meets 50x on {reached_alone} of {n} (the attacker's turn alone), "
          f"{reached} of {n} (both turns); "
          f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
