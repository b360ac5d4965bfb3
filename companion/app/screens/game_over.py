"""Game over: who won, the game's detail line, and its charts per round per seat."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.app import theme
from companion.app.screens.base import BaseScreen


class GameOverScreen(BaseScreen):
    winner = StringProperty("")
    detail = StringProperty("")

    def refresh(self) -> None:
        s, app, ui = self.session, self.app, self.app.ui
        if s is None or not s.has_game or ui is None:
            return
        view = s.view()
        self.winner, self.detail = ui.outcome(view, app.lang, app.translations)
        box = self.ids.charts
        seats = s.header.get("seats", [])  # names and colours, as every game's header has them
        rows = app.charts.rows() if app.charts is not None else []
        if len(box.children) != len(ui.charts):
            box.clear_widgets()
            for _ in ui.charts:
                box.add_widget(Factory.LineChart())
        for chart, spec in zip(reversed(box.children), ui.charts):
            chart.unit = app.u
            chart.title = app.t(spec.title)
            chart.series = [(p["name"], rgba, [r[spec.key][i] for r in rows if spec.key in r])
                            for i, (p, rgba) in enumerate(zip(seats, theme.seat_colours(seats)))]
            self.ids["chart_" + spec.key] = chart
