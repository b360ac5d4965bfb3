"""The first visit of each screen: taps that build a screen, a game's screens or a dialog.

    python bench/first_visits.py [--runs 5] [--pace 1.5] [--journeys leonardo ...] [--cases paced ...]
                                 [--played 100]

A table meets each of these once per start of the app: the game's setup form (its kv files
and screens built), its first play screen (filled and laid out for the first time), the menu,
the settings and the history. Each run is a fresh app process, so every tap here is a first
visit; the tap is a real touch timed as ``bench_app.timed_taps`` (from the finger lifting,
after its pressed frame, until the next frame is finished). Each journey is taken twice:
with the taps one after the other (nothing done ahead: the heaviest case), and with a pause
of ``--pace`` seconds before each tap, as a table reads a screen before its next tap (the
app's warm-up works while nobody touches, ``companion/app/warm_up.py``), on a journal that
holds one earlier game of the same game; a game's journey is taken a third time with the
pause on a brand-new table (a journal holding no game: no last game whose setup form home
builds ahead), and a fourth on a journal whose earlier game is of another game (a table that
switches games), and a fifth as a table that starts the app again mid-game: Resume, on a
journal whose one game is unfinished (in place of the pick and the Start; "resume" in the
row "resume"), and a sixth with its first tap ``--pace`` seconds after the first frames, while
the journal opened behind them may still be opening (every other case waits for it first; the
bench says how often it was open at that tap), a seventh the same with a Resume, an eighth a
Resume of a game left late in its course (``LATE`` commands: the lines of the turn its screen
shows come from a replay of the game), and a ninth as the sixth on a journal whose earlier game
is of another game (a table that switches games as soon as the app is up: that game's setup
form is not built ahead while the journal opens, ``warm_up.WarmUp._other_forms``). Medians over
the runs, against the 50 ms goal, and against the baseline of ``bench_app``: a plain Kivy
button rewriting 13 labels, timed in the same processes. ``--played N`` gives every app a
journal that holds N finished Magnifico games played command by command besides (played.py),
as a table's journal after months: its opening behind the first screen then takes seconds on a
Pi, which a tap in the journal-opening cases meets.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import goal_rows  # noqa: E402

GOAL_MS = 50.0
# each case: paced or taken at once, and the child's flags (the journal's earlier game)
CASES = {"at once": (False, ()), "paced": (True, ()), "new table": (True, ("--new-table",)),
         "other game last": (True, ("--other",)), "resume": (True, ("--resume",)),
         "journal opening": (True, ("--early",)), "resume, journal opening": (True, ("--resume", "--early")),
         "resume, late in the game": (True, ("--resume", "--late")),
         "other game last, journal opening": (True, ("--other", "--early"))}
LATE = 120  # the commands of the unfinished game in the late case (160 to 209 in a whole game here)
# what each tap is, in the goals' table (bench/goals.py)
TAPS = {"new": "the game picked on home (its setup form)", "start": "its first Start (the first play screen)",
        "top": "the menu", "settings": "settings", "history": "history", "resume": "Resume (an unfinished game)"}
# each list is one fresh app: the widget ids tapped in turn from the home screen
JOURNEYS = {
    "magnifico": ["new_magnifico", "start", "top_menu"],
    "magnate": ["new_magnate", "start", "top_menu"],
    "leonardo": ["new_leonardo", "start", "top_menu"],
    "shell": ["settings", "@home", "history"],
}


def seed_journal(name: str, path: str, key_file: str, games: int = 1, commands: int = 10) -> None:
    """``games`` earlier games of ``name`` in the journal (one at most: its first ``commands``
    demo commands); none leaves the journal as a brand-new table's."""
    if not games:
        return
    from companion.core import registry
    from companion.core.game import demo
    from companion.storage.journal import Journal

    game = registry.get(name)
    players = game.seats[0]
    header = game.demo_header(players, 1)
    with Journal(path, key_file=key_file) as journal:
        game_id = journal.new_game(header, meta={"demo": {"seed": 1, "players": players, "game": name}})
        for _index, command, _state, _events in demo(game, 1, players, header=header, limit=commands):
            journal.submit(game_id, command)


def played_journal(games: int) -> str:
    """A folder holding a journal of ``games`` finished Magnifico demo games played command by
    command (played.py; some 300 lines of the shadow each), its shadow and its key: each app
    of ``--played`` starts from a copy of it (a table's journal after months of play)."""
    import played

    folder = tempfile.mkdtemp(prefix="bench-visits-played-")
    record = os.path.join(folder, "game.jsonl")
    subprocess.run([sys.executable, "-m", "companion", "demo", "--seed", "3", "--quiet", "--record", record,
                    "--db", os.path.join(folder, "demo.sqlite3")], cwd=ROOT, check=True, capture_output=True,
                   env=dict(os.environ, MAGNIFICO_KEY_FILE=os.path.join(folder, "demo.key")), timeout=300)
    with open(record, encoding="utf-8") as f:
        played.play(os.path.join(folder, "journal.sqlite3"), f.read(), games, os.path.join(folder, "journal.key"))
    return folder


