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


def test_a_keypad_dialog_reuses_the_keypad_of_a_closed_one(home, monkeypatch):
    """Issue 13 (every tap under 50 ms): a keypad dialog takes the keypad of one that has
    closed (its 13 keys are most of its making) and starts it afresh: no digits, its own
    mask, length and note; a keypad still shown is never taken."""
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
    second = ask_number(home, "a price", "printed on the board", got.append, max_digits=4)
    pad = second.ids.keypad
    assert made == [] and pad is first.ids.keypad  # nothing made: the closed dialog's keypad
    assert pad.value == "" and not pad.masked and pad.max_digits == 4 and pad.ids.display.text == ""
    pad.press("ok")  # nothing typed: this dialog's note says so, not the closed one's
    assert second.ids.note.text and not first.ids.note.text
    third = ask_number(home, "another", "while the second is open", got.append, value=12)
    assert len(made) == 1 and third.ids.keypad is not pad and third.ids.keypad.value == "12"
    pad.press("5")  # the open dialogs keep their own keypads
    assert pad.value == "5" and second.ids.note.text == "" and third.ids.keypad.value == "12"
    close(third)
    close(second)
    assert isinstance(Factory.Keypad(), Keypad) and len(made) == 2
