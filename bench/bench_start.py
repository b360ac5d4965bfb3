"""Cold start: a fresh process until the first usable screen is drawn, against a plain Kivy
app drawing a screen of as many labels, measured side by side in the same run.

    python bench/bench_start.py [--runs 7] [--games 100] [--no-bytecode] [--profile FILE]

Four kinds of fresh process, run in turn (app, baseline, app with games, ...) so the
machine's load falls on each alike; Python's own start is included in each:

- **baseline**: Kivy set up as the app sets it (``kivy_env.configure``), a plain ``App``
  whose root is a grid of as many labels as the home screen shows, three frames drawn
  (what ``harness.start`` draws). None of the project's code builds it.
- **app, new table**: the app on simulated hardware with no journal yet (the first start).
- **app, six games**: the app on a journal of six demo games, one unfinished (a table
  after a few evenings): the home screen offers to resume it.
- **app, a hundred games**: the same journal with ``--games`` finished games in all (a
  Magnifico game's record played again and again, command by command: a table after a year
  or two, the heaviest real case; 100 by default, 30,000 commands and shadow lines).

A process is "ready" when the home screen shows its game buttons (and, with games, the
resume button naming the unfinished game) after three drawn frames. The app's child also
says when the journal was open behind the home screen (``journal``), and which heavy
modules the first screen did without. Goal (issue 13): under 1 s to the first usable
screen here; a Raspberry Pi is about 3-5 times slower.

Python's bytecode: the children may write and use ``__pycache__`` (as an installed wheel on
a Pi has its ``.pyc`` files), even when ``PYTHONDONTWRITEBYTECODE`` is set here; one
process of each kind runs first, untimed, to fill the caches. ``--no-bytecode`` keeps the
environment's setting (every start then compiles the project's modules again).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import goal_rows  # noqa: E402  (bench/, the script's own folder)
import played  # noqa: E402

GOAL = 1.0  # seconds
HEAVY = ("sqlalchemy", "sqlmodel", "gpiozero", "serial", "aiohttp", "companion.games.magnifico.ui",
         "companion.games.magnate.ui", "companion.games.leonardo.ui", "companion.storage.journal")


def _frames(n: int) -> None:
    from kivy.base import EventLoop

    for _ in range(n):
        EventLoop.idle()


def baseline_child(labels: int) -> None:
    """A plain Kivy app: its window and one screen of ``labels`` labels, three frames drawn."""
    from companion.app import kivy_env

    kivy_env.configure(headless=True)
    from kivy.app import App
    from kivy.base import EventLoop
    from kivy.core.window import Window
    from kivy.uix.gridlayout import GridLayout
    from kivy.uix.label import Label

    class Plain(App):
        def build(self):
            grid = GridLayout(cols=2, padding=16, spacing=8)
            for i in range(labels):
                grid.add_widget(Label(text=f"label {i}: a line of the first screen", font_size=18))
            return grid

    app = Plain()
    EventLoop.ensure_window()
    Window.size = (800, 480)
    app._run_prepare()
    _frames(3)
    print("ready", flush=True)
    app.stop()


def app_child(resume: bool, profile: str | None) -> None:
    """The app to its first usable screen; then when its journal was open, what it imported."""
    started = time.perf_counter()
    if profile:
        import cProfile

        prof = cProfile.Profile()
        prof.enable()
    from companion.app import kivy_env

    kivy_env.configure(headless=True)
    from kivy.uix.label import Label

    from companion.app import harness

    first_frame: dict[str, list[str]] = {}
    try:  # what was imported when the first frame was drawn (the journal's thread starts then)
        from companion.app.late_journal import LateJournal

        begin = LateJournal.start

        def start(self, *args):
            first_frame["heavy"] = sorted(m for m in HEAVY if m in sys.modules)
            begin(self, *args)

        LateJournal.start = start
    except ImportError:  # before issue 13's start work: everything is open before the first frame
        pass

    try:
        app = harness.start_in(os.environ["BENCH_FOLDER"], journal=False)
    except TypeError:  # a harness without the journal opened behind the first screen (before issue 13)
        app = harness.start_in(os.environ["BENCH_FOLDER"])
    harness.find_id("new_magnifico")  # the home screen is there, drawn, with its game buttons
    resume_text = harness.find_id("resume").text
    if resume and not resume_text.startswith("Resume "):
        raise SystemExit(f"the home screen offers no resume: {resume_text!r}")
    first = time.perf_counter() - started
    if profile:
        prof.disable()
        prof.dump_stats(profile)
    print("ready", flush=True)
    at_first = first_frame.get("heavy", sorted(m for m in HEAVY if m in sys.modules))
    labels = sum(isinstance(w, Label) for w in harness.walk(app.root))
    journal = None
    ready = getattr(app, "journal_ready", None)
    if callable(ready):
        harness.frames_until(ready, 30)
        journal = time.perf_counter() - started
    print("info " + json.dumps({"first": first, "journal": journal, "heavy": at_first, "labels": labels,
                                "resume": resume_text}), flush=True)
    harness.stop(app)


def make_journal(folder: str) -> None:
    """Six demo games (two of each game), the last one stopped after 60 commands."""
    from companion.core import registry
    from companion.core.game import demo
    from companion.storage.journal import Journal

    with Journal(f"{folder}/journal.sqlite3", key_file=f"{folder}/journal.key") as journal:
        for i, name in enumerate(["magnifico", "magnate", "leonardo"] * 2):
            game = registry.get(name)
            players = game.seats[0]
            header = game.demo_header(players, i)
            game_id = journal.new_game(header, meta={"demo": {"seed": i, "players": players, "game": name}})
            for _index, command, _state, _events in demo(game, i, players, header=header,
                                                         limit=60 if i == 5 else 100_000):
                journal.submit(game_id, command)


def add_finished(folder: str, total: int) -> None:
    """Finished games up to ``total`` in all: the first game's record (a finished Magnifico
    demo game) played again command by command, as a table leaves its journal (played.py)."""
    from companion.storage.reader import JournalReader

    path, key = f"{folder}/journal.sqlite3", f"{folder}/journal.key"
    with JournalReader(path, key_file=key) as reader:
        record = reader.export(1)
        have = len(reader.games())
    played.play(path, record, total - have, key)


def run(argv: list[str], env: dict[str, str]) -> tuple[float, dict]:
    """Seconds from spawning ``argv`` to its "ready" line, and what it said after."""
    t0 = time.perf_counter()
    p = subprocess.Popen([sys.executable, __file__, *argv], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    took, info = None, {}
    assert p.stdout is not None
    for line in p.stdout:
        if line.startswith("ready") and took is None:
            took = time.perf_counter() - t0
        elif line.startswith("info "):
            info = json.loads(line[5:])
    if p.wait() != 0 or took is None:
        raise SystemExit(f"{argv} failed")
    return took, info


def pi(seconds: float) -> str:
    return goal_rows.pi_times(seconds, lambda v: f"{v:.1f} s")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--child", choices=("app", "baseline"))
    ap.add_argument("--labels", type=int, default=20)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--games", type=int, default=100, help="games in the largest journal (default 100)")
    ap.add_argument("--no-bytecode", action="store_true", help="keep PYTHONDONTWRITEBYTECODE as it is")
    ap.add_argument("--profile", help="cProfile of one app start (six games) to its first screen, to FILE")
    ap.add_argument("--json", help="also write the figures against their goal to this file (bench/goals.py)")
    args = ap.parse_args()
    if args.child == "baseline":
        baseline_child(args.labels)
        return
    if args.child == "app":
        app_child(args.resume, args.profile)
        return

    env = dict(os.environ)
    if not args.no_bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    tmp = tempfile.mkdtemp(prefix="bench-start-")
    env["MAGNIFICO_DB"] = os.path.join(tmp, "never.sqlite3")  # never the table's own journal
    env["MAGNIFICO_KEY_FILE"] = os.path.join(tmp, "never.key")
    games = os.path.join(tmp, "games")
    os.mkdir(games)
    make_journal(games)
    many = os.path.join(tmp, "many")
    shutil.copytree(games, many)
    add_finished(many, args.games)

    def fresh_env() -> dict[str, str]:
        folder = tempfile.mkdtemp(dir=tmp)  # a new table: no journal yet
        return {**env, "BENCH_FOLDER": folder}

    games_env = {**env, "BENCH_FOLDER": games}
    many_env = {**env, "BENCH_FOLDER": many}
    if args.profile:
        run(["--child", "app", "--resume", "--profile", args.profile], games_env)
        print(f"profile of one start written to {args.profile}")
        return
    _, info = run(["--child", "app", "--resume"], games_env)  # untimed: fills the bytecode caches
    labels = info["labels"]
    run(["--child", "baseline", "--labels", str(labels)], env)
    times: dict[str, list[float]] = {"baseline": [], "new": [], "games": [], "many": []}
    infos: dict[str, list[dict]] = {"new": [], "games": [], "many": []}
    load = [os.getloadavg()[0]]
    for _ in range(args.runs):
        took, info = run(["--child", "app"], fresh_env())
        times["new"].append(took)
        infos["new"].append(info)
        took, _ = run(["--child", "baseline", "--labels", str(labels)], env)
        times["baseline"].append(took)
        took, info = run(["--child", "app", "--resume"], games_env)
        times["games"].append(took)
        infos["games"].append(info)
        took, info = run(["--child", "app", "--resume"], many_env)
        times["many"].append(took)
        infos["many"].append(info)
        load.append(os.getloadavg()[0])
    base = statistics.median(times["baseline"])
    print(f"cold start to the first usable screen, {args.runs} processes of each, medians "
          f"(load average {min(load):.1f}-{max(load):.1f}; bytecode caches "
          f"{'as the environment says' if args.no_bytecode else 'on'}):")
    names = {"baseline": f"baseline: plain Kivy app, {labels} labels", "new": "app, new table (no journal yet)",
             "games": "app, six games (resume offered)", "many": f"app, {args.games} games (resume offered)"}
    goals = []
    for key in ("baseline", "new", "games", "many"):
        med = statistics.median(times[key])
        if key != "baseline":
            goals.append(goal_rows.row("start < 1 s", f"first usable screen, {names[key]}", med, "s", GOAL,
                                       baseline=base, baseline_what=names["baseline"]))
        line = (f"  {names[key]}: {med:.2f} s (min {min(times[key]):.2f}, max {max(times[key]):.2f}; "
                f"Pi ~{pi(med)}), ratio {med / base:.2f}")
        if key != "baseline":
            journal = [i["journal"] for i in infos[key] if i.get("journal") is not None]
            line += f", goal < {GOAL:.0f} s: {'met' if med < GOAL else 'NOT met'}"
            if journal:
                line += f"; journal open after {statistics.median(journal):.2f} s"
            heavy = infos[key][-1]["heavy"]
            line += f"; imported by the first screen: {', '.join(heavy) if heavy else 'none of ' + ', '.join(HEAVY)}"
        print(line)
    goal_rows.write(args.json, goals)


if __name__ == "__main__":
    main()
