"""What every game's setup form does with its seats: a name typed, the next free army colour."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.app import theme

NAME_LENGTH = 16  # a name longer than this does not fit a seat's row on the smallest screen


class SeatsForm:
    """Mixed into a game's setup screen, whose ``seats`` lists ``{"name", "color"}`` dicts."""

    seats: Any
    if TYPE_CHECKING:
        def refresh(self) -> None: ...  # the screen's own

    def set_name(self, index: int, name: str) -> None:
        if 0 <= index < len(self.seats):
            self.seats[index]["name"] = name.strip()[:NAME_LENGTH]

    @staticmethod
    def show_name(row: Any, name: str) -> None:
        """The seat's ``name`` in its row's text field (``ids.name``), unless the field already
        holds it as typed (spaces round it, letters past the limit): a row kept from an earlier
        refresh may show what was typed before the form was reset."""
        field = row.ids.name
        if field.text.strip()[:NAME_LENGTH] != name:
            field.text = name

    def next_colour(self, index: int) -> None:
        """The seat's army takes the next colour (in the palette's order) no other seat has."""
        used = {s["color"] for s in self.seats}
        order = list(theme.ARMY_COLOURS)
        current = self.seats[index]["color"]
        for step in range(1, len(order) + 1):
            candidate = order[(order.index(current) + step) % len(order)]
            if candidate not in used:
                self.seats[index]["color"] = candidate
                break
        self.refresh()

    def free_colour(self) -> str:
        """The first colour of the palette no seat has (a new seat's)."""
        used = {s["color"] for s in self.seats}
        return next(c for c in theme.ARMY_COLOURS if c not in used)
