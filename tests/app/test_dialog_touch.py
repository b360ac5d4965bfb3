"""The keypad dialog's Cancel is a finger (40 px) high at 800x480, like its keys: a bid or a
printed value abandoned mid-entry (the quality sweep: it was 35, 0.8 of a touch)."""

from __future__ import annotations

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
