"""The table view: every player's books, the VP track and the map, one tap from anywhere."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import NumericProperty

from .. import presenters
from .base import MagnificoScreen


class MagnificoTableScreen(MagnificoScreen):
    target = NumericProperty(30)

    def refresh(self):
        s = self.session
        if s is None or not s.has_game:
            return
        app = self.app
        drawn = (s.version, app.lang, app.touch)
        if drawn == getattr(self, "_drawn", None):
            return  # the same state as last time: the panels and the map are still right
        self._drawn = drawn
        view = s.view()
        self.target = view.get("target", 30)
        box = self.ids.players
        rows = presenters.players(self.ui, app.lang, app.translations)
        if len(box.children) != len(rows):  # panels are made once per game and then updated
            box.clear_widgets()
            for _ in rows:
                box.add_widget(Factory.MagPlayerPanel())
        panels = list(reversed(box.children))
        t = app.t
        for panel, p in zip(panels, rows):
            panel.name, panel.leonardo = p["name"], p["leonardo"]
            panel.rgba = p["rgba"]
            panel.acting = p["acting"]
            panel.florins = t("table.florins", n=p["florins"])
            panel.vp = t("table.vp", n=p["vp"])
            panel.line1 = t("table.pieces", territories=p["territories"], castles=p["castles"], towers=p["towers"],
                            soldiers=p["soldiers_left"], tanks=p["tanks"], airplanes=p["airplanes"])
            cards = []
            if p["in_play"]:
                cards.append(t("table.in_play", cards=", ".join(p["in_play"])))
            if p["store"]:
                cards.append(t("table.store", cards=", ".join(p["store"])))
            panel.line2 = "   ".join(cards) or t("table.no_cards")
            panel.seat = p["seat"]
        self.ids.track.markers = presenters.vp_markers(s)
        m = self.ids.map
        m.unit = app.u
        m.lang = app.lang
        for k, v in presenters.map_layers(s).items():
            setattr(m, k, v)

    def on_map_select(self, territory: str, allowed: bool):
        s = self.session
        tt = s.view()["territories"].get(territory, {})
        owner = tt.get("owner")
        who = presenters.seat_name(s.view(), owner) if owner is not None else self.app.t("map.free")
        self.app.toast(self.app.t("map.info", name=self.ui.territory_name(territory, self.app.lang), owner=who,
                                  soldiers=tt.get("soldiers", 0), tanks=tt.get("tanks", 0),
                                  airplanes=tt.get("airplanes", 0), towers=tt.get("towers", 0)))
