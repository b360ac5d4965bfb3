"""A game read alone beside a busy thread: the app's Resume while its journal opens.

    python bench/bench_handover.py [--runs 7] [--played 100]

While the journal opens in its thread (``late_journal.py``), home's warm-up reads the game to
resume alone from the file (``JournalReader.focused``). Each row SQLite reads lets go of
Python's lock, and taking it back waits for the other thread's turn to end: up to Python's
switch interval, 5 ms. This bench reads the latest game of a journal of ``--played`` games
played command by command (``played.py``):

- alone (the baseline: the same reading with no other thread);
- beside a thread that runs Python without a pause (a stand-in for the opening thread, which
  imports SQLAlchemy and checks every row), the way the app read before issue 13's change:
  every game's row of the games table read, the switch interval Python's;
- the same with only the game's own row and the last line's game's (``reader.one``);
- and with the switch interval shortened too (``late_journal.quick_handover``), as the app
  reads it now.

It prints medians, each against the reading alone, with a Pi estimate.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def timed(read: Callable[[], object], busy: bool, runs: int) -> list[float]:
    """``read`` timed ``runs`` times, each with a thread running Python beside it if ``busy``."""
    times = []
    for _ in range(runs):
        stop = threading.Event()

        def spin() -> None:
            n = 0
            while not stop.is_set():
                for _ in range(1000):
                    n += 1

        thread = threading.Thread(target=spin, daemon=True) if busy else None
        if thread is not None:
            thread.start()
            time.sleep(0.05)  # the thread holds Python's lock in turns by now
        t0 = time.perf_counter()
        reader = read()
        times.append(time.perf_counter() - t0)
        stop.set()
        if thread is not None:
            thread.join()
        assert reader is not None, "the game did not read alone"
        reader.close()  # type: ignore[attr-defined]
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--played", type=int, default=100, help="games in the journal, played command by command")
    args = parser.parse_args()
    from first_visits import played_journal

    from companion.app.late_journal import quick_handover
    from companion.storage.listing import quick_games
    from companion.storage.reader import JournalReader, one

    folder = played_journal(args.played)  # (first_visits.py's: each game played command by command)
    db, key = os.path.join(folder, "journal.sqlite3"), os.path.join(folder, "journal.key")
    games = quick_games(db)
    assert games, "no game in the journal"
    game = games[0].id

    def every_row() -> object:  # a Select that is not known by id: every game's row read
        return JournalReader.focused(db, lambda rows: {game}, key_file=key)

    def own_row() -> object:
        return JournalReader.focused(db, one(game), key_file=key)

    def handed_over() -> object:
        with quick_handover():
            return own_row()

    cases = [("alone (baseline)", own_row, False),
             ("beside a busy thread: every game's row, 5 ms switches (before)", every_row, True),
             ("beside a busy thread: its own row and the last line's game's", own_row, True),
             ("beside a busy thread: and short switches (the app now)", handed_over, True)]
    figures: dict[str, list[float]] = {name: [] for name, _, _ in cases}
    for _ in range(args.runs):  # the cases taken in turn, so the load falls on each alike
        for name, read, busy in cases:
            figures[name] += timed(read, busy, 1)
    base = statistics.median(figures[cases[0][0]])
    print(f"A game read alone from a journal of {args.played} played games (game {game}), medians of {args.runs};"
          f" Python {sys.version.split()[0]}, switch interval {sys.getswitchinterval() * 1000:g} ms by default")
    for name, _, _ in cases:
        median = statistics.median(figures[name])
        print(f"  {name:66} {median * 1000:8.1f} ms  x{median / base:5.1f}  Pi (x3-5): "
              f"{median * 3000:6.0f}-{median * 5000:.0f} ms")


if __name__ == "__main__":
    main()
