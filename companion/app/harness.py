"""Drive the app without a main loop: build it, tick the clock, tap real widgets, take PNGs.

Used by the UI tests, the ``screenshots`` command and the bench. Call
``kivy_env.configure(headless=True)`` before importing this module.
"""

from __future__ import annotations


from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.input.motionevent import MotionEvent
from kivy.uix.widget import Widget


class Touch(MotionEvent):
    """A finger on the window at (x, y) pixels (kivy.tests.common has one too, but imports pytest)."""

    def __init__(self, x: float, y: float):
        win = EventLoop.window
        super().__init__("harness", 1, {"x": x / (win.width - 1.0), "y": y / (win.height - 1.0)},
                         is_touch=True, type_id="touch")

    def depack(self, args):
        self.sx, self.sy = args["x"], args["y"]
        self.profile = ["pos"]
        super().depack(args)

    def down(self):
        EventLoop._dispatch_input("begin", self)

    def up(self):
        EventLoop._dispatch_input("end", self)


def start(app, size=(800, 480), journal=True):
    """Build ``app`` and put its root in the window, as ``App.run`` does, without the loop;
    with ``journal``, frames until the journal opened behind the first screen is in place."""
    EventLoop.ensure_window()
    Window.size = size
    app._run_prepare()
    frames(3)
    ready = getattr(app, "journal_ready", None)
    if journal and ready is not None:
        frames_until(ready, 60)
    return app


def stop(app):
    frames(1)  # pending redraws first: kv rules that name ``app`` must not run after it stops
    app.stop()


def frames(n: int = 2):
    """Let Kivy process input, run the clock and draw ``n`` times."""
    for _ in range(n):
        EventLoop.idle()


def idle(app, ticks: int) -> None:
    """``ticks`` of the app's idle check (an overdue collection, else a piece of work ahead) with
    no touch for long, a frame each: a table reading the screen, with no real waiting."""
    for _ in range(ticks):
        app.collector.last_touch -= 10.0
        app._idle_tick(0)
        frames(1)


def frames_until(predicate, seconds: float = 10.0) -> None:
    """Frames until ``predicate()`` holds; ``SystemExit`` after ``seconds`` (a driver process gives up)."""
    import time

    end = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > end:
            raise SystemExit("timed out")
        frames(1)
        time.sleep(0.01)


def start_in(folder: str, lang: str = "en", journal: bool = True):
    """The app on simulated hardware with its journal, seal key and box profile in ``folder``
    (the crash tests' driver processes start it twice on the same folder)."""
    from companion.app.main import CompanionApp
    from companion.app.settings import Settings
    from companion.core import registry

    settings = Settings({"hardware": "simulated", "database": f"{folder}/journal.sqlite3",
                         "key_file": f"{folder}/journal.key",
                         "box_profiles": {name: f"{folder}/{name}-box.json" for name in registry.names()}})
    return start(CompanionApp(settings=settings, lang=lang), journal=journal)


def resize(size):
    Window.size = size
    frames(3)


def named(seats, names=None) -> list:
    """Copies of ``seats`` (dicts with a ``"name"``), the first of them renamed ``names`` in
    order: a tour's demo table seated under other names (``screenshots --long-names``)."""
    renamed = [dict(seat) for seat in seats]
    for seat, name in zip(renamed, names or ()):
        seat["name"] = name
    return renamed


def walk(root: Widget):
    """Every widget under ``root``, the root included."""
    stack = [root]
    while stack:
        w = stack.pop()
        yield w
        stack.extend(w.children)


def visible_roots():
    """The window's children: the app root and any open dialog on top of it."""
    return list(Window.children)


def find_id(name: str, root: Widget | None = None) -> Widget:
    """The widget with kv id ``name`` (in the open dialogs first, then the current screen, then everywhere)."""
    roots = [root] if root is not None else visible_roots()
    for r in roots:
        for w in walk(r):
            ids = getattr(w, "ids", None)
            if ids and name in ids and ids[name].get_root_window() is not None:  # not a stale, removed one
                return ids[name]
    raise LookupError(f"no widget with id {name!r}")


def find_text(text: str, root: Widget | None = None, exact: bool = False) -> Widget:
    """The first widget (dialogs first) whose ``text`` is or contains ``text``."""
    for r in ([root] if root is not None else visible_roots()):
        for w in walk(r):
            value = getattr(w, "text", None)
            if isinstance(value, str) and (value == text if exact else text in value):
                if w.get_root_window() is not None:
                    return w
    raise LookupError(f"no widget showing {text!r}")


def texts(root: Widget | None = None) -> list[str]:
    """Every text on screen (open dialogs and the current screen), for asserting what is shown."""
    out = []
    for r in ([root] if root is not None else visible_roots()):
        for w in walk(r):
            value = getattr(w, "text", None)
            if isinstance(value, str) and value and w.opacity > 0:
                out.append(value)
    return out


