"""Memory: the app's resident size after start and after each of three whole demo games
played through the screens in one process (Magnifico's tour, to the end of each game, then
home, as a table would; each command it sends comes as a tap: ``commands_as_taps``), with
where the memory is.

    python bench/bench_memory.py [--games 3] [--attribute]

For each moment: RSS (VmRSS) with its anonymous part (heaps) and its file-backed part
(shared libraries), the part of the latter that is the GL driver's libraries (Mesa, LLVM),
the C heap (glibc's malloc: in use, and free but kept), the Python heap (tracemalloc, in a
second run of the same games: tracing itself costs memory, so it is not on in the first),
the widgets and the app's own objects alive (in a third run: counting them thaws what the
app froze, collects and freezes every live object again, and what the last game still held
then could never be collected after; that cost the games after it about 13 MB of RSS when
it was done in the first run), and the odds process's own RSS (a separate process: counted
apart, and in the total).

Baseline, measured in the same run, in its own process and the same Kivy setup: Python,
SQLAlchemy with an engine open, and a Kivy ScreenManager with as many screens and labels as
the app has after a game, each screen drawn once.

``--attribute`` runs the games once more under heaptrack (when installed) and splits the C
heap in use at the end by who allocated it: the GL driver (Mesa and LLVM, stripped
libraries), Python, Kivy's own buffers, SDL and the fonts.

The Pi estimate: a Raspberry Pi draws through its GPU driver (v3d), not Mesa's software
renderer (llvmpipe, here). Both are in the same Mesa library, linked with the same LLVM, so
a Pi pays for loading them as this machine does: the bench loads the app's GL libraries in
a process of their own, draws nothing, drops the compiler's code as the app does
(companion/app/memory.py) and keeps what stays resident in the estimate. The estimate takes
out what drawing with the software renderer made resident beyond that and,
when ``--attribute`` measured it, the part of its heap a GPU driver does not hold (its LLVM
shader compiler, its rasterizer's bins, its context); the labels' textures and the vertex
buffers stay in the estimate (a Pi's driver keeps them in buffers mapped into the process).
The GPU driver's own user-space share is not measurable here. Memory is otherwise about the
same on a Pi (not 3-5 times more like time). Where a GPU driver draws the window (its
GL_RENDERER is not one of Mesa's software renderers: a Pi's, say), nothing is taken out: the
figure is the measurement, and on a Pi the goal's own answer.
Goal (issue 13): under 150 MB after three games, nothing growing from game to game.
"""

from __future__ import annotations

import argparse
import collections
import ctypes
import gc
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import goal_rows  # noqa: E402  (the script's own folder)

GOAL_MB = 150.0
# objects alive after the last game beyond those after game 2: each demo game ends on other rows
# kept (six games: widgets 381 to 384, the app's objects 704 to 706); a screen or dialog kept per
# game is tens to hundreds
GROWTH = 10
GL_LIBRARIES = ("libLLVM", "_dri.so", "libgallium", "libglapi", "libGLX_mesa", "libEGL_mesa", "libGL.so",
                "libEGL.so", "libGLdispatch", "libdrm")
MB = 1024 * 1024
GL_OWN = "GL driver (Mesa, LLVM): its shader compiler, rasterizer and context"
GL_KEPT = "GL driver (Mesa): textures and vertex buffers"
KEPT_ON_A_GPU = ("Texture_", "VBO_")  # Kivy's calls whose memory a Pi's GPU driver holds as well


# -- measuring a process ----------------------------------------------------------------
def status_mb(pid: int | str = "self") -> dict[str, float]:
    """VmRSS, RssAnon, RssFile and Threads of a process (Linux /proc)."""
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "RssAnon", "RssFile"):
            out[key] = int(value.split()[0]) / 1024
        elif key == "Threads":
            out[key] = int(value)
    return out


def gl_files_mb() -> float:
    """Resident size of the GL driver's shared libraries (from /proc/self/smaps)."""
    return sum(gl_libraries().values())


