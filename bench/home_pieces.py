"""Home's work ahead in the first seconds of the app: how long each piece held the window.

    python bench/home_pieces.py [--runs 4] [--played 100] [--resume magnate] [--seconds 4]

Each piece of home's warm-up (``companion/app/warm_up.py``) holds the window until it ends: a
finger that comes down meanwhile waits for it. ``first_visits.py`` times a tap from the lift
after its pressed frame, so it does not see that wait. Each run is a fresh app whose journal
of ``--played`` finished Magnifico games (as ``first_visits.py --played`` makes it) opens
behind home, with ``--resume GAME`` an unfinished game of GAME besides (the game Resume
opens). The app runs ``--seconds`` of frames with nobody touching. Printed: the longest piece
and what it was, the second longest, how many took over 30 ms, the time of all pieces, when
the last one ended, and the longest frame's pieces (the pieces that ran between two frames'
layouts: a finger waits for all of them).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
LONG = 0.030  # seconds: a piece a finger would notice waiting for


def child(base: str, resume: str, seconds: float) -> None:
    """One fresh app: its pieces timed, printed as JSON."""
    sys.path.insert(0, str(ROOT))
    from companion.app import kivy_env

    kivy_env.configure(headless=True)
    import first_visits
    from companion.app import harness, warm_up
    from companion.app.main import CompanionApp

    settings = first_visits.table("bench-pieces-", base or None)
    if resume:
        first_visits.seed_elsewhere(resume, settings.get("database"), settings.get("key_file"))
    from kivy.clock import Clock

    pieces: list[tuple[float, float, str, int]] = []
    step = warm_up.WarmUp.step
    start = time.perf_counter()

    def timed(self: warm_up.WarmUp, current: str) -> str | None:
        t = time.perf_counter()
        done = step(self, current)
        if done is not None:
            pieces.append((t - start, time.perf_counter() - t, done, Clock.frames_displayed))
        return done

    warm_up.WarmUp.step = timed  # type: ignore[method-assign]
    app = harness.start(CompanionApp(settings=settings, lang="en"), journal=False)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        harness.frames(1)
        time.sleep(0.02)
    print(json.dumps({"pieces": pieces, "journal open": app.journal_ready()}), flush=True)
    harness.stop(app)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--played", type=int, default=100, metavar="N")
    parser.add_argument("--resume", default="", metavar="GAME", help="an unfinished game of GAME to resume too")
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--base", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.base, args.resume, args.seconds)
        return
    import bytecode
    import first_visits

    bytecode.ensure((0, 1, 2))  # the children compile nothing inside a piece (bytecode.py)
    base = first_visits.played_journal(args.played) if args.played else ""
    print(f"home's pieces in the first {args.seconds:g} s, {args.played} played games"
          + (f", an unfinished {args.resume} game to resume" if args.resume else "") + f"; {bytecode.NOTE}")
    for _ in range(args.runs):
        run = subprocess.run([sys.executable, __file__, "--child", "--base", base, "--resume", args.resume,
                              "--seconds", str(args.seconds)], env=dict(os.environ, KIVY_NO_CONSOLELOG="1"),
                             cwd=ROOT, capture_output=True, text=True, timeout=300)
        lines = [line for line in run.stdout.splitlines() if line.startswith("{")]
        if run.returncode or not lines:
            sys.exit(f"the app failed\n{run.stderr[-2000:]}")
        out = json.loads(lines[-1])
        pieces = sorted(out["pieces"], key=lambda piece: piece[1], reverse=True)
        if not pieces:
            print("  no piece")
            continue
        last = max(at + took for at, took, _, _ in pieces)
        frames: dict[int, list[float]] = {}
        for _, took, _, frame in pieces:
            frames.setdefault(frame, []).append(took)
        most = max(frames.values(), key=sum)
        second = f", second {1000 * pieces[1][1]:.0f} ms" if len(pieces) > 1 else ""
        print(f"  {len(pieces)} pieces: longest {1000 * pieces[0][1]:.0f} ms ({pieces[0][2]}){second},"
              f" {sum(took > LONG for _, took, _, _ in pieces)} over {1000 * LONG:.0f} ms,"
              f" {1000 * sum(took for _, took, _, _ in pieces):.0f} ms in all, the last ended at {1000 * last:.0f} ms;"
              f" the longest frame's pieces {len(most)}, {1000 * sum(most):.0f} ms,"
              f" {sum(len(f) > 1 for f in frames.values())} frames with more than one"
              f" (journal open: {out['journal open']})")


if __name__ == "__main__":
    main()