def table(prefix: str, base: str | None = None) -> Any:
    """The settings of a fresh app whose journal, key and box profiles are in a new folder
    (named from ``prefix``); with ``base``, its journal starts as a copy of that folder's
    (``played_journal``)."""
    from companion.app.settings import Settings
    from companion.core import registry

    folder = tempfile.mkdtemp(prefix=prefix)
    if base:
        import shutil

        for name in ("journal.sqlite3", "journal.sqlite3.shadow.jsonl", "journal.key"):
            shutil.copy(os.path.join(base, name), folder)
    return Settings({"hardware": "simulated", "database": os.path.join(folder, "journal.sqlite3"),
                     "key_file": os.path.join(folder, "journal.key"),
                     "box_profiles": {name: os.path.join(folder, f"{name}-box.json") for name in registry.names()}})


def seed_elsewhere(name: str, path: str, key_file: str, games: int = 1, commands: int = 10) -> None:
    """``seed_journal`` in another process: in the app's own, it would import the journal's
    SQLAlchemy ahead of the app."""
    subprocess.run([sys.executable, "-c", "import sys; from first_visits import seed_journal;"
                    " seed_journal(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))",
                    name, path, key_file, str(games), str(commands)], cwd=ROOT / "bench", check=True, timeout=300)


def child(journey: str, pace: float, new_table: bool = False, other: bool = False, resume: bool = False,
          early: bool = False, base: str | None = None, late: bool = False) -> None:
    """One fresh app: tap the journey's widgets in turn, ``pace`` seconds of idle frames
    before each, and print each tap's time as JSON; with ``new_table`` the journal holds no
    earlier game, with ``other`` an earlier game of another game (the table switches games),
    with ``resume`` the journal's unfinished game is resumed instead of a new one started (with
    ``late`` that game holds LATE commands, not ten).
    The first tap comes once the journal opened behind the first screen is open, unless
    ``early``: then it comes ``pace`` seconds after the first frames, whether or not the
    journal is open yet (0.1 to 0.3 s after the first frame here, longer on a Pi), and the JSON
    says whether it was (``open at the first tap``: 1 or 0). ``base``: the journal starts as a
    copy of that folder's (``played_journal``), except on a new table."""
    from companion.app import kivy_env

    kivy_env.configure(headless=True)
    import bench_app
    from companion.app import harness
    from companion.app.main import CompanionApp

    settings = table("bench-visits-", None if new_table else base)  # (a brand-new table's journal holds no game)
    if pace and journey in JOURNEYS and journey != "shell":  # a table that played this game before
        played = next(name for name in JOURNEYS if name != journey) if other else journey
        seeded = (played, settings.get("database"), settings.get("key_file"), 0 if new_table else 1,
                  LATE if late else 10)
        if early:  # in another process: seeding here would import the journal's SQLAlchemy ahead of the app
            seed_elsewhere(*seeded)
        else:
            seed_journal(*seeded)
    if journey == "leonardo":  # its setup form starts a game once the box's printed values are entered
        from companion.games.leonardo import box
        from companion.games.leonardo.game import GAME
        from companion.storage import box_profile

        box_profile.save(GAME, box.example(), settings.get("box_profiles")[GAME.name])
    app = harness.start(CompanionApp(settings=settings, lang="en"), journal=not early)
    harness.frames(3)
    out = {}

    def pause() -> None:
        end = time.monotonic() + pace
        while time.monotonic() < end:
            harness.frames(1)
            time.sleep(0.02)

    steps = JOURNEYS[journey]
    if resume:  # the game left unfinished (its first ten demo commands, or LATE), resumed
        steps = ["resume"] + [step for step in steps if step not in ("new_" + journey, "start")]
    for step in steps:
        if step.startswith("@"):  # not a tap: back to a screen before the next one
            app.go(step[1:])
            harness.frames(3)
            continue
        pause()
        if early and not out:
            out["open at the first tap"] = float(app.journal_ready())
        screen = app.manager.current
        out[step] = bench_app.timed_taps(lambda: harness.find_id(step), 1)[0] * 1000
        harness.frames(3)
        if app.manager.current == screen and app.dialog is None:
            sys.exit(f"{journey}: {step} changed nothing on {screen} ({app.root.ids.toast.text})")
    out["baseline"] = statistics.median(bench_app.baseline_taps(5, 13)) * 1000
    print(json.dumps(out), flush=True)
    harness.stop(app)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--pace", type=float, default=1.5, help="seconds between taps in the paced journeys")
    parser.add_argument("--journeys", nargs="+", choices=list(JOURNEYS), default=list(JOURNEYS),
                        help="only these journeys (all by default)")
    parser.add_argument("--cases", nargs="+", choices=list(CASES), default=list(CASES),
                        help="only these cases (all by default): taps at once, paced, paced on a brand-new"
                             " table, paced after another game (the table switches games), a Resume, paced"
                             " from the first frame while the journal may still be opening (after another"
                             " game, too)")
    parser.add_argument("--played", type=int, default=0, metavar="N",
                        help="each app's journal holds N finished Magnifico games played before, command by"
                             " command (0 by default: a journal opens in a fraction of a second)")
    parser.add_argument("--json", help="also write the figures against their goal to this file (bench/goals.py)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--base", help=argparse.SUPPRESS)
    parser.add_argument("--new-table", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--other", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--resume", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--early", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--late", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.pace, args.new_table, args.other, args.resume, args.early, args.base, args.late)
        return
    import bytecode

    bytecode.ensure((0, 1, 2))  # the children compile nothing inside a tap (bytecode.py)
    env = dict(os.environ, KIVY_NO_CONSOLELOG="1")
    times: dict[tuple[str, str, str], list[float]] = {}
    cases = {case: (args.pace if paced else 0.0, flags) for case, (paced, flags) in CASES.items() if case in args.cases}
    base_flags = ["--base", played_journal(args.played)] if args.played else []
    for _ in range(args.runs):
        for journey in args.journeys:  # the journeys taken in turn, so the load falls on each alike
            for case, (pace, flags) in cases.items():
                if flags and journey == "shell":  # its paced journey is on a brand-new table already
                    continue
                run = subprocess.run([sys.executable, __file__, "--child", journey, "--pace", str(pace), *flags,
                                      *base_flags],
                                     env=env,
                                     cwd=ROOT, capture_output=True, text=True, timeout=300)
                lines = [line for line in run.stdout.splitlines() if line.startswith("{")]
                if run.returncode or not lines:
                    sys.exit(f"{journey}: the app failed\n{run.stderr[-2000:]}")
                for step, ms in json.loads(lines[-1]).items():
                    times.setdefault((journey, step, case), []).append(ms)
    base = statistics.median(t for (_j, step, _c), ts in times.items() if step == "baseline" for t in ts)
    played = f"; each journal holds {args.played} Magnifico games played before" if args.played else ""
    print(f"first visits, medians of {args.runs} fresh apps (goal {GOAL_MS:.0f} ms; baseline: a plain button"
          f" rewriting 13 labels, {base:.1f} ms in the same processes; {bytecode.NOTE}{played})")
    print(f"  {'journey':10s} {'tap':15s} " + "   ".join(f"{case:>20s}" for case in cases)
          + f"   (paced: after {args.pace:g} s idle)")
    pi_case = "paced" if "paced" in cases else next(iter(cases))  # the Pi estimate's case
    goals = []
    for journey, steps in JOURNEYS.items():
        if journey not in args.journeys:
            continue
        rows = [s for s in steps if not s.startswith("@")] + (["resume"] if journey != "shell" else [])
        for step in [s for s in rows if any((journey, s, case) in times for case in cases)]:  # those run
            cells = []
            for case in cases:
                ts = times.get((journey, step, case))
                med = statistics.median(ts) if ts else float("nan")
                cells.append(f"{med:6.1f} ms x{med / base:4.1f} {'ok' if med < GOAL_MS else 'OVER':4s}" if ts else "")
                if ts:
                    how = "taken at once" if not cases[case][0] else f"{case}, after {args.pace:g} s"
                    goals.append(goal_rows.row(f"every tap < {GOAL_MS:.0f} ms, first visits",
                                               f"{journey}: {TAPS.get(step.split('_')[0], step)}, {how}",
                                               med, "ms", GOAL_MS, baseline=base,
                                               baseline_what="a plain button rewriting 13 labels"))
            case = pi_case if (journey, step, pi_case) in times else next(
                (c for c in cases if (journey, step, c) in times), pi_case)  # a resume: its own case
            shown = times.get((journey, step, case))
            pi = statistics.median(shown) if shown else float("nan")
            print(f"  {journey:10s} {step:15s} " + "   ".join(f"{cell:>20s}" for cell in cells)
                  + f"  Pi ({case}): {goal_rows.pi_times(pi, lambda v: f'{v:4.0f}')} ms")
        opened = [t for (j, step, _c), ts in times.items() if j == journey and step == "open at the first tap"
                  for t in ts]
        if opened:
            print(f"  {journey:10s} the journal was open at the first tap in {sum(opened):.0f} of {len(opened)}"
                  " apps (journal opening)")
    goal_rows.write(args.json, goals)


if __name__ == "__main__":
    main()
