"""Scoring: the end-of-round awards per player, and the VP track moving to the new totals."""

from __future__ import annotations

from kivy.animation import Animation
from kivy.properties import NumericProperty, StringProperty

from companion.app import theme
from companion.app.widgets.common import make

from .. import presenters
from .base import MagnificoScreen


class MagnificoScoringScreen(MagnificoScreen):
    title = StringProperty("")
    target = NumericProperty(30)
    progress = NumericProperty(1.0)  # 0: the VP before scoring, 1: after (animated)

    def refresh(self):
        s = self.session
        if s is None or not s.has_game:
            return
        app, view = self.app, s.view()
        self.target = view.get("target", 30)
        notes = self.ui.notes
        rnd = (notes.last_scoring or {}).get("round", view.get("round", 0))
        self.title = app.t("scoring.title", n=rnd)
        box = self.ids.rows
        box.clear_widgets()
        header = make("MagScoreRow", name="", rgba=(0, 0, 0, 0), header=True,
                      cells=[app.t("scoring." + a) for a in presenters.AWARDS] + [app.t("scoring.total"),
                                                                                  app.t("scoring.vp")])
        box.add_widget(header)
        for r in presenters.scoring(s, notes, app.lang, app.translations):
            cells = [str(r["awards"][a]) if r["awards"][a] else "-" for a in presenters.AWARDS]
            box.add_widget(make("MagScoreRow", name=r["name"], rgba=r["rgba"],
                                cells=cells + [f"+{r['total']}", str(r["vp"])]))
        if view.get("phase") == "over":
            self.ids.go.text = app.t("scoring.to_game_over")
        else:
            self.ids.go.text = app.t("scoring.continue")
        self._animate()

    def _animate(self):
        s, notes = self.session, self.ui.notes
        before = notes.vp_before_scoring or [p["vp"] for p in s.view()["seats"]]
        after = [p["vp"] for p in s.view()["seats"]]
        colours = [theme.army(p.get("color", "")) for p in s.view()["seats"]]
        self._track_data = (before, after, colours)
        if getattr(self, "_animated", None) is notes.last_scoring:  # a redraw, not a new scoring
            self.on_progress(self, self.progress)
            return
        self._animated = notes.last_scoring
        Animation.cancel_all(self, "progress")
        self.progress = 0
        Animation(progress=1, duration=1.2, t="out_quad").start(self)
        self.on_progress(self, 0)

    def finish_animation(self):
        Animation.cancel_all(self, "progress")
        self.progress = 1
        self.on_progress(self, 1)

    def on_progress(self, _inst, value):
        data = getattr(self, "_track_data", None)
        if not data:
            return
        before, after, colours = data
        self.ids.track.markers = [(round(b + (a - b) * value), c) for b, a, c in zip(before, after, colours)]

    def go_on(self):
        self.app.go_current()
