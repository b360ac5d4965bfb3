"""The landed space, one short guided step at a time: the office card drawn on Piazza
Maggiore, a free palace bought or put to auction, the event card drawn, an office holder's
push, a fight between men-at-arms, and the forced sales of a payment beyond the cash in
hand. What already happened this turn (the move, the passage money, a rent) is listed above."""

from __future__ import annotations

import random
from typing import Any

from kivy.factory import Factory

from companion.app.widgets.common import make
from companion.games.leonardo import box as B
from companion.games.leonardo import commands as C

from .. import presenters as P
from ..texts import word
from .base import LeonardoPlayScreen


class LeonardoLandingScreen(LeonardoPlayScreen):
    spins = True

    def refresh(self) -> None:
        begun = self.begin()
        if begun is None:
            return
        view, legal, task = begun
        app = self.app
        box, bottom = self.ids.controls, self.ids.bottom
        if task is None or view.get("phase") != "turns":
            return
        lines = self.ui.log_lines(self.ui.notes.current, app.lang)
        if lines:
            box.add_widget(Factory.LeonardoLines(text="\n".join(lines[-5:])))
        kind = task["t"]
        getattr(self, "_" + kind, self._unknown)(view, legal, task, box, bottom)

    def _unknown(self, view: Any, legal: Any, task: Any, box: Any, bottom: Any) -> None:
        self.title, self.help = "", ""
        self.show_ring()

    def _button(self, box: Any, wid: str, text: str, on_tap: Any, kind: str = "normal", reason: Any = "") -> Any:
        b = make("Btn", text=text, kind=kind, font_size=self.app.u * 14, reason=self.app.reason(reason) or "")
        if isinstance(box, Factory.GridLayout):
            b.size_hint_y = 1  # the grid's rows set the height
        b.bind(on_tap=lambda *_: on_tap())
        box.add_widget(b)
        self.ids[wid] = b
        return b

    # -- cards drawn ----------------------------------------------------------------------------
    def _office_draw(self, view: Any, legal: Any, task: Any, box: Any, bottom: Any) -> None:
        app = self.app
        a = P.action(legal, "DrawOffice") or {"cards": []}
        self.title = self.tt("landing.office_title", name=P.seat_name(view, task["seat"]))
        self.help = self.tt("landing.office_help")
        offices = view["box"]["offices"]
        seen: dict[tuple[Any, Any], int] = {}
        for card in a["cards"]:  # identical cards (same space, same price) are one button
            entry = offices[card - 1]
            seen.setdefault((entry.get("space"), entry.get("price")), card)
        grid = Factory.GridLayout(cols=2, spacing=app.u * 4, size_hint_y=None, row_default_height=app.touch,
                                  row_force_default=True)
        grid.bind(minimum_height=grid.setter("height"))
        for (space, price), card in sorted(seen.items(), key=lambda kv: (kv[0][0] or 99, kv[0][1] or 0)):
            where = P.space_label(view, space, app.lang) if space else self.tt("landing.card_n", n=card)
            self._button(grid, f"office_{card}", f"{where} \u00b7 {price or '?'}",
                         lambda card=card: self.send(C.DrawOffice(card)))
        box.add_widget(grid)
        self._button(bottom, "draw_random", self.tt("landing.draw_random"),
                     lambda: self.send(C.DrawOffice(random.SystemRandom().choice(a["cards"]))))
        self.show_ring(selected=[task["seat"] and view["seats"][task["seat"]]["space"]])

    def _event_draw(self, view: Any, legal: Any, task: Any, box: Any, bottom: Any) -> None:
        a = P.action(legal, "DrawEvent") or {"cards": []}
        self.title = self.tt("landing.event_title", name=P.seat_name(view, task["seat"]))
        self.help = self.tt("landing.event_help")
        events = view["box"]["events"]
        by_kind: dict[Any, int] = {}
        for card in a["cards"]:
            by_kind.setdefault(events[card - 1], card)
        for kind, card in sorted(by_kind.items(), key=lambda kv: B.EVENT_KINDS.index(kv[0]) if kv[0] in
                                 B.EVENT_KINDS else 9):
            text = word(f"event_kind.{kind}", self.app.lang) if kind else self.tt("landing.card_n", n=card)
            self._button(box, f"event_{kind}", text, lambda card=card: self.send(C.DrawEvent(card)))
        self._button(bottom, "draw_random", self.tt("landing.draw_random"),
                     lambda: self.send(C.DrawEvent(random.SystemRandom().choice(a["cards"]))))
        self.show_ring(selected=[view["seats"][task["seat"]]["space"]])

    # -- a free palace or bridge ----------------------------------------------------------------
    def _buy(self, view: Any, legal: Any, task: Any, box: Any, bottom: Any) -> None:
        seat, space = task["seat"], task["space"]
        buy = P.action(legal, "Buy", seat) or {}
        where = P.space_label(view, space, self.app.lang)
        self.title = self.tt("landing.buy_title", space=where)
        price = buy.get("price")
        self.help = self.tt("landing.buy_help", name=P.seat_name(view, seat), cash=view["seats"][seat]["cash"])
        self._button(box, "buy", self.tt("landing.buy", price=price if price is not None else "?"),
                     lambda: self.send(C.Buy(seat)), kind="primary",
                     reason="" if buy.get("enabled", False) else (buy.get("message") or buy.get("reason", "")))
        self._button(box, "decline", self.tt("landing.decline"), lambda: self.send(C.Decline(seat)))
        self.show_ring(selected=[space])

    # -- an office holder's push --------------------------------------------------------------------
    def _push(self, view: Any, legal: Any, task: Any, box: Any, bottom: Any) -> None:
        app = self.app
        a = P.action(legal, "Push") or {"steps": []}
        holder, pushed, start = a.get("seat"), task["seat"], task["space"]
        self.title = self.tt("landing.push_title", name=P.seat_name(view, holder))
        self.help = self.tt("landing.push_help", name=P.seat_name(view, pushed),
                            space=P.space_label(view, start, app.lang))
        grid = Factory.GridLayout(cols=2, spacing=app.u * 4, size_hint_y=None, row_default_height=app.touch * 0.9,
                                  row_force_default=True)
        grid.bind(minimum_height=grid.setter("height"))
        marks = {}
        for steps in sorted(a["steps"], key=lambda x: (abs(x), x)):
            dest = (start + steps - 1) % B.SPACES + 1
            marks[dest] = f"{steps:+d}"
            self._button(grid, f"push_{steps}", f"{steps:+d}: {P.space_label(view, dest, app.lang)}",
                         lambda steps=steps: self.send(C.Push(holder, steps)))
        for b in grid.children:
            b.font_size = app.u * 12
            b.shorten = True
        box.add_widget(grid)
        self._button(bottom, "pass_push", self.tt("landing.pass_push"), lambda: self.send(C.PassPush(holder)),
                     kind="primary")
        self.show_ring(selected=[start], marks=marks)

    def on_ring_select(self, space: int, allowed: bool) -> None:
        view = self.session.view()
        task = P.head_task(view)
        if task and task["t"] == "pay" and allowed:
            self.send(C.Sell(task["debtor"], space))
            return
        super().on_ring_select(space, allowed)

    # -- men-at-arms -------------------------------------------------------------------------------
    def _fight(self, view: Any, legal: Any, task: Any, box: Any, bottom: Any) -> None:
        app = self.app
        a, b = task["seat"], task["other"]
        self.title = self.tt("landing.fight_title", a=P.seat_name(view, a), b=P.seat_name(view, b))
        self.help = self.tt("landing.fight_help", a=P.seat_name(view, a), men_a=view["seats"][a]["men"],
                            b=P.seat_name(view, b), men_b=view["seats"][b]["men"])
        for seat, number in sorted(task.get("spins", {}).items(), key=lambda kv: int(kv[0])):
            box.add_widget(make("Dim", text=self.tt("landing.fight_spun", name=P.seat_name(view, seat), n=number)))
        to_act = legal.get("to_act", [])
        if to_act:
            seat = to_act[0]
            bottom.add_widget(make("Txt", text=self.tt("landing.fight_spin", name=P.seat_name(view, seat)),
                                          font_size=app.u * 14))
            count = len(self.ui.notes.current)
            self.spin_pad(bottom, ("fight", a, b, seat, count), lambda n: self._send_spin(C.FightSpin(seat, n)))
        self.show_ring(selected=[view["seats"][a]["space"]])

    def _send_spin(self, command: Any) -> None:
        self.spun()
        self.send(command)

    # -- forced sales --------------------------------------------------------------------------------
    def _pay(self, view: Any, legal: Any, task: Any, box: Any, bottom: Any) -> None:
        app = self.app
        a = P.action(legal, "Sell") or {"spaces": [], "owed": task["amount"], "cash": 0}
        debtor = task["debtor"]
        creditor = P.seat_name(view, task["creditor"]) if task["creditor"] is not None else self.tt("bank")
        self.title = self.tt("landing.sell_title", name=P.seat_name(view, debtor))
        self.help = self.tt("landing.sell_help", owed=a["owed"], to=creditor, cash=a["cash"])
        for n in a["spaces"]:
            fetch = a.get("fetch", {}).get(str(n))
            works = len(view["works"][n - 1])
            text = self.tt("landing.sell", space=P.space_label(view, n, app.lang),
                           amount=fetch if fetch is not None else "?")
            if works:
                text += " " + self.tt("landing.sell_works", n=works)
            self._button(box, f"sell_{n}", text, lambda n=n: self.send(C.Sell(debtor, n)))
        self.show_ring(choices=a["spaces"])
