"""A market: every opponent bets on a product (from 5 florins to all it holds), openly or, in
the sealed-bets variant, in secret (the product on the private keypad, the amount there or on
the seat's handset). Then the opener spins: the machina's numbers of each product and the
lose-all numbers are shown beside the spin."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory

from companion.app.widgets.common import make
from companion.games.leonardo import box as B
from companion.games.leonardo import commands as C

from .. import presenters as P
from ..forms import bet_dialog
from ..texts import word
from .base import LeonardoPlayScreen


class LeonardoMarketScreen(LeonardoPlayScreen):
    spins = True

    def refresh(self) -> None:
        begun = self.begin()
        if begun is None:
            return
        view, legal, task = begun
        app = self.app
        box, bottom = self.ids.controls, self.ids.bottom
        if task is None or task["t"] != "market":
            return
        opener = task["seat"]
        where = P.space_label(view, task["space"], app.lang)
        self.title = self.tt("market.title", space=where)
        lines = self.ui.log_lines(self.ui.notes.current, app.lang)
        if lines and task["stage"] == "bets":
            box.add_widget(Factory.LeonardoLines(text="\n".join(lines[-3:])))
        if task["stage"] == "bets":
            self._bets(view, legal, task, box)
        else:
            self._spin(view, task, box)
        bottom.add_widget(make("Dim", text=self._numbers(view), font_size=app.u * 11))
        self.show_ring(selected=[task["space"]])
        self.ring_note = self.tt("market.opener", name=P.seat_name(view, opener))

    def _numbers(self, view: Any) -> str:
        """The machina's numbers of each product, and the lose-all numbers (the table's box)."""
        box = view.get("box") or {}
        parts = []
        for p in B.PRODUCTS:
            numbers = (box.get("products") or {}).get(p) or []
            parts.append(f"{word('product.' + p, self.app.lang)} {', '.join(str(n) for n in numbers) or '?'}")
        parts.append(self.tt("market.lose_all", numbers=", ".join(str(n) for n in box.get("lose_all", []))))
        return " \u00b7 ".join(parts)

    def _bets(self, view: Any, legal: Any, task: Any, box: Any) -> None:
        app = self.app
        sealed = bool(task["sealed"])
        self.help = self.tt("market.sealed_help" if sealed else "market.help",
                            name=P.seat_name(view, task["seat"]))
        hw = self.hardware
        states = hw.seat_states if hw is not None else {}
        locked = set(task.get("locked", []))
        devices = self.ui.devices
        for seat in task["bettors"]:
            row = self._bet_row(seat)
            row.name, row.rgba, row.status, row.locked = P.seat_name(view, seat), P.seat_rgba(view, seat), "", False
            btn = row.ids.action
            btn.text, btn.kind, btn.opacity, btn.disabled, btn.action = "", "normal", 1, False, None
            bet = (task.get("bets") or {}).get(str(seat))
            if not sealed:
                if bet is not None:
                    row.status = self.tt("market.bet", amount=bet["amount"],
                                         product=word(f"product.{bet['product']}", app.lang))
                    btn.opacity, btn.disabled = 0, True
                else:
                    row.status = self.tt("cash", n=view["seats"][seat]["cash"])
                    btn.text, btn.kind = self.tt("market.bet_btn"), "primary"
                    btn.action = lambda seat=seat: self.open_bet(seat, False)
            elif seat in locked:
                row.status, row.locked = self.tt("market.locked"), True
                btn.text = self.tt("market.unlock")
                btn.action = lambda seat=seat: self._unlock(seat)
            else:
                handset = hw is not None and not hw.uses_keypad(seat) and devices.takes_part(seat)
                if handset and seat in devices.products:
                    row.status = self.tt("market.handset_amount")
                elif handset:
                    row.status = self.tt("market.handset_product") if states.get(seat) else ""
                else:
                    row.status = self.tt("market.waiting")
                btn.text, btn.kind = self.tt("market.secret_btn"), "primary"
                btn.action = lambda seat=seat, h=handset: self.open_bet(seat, True, h)
            self.ids[f"bet_{seat}"] = btn
            box.add_widget(row)
        notice = hw.notice if hw is not None else ""
        if notice:
            box.add_widget(make("Dim", text=app.reason(notice)))

    def ahead(self) -> None:
        """While the table is idle (the app's warm-up): the board, as every play screen, and a
        bettor's row for each seat of the most players, so the first market of a session
        only fills them."""
        super().ahead()
        from companion.games.leonardo.game import GAME

        for seat in range(GAME.seats[1]):
            self._bet_row(seat)

    def _bet_row(self, seat: int) -> Any:
        """Seat ``seat``'s bettor row, made once at this size and then updated: every bet and
        every lock refreshes the market, and each row made again cost 2 to 3 ms here."""
        rows = self.__dict__.setdefault("_bet_rows", {})
        key = (seat, self.app.u, self.app.touch)
        row = rows.get(key)
        if row is None:
            row = rows[key] = make("LeonardoBetRow")
            row.ids.action.bind(on_tap=lambda b: b.action() if b.action else None)
        return row

    def open_bet(self, seat: int, sealed: bool, handset: bool = False) -> None:
        def done(reason: Any) -> None:
            if reason:
                self.app.toast(self.app.reason(reason))
            self.refresh()

        bet_dialog(self.app, seat, sealed, done, handset=handset)

    def _unlock(self, seat: int) -> None:
        reason = self.ui.devices.unlock_bet(seat)
        if reason:
            self.app.toast(self.app.reason(reason))
        self.refresh()

    def _spin(self, view: Any, task: Any, box: Any) -> None:
        app = self.app
        opener = task["seat"]
        self.help = self.tt("market.spin_help", name=P.seat_name(view, opener))
        for seat, bet in sorted((task.get("bets") or {}).items(), key=lambda kv: int(kv[0])):
            box.add_widget(make("Dim", text=self.tt("market.bet_of", name=P.seat_name(view, seat),
                                                    amount=bet["amount"],
                                                    product=word(f"product.{bet['product']}", app.lang))))
        self.spin_pad(self.ids.bottom, ("market", view.get("round"), opener, task["space"]),
                      lambda n: self._send_spin(C.MarketSpin(opener, n)))

    def _send_spin(self, command: Any) -> None:
        self.spun()
        self.send(command)
