"""The screens are drawn without a stencil (issue 13: frames; docs/performance.md, "Frames:
the stencils"). Kivy's own rule for a ScreenManager clips its screens: two rectangles the
size of the screens in every frame and a stencil test on everything inside, 1.5 to 3 ms of a
frame in software GL. The app's screens switch with no transition and fill the manager, so
``app.kv`` drops that rule; what would then draw over the top bar, a screen's text beyond its
manager, is what the text measure (``harness.text_offenders``) now reports on every screen the
games' text tests visit."""

from kivy.graphics import StencilPush
from kivy.uix.label import Label

from companion.app import harness


def test_the_screen_manager_pushes_no_stencil(home):
    manager = home.root.ids.manager
    drawn = [*manager.canvas.before.children, *manager.canvas.after.children]
    assert not any(isinstance(i, StencilPush) for i in drawn)


def test_a_screen_label_over_the_top_bar_is_reported(home):
    """With the top bar shown, a label of the screen that rises over it is inside the window
    but outside the screens: reported; one inside the screens is not."""
    home.show_bar = True
    harness.frames(2)
    manager = home.root.ids.manager
    screen = manager.current_screen
    top = manager.top
    assert top < harness.Window.height - 10  # the bar takes the window's top
    over = Label(text="Over the bar", size_hint=(None, None), size=(300, 30), pos=(10, top - 10))
    inside = Label(text="Oslo", size_hint=(None, None), size=(300, 30), pos=(10, top - 40))
    for w in (over, inside):
        screen.add_widget(w)
    try:
        harness.frames(2)
        found = harness.text_offenders(screen)
        assert any("'Over the bar'" in o and "off the screens" in o for o in found)
        assert not any("'Oslo'" in o for o in found)
    finally:
        for w in (over, inside):
            screen.remove_widget(w)
        home.show_bar = False
        harness.frames(2)


def _scroll_view_over(x: float, rgb=(1, 0, 0)):
    """A 100x100 scroll view at (x, 50) whose content, of colour ``rgb``, is four times its size
    and reaches over the box beside it."""
    from kivy.graphics import Color, Rectangle
    from kivy.uix.scrollview import ScrollView
    from kivy.uix.widget import Widget

    view = ScrollView(size_hint=(None, None), size=(100, 100), pos=(x, 50))
    content = Widget(size_hint=(None, None), size=(400, 400))
    with content.canvas:
        Color(*rgb, 1)
        Rectangle(pos=(x - 150, -100), size=(400, 400))
    view.add_widget(content)
    return view


def test_a_scroll_view_push_keeps_the_stencil_and_its_bars(home):
    """No first-level push clears the window's stencil (stencils.py); Kivy's own rule for the
    scroll view stays, its scroll bars drawn after the stencil (a ``<-StencilView>`` rule
    dropped them: Kivy's ``-`` drops every earlier rule the widget matches)."""
    from kivy.graphics import Rectangle, StencilPop, StencilPush

    view = _scroll_view_over(0)
    pushes = [i for i in view.canvas.before.children if isinstance(i, StencilPush)]
    assert pushes and not any(p.clear_stencil for p in pushes)
    after = list(view.canvas.after.children)
    pop = next(i for i, x in enumerate(after) if isinstance(x, StencilPop))
    assert sum(isinstance(x, Rectangle) for x in after[pop:]) == 2  # the vertical and the horizontal bar


def test_scroll_views_still_clip_without_the_clear(home):
    """Two scroll views in one frame, drawn twice: each shows its own content inside its box
    and nothing outside (each pop undoes its push, so the next push finds the stencil empty:
    else the second view's green would show through the first one's box too)."""
    from kivy.graphics import ClearBuffers, ClearColor, Fbo
    from kivy.uix.widget import Widget

    root = Widget(size=(400, 200))
    root.add_widget(_scroll_view_over(20, (1, 0, 0)))
    root.add_widget(_scroll_view_over(220, (0, 1, 0)))
    fbo = Fbo(size=(400, 200), with_stencilbuffer=True)
    with fbo:
        ClearColor(0, 0, 0, 1)
        ClearBuffers(clear_stencil=True)  # as the window's clear at each frame
    fbo.add(root.canvas)
    for _ in range(2):
        fbo.draw()
    pixels = fbo.pixels

    def rgb(x: int, y: int) -> tuple[int, int, int]:
        i = (y * 400 + x) * 4
        return pixels[i], pixels[i + 1], pixels[i + 2]

    assert rgb(70, 100) == (255, 0, 0) and rgb(270, 100) == (0, 255, 0)  # inside each view
    for x, y in ((10, 100), (170, 100), (390, 100), (70, 20), (270, 180)):  # beside, under, over
        assert rgb(x, y) == (0, 0, 0)
