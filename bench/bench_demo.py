"""Median time of a complete 4-player demo game (bots, virtual dice), and its parts.

    python bench/bench_demo.py [--games N]

Prints the median over N seeds of: a whole game (play_demo), replaying its record, and
legal(state) per state, with the ratio of a whole game to its replay (the engine's own cost).
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from companion.games.magnifico import commands as C  # noqa: E402
from companion.games.magnifico.demo import demo_box, demo_header, play_demo  # noqa: E402
from companion.games.magnifico.record import replay  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=15)
    args = parser.parse_args()
    box = demo_box()
    play, rep, sizes, rounds = [], [], [], []
    for seed in range(args.games):
        header = demo_header(4, box=box)
        t0 = time.perf_counter()
        game = play_demo(seed, 4, header=header)
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
    # legal() on every state of one game (what a screen asks after each command).
    from companion.games.magnifico import engine as E

    game = play_demo(0, 4, header=demo_header(4, box=box))
    state, legal_times = E.new_game(game.header), []
    for cmd in game.commands:
        t0 = time.perf_counter()
        E.legal(state)
        legal_times.append(time.perf_counter() - t0)
        state, _ = E.apply(state, cmd)
    mp, mr = statistics.median(play), statistics.median(rep)
    print(f"games: {args.games} (4 players, seeds 0..{args.games - 1})")
    print(f"commands per game: median {statistics.median(sizes):.0f}, rounds: median {statistics.median(rounds):.0f}")
    print(f"complete demo game (bots + engine): median {mp * 1000:.1f} ms")
    print(f"replaying its record (engine only): median {mr * 1000:.1f} ms "
          f"({mr / statistics.median(sizes) * 1e6:.0f} us per command)")
    print(f"ratio game / replay: {mp / mr:.2f}")
    print(f"legal(state) on each state of one game: median {statistics.median(legal_times) * 1000:.2f} ms, "
          f"max {max(legal_times) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
