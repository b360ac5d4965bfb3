"""The table's box profile as the box screen edits it: one value at a time, checked by the
game's ``box.set_value`` and saved at once (``companion.storage.box_profile.save``), so the
table can leave the screen at any moment and come back where it stopped.

``next_missing`` follows ``box.missing``: the order the table is asked in. Kivy-free.
"""

from __future__ import annotations

import os
from typing import Any

from companion.errors import CompanionError
from companion.games.leonardo import box as B
from companion.games.leonardo.game import GAME
from companion.storage import box_profile

SECTIONS = ("spaces", "quarters", "machina", "cards", "art", "box")


def section_of(item: str) -> str:
    """The screen's section where ``item`` (a ``missing`` address) is entered."""
    head = item.partition(".")[0]
    return {"space": "spaces", "quarter": "quarters", "number": "machina", "product": "machina",
            "machina": "machina", "offices": "cards", "office": "cards", "events": "cards", "event": "cards",
            "men_at_arms": "cards", "oda": "art", "box": "box"}.get(head, "box")


class BoxEditor:
    """One profile file, edited and saved value by value."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = path
        self.problem = ""  # why the saved profile could not be read (then the editor starts empty)
        self._missing: tuple[dict[str, Any], list[dict[str, Any]], bool] | None = None  # profile, missing, can start
        self.profile = self.load()

    def load(self) -> dict[str, Any]:
        try:
            saved = box_profile.read(GAME.name, self.path)
            self.problem = ""
            return B.validate(saved or {})
        except CompanionError as err:
            self.problem = err.message
            return B.defaults()

    def set(self, item: str, field: str, value: Any) -> Any:
        """Set one value and save the whole profile; the reason (a Message) when refused."""
        try:
            new = B.set_value(self.profile, item, field, value)
            box_profile.save(GAME, new, self.path)
        except CompanionError as err:
            return err.message
        self.profile = new
        return None

    def missing(self) -> list[dict[str, Any]]:
        """``box.missing`` of the profile, worked out once per profile (each value set makes a
        new one): the screen asks it several times a redraw, and a redraw with nothing entered
        (another space or section shown) asks it again."""
        if self._missing is None or self._missing[0] is not self.profile:
            left = B.missing(self.profile)
            self._missing = (self.profile, left, not B.to_start(self.profile, left))
        return self._missing[1]

    def next_missing(self) -> dict[str, Any] | None:
        left = self.missing()
        return left[0] if left else None

    def can_start(self) -> bool:
        self.missing()
        assert self._missing is not None
        return self._missing[2]

    # -- reading -------------------------------------------------------------------------------
    def space(self, n: int) -> dict[str, Any]:
        return dict(B.space(self.profile, n))

    def deck_total(self) -> int | None:
        """Offices + events + men-at-arms + the 23 palace and bridge cards (60 in a whole box)."""
        p = self.profile
        if p["offices"] is None or p["events"] is None or p["men_at_arms"] is None:
            return None
        return len(p["offices"]) + len(p["events"]) + int(p["men_at_arms"]) + B.PALACE_CARDS

    def open_spaces(self) -> list[int]:
        """The spaces the table describes (every space the rulebook does not fix)."""
        return [n for n in range(1, B.SPACES + 1) if n not in B.FIXED]

    def office_spaces(self) -> list[int]:
        """The squares and markets an office card can name."""
        return sorted(B.FIXED)