def gl_libraries() -> dict[str, float]:
    """The GL driver's shared libraries mapped in this process: {path: resident MB}."""
    from companion.app import memory

    found: dict[str, float] = {}
    for m in memory.mappings(memory.SMAPS.read_text()):
        if m.path and any(name in m.path for name in GL_LIBRARIES):
            found[m.path] = found.get(m.path, 0.0) + m.kb.get("Rss", 0) / 1024
    return found


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


def c_heap_mb() -> tuple[float, float] | None:
    """glibc's malloc: (in use, free) in MB, the free part counting pages already handed back
    by ``malloc_trim``; None elsewhere."""
    try:
        fn = ctypes.CDLL(None).mallinfo2
    except (OSError, AttributeError):
        return None
    fn.restype = _MallInfo2
    info = fn()
    return (info.uordblks + info.hblkhd) / MB, info.fordblks / MB


def live_counts() -> dict[str, int]:
    """Objects alive after a full collection: widgets, screens, textures and the app's own
    classes (the frozen start objects included)."""
    from kivy.graphics.texture import Texture
    from kivy.uix.screenmanager import Screen
    from kivy.uix.widget import Widget

    gc.unfreeze()  # the app froze what start built: counted too
    gc.collect()
    counts: collections.Counter[str] = collections.Counter()
    for o in gc.get_objects():
        t = type(o)  # never isinstance: a dead weak proxy raises on __class__
        if issubclass(t, Widget):
            counts["widgets"] += 1
            if issubclass(t, Screen):
                counts["screens"] += 1
        elif issubclass(t, Texture):
            counts["textures"] += 1
        module = t.__dict__.get("__module__")
        if isinstance(module, str) and module.startswith("companion."):
            counts["companion objects"] += 1
    gc.freeze()
    return dict(counts)


def renderer() -> str:
    """The GL renderer drawing the window (GL_RENDERER): "llvmpipe ..." here, a GPU's on a Pi."""
    from kivy.graphics.opengl import GL_RENDERER, glGetString

    name = glGetString(GL_RENDERER)
    return name.decode("ascii", "replace") if isinstance(name, bytes) else str(name)


# -- the children ---------------------------------------------------------------------
def commands_as_taps(app: Any, frames: Any) -> None:
    """Each command the tour sends comes as a table's tap does: a finger down on the window
    (the idle collector holds the young collections back, idle_collector.py), the command and
    its screen, the finger up, then the tap's frame and the tick after it (the young
    collections). The tour itself calls the screens' methods without touching the window, so
    without this none of what the collector does during and after a tap was in the figure
    (about 3 MB after three games here, 2026-12-02)."""
    send, collector = app.send, app.collector

    def tapped(command: Any) -> Any:
        collector.touched()
        try:
            return send(command)
        finally:
            collector.lifted()
            frames(2)

    app.send = tapped


def app_child(games: int, trace: bool, hold: bool, count: bool = False) -> None:
    """Start the app, play ``games`` demo games through the screens; one JSON line a moment
    (the live objects only when ``count``)."""
    tmp = tempfile.mkdtemp(prefix="bench-memory-")
    os.environ["MAGNIFICO_DB"] = os.path.join(tmp, "journal.sqlite3")
    os.environ["MAGNIFICO_KEY_FILE"] = os.path.join(tmp, "journal.key")
    from companion.app import kivy_env

    kivy_env.configure(headless=True)
    if trace:
        import tracemalloc

        tracemalloc.start()
    from companion.app import harness
    from companion.app.main import TIDY_AFTER, CompanionApp
    from companion.app.settings import Settings

    app = harness.start(CompanionApp(settings=Settings({"hardware": "simulated"}), lang="en"))
    ui = app.uis["magnifico"]
    commands_as_taps(app, harness.frames)

    def settle() -> None:
        """The app gives memory back TIDY_AFTER seconds after a game, or later when a frame at
        home is long (a full collection at the pause: 0.3 s here): let it, whenever it comes."""
        end = time.monotonic() + TIDY_AFTER + 0.3
        while time.monotonic() < end or (app.tidy_pending and time.monotonic() < end + 10):
            harness.frames(1)
            time.sleep(0.05)

    def moment(name: str) -> None:
        gl = gl_libraries()
        row: dict[str, Any] = {"moment": name, **status_mb(), "gl_files": sum(gl.values())}
        heap = c_heap_mb()
        if heap is not None:
            row["c_in_use"], row["c_free"] = heap
        worker = getattr(ui, "odds", None)
        pid = worker.pid if worker is not None else None
        row["odds_rss"] = status_mb(pid)["VmRSS"] if pid else 0.0
        row["odds_kept"] = len(worker.cache) if worker is not None else 0
        if trace:
            import tracemalloc

            row["python"] = tracemalloc.get_traced_memory()[0] / MB
        if count:  # a run of its own: the collection and the freeze are the bench's, not the app's
            row.update(live_counts())
        row["screens_in_app"] = len(app.screens)
        row["renderer"] = renderer()
        row["gl_paths"] = sorted(gl)
        print(json.dumps(row), flush=True)

    settle()
    moment("after start")
    for game in range(games):
        for _ in ui.tour(app, 7 + game):
            pass
        app.go("home")
        settle()
        moment(f"after game {game + 1}")
    if hold:  # under heaptrack: what is in use now is what it reports as not freed
        os._exit(0)
    harness.stop(app)