def tap(widget: Widget, n_frames: int = 2):
    """A real touch down and up at the widget's centre, dispatched through the window.

    A frame is drawn first: a person taps what the screen shows, laid out."""
    frames(1)
    x, y = widget.to_window(*widget.center)
    touch = Touch(x, y)
    touch.down()
    touch.up()  # both are queued; the next frame dispatches down, then up
    frames(n_frames)
    return widget


def screenshot(path: str):
    """Write what the window shows (the app and any dialog on top) as a PNG.

    Drawn into an Fbo of the window's size: reading the offscreen window's own buffer
    after a resize gives garbage.
    """
    from kivy.core.image import Image as CoreImage
    from kivy.graphics import ClearBuffers, ClearColor, Fbo, Scale, Translate

    frames(2)
    w, h = Window.size
    fbo = Fbo(size=(w, h), with_stencilbuffer=True)
    with fbo:
        ClearColor(*Window.clearcolor)
        ClearBuffers(clear_stencil=True)  # the scroll views' stencils do not clear it (app.kv)
        Scale(1, -1, 1)
        Translate(0, -h, 0)
    layers = list(reversed(Window.children))  # bottom first
    for child in layers:
        fbo.add(child.canvas)
    fbo.draw()
    CoreImage(fbo.texture).save(str(path), flipped=False)
    for child in layers:
        fbo.remove(child.canvas)


def _on_screen(w: Widget) -> bool:
    """Shown: in the window, not transparent, not collapsed to nothing, not in a hidden parent."""
    node = w
    while node is not None:
        if node.opacity <= 0:
            return False
        parent = node.parent
        if parent is node:
            break
        node = parent
    return w.get_root_window() is not None and w.width > 1 and w.height > 1


def text_offenders(root: Widget | None = None, slack: float = 1.0) -> list[str]:
    """Every shown Label whose drawn text is wider or taller than its box (cut or spilling).

    A Label draws its texture centred on its box: a texture larger than ``size`` (or than
    ``text_size`` where set) spills out of it; a shortened text ends in an ellipsis.
    ``slack`` pixels absorb rounding. Each offender is ``"text (class): WxH in WxH"``.
    """
    from kivy.uix.label import Label

    out = []
    for r in ([root] if root is not None else visible_roots()):
        for w in walk(r):
            if not isinstance(w, Label) or not w.text or not _on_screen(w):
                continue
            w.texture_update()
            tw, th = w.texture_size
            bw, bh = w.size
            tsw, tsh = w.text_size
            boxes_w = [bw] + ([tsw] if tsw else [])
            boxes_h = [bh] + ([tsh] if tsh else [])
            cut = False
            if w.shorten and w._label is not None and "\n" not in w.text:  # drawn with an ellipsis?
                full = w._label.get_extents(w.text)[0] + 2 * w.padding_x
                cut = full > min(boxes_w) + slack
            elif tsh and tsw and not w.shorten:  # a fixed height drops the lines that overflow it
                cut = _full_height(w, tsw) > min(boxes_h) + slack
            if tw > min(boxes_w) + slack or th > min(boxes_h) + slack or cut:
                out.append(f"{w.text!r} ({type(w).__name__}): {tw:.0f}x{th:.0f} in {bw:.0f}x{bh:.0f}")
            elif not _scrolled(w):  # the box itself must be on the window, a screen's on its screens
                x0, y0 = w.to_window(w.x, w.y)
                x1, y1 = w.to_window(w.right, w.top)
                left, bottom, right, top, where = _bounds(w)
                if x0 < left - slack or y0 < bottom - slack or x1 > right + slack or y1 > top + slack:
                    out.append(f"{w.text!r} ({type(w).__name__}): off {where} at {x0:.0f},{y0:.0f}")
    return out


def _bounds(w: Widget) -> tuple[float, float, float, float, str]:
    """The box ``w`` must stay in: its screen manager's (which does not clip its screens,
    ``app.kv``: a screen's text beyond it would draw over the top bar), else the window's."""
    from kivy.uix.screenmanager import ScreenManager

    manager = _ancestor(w, ScreenManager)
    if manager is None:
        return 0, 0, Window.width, Window.height, "the window"
    x0, y0 = manager.to_window(manager.x, manager.y)
    x1, y1 = manager.to_window(manager.right, manager.top)
    return x0, y0, x1, y1, "the screens"


def _full_height(w, width: float) -> float:
    """The height ``w``'s text takes at ``width`` when no height cuts it."""
    # the options as the label last set them (its text is kept apart from them)
    core = type(w._label)(**{**w._label.options, "text": w.text, "text_size": (width, None)})
    core.refresh()
    return core.texture.size[1] if core.texture is not None else 0


def _scrolled(w: Widget) -> bool:
    from kivy.uix.scrollview import ScrollView

    return _ancestor(w, ScrollView) is not None


def _ancestor(w: Widget, cls: type) -> Widget | None:
    """The nearest of ``w``'s parents that is a ``cls``, or None."""
    node = w.parent
    while node is not None and node is not node.parent:
        if isinstance(node, cls):
            return node
        node = node.parent
    return None
