"""Small building blocks: a button that explains why it is off, panels, colour swatches, a toast."""

from __future__ import annotations

from kivy.animation import Animation
from kivy.app import App
from kivy.clock import Clock
from kivy.graphics import Color, Line, RoundedRectangle
from kivy.properties import (BooleanProperty, ColorProperty, ListProperty, NumericProperty, OptionProperty,
                             StringProperty)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.app.theme import CORNER_SEGMENTS, PALETTE, text_on


class Edge:
    """A gold line round a widget (a button's edge, a swatch's ring), made inside the widget's
    canvas block. It has points only while it shows, so nothing is drawn for it otherwise (no
    draw a frame, no vertex buffer); unseen it is also 1 wide and transparent, since Kivy draws
    a line wider than 1 that is not opaque through a stencil of its own (four stencil steps and
    a rectangle, every frame)."""

    def __init__(self) -> None:
        self.colour = Color(0, 0, 0, 0)
        self.line = Line()
        self.shown = False

    def show(self, width: float, **shape: tuple[float, ...]) -> None:
        """Draw it in the accent colour, ``width`` wide, with its ``shape``
        (``rounded_rectangle=...`` or ``ellipse=...``, a property of Kivy's Line)."""
        self.colour.rgba = PALETTE["accent"]
        self.line.width = width
        for name, value in shape.items():
            setattr(self.line, name, value)
        self.shown = True

    def hide(self) -> None:
        if not self.shown:
            return
        self.colour.rgba = (0, 0, 0, 0)
        self.line.width = 1.0
        self.line.points = []
        self.shown = False


def laying_out(widget: Widget) -> bool:
    """True while a layout above ``widget`` is yet to run before the next frame, so its size
    may still change. A fit waits for it: a button first laid out 11 px wide inside a box not
    yet sized shrank its text step by step, to be fitted again at its real width. Not waited
    for more than a few times a frame, should a layout keep asking to run again."""
    frame = Clock.frames
    if getattr(widget, "_waited_frame", -1) != frame:
        widget._waited_frame, widget._waits = frame, 0
    if widget._waits >= 10:
        return False
    node = widget.parent
    while node is not None and node is not node.parent:
        trigger = getattr(node, "_trigger_layout", None)
        if trigger is not None and trigger.is_triggered:
            widget._waits += 1
            return True
        node = node.parent
    return False


class FittedText:
    """Mixed into a Label whose ``_fit`` chooses its font size: the fit runs where Label
    renders (its trigger, once before a frame, after any change), and waits while a layout
    above may still resize the label. Fitting at each change of size, text or font rendered a
    button's text 8 to 10 times on a screen's first visit (a first layout passes through sizes
    a few pixels wide)."""

    _fitting = False  # inside ``_fit``: Label's own rendering

    def texture_update(self, *args):
        if self._fitting:
            super().texture_update(*args)
        elif laying_out(self):
            self._trigger_texture()
        else:
            self._fit()


class Panel(Widget):
    """Mixin-free marker; the rounded background is drawn in kv (``<Panel>`` rule)."""


class Btn(ButtonBehavior, FittedText, Label):
    """A touch button. With a ``reason`` it looks off, and a tap shows the reason instead of acting.

    kv binds ``on_tap`` (not ``on_release``) so that an off button never acts.
    """

    kind = OptionProperty("normal", options=["normal", "primary", "danger", "quiet", "selected"])
    reason = StringProperty("")
    fill = ColorProperty(None, allownone=True)  # an explicit colour (an army's) overrides ``kind``
    action = None  # what a reused button does on a tap (screens that keep their buttons set it)

    __events__ = ("on_tap",)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        with self.canvas.before:
            self._bg_colour = Color()
            self._bg = RoundedRectangle(radius=[6], segments=CORNER_SEGMENTS)
            self._edge = Edge()
        self.fbind("pos", self._redraw)
        self.fbind("size", self._redraw)
        self.fbind("state", self._redraw)
        self.fbind("kind", self._redraw)
        self.fbind("reason", self._redraw)
        self.fbind("fill", self._redraw)
        self.halign = "center"
        self.valign = "middle"
        self._base_font = self.font_size
        self.fbind("font_size", self._font_set)
        self.fbind("size", self._wrap)
        self._redraw()

    def _font_set(self, *_):
        if not self._fitting:
            self._base_font = self.font_size

    def _wrap(self, *_):
        self.text_size = (self.width - 8, None)
        self._trigger_texture()  # a new height alone changes the fit too

    def _fit(self):
        """A text too long for the button wraps, then shrinks (to 70%, a point at a time)
        rather than spill out. Rendered at its own size first (most texts fit); a smaller
        size is measured by laying out its lines (Kivy's ``render()`` without a texture), and
        only the size chosen is rendered."""
        self._fitting = True
        try:
            size, room = self._base_font, self.height - 2
            self.font_size = size
            self.texture_update()
            if self.height > 1 and self.text and self.texture_size[1] > room and size > self._base_font * 0.7:
                core = self._label
                size -= 1
                self.font_size = size
                while size > self._base_font * 0.7 and core.render()[1] > room:
                    size -= 1
                    self.font_size = size
                self.texture_update()
        finally:
            self._fitting = False
        self._trigger_texture.cancel()  # set again by the sizes tried: the texture is made

    def _redraw(self, *_):
        if self.reason:
            bg, fg = PALETTE["disabled"], PALETTE["disabled_text"]
        elif self.fill is not None:
            bg, fg = tuple(self.fill), text_on(self.fill)
        elif self.kind == "primary":
            bg, fg = PALETTE["accent"], PALETTE["accent_text"]
        elif self.kind == "danger":
            bg, fg = PALETTE["danger"], PALETTE["text"]
        elif self.kind == "selected":
            bg, fg = PALETTE["text"], PALETTE["accent_text"]
        elif self.kind == "quiet":
            bg, fg = PALETTE["panel_hi"], PALETTE["text"]
        else:
            bg, fg = PALETTE["button"], PALETTE["text"]
        if self.state == "down" and not self.reason:
            bg = tuple(min(1.0, c * 1.25 + 0.05) for c in bg[:3]) + (1,)
        self._bg_colour.rgba = bg
        self.color = fg
        self._bg.pos, self._bg.size = self.pos, self.size
        if self.kind == "selected":
            self._edge.show(1.4, rounded_rectangle=(self.x, self.y, self.width, self.height, 6))
        else:
            self._edge.hide()

    def on_release(self):
        if self.reason:
            app = App.get_running_app()
            if app is not None:
                app.toast(self.reason)
            return
        self.dispatch("on_tap")

    def on_tap(self):
        pass


