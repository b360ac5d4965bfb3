"""Every tap the app's tests make, timed: the slowest screen interactions against 50 ms.

    python bench/every_tap.py [--top 30] [--over 50] [--pace 0.6] [pytest arguments...]

``bench_app.py`` times chosen taps many times each. This bench times every touch the screen
tests make through the window (``harness.Touch``: every button, stepper, tab, form and dialog
of the three games and the shell, in both languages, at both screen sizes), each once, in
one app process as a table would run it (one app for the whole session, forms and screens
opened for the first time when a test first reaches them). Each tap is timed as
``bench_app.timed_taps`` does: from the finger lifting, after its pressed frame, until the
next frame is finished. Taps are grouped by what was touched (screen, widget id or text);
the slowest groups are printed with their median and slowest tap, and every group whose
slowest tap is over the goal. The baseline is ``bench_app``'s plain Kivy button rewriting
13 labels, timed in the same process after the tests. Default tests: the shell's and every
game's UI tests (``tests/app``, ``tests/games/*/ui``, ``tests/family``) in one process.
With ``--pace`` each touch waits that long first, drawing frames, as a table reads the screen
before its next tap: the app's warm-up and collector then work as they would at a table, and
the sweep shows what is left over 50 ms at that pace (a test that counts on no pause may fail).
Each tap also records the process's CPU time in it (far under the wall time: the machine's
other work had the cores, not the app) and the garbage collections that ran in it (their
time, and the full ones'), printed for the slowest single taps (``--slowest``) with the
tap split in two (the frame: the lift's handlers, the clock's events, layout and drawing;
then the wait for the GL driver to finish it) and the pieces of work ahead (warm_up.py) that ran in it.
The down gets a frame of its own here, so a test that counts the frames of a tap may fail
under this bench (one does: a resume tapped while the journal opens, which also takes 0.3 to
0.5 s on purpose: the journal is made slow); the run goes on.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import re
import statistics
import sys
import time
import traceback
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import goal_rows  # noqa: E402

GOAL_MS = 50.0
DEFAULT_TESTS = ["tests/app", "tests/games/magnifico/ui", "tests/games/magnate/ui", "tests/games/leonardo/ui",
                 "tests/family"]


def widget_name(widget) -> str:
    """The widget's kv id if an ancestor names it, else its class and text."""
    node = widget
    while node is not None:
        for key, value in getattr(node, "ids", {}).items():
            try:
                if value is widget or getattr(value, "__self__", None) is widget:
                    return "#" + key
            except ReferenceError:  # a kv id's widget that is gone (its proxy is dead)
                continue
        parent = node.parent
        node = None if parent is node else parent
    text = str(getattr(widget, "text", ""))[:24].replace("\n", " ")
    return f"{type(widget).__name__}:{text}" if text else type(widget).__name__


def where() -> str:
    """The screen shown, and the dialog on top of it if one is open."""
    from kivy.app import App
    from kivy.core.window import Window

    app = App.get_running_app()
    screen = getattr(getattr(app, "manager", None), "current", "?")
    over = [type(c).__name__ for c in Window.children if app is not None and c is not app.root]
    return screen + ("/" + over[0] if over else "")


def touched(x: float, y: float):
    """The topmost button-like widget under the window point (x, y), or None."""
    from kivy.core.window import Window
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.textinput import TextInput

    for root in reversed(list(Window.children)):
        found = None
        stack = [root]
        while stack:
            w = stack.pop()
            if not w.collide_point(*w.to_widget(x, y)):
                if w is not root:
                    continue
            if isinstance(w, (ButtonBehavior, TextInput)) or hasattr(w, "on_tap"):
                found = w
            stack.extend(w.children)
        if found is not None:
            return found
    return None


