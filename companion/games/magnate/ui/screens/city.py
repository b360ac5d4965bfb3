"""The city: the five districts left to right, each with both players' columns of buildings
and deeds (a deed with the tokens on it) and each column's total as the end would count it."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.app.theme import PALETTE
from companion.app.widgets.common import make

from .. import presenters
from .base import MagnateScreen


class MagnateCityScreen(MagnateScreen):
    note = StringProperty("")
    _drawn = None  # (state version, language, scale, touch size) the panels were made for

    def _for(self) -> tuple[object, ...]:
        s, app = self.session, self.app
        return (s.version, app.lang, app.u, app.touch)

    def stale(self) -> bool:
        """The panels are of an earlier state (a command since): the app's warm-up brings them
        up to date while the table is idle, so the table view's tap does not."""
        return self.ready() and self._for() != self._drawn

    def refresh(self) -> None:
        if not self.ready():
            return
        s, app = self.session, self.app
        view = s.view()
        self.show_tokens()
        drawn = self._for()
        if drawn == self._drawn:
            return  # the same state (back and forth from the turn screen): the panels stay
        self._drawn = drawn
        box = self.ids.districts
        box.clear_widgets()
        columns = presenters.city(view, app.lang, app.translations)
        self.note = "" if columns else self.tr("city.no_districts")
        panels = self.__dict__.setdefault("_panels", {})  # by district, kept: a command changes a card or two
        for col in columns:
            panel = panels.get(col["district"])
            if panel is None:
                panel = panels[col["district"]] = make("MagnateDistrict")
            panel.name, panel.suits = col["name"], col["suits"]
            for side, half in zip(col["sides"], (panel.ids.side_0, panel.ids.side_1)):
                half.name, half.rgba = side["name"], side["rgba"]
                half.total = self.tr("city.total", n=side["total"])
                self._show_cards(half, side["cards"])
                self.ids[f"side_{col['district']}_{side['seat']}"] = half
            box.add_widget(panel)
            self.ids["district_" + col["district"]] = panel

    def _show_cards(self, half: Any, cards: list[dict[str, Any]]) -> None:
        """A column's cards in its kept chips (more made when it grows), or its empty line;
        a chip whose card is the same keeps its rendered words."""
        chips = half.__dict__.setdefault("_chips", [])
        while len(chips) < len(cards):
            chips.append(make("MagnateCardChip"))
        box = half.ids.cards
        box.clear_widgets()
        for chip, c in zip(chips, cards):
            chip.label, chip.suits, chip.deed, chip.tokens = c["label"], c["suits"], c["deed"], c["tokens"]
            chip.complete = c["complete"]
            box.add_widget(chip)
        if not cards:
            empty = half.__dict__.get("_empty")
            if empty is None:
                empty = half._empty = Factory.Dim(color=PALETTE["line"])
            empty.text = self.tr("city.empty")
            box.add_widget(empty)
