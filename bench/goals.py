"""Every goal of issue 13 in one run: each bench in turn, one table of figures against goals.

    python bench/goals.py [--quick] [--markdown] [--keep DIR] [--only bench_odds.py ...]
    python bench/goals.py --again DIR [--markdown]     (a kept run printed again)

Runs, each in its own process and one after the other (so none loads the machine under
another): ``bench_start.py`` (start < 1 s), ``bench_cli.py`` (every journal command < 0.4 s),
``bench_app.py --no-start`` (taps < 50 ms on screens shown, a handset press, taps while the
heaviest odds compute), ``first_visits.py`` (the taps that build a screen: a game's pick and
first Start after a pause, and taken at once), ``bench_memory.py`` (< 150 MB after three
games, under ``-OO`` as the kiosk runs) and ``bench_odds.py`` (the odds at least 50 times
faster than a 100,000-battle simulation, on the heaviest kinds and the worst random legal
battles the searches found). Each writes its figures with its in-run baseline (``--json``);
this prints them together with a Raspberry Pi estimate, whether each goal is met here, and
the machine. ``--markdown`` prints the table for docs/performance.md. Not run here, for their
length: ``every_tap.py`` (every touch of the UI tests, 10 to 25 minutes) and
``search_odds.py`` (400 random legal battles, about 10 minutes a seed). About 5 minutes on
the development machine, 3 with ``--quick`` (fewer repeats: noisier medians).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import goal_rows

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent

# each bench: its arguments in a full run, and in a quick one
RUNS: list[tuple[str, list[str], list[str]]] = [
    ("bench_start.py", ["--runs", "5"], ["--runs", "3"]),
    ("bench_cli.py", ["--runs", "5"], ["--runs", "3", "--games", "30"]),
    ("bench_app.py", ["--no-start", "--taps", "15"], ["--no-start", "--taps", "7"]),
    ("first_visits.py", ["--runs", "3", "--journeys", "magnifico", "magnate", "leonardo", "--cases", "at once",
                         "paced", "new table", "other game last", "resume", "journal opening",
                         "resume, journal opening", "resume, late in the game", "other game last, journal opening",
                         "--pace", "0.6", "--played", "100"],
     ["--runs", "1", "--journeys", "magnifico", "magnate", "leonardo", "--cases", "at once", "paced",
      "--pace", "0.6"]),
    ("bench_memory.py", ["--games", "3", "--attribute"], ["--games", "3"]),
    ("bench_odds.py", ["--repeat", "5"], ["--repeat", "3", "--games", "20000"]),
]


def machine() -> str:
    if goal_rows.PI_MODEL:
        return f"{goal_rows.PI_MODEL}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"
    model = platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def pi_note(facts: dict[str, Any]) -> str:
    """What the Pi column means for the run's machine."""
    if facts.get("pi"):
        return "Measured on a Raspberry Pi: every figure is the Pi's own, and \"met here\" is met on a Pi."
    return (f"A Pi runs Python about {goal_rows.PI_SLOWER[0]} to {goal_rows.PI_SLOWER[1]} times slower (times); a"
            " ratio of two times taken on one machine stays about the same; memory: the bench's estimate without"
            " this machine's software renderer.")


def run(script: str, args: list[str], out: Path) -> tuple[list[dict[str, Any]], float, str]:
    """The bench's rows, its wall time, and what went wrong (empty when nothing)."""
    env = dict(os.environ)
    if script == "bench_memory.py":
        env["PYTHONOPTIMIZE"] = "2"  # the kiosk's -OO (hardware/kiosk): docstrings dropped
    start = time.monotonic()
    done = subprocess.run([sys.executable, str(BENCH / script), *args, "--json", str(out)], cwd=ROOT, env=env,
                          capture_output=True, text=True)
    took = time.monotonic() - start
    if done.returncode or not out.exists():
        return [], took, (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]
    return json.loads(out.read_text()), took, ""


def table(rows: list[dict[str, Any]], on_a_pi: bool) -> list[tuple[str, ...]]:
    head = ("goal", "figure", "measured", "baseline (same run)", "Pi estimate", "met here")
    lines = [head]
    for r in rows:
        base = goal_rows.figure(r["baseline"], "s" if r["unit"] == "x" else r["unit"])
        lines.append((r["goal"], r["what"], goal_rows.figure(r["value"], r["unit"]) + (f" ({r['note']})" if r["note"] else ""),
                      f"{base}: {r['baseline_what'].removeprefix('baseline: ')}" if base else "",
                      goal_rows.pi_estimate(r, on_a_pi),
                      "yes" if goal_rows.met(r) else "NO"))
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repeats (about half the time, noisier)")
    ap.add_argument("--markdown", action="store_true", help="print the table for docs/performance.md")
    ap.add_argument("--keep", type=Path, help="keep each bench's JSON in this folder")
    ap.add_argument("--only", nargs="+", help="run only these benches (say bench_odds.py)")
    ap.add_argument("--again", type=Path, metavar="DIR", help="print the run kept in DIR (--keep) again, measuring nothing")
    args = ap.parse_args()
    folder = args.again or args.keep or Path(tempfile.mkdtemp(prefix="bench-goals-"))
    folder.mkdir(parents=True, exist_ok=True)
    rows: list[dict[str, Any]] = []
    failed = []
    load = [os.getloadavg()[0]]
    for script, full, quick in RUNS:
        if args.only and script not in args.only:
            continue
        out = folder / (script[:-3] + ".json")
        if args.again:
            got, took, error = (json.loads(out.read_text()), 0.0, "") if out.exists() else ([], 0.0, "not kept")
        else:
            got, took, error = run(script, quick if args.quick else full, out)
            load.append(os.getloadavg()[0])
            print(f"{script}: {len(got)} figures in {took:.0f} s" + (f"; FAILED: {error}" if error else ""),
                  file=sys.stderr, flush=True)
        if error:
            failed.append(script)
        rows += got
    run_file = folder / "run.json"  # the run's own machine, load and date, for --again
    if args.again:
        facts = json.loads(run_file.read_text()) if run_file.exists() else {}
    else:
        facts = {"machine": machine(), "pi": goal_rows.PI_MODEL, "load": [min(load), max(load)], "quick": args.quick,
                 "date": time.strftime("%Y-%m-%d %H:%M")}
        run_file.write_text(json.dumps(facts))
    lines = table(rows, bool(facts.get("pi")))
    if args.markdown:
        for line in lines[:1] + [tuple("---" for _ in lines[0])] + lines[1:]:
            print("| " + " | ".join(cell.replace("|", "/") for cell in line) + " |")
    else:
        widths = [min(60, max(len(line[i]) for line in lines)) for i in range(len(lines[0]))]
        for line in lines:
            print("  ".join(cell.ljust(w) for cell, w in zip(line, widths)))
    missed = [r for r in rows if not goal_rows.met(r)]
    print(f"\n{len(rows) - len(missed)} of {len(rows)} figures meet their goal here"
          + (f"; benches that failed: {', '.join(failed)}" if failed else "") + ".")
    if args.again:
        print(f"(the run kept in {folder}, printed again)")
    low, high = facts.get("load", [float("nan")] * 2)
    print(f"Machine: {facts.get('machine', machine())}; {facts.get('date', 'date not kept')}; load average"
          f" {low:.1f} to {high:.1f} during the run{'; quick run' if facts.get('quick') else ''}. " + pi_note(facts))
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
