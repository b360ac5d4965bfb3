"""What Magnifico's screens share: the app's screen, plus Magnifico's UI package entry."""

from __future__ import annotations

from typing import Any

from companion.app.screens.base import BaseScreen


class MagnificoScreen(BaseScreen):
    """A screen of Magnifico: ``ui`` holds the names, the odds, the bids and the notes."""

    @property
    def ui(self) -> Any:
        return self.app.uis["magnifico"]

    @property
    def hardware(self) -> Any:
        return self.app.hardware

    def ahead(self) -> None:
        """While the table is idle (the app's warm-up): the screen's map, if it has one, drawn
        with the table's box as a game begins (no owner, no piece) at the size the game will
        show it, so the tap that first shows it in a session finds it spread and drawn (about
        35 ms of the table view's first visit here). A game's map equal to the box's changes
        nothing then (the map keeps an equal map as it is); another box draws it again."""
        from companion.errors import CompanionError
        from companion.games.magnifico.game import GAME

        s, m = self.session, self.ids.get("map")
        if s is None or m is None:
            return
        try:
            data = s.box(GAME)["map"]
        except CompanionError:
            return
        self.size = self.app.play_size()  # laid out as the game will show it, under its top bar
        m.unit, m.lang, m.map_data = self.app.u, self.app.lang, data
