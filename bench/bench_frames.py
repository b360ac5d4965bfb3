"""A frame's cost on the games' heaviest screens: the app's stencils and corners against Kivy's own.

    python bench/bench_frames.py [--rounds 5] [--frames 15]

Every tap ends with a frame, and Kivy draws the whole window in each. In software GL (Mesa's
llvmpipe, the development and test machines; a Pi without its GPU driver) the frame is most of
a tap on a screen already shown. Kivy's own rules clip the screen manager's screens through a
stencil, and clear the whole window's stencil at every first-level stencil push (the manager's,
or each scroll view's on its own); ``kv/app.kv`` drops the manager's and keeps the scroll views'
without the clear (docs/performance.md, "Frames: the stencils"). Kivy draws a rounded rectangle's
corners in ten pieces each, a fan of 44 triangles from its middle; the app's panels, buttons and
map boxes draw them in ``theme.CORNER_SEGMENTS`` ("Frames: the rounded corners"). Kivy's modal
view dims the whole window under its panel; the app's dialogs dim around it ("Frames: a dialog's
dimming"), counted with the stencils below (a dialog has no rule of its own in the ways).

One app plays each game's tour; on each screen named below, four ways are taken in turn
``--rounds`` times: Kivy's (the manager's stencil put back, every scroll view's push clearing
again, every rounded rectangle in ten pieces a corner), Kivy's stencils alone, Kivy's corners
alone, and the app's; each time ``--frames`` whole frames redrawn and finished (glFinish), and
two taps of the top bar's table view and back, timed as ``bench_app.timed_taps`` times them.
Medians, and each way against Kivy's in the same process. A GPU draws these frames in its own
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

KIVYS_CORNERS = 10  # Kivy's RoundedRectangle's own segments
# the ways: (Kivy's stencils, Kivy's corners)
WAYS = {"Kivy's": (True, True), "Kivy's stencils": (True, False), "Kivy's corners": (False, True),
        "the app's": (False, False)}
# each game's heaviest screens, by the names their tours give them
SCREENS = {"magnifico": ("07-auction-cards", "11-turn", "15-battle"),
           "magnate": ("magnate-turn", "magnate-city"),
           "leonardo": ("leonardo-board", "leonardo-auction")}


def kivys_way(app, on: bool, corners: bool = False) -> int:
    """Kivy's stencils (``on``) or the app's on the manager and every scroll view in the
    window, Kivy's corners (``corners``) or the app's on every rounded rectangle; the count of
    scroll views."""
    from kivy.core.window import Window
    from kivy.graphics import Rectangle, RoundedRectangle, StencilPop, StencilPush, StencilUnUse, StencilUse
    from kivy.uix.stencilview import StencilView

    from companion.app.theme import CORNER_SEGMENTS

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
    for root in Window.children:
        for w in root.walk():
            for part in (w.canvas.before, w.canvas, w.canvas.after):
                for i in _instructions(part):
                    if isinstance(i, RoundedRectangle):
                        i.segments = KIVYS_CORNERS if corners else CORNER_SEGMENTS
        if root is not app.root:  # a dialog: its dimming as Kivy's (one rectangle, the whole window)
            dim = [i for i in root.canvas.children if isinstance(i, Rectangle)]
            kept = _dimming.setdefault(id(root), [(tuple(r.pos), tuple(r.size)) for r in dim])
            kivys = [((0, 0), Window.size)] + [((0, 0), (0, 0))] * (len(dim) - 1)
            for r, (pos, size) in zip(dim, kivys if on else kept):
                r.pos, r.size = pos, size
    return len(views)


_dimming: dict[int, list] = {}  # each dialog's own dimming, kept while Kivy's is drawn


def _instructions(group):
    """Every instruction in ``group``, inside its nested groups too (a map's canvas)."""
    from kivy.graphics.instructions import InstructionGroup

    for i in group.children:
        yield i
        if isinstance(i, InstructionGroup):
            yield from _instructions(i)


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


def compare(app, rounds: int, frames: int, taps_too: bool = True
            ) -> tuple[int, dict[str, list[float]], dict[str, list[float]]]:
    """The scroll views' count, and each way's frames and taps (ms; none unless ``taps_too``)."""
    import bench_app

    from companion.app import harness

    frame: dict[str, list[float]] = {way: [] for way in WAYS}
    taps: dict[str, list[float]] = {way: [] for way in WAYS}
    views = 0
    for _ in range(rounds):
        for way, (stencils, corners) in WAYS.items():
            views = kivys_way(app, stencils, corners)
            harness.frames(2)
            frame[way].append(frame_ms(frames))
            if taps_too:
                taps[way] += [t * 1000 for t in bench_app.switch_taps(app, 2)]
    kivys_way(app, False, False)
    return views, frame, taps


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

    app = harness.start_in(tempfile.mkdtemp(prefix="bench-frames-"))
    harness.frames(3)
    renderer = glGetString(GL_RENDERER)
    print(f"frames at 800x480, renderer {renderer.decode() if isinstance(renderer, bytes) else renderer};"
          f" load average {os.getloadavg()[0]:.1f}; {bytecode.NOTE}")
    print(f"medians of {args.rounds} rounds, each {args.frames} frames and 2 taps a way, the ways in turn;"
          " each way's ratio to Kivy's")
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
            views, frame, taps = compare(app, args.rounds, args.frames)
            kf, kt = med(frame["Kivy's"]), med(taps["Kivy's"])
            print(f"  {name} ({views} scroll views)", flush=True)
            for way in WAYS:
                f, t = med(frame[way]), med(taps[way])
                print(f"    {way:16s} frame {f:5.1f} ms ({f / kf:.2f})   table view / play {t:5.1f} ms ({t / kt:.2f})",
                      flush=True)
            if not wanted:
                break
        if game == "magnifico":  # back on its turn, with the menu open
            for name in app.uis[game].tour(app, 3):
                if name == "11-turn":
                    break
            app.open_menu()
            harness.frames(5)
            views, frame, _taps = compare(app, args.rounds, args.frames, taps_too=False)
            kf = med(frame["Kivy's"])
            print(f"  11-turn, the menu open ({views} scroll views)", flush=True)
            for way in WAYS:
                print(f"    {way:16s} frame {med(frame[way]):5.1f} ms ({med(frame[way]) / kf:.2f})", flush=True)
            app.dialog.dismiss()
            harness.frames(3)
    harness.stop(app)


if __name__ == "__main__":
    main()
