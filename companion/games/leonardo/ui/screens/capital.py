"""The end: the winners and the capital count (cash, palaces and bridges at their printed
price, works of art, offices), best first, as the rules counted it; then the charts."""

from __future__ import annotations

from kivy.properties import StringProperty

from companion.app.widgets.common import make

from .. import presenters as P
from .base import LeonardoScreen


class LeonardoCapitalScreen(LeonardoScreen):
    winner = StringProperty("")
    detail = StringProperty("")

    def refresh(self) -> None:
        if not self.ready():
            return
        s, app = self.session, self.app
        view = s.view()
        self.winner, self.detail = self.ui.outcome(view, app.lang, app.translations)
        if view.get("phase") != "over":
            self.winner = self.tt("capital.now")
        box = self.ids.rows
        box.clear_widgets()
        head = make("LeonardoCapitalRow", name="", cash=self.tt("capital.cash"), holdings=self.tt("capital.holdings"),
                    works=self.tt("capital.works"), offices=self.tt("capital.offices"),
                    total=self.tt("capital.total"), header=True)
        box.add_widget(head)
        for i, row in enumerate(P.capital_rows(view, app.lang)):
            w = make("LeonardoCapitalRow", name=row["name"], rgba=row["rgba"], cash=str(row["cash"]),
                     holdings=str(row["holdings"]), works=str(row["works"]), offices=str(row["offices"]),
                     total=str(row["total"]) + ("*" if row["unknown"] else ""), winner=row["winner"])
            box.add_widget(w)
            self.ids[f"capital_{row['seat']}"] = w
        out = [p["name"] for p in view["seats"] if p.get("out")]
        self.ids.out.text = self.tt("capital.out", names=", ".join(out)) if out else ""
