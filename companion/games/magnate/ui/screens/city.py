"""The city: the five districts left to right, each with both players' columns of buildings
and deeds (a deed with the tokens on it) and each column's total as the end would count it."""

from __future__ import annotations

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
        """The panels are of an earlier state (a command since): the app's warm-up makes them
        again while the table is idle, so the table view's tap does not (28 ms of 72 here)."""
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
        for col in columns:
            panel = make("MagnateDistrict", name=col["name"], suits=col["suits"])
            for side, half in zip(col["sides"], (panel.ids.side_0, panel.ids.side_1)):
                half.name, half.rgba = side["name"], side["rgba"]
                half.total = self.tr("city.total", n=side["total"])
                cards = half.ids.cards
                for c in side["cards"]:
                    cards.add_widget(make("MagnateCardChip", label=c["label"], suits=c["suits"], deed=c["deed"],
                                          tokens=c["tokens"], complete=c["complete"]))
                if not side["cards"]:
                    cards.add_widget(Factory.Dim(text=self.tr("city.empty"), color=PALETTE["line"]))
                self.ids[f"side_{col['district']}_{side['seat']}"] = half
            box.add_widget(panel)
            self.ids["district_" + col["district"]] = panel
