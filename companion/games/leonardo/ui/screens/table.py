"""The table view: the board with owners, works of art and pawns, and every player's books
(cash, capital, palaces and bridges, works of art, offices, men-at-arms, faction), one tap
from anywhere; the log of the game and the agreed end time."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.app.widgets.dialogs import open_log

from .. import presenters as P
from .base import LeonardoScreen


class LeonardoTableScreen(LeonardoScreen):
    help = StringProperty("")

    def refresh(self) -> None:
        if not self.ready():
            return
        s, app = self.session, self.app
        drawn = (s.version, app.lang, app.touch)
        if drawn == getattr(self, "_drawn", None):
            return
        self._drawn = drawn
        view, legal = s.view(), s.legal()
        rows = P.players(view, legal, app.lang, app.translations)
        box = self.ids.players
        if len(box.children) != len(rows):
            box.clear_widgets()
            for _ in rows:
                box.add_widget(Factory.LeonardoPlayerPanel())
        for panel, row in zip(reversed(box.children), rows):
            panel.seat, panel.name, panel.rgba, panel.acting = row["seat"], row["name"], row["rgba"], row["acting"]
            if row["turn"] and not row["acting"]:
                panel.name += "  \u25b8"
            out = row["out"] or row["member_of"] is not None
            panel.cash = "" if out else self.tt("cash", n=row["cash"])
            panel.capital = "" if out else self.tt("capital", n=row["capital"]) + (
                "*" if row["capital_unknown"] else "")
            panel.line1, panel.line2 = P.player_lines(row, view, app.lang, app.translations)
        end_at = s.header.get("end_at")
        self.help = self.tt("table.end_at", at=end_at) if end_at else self.tt("table.no_end")
        self.show_ring()

    def show_log(self) -> None:
        app = self.app
        open_log(app, self.tt("table.log"), self.session.log(app.lang))

    def open_box(self) -> None:
        self.app.screens["leonardo.box"].back_to = self.name
        self.app.go("leonardo.box")

    def on_ring_select(self, space: int, allowed: bool) -> None:
        super().on_ring_select(space, allowed)
