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
