"""The keypad dialog's Cancel is a finger (40 px) high at 800x480, like its keys: a bid or a
printed value abandoned mid-entry (the quality sweep: it was 35, 0.8 of a touch)."""

from __future__ import annotations

import time

from companion.app import harness
from companion.app.widgets.dialogs import ask_number


def test_the_keypads_cancel_is_a_finger_high(home):
    d = ask_number(home, "a bid", "only you look", lambda _v: None, masked=True)
    try:
        for _ in range(20):  # the dialog's opening animation
            harness.frames(1)
        cancel = d.ids.cancel
        assert cancel.height >= 39.5
        assert harness.text_offenders(d) == []
        harness.tap(cancel, 20)
        assert d.parent is None  # a real tap closes it
    finally:
        d.dismiss()


def test_a_keypad_dialog_reuses_a_closed_one(home, monkeypatch):
    """Issue 13 (every tap under 50 ms): a keypad dialog that has closed is opened again (the
    dialog, its 13 keys, its note and Cancel were a third of the tap) and starts afresh: this
    call's title and words, no digits, its own mask, length, note and OK; a keypad dialog still
    shown is never taken."""
    from kivy.core.window import Window
    from kivy.factory import Factory

    from companion.app.widgets.dialogs import Keypad

    made: list[Keypad] = []
    original = Keypad.__init__

    def counted(self, **kwargs):
        made.append(self)
        original(self, **kwargs)

    def close(d):
        d.dismiss(animation=False)
        harness.frames(2)

    got: list[int] = []
    first = ask_number(home, "a bid", "only you look", got.append, masked=True, max_digits=2)
    harness.frames(2)
    monkeypatch.setattr(Keypad, "__init__", counted)
    first.ids.keypad.press("7")
    first.ids.keypad.press("ok")
    for _ in range(100):  # its closing animation
        if first not in Window.children:
            break
        time.sleep(0.01)
        harness.frames(1)
    assert got == [7] and first not in Window.children
    assert first.ids.keypad.on_ok is None  # closed, it holds nothing of the table's callbacks
    assert first.ids.keypad.value == ""  # nor the sealed bid's digits
    second = ask_number(home, "a price", "printed on the board", got.append, max_digits=4)
    harness.frames(2)
    pad = second.ids.keypad
    assert made == [] and second is first  # nothing made: the closed dialog, opened again
    assert second.title == "a price" and second.ids.text.text == "printed on the board"
    assert pad.value == "" and not pad.masked and pad.max_digits == 4 and pad.ids.display.text == ""
    assert "a bid" not in harness.texts(second) and "only you look" not in harness.texts(second)
    pad.press("ok")  # nothing typed: the note says so
    assert second.ids.note.text
    third = ask_number(home, "another", "while the second is open", got.append, value=12)
    assert len(made) == 1 and third is not second and third.ids.keypad.value == "12"
    pad.press("5")  # the open dialogs keep their own keypads
    assert pad.value == "5" and second.ids.note.text == "" and third.ids.keypad.value == "12"
    pad.press("ok")  # this call's own OK
    assert got == [7, 5]
    close(third)
    assert isinstance(Factory.Keypad(), Keypad) and len(made) == 2


def test_a_sealed_entry_opened_after_an_open_one_shows_no_digit(home):
    """A masked keypad opened in the dialog of an open entry shows dots only, and never the
    digits typed before it; the open entry's suggestion does not carry over either."""
    first = ask_number(home, "a price", "printed", lambda _v: None, value=345)
    harness.frames(2)
    assert first.ids.keypad.ids.display.text == "345"
    first.dismiss(animation=False)
    harness.frames(2)
    sealed = ask_number(home, "a bid", "only you look", lambda _v: None, masked=True)
    harness.frames(2)
    assert sealed is first and sealed.ids.keypad.ids.display.text == ""
    sealed.ids.keypad.press("4")
    harness.frames(2)
    assert sealed.ids.keypad.ids.display.text == "\u2022"  # a dot, not the digit
    sealed.dismiss(animation=False)
    harness.frames(2)


def test_a_dialog_closed_twice_stays_open_when_it_opens_again(home):
    """A keypad dialog closed twice (Cancel tapped again while it fades out) and opened again
    for the next bid stays on the screen: the second closing's fade must not end on it (CI saw
    a vehicle's printed cost keypad vanish after the test fixture closed the last one again)."""
    from kivy.core.window import Window

    first = ask_number(home, "a bid", "only you look", lambda _v: None, masked=True)
    duration = first._anim_duration
    first._anim_duration = 0.5  # the second fade ends 0.25 s after the first: time to open again
    try:
        harness.frames(2)
        first.dismiss()
        end = time.monotonic() + 0.25
        while time.monotonic() < end:  # half the fade, then closed again: a second fade
            time.sleep(0.01)
            harness.frames(1)
        first.dismiss()
        for _ in range(100):  # the first fade ends: off the window, the second still runs
            if first not in Window.children:
                break
            time.sleep(0.01)
            harness.frames(1)
        assert first not in Window.children
        again = ask_number(home, "the next bid", "only you look", lambda _v: None, masked=True)
        assert again is first
        end = time.monotonic() + 0.6
        while time.monotonic() < end:  # past the end of the second fade
            time.sleep(0.01)
            harness.frames(1)
        assert again in Window.children and again.ids.keypad.get_root_window() is not None
    finally:
        first.dismiss(animation=False)
        first._anim_duration = duration
        harness.frames(2)