def baseline_child(screens: int, labels: int) -> None:
    """Python, SQLAlchemy with an engine, and Kivy screens of plain labels, each drawn once."""
    from companion.app import kivy_env

    kivy_env.configure(headless=True)
    import sqlalchemy

    engine = sqlalchemy.create_engine("sqlite://")
    with engine.connect() as conn:
        conn.execute(sqlalchemy.text("select 1"))
    from kivy.base import EventLoop
    from kivy.core.window import Window
    from kivy.uix.gridlayout import GridLayout
    from kivy.uix.label import Label
    from kivy.uix.screenmanager import NoTransition, Screen, ScreenManager

    EventLoop.ensure_window()
    Window.size = (800, 480)
    manager = ScreenManager(transition=NoTransition())
    Window.add_widget(manager)
    per = max(1, labels // max(1, screens))
    for s in range(screens):
        screen = Screen(name=f"s{s}")
        grid = GridLayout(cols=8)
        for i in range(per):
            grid.add_widget(Label(text=f"screen {s} label {i}"))
        screen.add_widget(grid)
        manager.add_widget(screen)
    for s in range(screens):
        manager.current = f"s{s}"
        for _ in range(3):
            EventLoop.idle()
    print(json.dumps({"moment": "baseline", **status_mb(), "gl_files": gl_files_mb()}), flush=True)


def loaded_child(paths: list[str]) -> None:
    """The GL driver's libraries loaded and nothing drawn, the compiler's code dropped as the
    app drops it (companion/app/memory.py): what any process holding this Mesa driver keeps
    of them, a Pi's V3D driver included (Mesa links its drivers with the same LLVM)."""
    from companion.app import memory

    for path in paths:
        try:
            ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
        except OSError:
            pass
    memory.drop_compiler_code()
    print(json.dumps({"moment": "loaded", "gl_files": gl_files_mb()}), flush=True)


def run_child(*args: str, wrap: list[str] | None = None) -> list[dict[str, Any]]:
    out = subprocess.run([*(wrap or []), sys.executable, __file__, *args], capture_output=True, text=True, cwd=ROOT)
    rows = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    if not rows:
        raise SystemExit(f"bench child {args} failed:\n{out.stderr[-3000:]}")
    return rows


# -- heaptrack attribution -----------------------------------------------------------------
def attribute(games: int) -> dict[str, float] | None:
    """The C heap in use after the games, by who allocated it (heaptrack), in MB."""
    if shutil.which("heaptrack") is None or shutil.which("heaptrack_print") is None:
        return None
    tmp = tempfile.mkdtemp(prefix="bench-memory-heaptrack-")
    data = os.path.join(tmp, "run")
    run_child("--child", "app", "--games", str(games), "--hold", wrap=["heaptrack", "-o", data])
    found = [f for f in os.listdir(tmp) if f.startswith("run")]
    stacks = os.path.join(tmp, "stacks.txt")
    subprocess.run(["heaptrack_print", "-f", os.path.join(tmp, found[0]), "--flamegraph-cost-type", "leaked",
                    "-F", stacks], capture_output=True, check=True)
    owners: collections.Counter[str] = collections.Counter()
    for line in Path(stacks).read_text().splitlines():
        stack, _, size = line.rpartition(" ")
        frames = [f for f in stack.split(";") if f]
        leaf = frames[-1] if frames else ""
        if leaf.startswith("0x"):  # no symbols: Mesa's driver and LLVM are the stripped libraries here
            # what Kivy asked the driver for: a GPU driver holds textures and vertex buffers too
            kivy = next((f for f in reversed(frames) if "kivy_8graphics" in f), "")
            owner = GL_KEPT if any(name in kivy for name in KEPT_ON_A_GPU) else GL_OWN
        elif "__pyx_" in leaf or "kivy" in leaf:
            owner = "Kivy's own buffers"
        elif leaf.startswith(("SDL_", "FT_", "ft_", "_hb_", "hb_")) or "hb_" in leaf:
            owner = "SDL and fonts"
        elif leaf.startswith(("_Py", "Py", "list_", "resize_", "arena_", "dict", "new_keys", "unicode")):
            owner = "Python (large objects; small ones live in pymalloc's arenas)"
        else:
            owner = "other"
        owners[owner] += int(size)
    shutil.rmtree(tmp, ignore_errors=True)
    return {k: v / MB for k, v in owners.most_common()}


# -- the report -----------------------------------------------------------------------------
def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--attribute", action="store_true", help="split the C heap by owner with heaptrack")
    ap.add_argument("--child", choices=("app", "traced", "counted", "baseline", "loaded"))
    ap.add_argument("--paths", help="the GL libraries to load (--child loaded), as JSON")
    ap.add_argument("--hold", action="store_true")
    ap.add_argument("--screens", type=int, default=20)
    ap.add_argument("--labels", type=int, default=600)
    ap.add_argument("--json", help="also write the figures against their goal to this file (bench/goals.py)")
    args = ap.parse_args()
    if args.child == "app":
        app_child(args.games, trace=False, hold=args.hold)
        return
    if args.child == "traced":
        app_child(args.games, trace=True, hold=False)
        return
    if args.child == "counted":
        app_child(args.games, trace=False, hold=False, count=True)
        return
    if args.child == "baseline":
        baseline_child(args.screens, args.labels)
        return
    if args.child == "loaded":
        loaded_child(json.loads(args.paths))
        return

    import bytecode

    bytecode.ensure((0, 1, 2))  # the kiosk's -OO reads .opt-2.pyc files (bytecode.py)
    load = os.getloadavg()[0]
    rows = run_child("--child", "app", "--games", str(args.games))
    traced = {r["moment"]: r for r in run_child("--child", "traced", "--games", str(args.games))}
    counted = {r["moment"]: r for r in run_child("--child", "counted", "--games", str(args.games))}
    for r in rows:
        r.update({k: v for k, v in counted.get(r["moment"], {}).items() if k not in r})
    biggest = max(rows, key=lambda r: r.get("widgets", 0))
    base = run_child("--child", "baseline", "--screens", str(biggest["screens_in_app"]),
                     "--labels", str(biggest["widgets"]))[0]
    owners = attribute(args.games) if args.attribute else None
    paths = rows[-1].get("gl_paths", [])
    loaded = run_child("--child", "loaded", "--paths", json.dumps(paths))[0]["gl_files"] if paths else 0.0
    print(f"load average {load:.1f} at the start; LP_NUM_THREADS={os.environ.get('LP_NUM_THREADS', '(app default)')}")
    print(f"the GL driver's libraries loaded alone, nothing drawn, its compiler's code dropped as the app drops it: "
          f"{loaded:.1f} MB resident (kept in the Pi estimate: a Pi's Mesa driver loads the same LLVM)")
    print(f"baseline (Python + SQLAlchemy engine + {biggest['screens_in_app']} Kivy screens of "
          f"{biggest['widgets']} labels in all, each drawn; own process): {base['VmRSS']:.1f} MB "
          f"(anon {base['RssAnon']:.0f} + files {base['RssFile']:.0f}, of which GL driver libraries "
          f"{base['gl_files']:.0f})")
    last = None
    goals: list[dict[str, Any]] = []
    for r in rows:
        total = r["VmRSS"] + r["odds_rss"]
        grew = f" ({r['VmRSS'] - last:+.1f} on the moment before)" if last is not None else ""
        python = traced.get(r["moment"], {}).get("python")
        c_heap = (f"C heap {r['c_in_use']:.0f} in use ({r['c_free']:.0f} free in it, trimmed pages included); "
                  if "c_in_use" in r else "")
        software = goal_rows.software_renderer(r.get("renderer", "llvmpipe"))
        pi = total - max(0.0, r["gl_files"] - loaded) if software else total
        gl_heap = owners.get(GL_OWN) if owners and software and r is rows[-1] else None
        if gl_heap is not None:
            pi -= gl_heap
        print(f"{r['moment']}: {r['VmRSS']:.1f} MB{grew}, ratio {r['VmRSS'] / base['VmRSS']:.2f} to the baseline; "
              f"odds process {r['odds_rss']:.1f} MB, total {total:.1f} MB; goal < {GOAL_MB:.0f} MB: "
              f"{'met' if total < GOAL_MB else 'NOT met'}")
        print(f"    anon {r['RssAnon']:.0f} MB + files {r['RssFile']:.0f} MB (GL driver libraries "
              f"{r['gl_files']:.0f} MB); {c_heap}Python heap "
              f"{f'{python:.0f} MB' if python is not None else '?'} (tracemalloc, second run); "
              f"{r['Threads']} threads")
        print(f"    alive (third run): {r.get('widgets', 0)} widgets, {r.get('screens', 0)} screens, "
              f"{r.get('textures', 0)} textures, {r.get('companion objects', 0)} objects of the app's own "
              f"classes; {r['odds_kept']} odds kept")
        if software:
            print(f"    Pi estimate (without what drawing with the software renderer's libraries made resident"
                  f"{', shader compiler, rasterizer and context' if gl_heap is not None else ''}): about {pi:.0f} MB"
                  f"{'' if gl_heap is not None else ' or less'}")
        else:
            print(f"    drawn by a GPU driver ({r['renderer']}): nothing taken out, {pi:.1f} MB with that driver's "
                  f"own share" + (" (measured on a Pi)" if goal_rows.PI_MODEL else ""))
        last = r["VmRSS"]
        if r["moment"].startswith("after game"):
            goals.append(goal_rows.row(f"< {GOAL_MB:.0f} MB after three games", f"{r['moment']}, the app and its odds process",
                                       total, "MB", GOAL_MB, baseline=base["VmRSS"],
                                       baseline_what="Python + SQLAlchemy + as many Kivy screens and labels",
                                       pi=f"about {pi:.0f} MB{'' if gl_heap is not None or not software else ' or less'}"))
    games = [r for r in rows if r["moment"].startswith("after game")]
    if len(games) >= 3 and "companion objects" in games[1]:  # the first game loads what every game needs
        second, last = games[1], games[-1]
        grew = {kind: last[kind] - second[kind] for kind in ("companion objects", "widgets", "textures")}
        rss = (last["VmRSS"] - second["VmRSS"]) / (len(games) - 2)
        goals.append(goal_rows.row("no growth from game to game", f"objects alive after game {len(games)} beyond those after "
                                   "game 2 (the largest of three counts: the app's own objects, widgets, textures)",
                                   max(grew.values()), "objects", GROWTH, pi="the same",
                                   note=", ".join(f"{kind} {n:+d}" for kind, n in grew.items())
                                   + f"; RSS {rss:+.1f} MB a game"))
    if owners:
        print(f"C heap in use after game {args.games}, by who allocated it (heaptrack): "
              + ", ".join(f"{k} {v:.1f} MB" for k, v in owners.items()))
    elif args.attribute:
        print("--attribute: heaptrack is not installed")
    goal_rows.write(args.json, goals)


if __name__ == "__main__":
    main()
