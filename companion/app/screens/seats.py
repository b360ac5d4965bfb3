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

    def show_seats(self, box: Any, row_class: str) -> None:
        """One row of the kv class ``row_class`` per seat in ``box`` (its ``index``, ``screen``,
        ``seat_name``, ``colour`` and a text field ``ids.name``). The rows are made again only
        when the number of seats changes, else updated: the refresh when a game starts (the
        session changed under the form) rebuilt them all inside the Start tap (issue 13)."""
        from kivy.factory import Factory

        rows = list(reversed(box.children))
        if len(rows) != len(self.seats):
            box.clear_widgets()
            rows = []
            for i in range(len(self.seats)):  # a kv class takes its own properties once made
                row = getattr(Factory, row_class)()
                row.index, row.screen = i, self
                box.add_widget(row)
                rows.append(row)
        for row, seat in zip(rows, self.seats):
            row.seat_name, row.colour = seat["name"], seat["color"]
            field = row.ids.name  # a kept row may show a name typed before the form was reset
            if field.text.strip()[:NAME_LENGTH] != seat["name"]:  # as typed: spaces, letters past the limit
                field.text = seat["name"]

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
