"""The end: each district's totals and who takes it, the victory points, the tie-breaks (the
buildings' values, the tokens left) and the winner; the charts are the shell's game over."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.app.theme import PALETTE

from .. import presenters
from .base import MagnateScreen


class MagnateEndScreen(MagnateScreen):
    winner = StringProperty("")
    detail = StringProperty("")

    def refresh(self) -> None:
        if not self.ready():
            return
        s, app = self.session, self.app
        view = s.view()
        self.show_tokens()
        self.winner = presenters.outcome_title(view, app.lang, app.translations)
        self.detail = presenters.outcome_detail(view, app.lang, app.translations)
        grid = self.ids.table
        grid.clear_widgets()
        seats = view.get("seats", [])
        grid.cols = len(seats) + 2
        self._cell(grid, self.tr("end.district"), head=True)
        for i, p in enumerate(seats):
            self._cell(grid, p["name"], head=True, colour=presenters.seat_rgba(view, i))
        self._cell(grid, self.tr("end.taken_by"), head=True)
        for r, row in enumerate(presenters.end_rows(view, app.lang, app.translations)):
            self._cell(grid, row["label"], bold=bool(row.get("sum")))
            for i, v in enumerate(row["values"]):
                won = row["winner"] == i
                self._cell(grid, v, bold=won or bool(row.get("sum")), colour=PALETTE["accent"] if won else None,
                           wid=f"cell_{r}_{i}")
            self._cell(grid, row["note"], dim=True)

    def _cell(self, grid: Any, text: str, *, head: bool = False, bold: bool = False, dim: bool = False,
              colour: Any = None, wid: str = "") -> None:
        label = Factory.Label(text=text, bold=head or bold, font_size=self.app.u * (14 if head else 15),
                              color=colour or (PALETTE["text_dim"] if dim or head else PALETTE["text"]),
                              size_hint_y=None, height=self.app.touch * 0.58, halign="center", valign="middle",
                              shorten=True)
        label.bind(size=lambda w, size: setattr(w, "text_size", size))
        grid.add_widget(label)
        if wid:
            self.ids[wid] = label
