"""A roll the rules expect (``expects()``: two d10, or the d6 of the taxation) entered through
the shell's dice desk: the reader's roll, faces tapped on the screen, or the app's own roll.

The faces wait on the screen until the table confirms them; only then the command goes.
"""

from __future__ import annotations

import random
from typing import Any

from companion.core import dice as core_dice


class RollEntry:
    """The faces of one expected roll (``key`` tells one request from the next)."""

    def __init__(self) -> None:
        self.key: Any = None
        self.kind = "d10"
        self.count = 2
        self.faces: list[int | None] = []
        self.source = ""  # "reader", "typed" or "app": where the faces shown came from
        self._seen_candidate: Any = None

    def expect(self, key: Any, kind: str, count: int, hardware: Any) -> None:
        """A new roll is wanted: clear the faces and arm the reader (once per ``key``)."""
        if key == self.key:
            return
        self.key, self.kind, self.count = key, kind, count
        self.faces, self.source = [None] * count, ""
        self._seen_candidate = None
        if hardware is not None:
            hardware.request_dice(count, kind)

    def take_candidate(self, hardware: Any) -> bool:
        """The reader's (or the desk's) roll, when it answers this request; True if new faces."""
        roll = getattr(hardware, "dice_candidate", None)
        if roll is None or roll is self._seen_candidate:
            return False
        self._seen_candidate = roll
        if roll.kind != self.kind or len(roll.values) != self.count:  # a stale roll of an earlier request
            return False
        self.faces, self.source = [int(v) for v in roll.values], roll.source
        return True

    def set_face(self, index: int, value: int) -> None:
        if 0 <= index < self.count:
            self.faces[index] = value
            self.source = "typed"

    def app_roll(self, hardware: Any, rng: random.Random | None = None) -> None:
        """The app rolls (on the desk when it has one, so the roll is offered like any other)."""
        desk = getattr(hardware, "dice", None)
        if rng is None and desk is not None and desk.request_open == (self.count, self.kind):
            try:
                roll = desk.roll_here()
                self._seen_candidate = roll  # offered back as the candidate: already shown
                self.faces, self.source = [int(v) for v in roll.values], "app"
                return
            except Exception:  # the desk closed its request meanwhile: roll here
                pass
        die = core_dice.kind(self.kind)
        self.faces, self.source = list(die.roll(rng or random.SystemRandom(), self.count)), "app"

    @property
    def complete(self) -> bool:
        return len(self.faces) == self.count and all(f is not None for f in self.faces)

    def done(self, hardware: Any) -> list[int]:
        """The faces confirmed; the desk's request closes."""
        faces = [int(f) for f in self.faces if f is not None]
        self.key = None
        if hardware is not None:
            hardware.dice_done()
        return faces
