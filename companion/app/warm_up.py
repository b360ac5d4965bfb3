"""Work done ahead of the next taps while the table is idle.

The first visit of a game's screens cost 80 to 190 ms a tap on the development machine: its
kv files parsed, its modules imported and its screens built inside the tap that first asked
for one (``bench/first_visits.py``). While nobody touches the window, the app now does that
work ahead, a piece at a time (the clock's idle check, ``main.py``): on a game's screens, the
next of its screens not built yet; on home, the kv files and classes of the game the table
played last, then its setup form. On a game's screens nothing is built that the old way did
not build (every screen of a game was built with its first); on home, the last game's setup
form is built whether or not the table picks that game again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.app.game_ui import GameUI


class WarmUp:
    """``step(current)`` does the next piece of work for the screen ``current`` shows, if
    there is one, and says what it did (a screen's name, or a game prepared), else None.
    ``likely()`` names the game the table played last: None while the journal is still being
    opened, "" when it holds no game."""

    def __init__(self, screens: Any, uis: Mapping[str, GameUI], likely: Callable[[], str | None]) -> None:
        self.screens, self.uis, self.likely = screens, uis, likely
        self._likely: str | None = None  # asked once it is known

    def step(self, current: str) -> str | None:
        game = current.partition(".")[0]
        if "." in current and game in self.uis:
            return self.screens.build_next(self.uis[game])
        if current != "home":
            return None
        if self._likely is None:
            self._likely = self.likely()
        ui = self.uis.get(self._likely or "")
        if ui is None:
            return None
        if ui.name not in self.screens.prepared:
            self.screens.prepare(ui)
            return ui.name
        if ui.new_game_screen not in self.screens:  # its setup form, the next tap's likely screen
            return str(self.screens[ui.new_game_screen].name)
        return None
