"""Game over: the winner, and charts of victory points and florins per round per player."""

from __future__ import annotations

from kivy.properties import StringProperty

from companion.app import presenters, theme
from companion.app.screens.base import BaseScreen


class GameOverScreen(BaseScreen):
    winner = StringProperty("")
    detail = StringProperty("")

    def refresh(self):
        s = self.session
        if s is None or not s.has_game:
            return
        app, view = self.app, s.view()
        w = view.get("winner")
        self.winner = app.t("over.winner", name=presenters.seat_name(view, w)) if w is not None else app.t(
            "over.no_winner")
        if w is not None:
            self.detail = app.t("over.detail", vp=view["seats"][w]["vp"], round=view.get("round", 0))
        seats = view.get("seats", [])
        rows = s.history
        for key, chart in (("vp", self.ids.vp_chart), ("florins", self.ids.florins_chart)):
            chart.unit = app.u
            chart.title = app.t("over.chart_" + key)
            chart.series = [(p["name"], theme.army(p.get("color", "")), [r[key][i] for r in rows])
                            for i, p in enumerate(seats)]
