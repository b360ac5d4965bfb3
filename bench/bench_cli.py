"""Command-line speed: each journal command in a fresh process, as a table's owner runs it.

    python bench/bench_cli.py [--runs 5] [--against DIR]

Times (median wall clock over fresh processes, Python's own start included) `games`,
`replay FILE`, `state`, `state --list`, `export` and `import FILE` on a journal holding
``--games`` finished demo games (100 by default: a table that has played for a year or two;
each `import` run adds one more), played as a table plays them: every command its own write
and its own line of the shadow (some 30,000 lines; ``--shape imported`` makes each game one
`import` instead, one line each). The more a command reads of the journal, the more its
figure grows with it; `--games 1` gives the figures of a new table. Baselines in the same run: `python -c
pass` (the interpreter alone) and a stdlib script that opens the journal with `sqlite3` and
decodes its rows as JSON (comparable work with no framework). Goal (issue 13): every command under 0.4 s here (about 1.2-2 s on a
Raspberry Pi, 3-5 times slower; the estimate is printed beside each figure). With
`--against DIR` each command is also timed in another checkout, right after (before and
after a change, in one run).
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

import goal_rows  # the script's own folder

ROOT = Path(__file__).resolve().parents[1]
GOAL = 0.4

STDLIB_READ = """
import json, sqlite3, sys
db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
rows = 0
for (name,) in db.execute("select name from sqlite_master where type='table'"):
    for row in db.execute(f'select * from "{name}"'):
        for cell in row:
            if isinstance(cell, str) and cell[:1] in "[{":
                try:
                    json.loads(cell)
                except ValueError:
                    pass
        rows += 1
print(rows)
"""

def timed(argv: list[str], env: dict[str, str], runs: int, stdin: str | None = None, cwd: Path = ROOT) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True, input=stdin)
        times.append(time.perf_counter() - t0)
        if out.returncode not in (0, 1):
            raise SystemExit(f"{' '.join(argv)} failed: {out.stderr[-500:]}")
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--games", type=int, default=100, help="finished demo games in the journal (default 100)")
    ap.add_argument("--shape", choices=("played", "imported"), default="played",
                    help="the games played command by command (default), or each one import")
    ap.add_argument("--against", type=Path, metavar="DIR",
                    help="another checkout of the project (say main, unpacked with git archive): each command "
                         "is timed there too, right after, on the same journal (python -m runs the package "
                         "of the folder it starts in)")
    ap.add_argument("--json", help="also write the figures against their goal to this file (bench/goals.py)")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-cli-"))
    db = tmp / "journal.sqlite3"
    env = {**os.environ, "MAGNIFICO_DB": str(db), "MAGNIFICO_KEY_FILE": str(tmp / "journal.key")}
    # as installed: Python keeps its compiled modules (a PYTHONDONTWRITEBYTECODE set in a
    # development shell would time the compiler on every run instead)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    py = [sys.executable]
    record = tmp / "game.jsonl"
    # finished demo games in the journal (one game played or imported --games times), its record on disk
    out = subprocess.run(py + ["-m", "companion", "demo", "--seed", "3", "--quiet", "--record", str(record)], env=env,
                         cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0 or not record.exists():
        raise SystemExit(f"cannot make a demo record: {out.stderr[-500:]}")
    if args.shape == "played":
        played = subprocess.run(py + [str(ROOT / "bench" / "played.py"), str(db), str(record), str(max(1, args.games))],
                                env=env, cwd=ROOT, capture_output=True, text=True)
        if played.returncode != 0:
            raise SystemExit(f"cannot play the demo record: {played.stderr[-500:]}")
    for _ in range(max(1, args.games) if args.shape == "imported" else 0):
        imported = subprocess.run(py + ["-m", "companion", "import", "--db", str(db), str(record)], env=env,
                                  cwd=ROOT, capture_output=True, text=True)
        if imported.returncode != 0:
            raise SystemExit(f"cannot import the demo record: {imported.stderr[-500:]}")
    commands = sum(1 for _ in record.open()) - 1
    print(f"journal: {max(1, args.games)} finished games of {commands} commands ({args.shape}), "
          f"{db.stat().st_size / 1e6:.1f} MB (+ its shadow, {Path(str(db) + '.shadow.jsonl').stat().st_size / 1e6:.1f} MB)")
    rows = [
        ("baseline: python -c pass", py + ["-c", "pass"], None),
        ("baseline: stdlib sqlite3 + json over the journal", py + ["-c", STDLIB_READ, str(db)], None),
        ("games", py + ["-m", "companion", "games"], None),
        ("replay FILE", py + ["-m", "companion", "replay", str(record)], None),
        ("state", py + ["-m", "companion", "state", "--db", str(db)], None),
        ("state --list", py + ["-m", "companion", "state", "--list", "--db", str(db)], None),
        ("export", py + ["-m", "companion", "export", "--db", str(db)], None),
        ("import FILE", py + ["-m", "companion", "import", "--db", str(db), str(record)], None),
    ]
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    base = None
    goals = []
    for name, argv, stdin in rows:
        med = timed(argv, env, args.runs, stdin)
        base = base or med
        if not name.startswith("baseline"):
            goals.append(goal_rows.row(f"every journal command < {GOAL} s", f"`{name}`, {max(1, args.games)} {args.shape} games",
                                       med, "s", GOAL, baseline=base, baseline_what=rows[0][0].split(": ")[1]))
        verdict = "" if name.startswith("baseline") else f", goal < {GOAL} s: {'met' if med < GOAL else 'NOT met'}"
        print(f"{name}: median {med:.2f} s (Pi ~{goal_rows.pi_times(med, lambda v: f'{v:.1f} s')}; ratio to python alone "
              f"{med / base:.1f}){verdict}")
        if args.against and not name.startswith("baseline"):
            other = timed(argv, env, args.runs, stdin, cwd=args.against.resolve())
            print(f"    the same in {args.against}: median {other:.2f} s (this tree takes {med / other:.2f} of it)")
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    goal_rows.write(args.json, goals)


if __name__ == "__main__":
    main()
