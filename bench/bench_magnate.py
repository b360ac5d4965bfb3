"""Magnate: the median time of a whole demo game (bots + engine), against replaying the same
commands (the engine alone) in the same run, and the median of ``legal()``.

    python bench/bench_magnate.py [--games N]

Prints medians over N seeds and the ratios: a whole game / its replay (what the bots
cost on top of the engine), and ``legal()`` before a card is played (the busiest screen:
every unseen card, its districts and payment) / one ``apply``.
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from companion.games.magnate import commands as C  # noqa: E402
from companion.games.magnate import engine as E  # noqa: E402
from companion.games.magnate.demo import demo_header, play_demo  # noqa: E402
from companion.games.magnate.legality import legal  # noqa: E402
from companion.games.magnate.record import replay  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=15)
    args = parser.parse_args()
    play, rep, sizes, turns = [], [], [], []
    legal_all, legal_play, applies = [], [], []
    for seed in range(args.games):
        header = demo_header(2, seed)
        t0 = time.perf_counter()
        game = play_demo(seed, header=header)
        t1 = time.perf_counter()
        dicts = [C.to_dict(c) for c in game.commands]
        t2 = time.perf_counter()
        final = replay(header, dicts)
        t3 = time.perf_counter()
        assert final.to_dict() == game.state.to_dict()
        play.append(t1 - t0)
        rep.append(t3 - t2)
        sizes.append(len(dicts))
        turns.append(game.state.turn)
        state = E.new_game(header)
        for cmd in game.commands:  # legal() on every state, as a screen asks after each command
            a = time.perf_counter()
            legal(state)
            b = time.perf_counter()
            before_play = state.phase == "actions" and not state.played
            state, _ = E.apply(state, cmd)
            c = time.perf_counter()
            legal_all.append(b - a)
            applies.append(c - b)
            if before_play:
                legal_play.append(b - a)
    mp, mr = statistics.median(play), statistics.median(rep)
    ml, mlp, ma = (statistics.median(x) for x in (legal_all, legal_play, applies))
    print(f"games: {args.games} (2 players, seeds 0..{args.games - 1})")
    print(f"commands per game: median {statistics.median(sizes):.0f}, turns: median {statistics.median(turns):.0f}")
    print(f"whole demo game (bots + engine): median {mp * 1000:.1f} ms")
    print(f"replaying its record (engine only, the baseline): median {mr * 1000:.1f} ms "
          f"({mr / statistics.median(sizes) * 1e6:.0f} us per command)")
    print(f"ratio game / replay: {mp / mr:.2f}")
    print(f"legal(): median {ml * 1e6:.0f} us over every state; before the card is played: median "
          f"{mlp * 1e6:.0f} us, max {max(legal_play) * 1e6:.0f} us")
    print(f"apply(): median {ma * 1e6:.0f} us; ratio legal() before the card / apply(): {mlp / ma:.1f}")


if __name__ == "__main__":
    main()
