"""Income and recruitment: what each player earned and where the new soldiers went.

The engine pays the income and places the soldiers when the round starts; this screen
shows it and is confirmed with one tap. A player short of soldiers picks, on the map,
the territories that go without.
"""

from __future__ import annotations

from kivy.properties import ListProperty, StringProperty

from companion.app.widgets.common import make
from companion.games.magnifico import commands as C

from .. import presenters
from .base import MagnificoScreen


class MagnificoIncomeScreen(MagnificoScreen):
    title = StringProperty("")
    help = StringProperty("")
    without = ListProperty([])

    def refresh(self):
        s = self.session
        if s is None or not s.has_game:
            return
        app, view = self.app, s.view()
        self.title = app.t("income.title", n=view.get("round", 0))
        box = self.ids.rows
        box.clear_widgets()
        for i, r in enumerate(presenters.income(s, self.ui.notes, app.lang, app.translations)):
            row = self.kept(f"row {i}", lambda: make("MagIncomeRow"))  # rows made again rendered every text again
            row.name, row.rgba, row.placed = r["name"], r["rgba"], r["placed"]
            row.income, row.florins = app.t("income.gain", n=r["income"]), app.t("table.florins", n=r["florins"])
            row.left = app.t("income.left", n=r["soldiers_left"])
            box.add_widget(row)
        m = self.ids.map
        m.unit, m.lang = app.u, app.lang
        for k, v in presenters.map_layers(s).items():
            setattr(m, k, v)
        recruit = s.action("Recruit") if view.get("phase") == "recruit" else None
        if recruit:
            self.help = app.t("income.short", name=presenters.seat_name(view, recruit["seat"]),
                              n=recruit["without"])
            m.choices = list(recruit["territories"])
            self.without = [t for t in self.without if t in recruit["territories"]]
            m.marks = {t: app.t("income.without_mark") for t in self.without}
            m.selected = list(self.without)
            self.ids.go.text = app.t("income.confirm_without", n=len(self.without), need=recruit["without"])
            self.ids.go.reason = "" if len(self.without) == recruit["without"] else app.t(
                "income.pick", n=recruit["without"])
        else:
            self.help = app.t("income.help")
            m.choices, m.marks, m.selected = None, {}, []
            self.without = []
            self.ids.go.text = app.t("income.continue")
            self.ids.go.reason = ""

    def on_map_select(self, territory: str, allowed: bool):
        if not allowed:
            return
        if territory in self.without:
            self.without.remove(territory)
        else:
            self.without.append(territory)
        self.refresh()

    def go_on(self):
        s = self.session
        recruit = s.action("Recruit") if s.view().get("phase") == "recruit" else None
        if recruit:
            if self.send(C.Recruit(recruit["seat"], tuple(self.without))):
                self.without = []
            return
        self.app.go_current()