class Collections:
    """``gc.callbacks``: the time of the collections since ``reset``, all and the full ones."""

    def __init__(self) -> None:
        self.ms = self.full_ms = 0.0
        self.young = 0  # young and middle collections since ``reset`` (not the full ones)
        self.full_by = ""  # what started the last full collection: the innermost frames of the app's code
        self.fulls: list[float] = []  # every full collection of the run, in taps or not (ms)
        self.youngs: list[float] = []  # every young and middle collection of the run, in taps or not (ms)
        self._began = 0.0

    def reset(self) -> None:
        self.ms = self.full_ms = 0.0
        self.young = 0
        self.full_by = ""

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            if info.get("generation") == 2:
                frames = [f for f in traceback.extract_stack()[:-1] if "/companion/" in f.filename]
                self.full_by = " < ".join(f"{Path(f.filename).name}:{f.lineno}" for f in frames[::-1][:3])
            self._began = time.perf_counter()
            return
        took = (time.perf_counter() - self._began) * 1000
        self.ms += took
        if info.get("generation") == 2:
            self.full_ms += took
            self.fulls.append(took)
        else:
            self.young += 1
            self.youngs.append(took)


class Tap:
    """One timed tap: wall and CPU ms, the collections' ms (all, full), where, what, the test."""

    __slots__ = ("ms", "cpu", "gc", "gcs", "full", "full_by", "place", "name", "test", "parts", "ahead")

    def __init__(self, ms: float, cpu: float, collections: Collections, place: str, name: str, test: str,
                 parts: tuple[float, float] = (0.0, 0.0), ahead: str = ""):
        self.ms, self.cpu, self.gc, self.full = ms, cpu, collections.ms, collections.full_ms
        self.gcs = collections.young
        self.full_by = collections.full_by if collections.full_ms else ""
        self.place, self.name, self.test = place, name, test
        self.parts = parts  # ms: the frame (the lift's handlers, clock, layout, drawing), the GL finish
        self.ahead = ahead  # the warm-up's pieces that ran in the tap, with their ms


class Pieces:
    """``WarmUp.step`` wrapped: the pieces of work ahead done since ``reset``, with their ms."""

    def __init__(self) -> None:
        self.done: list[str] = []

    def install(self) -> None:
        from companion.app import warm_up

        step, pieces = warm_up.WarmUp.step, self

        def timed_step(warm, current):
            t0 = time.perf_counter()
            did = step(warm, current)
            if did is not None:
                pieces.done.append(f"{did} {(time.perf_counter() - t0) * 1000:.0f}")
            return did

        warm_up.WarmUp.step = timed_step


class TapClock:
    """A pytest plugin: every touch of ``harness.Touch`` timed, each recorded with its test.

    The down is dispatched on a frame of its own (the pressed look); the time runs from the
    finger lifting until the next frame is finished, as ``bench_app.timed_taps``."""

    def __init__(self, pace: float = 0.0, profile: str = "", over: float = GOAL_MS) -> None:
        self.pace = pace  # seconds of idle frames before each touch (a table reading the screen)
        self.profile, self.over = profile, over  # each tap over ``over`` ms: its profile in that folder
        self.rows: list[Tap] = []
        self.test = ""
        self.collections = Collections()
        gc.callbacks.append(self.collections)
        self.pieces = Pieces()
        self.untimed: tuple = ()  # harness.Touch's own down and up

    def pytest_configure(self, config) -> None:
        from companion.app import harness
        import bench_app

        clock = self
        clock.pieces.install()
        down, up = harness.Touch.down, harness.Touch.up

        def timed_down(touch):
            if clock.test and clock.pace:  # the app's idle work runs as at a table (warm_up.py)
                end = time.monotonic() + clock.pace
                while time.monotonic() < end:
                    harness.frames(1)
                    time.sleep(0.02)
            harness.frames(1)  # what was queued before, laid out: a finger taps what it sees
            x, y = touch.sx * (harness.Window.width - 1.0), touch.sy * (harness.Window.height - 1.0)
            widget = touched(x, y)
            touch.timed_as = (where(), widget_name(widget) if widget is not None else "(no button)")
            down(touch)
            harness.frames(1)
            bench_app.finish()

        def timed_up(touch):
            collections = clock.collections
            collections.reset()
            clock.pieces.done = []
            profiler = cProfile.Profile() if clock.profile and clock.test else None
            c0, t0 = time.process_time(), time.perf_counter()
            if profiler is not None:
                profiler.enable()
            up(touch)  # queued: the frame below dispatches it
            harness.frames(1)
            t2 = time.perf_counter()
            bench_app.finish()
            t3 = time.perf_counter()
            if profiler is not None:
                profiler.disable()
                if (t3 - t0) * 1000 > clock.over:
                    place, name = getattr(touch, "timed_as", ("?", "?"))
                    label = re.sub(r"[^A-Za-z0-9_.]+", "_", f"{len(clock.rows):04d}_{place}_{name}")
                    profiler.dump_stats(os.path.join(clock.profile, label + ".prof"))
            ms, cpu = (t3 - t0) * 1000, (time.process_time() - c0) * 1000
            place, name = getattr(touch, "timed_as", ("?", "?"))
            if clock.test:  # not the baseline's own taps, after the tests
                parts = ((t2 - t0) * 1000, (t3 - t2) * 1000)
                clock.rows.append(Tap(ms, cpu, collections, place, name, clock.test, parts,
                                      ", ".join(clock.pieces.done)))

        clock.untimed = (down, up)
        harness.Touch.down, harness.Touch.up = timed_down, timed_up

    def pytest_runtest_setup(self, item) -> None:
        self.test = item.nodeid


