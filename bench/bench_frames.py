"""A frame's cost on the games' heaviest screens: the app's stencils against Kivy's own.

    python bench/bench_frames.py [--rounds 5] [--frames 15]

Every tap ends with a frame, and Kivy draws the whole window in each. In software GL (Mesa's
llvmpipe, the development and test machines; a Pi without its GPU driver) the frame is most of
a tap on a screen already shown. Kivy's own rules clip the screen manager's screens through a
stencil, and clear the whole window's stencil at every first-level stencil push (the manager's,
or each scroll view's on its own); ``kv/app.kv`` drops the manager's and keeps the scroll views'
without the clear (docs/performance.md, "Frames: the stencils").

One app plays each game's tour; on each screen named below, the two ways are taken in turn
``--rounds`` times (Kivy's: the manager's stencil put back and every scroll view's push clearing
again; the app's), each time ``--frames`` whole frames redrawn and finished (glFinish), and
two taps of the top bar's table view and back, timed as ``bench_app.timed_taps`` times them.
Medians, and the app's against Kivy's in the same process. A GPU draws these frames in its own
time: the figures are this machine's renderer, not a Pi's estimate.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

# each game's heaviest screens, by the names their tours give them
SCREENS = {"magnifico": ("07-auction-cards", "11-turn", "15-battle"),
           "magnate": ("magnate-turn", "magnate-city"),
           "leonardo": ("leonardo-board", "leonardo-auction")}


def kivys_way(app, on: bool) -> int:
    """Kivy's stencils (``on``) or the app's on the manager and every scroll view in the
    window; the count of scroll views."""
    from kivy.core.window import Window
    from kivy.graphics import Rectangle, StencilPop, StencilPush, StencilUnUse, StencilUse
    from kivy.uix.stencilview import StencilView

    m = app.manager
    m.canvas.before.clear()
    m.canvas.after.clear()
    if on:  # style.kv's rule for a ScreenManager
        for i in (StencilPush(), Rectangle(pos=m.pos, size=m.size), StencilUse()):
            m.canvas.before.add(i)
        for i in (StencilUnUse(), Rectangle(pos=m.pos, size=m.size), StencilPop()):
            m.canvas.after.add(i)
    views = [w for root in Window.children for w in root.walk() if isinstance(w, StencilView)]
    for view in views:
        for i in view.canvas.before.children:
            if isinstance(i, StencilPush):
                i.clear_stencil = on
    return len(views)


def frame_ms(n: int) -> float:
    """The median of ``n`` whole frames drawn and finished."""
    from kivy.core.window import Window
    from kivy.graphics.opengl import glFinish

    glFinish()
    times = []
    for _ in range(n):
        Window.canvas.ask_update()
        t0 = time.perf_counter()
        Window.dispatch("on_draw")
        Window.dispatch("on_flip")
        glFinish()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def compare(app, rounds: int, frames: int) -> tuple[int, list[float], list[float], list[float], list[float]]:
    import bench_app

    from companion.app import harness

    frame = {True: [], False: []}
    taps: dict[bool, list[float]] = {True: [], False: []}
    views = 0
    for _ in range(rounds):
        for on in (True, False):
            views = kivys_way(app, on)
            harness.frames(2)
            frame[on].append(frame_ms(frames))
            taps[on] += [t * 1000 for t in bench_app.switch_taps(app, 2)]
    kivys_way(app, False)
    return views, frame[True], frame[False], taps[True], taps[False]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--frames", type=int, default=15, help="frames timed each round")
    args = parser.parse_args()
    import bytecode

    bytecode.ensure()
    from companion.app import kivy_env

    kivy_env.configure(headless=True)
    from kivy.graphics.opengl import glGetString
    from kivy.graphics.opengl import GL_RENDERER

    from companion.app import harness
    from companion.app.main import CompanionApp
    from companion.app.settings import Settings
    from companion.core import registry

    tmp = tempfile.mkdtemp(prefix="bench-frames-")
    settings = Settings({"hardware": "simulated", "database": os.path.join(tmp, "journal.sqlite3"),
                         "key_file": os.path.join(tmp, "journal.key"),
                         "box_profiles": {n: os.path.join(tmp, f"{n}-box.json") for n in registry.names()}})
    app = harness.start(CompanionApp(settings=settings, lang="en"))
    harness.frames(3)
    renderer = glGetString(GL_RENDERER)
    print(f"frames at 800x480, renderer {renderer.decode() if isinstance(renderer, bytes) else renderer};"
          f" load average {os.getloadavg()[0]:.1f}; {bytecode.NOTE}")
    print(f"medians of {args.rounds} rounds, each {args.frames} frames and 2 taps a way, the ways in turn")
    med = statistics.median
    for game, names in SCREENS.items():
        if game not in app.uis:
            continue
        wanted = list(names)
        for name in app.uis[game].tour(app, 3):
            if name not in wanted:
                continue
            wanted.remove(name)
            harness.frames(3)
            views, kf, af, kt, at = compare(app, args.rounds, args.frames)
            print(f"  {name:18s} ({views:2d} scroll views)  frame: Kivy's {med(kf):5.1f} ms, the app's {med(af):5.1f} ms"
                  f" ({med(af) / med(kf):.2f})   table view / play: {med(kt):5.1f} ms, {med(at):5.1f} ms"
                  f" ({med(at) / med(kt):.2f})", flush=True)
            if not wanted:
                break
    harness.stop(app)


if __name__ == "__main__":
    main()
