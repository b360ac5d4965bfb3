"""Leonardo: median time of a complete demo game and of legal(state), with a baseline.

    python bench/bench_leonardo.py [--games N] [--players K]

Prints the medians over N seeds of: a whole bots' game (play_demo), replaying its record
(the engine alone), legal(state) on every state of one game (what a screen asks after each
command), and as the baseline measured in the same run, a plain JSON round trip of the same
states (``json.loads(json.dumps(state.to_dict()))``: the cheapest thing a screen could do
with a state), with the ratio of legal() to it.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from companion.games.leonardo import commands as C  # noqa: E402
from companion.games.leonardo import engine as E  # noqa: E402
from companion.games.leonardo.demo import demo_header, play_demo  # noqa: E402
from companion.games.leonardo.record import replay  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=15)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    play, rep, sizes, rounds = [], [], [], []
    for seed in range(args.games):
        header = demo_header(args.players, seed)
        t0 = time.perf_counter()
        game = play_demo(seed, args.players, header=header)
        t1 = time.perf_counter()
        dicts = [C.to_dict(c) for c in game.commands]
        t2 = time.perf_counter()
        final = replay(header, dicts)
        t3 = time.perf_counter()
        assert final.to_dict() == game.state.to_dict()
        play.append(t1 - t0)
        rep.append(t3 - t2)
        sizes.append(len(dicts))
        rounds.append(game.state.round)
    game = play_demo(0, args.players)
    state, legal_times, json_times = E.new_game(game.header), [], []
    for cmd in game.commands:
        t0 = time.perf_counter()
        E.legal(state)
        t1 = time.perf_counter()
        json.loads(json.dumps(state.to_dict()))
        t2 = time.perf_counter()
        legal_times.append(t1 - t0)
        json_times.append(t2 - t1)
        state, _ = E.apply(state, cmd)
    mp, mr, n = statistics.median(play), statistics.median(rep), statistics.median(sizes)
    ml, mj = statistics.median(legal_times), statistics.median(json_times)
    print(f"games: {args.games} ({args.players} players, seeds 0..{args.games - 1})")
    print(f"commands per game: median {n:.0f}, rounds: median {statistics.median(rounds):.0f}")
    print(f"complete demo game (bots + engine): median {mp * 1000:.1f} ms")
    print(f"replaying its record (engine only): median {mr * 1000:.1f} ms ({mr / n * 1e6:.0f} us per command)")
    print(f"legal(state) on each state of one game: median {ml * 1000:.3f} ms, max {max(legal_times) * 1000:.2f} ms")
    print(f"baseline, JSON round trip of the same states: median {mj * 1000:.3f} ms")
    print(f"ratio legal / baseline: {ml / mj:.2f}")


if __name__ == "__main__":
    main()