def baseline(clock: TapClock, n: int = 15) -> float:
    """``bench_app``'s plain button, touched with ``harness.Touch``'s own down and up: through
    ``clock``'s wrappers each of its taps held two frames (until 2026-11-24 the sweep printed
    39 to 46 ms for it)."""
    import bench_app
    from companion.app import harness

    timed = harness.Touch.down, harness.Touch.up
    harness.Touch.down, harness.Touch.up = clock.untimed
    try:
        return statistics.median(bench_app.baseline_taps(n, 13)) * 1000
    finally:
        harness.Touch.down, harness.Touch.up = timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=30, help="how many of the slowest groups to print")
    parser.add_argument("--over", type=float, default=GOAL_MS, help="list every group with a tap over this (ms)")
    parser.add_argument("--slowest", type=int, default=15,
                        help="how many of the slowest single taps to print, with their CPU and collection time")
    parser.add_argument("--pace", type=float, default=0.0,
                        help="seconds of idle frames before each touch, as a table reads the screen before its"
                             " next tap (the app's warm-up works meanwhile); 0: at the tests' own pace")
    parser.add_argument("--profile", default="",
                        help="a folder: every tap is profiled (cProfile, which slows each tap), and each one"
                             " over --over ms leaves its profile there")
    parser.add_argument("--young", type=int, default=0,
                        help="the youngest generation's threshold (gc.set_threshold) for the run; 0: the app's own")
    args, rest = parser.parse_known_args()
    if args.young:
        gc.set_threshold(args.young, *gc.get_threshold()[1:])
    import bytecode
    import pytest

    bytecode.ensure()  # no module compiled from its source inside a timed tap (bytecode.py)
    os.chdir(ROOT)
    load0 = os.getloadavg()
    if args.profile:
        os.makedirs(args.profile, exist_ok=True)
    clock = TapClock(args.pace, os.path.abspath(args.profile) if args.profile else "", args.over)
    code = pytest.main(["-p", "no:randomly", "-p", "no:xdist", "-q", "--no-header",
                        *(rest or DEFAULT_TESTS)], plugins=[clock])
    clock.test = ""
    base = baseline(clock)
    rows = clock.rows
    if not rows:
        print("no taps recorded (pytest exit", code, ")")
        return
    groups: dict[tuple[str, str], list[tuple[float, str]]] = defaultdict(list)
    for tap in rows:
        groups[(tap.place, tap.name)].append((tap.ms, tap.test))
    times = [r.ms for r in rows]
    times.sort()
    p90 = times[int(0.9 * (len(times) - 1))]
    print(f"\n{len(rows)} taps in {len(groups)} groups (pytest exit {code}); median {statistics.median(times):.1f} ms,"
          f" p90 {p90:.1f}, slowest {times[-1]:.1f}; over {args.over:.0f} ms: "
          f"{sum(t > args.over for t in times)}; baseline (plain button, 13 labels) {base:.1f} ms;"
          f" Pi estimate of the median: {goal_rows.pi_times(statistics.median(times), lambda v: f'{v:.0f}')} ms")
    ranked = sorted(groups.items(), key=lambda kv: -max(t for t, _ in kv[1]))
    print(f"\nslowest {args.top} groups by their slowest tap (median, slowest, taps, ratio of the slowest to the baseline):")
    for (place, name), taps in ranked[:args.top]:
        ms = [t for t, _ in taps]
        worst_test = max(taps)[1].split("::")[-1][:48]
        print(f"  {statistics.median(ms):6.1f} {max(ms):6.1f} ms  n={len(ms):3d}  x{max(ms) / base:4.1f}  "
              f"{place:34.34s} {name:34.34s} {worst_test}")
    over = [(k, v) for k, v in ranked if max(t for t, _ in v) > args.over]
    print(f"\n{len(over)} groups with a tap over {args.over:.0f} ms;"
          f" {sum(statistics.median([t for t, _ in v]) > args.over for _, v in over)} with their median over it")
    print(f"\nslowest {args.slowest} taps (wall ms, the process's CPU ms in it, collections ms: all / full;"
          f" then the frame / the GL finish, and any work ahead done in the tap):")
    for tap in sorted(rows, key=lambda r: -r.ms)[:args.slowest]:
        print(f"  {tap.ms:6.1f} cpu {tap.cpu:6.1f} gc {tap.gc:6.1f} / {tap.full:6.1f}  "
              f"{tap.place:30.30s} {tap.name:26.26s} {tap.test.split('::')[-1][:52]}"
              f"\n{'':10s}frame {tap.parts[0]:5.1f} finish {tap.parts[1]:5.1f}"
              + (f"  ahead: {tap.ahead}" if tap.ahead else "")
              + (f"\n{'':36s}full collection from {tap.full_by or '(no app frame)'}" if tap.full else ""))
    ahead = [r for r in rows if r.ahead]
    print(f"\ntaps with work ahead done inside them: {len(ahead)}"
          + (f", {sum(r.ms > args.over for r in ahead)} of them over {args.over:.0f} ms" if ahead else ""))
    full, fulls = [r for r in rows if r.full], clock.collections.fulls
    print(f"\nfull collections: {len(fulls)} in the run (median {statistics.median(fulls) if fulls else 0:.1f} ms),"
          f" {len(full)} of them in a tap; taps over {args.over:.0f} ms whose CPU time was under half their wall"
          f" time (the machine's other work): {sum(r.ms > args.over and r.cpu < r.ms / 2 for r in rows)};"
          f" objects the collector tracks at the end: {len(gc.get_objects())}, frozen {gc.get_freeze_count()}")
    young = [r.gc - r.full for r in rows]
    print(f"\nyoung and middle collections in the taps (threshold {gc.get_threshold()[0]}): {sum(r.gcs for r in rows)}"
          f" in all, {sum(young):.0f} ms of the taps' {sum(times):.0f} ms ({100 * sum(young) / sum(times):.1f}%);"
          f" a tap's median {statistics.median(young):.1f} ms, p90 {sorted(young)[int(0.9 * (len(young) - 1))]:.1f},"
          f" slowest {max(young):.1f}")
    youngs = sorted(clock.collections.youngs)  # the tests' own code between taps included
    if youngs:
        print(f"young and middle collections in the whole run, in taps or not: {len(youngs)}, {sum(youngs):.0f} ms;"
              f" median {statistics.median(youngs):.2f} ms, p90 {youngs[int(0.9 * (len(youngs) - 1))]:.1f},"
              f" slowest {youngs[-1]:.1f}")
    print("load average: before %.2f %.2f %.2f, after %.2f %.2f %.2f" % (*load0, *os.getloadavg()))


if __name__ == "__main__":
    main()
