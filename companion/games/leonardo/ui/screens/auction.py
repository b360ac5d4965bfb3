"""The open auction of a palace or bridge the lander did not buy: every other player may
raise at any time, in steps of 5 (a tap on "+5", "+10", "+25", any amount on the keypad, or
the seat's handset: its lock is a bid), or leave the auction. The last bidder left buys."""

from __future__ import annotations

from typing import Any

from companion.app.widgets.common import make
from companion.app.widgets.dialogs import ask_number
from companion.games.leonardo import commands as C

from .. import presenters as P
from .base import LeonardoPlayScreen

RAISES = (5, 10, 25)


class LeonardoAuctionScreen(LeonardoPlayScreen):
    _drawn: Any = None  # what the rows were made for (see refresh)

    def refresh(self) -> None:
        s, app, hw = self.session, self.app, self.hardware
        drawn = None if s is None else (s.version, dict(hw.seat_states) if hw is not None else None,
                                        hw.notices if hw is not None else 0, app.lang, app.u, app.touch)
        if drawn is not None and drawn == self._drawn and self.ids.controls.children:
            return  # the same state and seats (a refresh again, a handset's repeated state): the rows stay
        self._drawn = drawn
        begun = self.begin()
        if begun is None:
            return
        view, legal, task = begun
        s, app = self.session, self.app
        box, bottom = self.ids.controls, self.ids.bottom
        if task is None or task["t"] != "auction":
            return
        space = task["space"]
        price = P.printed_price(view, space)
        self.title = self.tt("auction.title", space=P.space_label(view, space, app.lang))
        if task["leader"] is None:
            self.help = self.tt("auction.no_bid", price=price if price is not None else "?")
        else:
            self.help = self.tt("auction.leads", name=P.seat_name(view, task["leader"]), amount=task["high"],
                                price=price if price is not None else "?")
        hw = self.hardware
        states = hw.seat_states if hw is not None else {}
        for seat in task["bidders"]:
            bid = P.action(legal, "Bid", seat) or {}
            row = make("LeonardoBidRow", name=P.seat_name(view, seat), rgba=P.seat_rgba(view, seat),
                       status=self.tt("cash", n=view["seats"][seat]["cash"]), leading=seat == task["leader"])
            buttons = row.ids.buttons
            if seat == task["leader"]:
                row.status = self.tt("auction.leading", amount=task["high"])
            else:
                least = bid.get("min", task["high"] + 5)
                for i, step in enumerate(RAISES):
                    amount = task["high"] + step
                    b = make("Btn", text=str(amount), font_size=app.u * 13, kind="primary" if i == 0 else "normal")
                    b.size_hint_y = 1
                    if amount > bid.get("max", 0) or amount < least:
                        b.reason = self.tt("auction.over_cash", name=P.seat_name(view, seat))
                    b.bind(on_tap=lambda _b, seat=seat, amount=amount: self.send(C.Bid(seat, amount)))
                    buttons.add_widget(b)
                    self.ids[f"bid_{seat}_{step}"] = b
                other = make("Btn", text="\u2026", font_size=app.u * 14)
                other.size_hint_y = 1
                other.bind(on_tap=lambda _b, seat=seat: self.keypad(seat))
                buttons.add_widget(other)
                self.ids[f"bid_{seat}_keypad"] = other
                if states.get(seat) == "entering" and hw is not None and not hw.uses_keypad(seat):
                    row.status += " \u00b7 " + self.tt("auction.handset")
            if seat == task["leader"]:
                box.add_widget(row)
                continue
            passing = P.action(legal, "PassBid", seat) or {}
            p = make("Btn", text=self.tt("auction.pass"), font_size=app.u * 12, kind="quiet")
            p.size_hint_y = 1
            if not passing.get("enabled", False):
                p.reason = app.reason(passing.get("message") or passing.get("reason", ""))
            p.bind(on_tap=lambda _b, seat=seat: self.send(C.PassBid(seat)))
            buttons.add_widget(p)
            self.ids[f"pass_{seat}"] = p
            box.add_widget(row)
        out = [i for i in range(len(view["seats"])) if i not in task["bidders"] and i != task["seat"]
               and not view["seats"][i].get("out") and view["seats"][i].get("member_of") is None]
        if out:
            box.add_widget(make("Dim", text=self.tt("auction.out", names=P.names(view, out))))
        notice = hw.notice if hw is not None else ""
        if notice:
            bottom.add_widget(make("Dim", text=app.reason(notice)))
        self.show_ring(selected=[space])

    def keypad(self, seat: int) -> None:
        view = self.session.view()
        bid = P.action(self.session.legal(), "Bid", seat) or {}
        name = P.seat_name(view, seat)
        ask_number(self.app, self.tt("auction.keypad_title", name=name),
                   self.tt("auction.keypad_help", least=bid.get("min", 5), most=bid.get("max", 0)),
                   lambda v: self.send(C.Bid(seat, int(v))))
