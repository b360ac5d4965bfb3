"""App speed: cold start to the first usable screen, and tap to updated screen.

    python bench/bench_app.py [--runs 5] [--taps 40]

Cold start: a fresh Python process until the home screen has been built and drawn, with
the journal and the hardware open (median of several processes, Python's own start
included). Tap: a real touch through the window, timed from the finger lifting (buttons act
on release) until the next frame is drawn, median over many taps, for
(a) a button that only shows a message (the baseline), (b) switching to the table view,
(c) a game command (a stepper step on the turn screen redraws the action list and map),
(d) a command through the engine and the journal (lock and unlock a bid). Ratios are
against (a), measured in the same process. Targets: start < 3 s, tap < 100 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def child() -> None:
    from companion.app import kivy_env

    kivy_env.configure(headless=True)
    from companion.app import harness
    from companion.app.main import CompanionApp
    from companion.app.settings import Settings

    app = harness.start(CompanionApp(settings=Settings({"hardware": "simulated"}), lang="en"))
    harness.find_id("new_magnifico")  # the home screen is there and drawn
    print("ready", flush=True)
    harness.stop(app)


def cold_start(runs: int) -> list[float]:
    times = []
    env = dict(os.environ)
    tmp = tempfile.mkdtemp(prefix="bench-app-")
    env["MAGNIFICO_DB"] = os.path.join(tmp, "journal.sqlite3")  # never the table's own journal
    env["MAGNIFICO_KEY_FILE"] = os.path.join(tmp, "journal.key")
    for _ in range(runs):
        t0 = time.perf_counter()
        p = subprocess.Popen([sys.executable, __file__, "--child"], stdout=subprocess.PIPE, text=True, env=env,
                             cwd=ROOT)
        for line in p.stdout:
            if line.startswith("ready"):
                times.append(time.perf_counter() - t0)
                break
        p.wait()
    return times


def timed_taps(widget_of, n: int, after=None) -> list[float]:
    from companion.app import harness

    times = []
    for _ in range(n):
        w = widget_of()
        x, y = w.to_window(*w.center)
        touch = harness.Touch(x, y)
        touch.down()
        harness.frames(1)
        t0 = time.perf_counter()  # a button acts on release: from the finger lifting...
        touch.up()
        harness.frames(1)  # ...to the frame that shows the effect
        times.append(time.perf_counter() - t0)
        if after:
            after()
    return times


def taps(n: int) -> dict:
    from companion.app import kivy_env

    kivy_env.configure(headless=True)
    tmp = tempfile.mkdtemp(prefix="bench-app-")
    os.environ["MAGNIFICO_DB"] = os.path.join(tmp, "journal.sqlite3")
    os.environ["MAGNIFICO_KEY_FILE"] = os.path.join(tmp, "journal.key")
    from companion.app import harness
    from companion.app.main import CompanionApp
    from companion.app.settings import Settings

    app = harness.start(CompanionApp(settings=Settings({"hardware": "simulated"}), lang="en"))
    out = {}
    app.go("home")
    harness.frames(2)
    out["baseline: a button showing a message"] = timed_taps(lambda: harness.find_id("resume"), n)
    # a game in its first player turn, from Magnifico's demo tour
    for name in app.uis["magnifico"].tour(app, 7):
        if name == "11-turn":
            break
    def table_or_turn():
        return harness.find_id("top_table") if app.manager.current != "magnifico.table" else harness.find_id("top_act")

    out["switch table view / play"] = timed_taps(table_or_turn, n)
    app.go("magnifico.turn")
    harness.frames(2)
    turn = app.screens["magnifico.turn"]
    seat = app.session.legal()["to_act"][0]
    invade = app.session.action("Invade", seat)
    if invade["allowed"]:
        o = invade["options"][0]
        turn.mode, turn.pick = "Invade", {"source": o["source"], "target": o["target"]}
        turn.refresh()
        harness.frames(2)
        flip = {"plus": True}

        def stepper_button():
            st = harness.find_id("step_soldiers")
            if st.value <= o["min_soldiers"]:
                flip["plus"] = True
            elif st.value >= o["max_soldiers"]:
                flip["plus"] = False
            return st.children[0] if flip["plus"] else st.children[2]

        out["turn screen: soldiers stepper (redraws actions and map)"] = timed_taps(stepper_button, n)

        # (d) a command through the engine and the journal: invade, then undo it, and again
        def prepare():
            if app.session.view()["turn"]["invasions"] == 0:
                turn.mode, turn.pick = "Invade", {"source": o["source"], "target": o["target"]}
                turn.refresh()
                harness.frames(2)

        prepare()

        def confirm_or_undo():
            if app.session.view()["turn"]["invasions"] == 0:
                return harness.find_id("confirm")
            return harness.find_id("top_undo")

        out["invade, then undo (engine + journal + screen)"] = timed_taps(confirm_or_undo, n, after=prepare)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--child", action="store_true")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--taps", type=int, default=40)
    args = ap.parse_args()
    if args.child:
        child()
        return
    starts = cold_start(args.runs)
    print(f"cold start to the home screen: median {statistics.median(starts):.2f} s "
          f"(min {min(starts):.2f}, max {max(starts):.2f}, {len(starts)} processes; target < 3 s)")
    results = taps(args.taps)
    base = statistics.median(next(iter(results.values())))
    for name, times in results.items():
        med = statistics.median(times)
        print(f"tap to updated screen, {name}: median {med * 1000:.1f} ms, "
              f"p90 {sorted(times)[int(0.9 * len(times))] * 1000:.1f} ms, "
              f"ratio {med / base:.2f} (target < 100 ms)")


if __name__ == "__main__":
    main()
