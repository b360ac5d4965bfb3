"""Memory: the app's resident size after start and after each of three whole demo games
played through the screens in one process (Magnifico's tour, to the end of each game).

    python bench/bench_memory.py [--games 3]

Prints RSS (VmRSS) after start and after each game, the growth from game to game, the
Kivy widgets alive, and the odds process's own RSS (it is a separate process: counted
apart, and in the total). Baseline, measured in the same run: a fresh Python process with
Kivy's window drawing a grid of labels and SQLAlchemy imported (what any app of this kind
pays before its own code). Goal (issue 13): under 150 MB after three games, nothing growing
from game to game. A Raspberry Pi runs the same code, so the figure there is about the same
(memory is not 3-5 times larger; only the 64-bit/32-bit build changes it).
"""

from __future__ import annotations

import argparse
import gc
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
GOAL_MB = 150.0


def rss_mb(pid: int | str = "self") -> float:
    """Resident set size of a process in MB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def split_mb() -> str:
    """Anonymous (heap: Python, Kivy, the GL driver's buffers) and file-backed (shared
    libraries, e.g. the software GL driver's LLVM here) parts of RSS."""
    fields = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("RssAnon", "RssFile"):
            fields[key] = int(value.split()[0]) / 1024
    return f"anon {fields.get('RssAnon', 0):.0f} MB + files {fields.get('RssFile', 0):.0f} MB"


def baseline_child() -> None:
    from companion.app import kivy_env

    kivy_env.configure(headless=True)
    import sqlalchemy  # noqa: F401
    from kivy.base import EventLoop
    from kivy.core.window import Window
    from kivy.uix.gridlayout import GridLayout
    from kivy.uix.label import Label

    EventLoop.ensure_window()
    grid = GridLayout(cols=8, size=Window.size)
    for i in range(80):
        grid.add_widget(Label(text=f"cell {i}"))
    Window.add_widget(grid)
    for _ in range(3):
        EventLoop.idle()
    print(f"{rss_mb():.1f}", flush=True)


def widgets() -> int:
    from kivy.uix.widget import Widget

    n = 0
    for o in gc.get_objects():
        try:
            n += isinstance(o, Widget)
        except ReferenceError:  # a dead weak proxy
            pass
    return n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--baseline-child", action="store_true")
    args = ap.parse_args()
    if args.baseline_child:
        baseline_child()
        return
    base = float(subprocess.run([sys.executable, __file__, "--baseline-child"], capture_output=True, text=True,
                                cwd=ROOT, check=True).stdout.split()[-1])
    tmp = tempfile.mkdtemp(prefix="bench-memory-")
    os.environ["MAGNIFICO_DB"] = os.path.join(tmp, "journal.sqlite3")
    os.environ["MAGNIFICO_KEY_FILE"] = os.path.join(tmp, "journal.key")
    from companion.app import kivy_env

    kivy_env.configure(headless=True)
    from companion.app import harness
    from companion.app.main import CompanionApp
    from companion.app.settings import Settings

    app = harness.start(CompanionApp(settings=Settings({"hardware": "simulated"}), lang="en"))
    worker_of = lambda: getattr(app.uis["magnifico"], "odds", None)  # noqa: E731
    gc.collect()
    print(f"baseline (Python + Kivy window of 80 labels + SQLAlchemy, own process): {base:.1f} MB")
    start = rss_mb()
    print(f"after start: {start:.1f} MB ({split_mb()}; ratio {start / base:.2f}), {widgets()} widgets")
    last = start
    for game in range(args.games):
        for _ in app.uis["magnifico"].tour(app, 7 + game):
            pass
        app.go("home")
        harness.frames(3)
        gc.collect()
        now = rss_mb()
        w = worker_of()
        child = rss_mb(w.pid) if w is not None and w.pid else 0.0
        cache = len(w.cache) if w is not None else 0
        print(f"after game {game + 1}: {now:.1f} MB (+{now - last:.1f} on the game before; ratio {now / base:.2f}); "
              f"odds process {child:.1f} MB, total {now + child:.1f} MB; {widgets()} widgets, "
              f"{cache} odds kept; {split_mb()}; goal < {GOAL_MB:.0f} MB: {'met' if now + child < GOAL_MB else 'NOT met'}")
        last = now
    harness.stop(app)


if __name__ == "__main__":
    main()
