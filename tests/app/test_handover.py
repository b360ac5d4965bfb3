"""News handed over from another thread (``CompanionApp._post``: a handset, the dice reader, a
phone, the journal opened behind the first screen) runs at the clock's next tick; a touch that
comes in the same frame finds the screen laid out (``CompanionApp._lay_out``, bound to the
window's touch down), even a screen the news made anew."""

from __future__ import annotations

from kivy.core.window import Window
from kivy.factory import Factory
from kivy.uix.boxlayout import BoxLayout

from companion.app import harness


def test_a_screen_made_anew_by_news_takes_a_touch_of_the_same_frame(home):
    """Kivy lays out just before it draws, after the frame's touches: a button made anew in the
    clock's tick was still at the origin when the touch came, and the tap did nothing."""
    app = home
    box = BoxLayout(size_hint=(None, None), size=(300, 100), pos=(250, 200))
    taps: list[object] = []

    def fill() -> None:  # a screen's refresh that makes its buttons anew
        box.clear_widgets()
        button = Factory.Btn(text="news")
        button.bind(on_tap=lambda b: taps.append(b))
        box.add_widget(button)

    fill()
    Window.add_widget(box)
    try:
        harness.frames(2)
        finger = harness.Touch(*box.children[0].center)  # where the table sees the button
        app._post(fill)  # news from another thread, handed over to the frame that takes the touch
        finger.down()
        harness.frames(1)
        finger.up()
        harness.frames(1)
        assert taps == [box.children[0]]  # the button made by the news took the tap
    finally:
        Window.remove_widget(box)
        harness.frames(1)


def test_news_handed_over_together_all_run_in_the_next_frame(home):
    """A handset's press hands over its seat's new state and its lock apart: both run in the
    next frame, so the screen never shows a seat locked whose lock the rules have not taken
    (running the layouts from inside the clock's tick cut its round short: checked)."""
    app = home
    ran: list[str] = []
    app._post(lambda: ran.append("state"))
    app._post(lambda: ran.append("lock"))
    harness.frames(1)
    assert ran == ["state", "lock"]