class SettledLabel(Label):
    """A label that renders its text once no layout above it is still to run before the
    frame: a first layout passes through sizes a few pixels wide, and a label whose text
    wraps to its width rendered it at each (the kv's ``Txt`` labels and chips are these)."""

    def texture_update(self, *args):
        if laying_out(self):
            self._trigger_texture()
        else:
            super().texture_update(*args)


class FitLabel(FittedText, Label):
    """A label whose text wraps in its box and, when even that does not fit, shrinks down to
    ``min_font`` (a long sentence in a narrow bar stays whole instead of ending in "...").
    Fitted where Label renders, as a button's text is."""

    max_font = NumericProperty(16)
    min_font = NumericProperty(10)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        for name in ("size", "max_font", "min_font"):
            self.fbind(name, self._trigger_texture)

    def _fit(self):
        # measured with an open height: a fixed one drops the lines that overflow, and the
        # texture never looks taller than the box
        self._fitting = True
        try:
            size, core = self.max_font, self._label
            self.text_size = (self.width, None)
            self.font_size = size
            core.resolve_font_name()
            while size > self.min_font:
                width, height = core.render()
                if height <= self.height and width <= self.width:
                    break
                size -= 1
                self.font_size = size
            self.text_size = self.size
            self.texture_update()
        finally:
            self._fitting = False
        self._trigger_texture.cancel()


class Swatch(Widget):
    """A filled circle in an army's colour (drawn in kv); with ``ring``, a gold ring round it
    (drawn here, over the circle in ``canvas.after`` whenever the kv rule is applied, and
    given its points only while it shows)."""

    rgba = ListProperty([0.5, 0.5, 0.5, 1])
    ring = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        with self.canvas.after:
            self._ring = Edge()
        self.fbind("ring", self._redraw_ring)
        self.fbind("pos", self._redraw_ring)
        self.fbind("size", self._redraw_ring)
        self._redraw_ring()

    def _redraw_ring(self, *_):
        if self.ring:
            self._ring.show(2, ellipse=(self.x - 2, self.y - 2, self.width + 4, self.height + 4))
        else:
            self._ring.hide()


class Toast(Label):
    """A message at the bottom of the screen that fades out after a few seconds: one line as
    wide as its text, wrapped onto more lines when it would not fit the window."""

    WIDEST = 0.92  # of the window, the box's padding included

    def show(self, text: str, seconds: float = 3.5):
        Animation.cancel_all(self, "opacity")
        self.text_size = (None, None)  # first its natural width
        self.text = text
        self.texture_update()
        room = self._room()
        if self.texture_size[0] > room:
            self.text_size = (room, None)
            self.texture_update()
        self.opacity = 1
        (Animation(duration=seconds) + Animation(opacity=0, duration=0.4)).start(self)

    def _room(self) -> float:
        """The widest the text may be: the window's share less the box's padding."""
        from kivy.core.window import Window

        app = App.get_running_app()
        pad = getattr(app, "u", 1) * 32
        return max(100.0, Window.width * self.WIDEST - pad)


def keyed_buttons(box, keys, on_tap, ids=None, id_of=None, **props) -> list:
    """One ``Btn`` per key in ``box``, in order, its key in ``b.key``: made again only when the
    keys change, else the same buttons (a redraw sets their texts and looks, not new widgets).
    ``on_tap(button)`` runs on a tap; with ``ids``, each is also ``ids[id_of(key)]``."""
    from kivy.factory import Factory

    keys = list(keys)
    buttons = list(reversed(box.children))
    if [getattr(b, "key", None) for b in buttons] != keys:
        box.clear_widgets()
        buttons = []
        for key in keys:
            b = Factory.Btn(**props)
            b.key = key
            b.bind(on_tap=on_tap)
            box.add_widget(b)
            buttons.append(b)
            if ids is not None:
                ids[id_of(key)] = b
    return buttons


def make(cls_name: str, **props):
    """A widget of a kv-declared class with its properties set (kv classes refuse them in __init__)."""
    from kivy.factory import Factory

    widget = getattr(Factory, cls_name)()
    for key, value in props.items():
        setattr(widget, key, value)
    return widget
