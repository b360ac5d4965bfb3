"""A player's turn after the roll: trade, develop, then exactly one card played (build, found or
sell: the card picker offers only the cards still unseen, then the district, then the
payment, the cheapest proposed), then the draw (or the end of a last turn).

What is allowed, and why not, comes from ``legal()``; a composed command is checked with
``check()`` before its button is live; the payment proposed is ``payment.propose_payment``.
"""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import DictProperty, StringProperty

from companion.games.magnate import commands as C
from companion.games.magnate import payment as P

from .. import names, presenters
from .base import MagnateScreen
from .turn_tokens import TokenModes

CARD_MODES = ("Build", "Found", "Sell")


class MagnateTurnScreen(TokenModes, MagnateScreen):
    title = StringProperty("")
    status = StringProperty("")
    lines = StringProperty("")
    mode = StringProperty("")  # "", "Build", "Found", "Sell", "Trade", "Develop"
    pick = DictProperty({})  # the command being composed: card, district, payment, give, get...

    def refresh(self) -> None:
        if not self.ready():
            return
        s, app = self.session, self.app
        view, legal = s.view(), s.legal()
        self.show_tokens()
        self.lines = "\n".join(self.ui.turn_lines(app.lang)) or ""
        if view.get("phase") != "actions":
            self.mode, self.pick = "", {}
            return
        seat = int(view["current"])
        key = (s.game_id, view.get("turn"))
        if key != getattr(self, "_turn_key", None):  # a new turn: start from the list of actions
            self._turn_key = key
            self.mode, self.pick = "", {}
        p = view["seats"][seat]
        self.title = self.tr("turn.title", name=p["name"], turn=view.get("turn", 0))
        dice = view.get("dice") or []
        self.status = self.tr("turn.status", a=dice[0] if dice else "-", b=dice[1] if len(dice) > 1 else "-",
                             deck=view.get("deck", 0))
        if view.get("final"):
            self.status += " · " + self.tr("turn.last")
        box, bottom = self.ids.actions, self.ids.bottom
        box.clear_widgets()
        bottom.clear_widgets()
        if self.mode == "":
            self._menu(legal, seat, box, bottom)
        elif self.mode in CARD_MODES:
            self._card_mode(view, legal, seat, box)
        else:
            self.token_mode(view, legal, seat, box)
        if self.mode:
            self.button(bottom, "back", self.app.t("common.back"), kind="quiet", on_tap=self.back)

    # -- the list of actions ----------------------------------------------------------------
    def _menu(self, legal: dict[str, Any], seat: int, box: Any, bottom: Any) -> None:
        grid = Factory.GridLayout(cols=2, spacing=self.app.u * 4, size_hint_y=None,
                                  row_default_height=self.app.touch * 1.2, row_force_default=True)
        grid.bind(minimum_height=grid.setter("height"))
        box.add_widget(grid)
        for kind in ("Build", "Found", "Sell", "Trade", "Develop"):
            a = presenters.action(legal, kind) or {}
            self.button(grid, "act_" + kind, self.tr("turn." + kind), self._reason(a),
                        on_tap=lambda k=kind: self.set_mode(k), height=self.app.touch * 1.2)
        end = presenters.action(legal, "EndTurn") or presenters.action(legal, "Draw")
        if end is not None:
            kind = end["type"]
            label = self.tr("turn.EndTurn") if kind == "EndTurn" else self.tr("turn.Draw", deck=end.get("deck", 0))
            self.button(bottom, "act_" + kind, label, self._reason(end), kind="primary",
                        on_tap=lambda k=kind: self.send(C.EndTurn(seat) if k == "EndTurn" else C.Draw(seat)))

    def _reason(self, entry: dict[str, Any]) -> Any:
        """An entry of ``legal()`` that is off: its keyed message (said in the table's language)."""
        if entry.get("enabled", False):
            return ""
        return entry.get("message") or entry.get("reason") or self.tr("turn.not_now")

    def set_mode(self, mode: str) -> None:
        self.mode, self.pick = mode, {}
        self.refresh()

    def back(self) -> None:
        """One step back: the last choice made, or the list of actions."""
        for k in ("payment", "district", "card", "suit", "deed", "get", "give"):
            if k in self.pick:
                pick = dict(self.pick)
                del pick[k]
                if k == "district":
                    pick.pop("payment", None)
                self.pick = pick
                self.refresh()
                return
        self.set_mode("")

    def choose(self, **values: Any) -> None:
        self.pick = {**self.pick, **values}
        self.refresh()

    def do(self, command: Any) -> None:
        """Send a command; back to the list of actions when it is taken, else stay."""
        mode, pick = self.mode, dict(self.pick)
        self.mode, self.pick = "", {}
        if not self.send(command):
            self.mode, self.pick = mode, pick
        self.refresh()

    # -- build, found, sell --------------------------------------------------------------------
    def _card_mode(self, view: dict[str, Any], legal: dict[str, Any], seat: int, box: Any) -> None:
        a = presenters.action(legal, self.mode) or {}
        cards = {c["card"]: c for c in a.get("cards", [])}
        card = self.pick.get("card")
        if card not in cards:
            self._cards(cards, box)
        elif self.mode == "Sell":
            self._sell(seat, cards[card], box)
        elif self.pick.get("district") not in [d["district"] for d in cards[card]["districts"] if d["enabled"]]:
            self._districts(view, seat, cards[card], box)
        elif self.mode == "Found":
            self._found(seat, cards[card], box)
        else:
            self._pay(view, seat, cards[card], box)

    def _pickable(self, c: dict[str, Any]) -> bool:
        """A card may be picked when legal() allows it, or (to build) when trades would pay it."""
        if c.get("enabled"):
            return True
        return self.mode == "Build" and bool(c.get("plan")) and any(d["enabled"] for d in c.get("districts", []))

    def _cards(self, cards: dict[str, dict[str, Any]], box: Any) -> None:
        lang, tr = self.app.lang, self.app.translations
        box.add_widget(Factory.Dim(text=self.tr("turn.pick_card_" + self.mode, n=len(cards))))
        grid = Factory.GridLayout(cols=4, spacing=self.app.u * 4, size_hint_y=None,
                                  row_default_height=self.app.touch * 1.1, row_force_default=True)
        grid.bind(minimum_height=grid.setter("height"))
        for card, c in cards.items():
            text = f"{names.card_label(card, lang)}\n{names.suit_markup(names.suits_of(card), lang, tr)}"
            reason = "" if self._pickable(c) else self._reason(c)
            self.button(grid, "card_" + card, text, reason, on_tap=lambda k=card: self.choose(card=k),
                        font_size=self.app.u * 13, height=self.app.touch * 1.1)
        box.add_widget(grid)

    def _districts(self, view: dict[str, Any], seat: int, c: dict[str, Any], box: Any) -> None:
        lang = self.app.lang
        box.add_widget(Factory.Txt(text=self.tr("turn.pick_district", card=names.card_label(c["card"], lang))))
        last = presenters.last_cards(view, seat, lang)
        for d in c.get("districts", []):
            district = d["district"]
            where = self.tr("turn.last_card", card=last[district]) if last.get(district) else self.tr("turn.no_card_yet")
            text = f"{names.card_name(district, lang)}  [size={int(self.app.u * 12)}]{where}[/size]"
            self.button(box, "district_" + district, text, self._reason(d),
                        on_tap=lambda k=district: self.choose(district=k), font_size=self.app.u * 15)

    def _sell(self, seat: int, c: dict[str, Any], box: Any) -> None:
        lang, tr = self.app.lang, self.app.translations
        command = C.Sell(seat, c["card"])
        box.add_widget(Factory.Txt(text=self.tr("turn.sell_line", card=names.card_label(c["card"], lang),
                                               tokens=names.tokens_text(c.get("tokens", {}), lang, tr))))
        self.button(box, "confirm", self.tr("turn.confirm_Sell"), self.session.check(command) or "", kind="primary",
                    on_tap=lambda: self.do(command))

    def _found(self, seat: int, c: dict[str, Any], box: Any) -> None:
        lang, tr = self.app.lang, self.app.translations
        command = C.Found(seat, c["card"], self.pick["district"])
        box.add_widget(Factory.Txt(text=self.tr("turn.found_line", card=names.card_label(c["card"], lang),
                                               district=names.card_name(self.pick["district"], lang),
                                               fee=names.tokens_text(c.get("fee", {}), lang, tr))))
        self.button(box, "confirm", self.tr("turn.confirm_Found"), self.session.check(command) or "", kind="primary",
                    on_tap=lambda: self.do(command))

    def _pay(self, view: dict[str, Any], seat: int, c: dict[str, Any], box: Any) -> None:
        """The payment: the cheapest split proposed (trades first when they are needed), each
        suit's count changeable; the rules say when a split will not do."""
        lang, tr = self.app.lang, self.app.translations
        card, district = c["card"], self.pick["district"]
        suits = names.suits_of(card)
        box.add_widget(Factory.Txt(text=self.tr("turn.build_line", card=names.card_label(card, lang),
                                               district=names.card_name(district, lang), cost=c.get("cost", 0),
                                               suits=", ".join(names.suit_name(x, lang) for x in suits))))
        proposal = P.propose_payment(self.session.state, seat, card)
        if proposal and proposal["trades"]:  # not payable as is: the fewest trades that make it so
            trades = [C.Trade(seat, t["give"], t["get"], t["times"]) for t in proposal["trades"]]
            told = "; ".join(self.tr("turn.trade_line", give=names.tokens_text({t.give: 3 * t.times}, lang, tr),
                                    get=names.tokens_text({t.get: t.times}, lang, tr)) for t in trades)
            box.add_widget(Factory.Dim(text=self.tr("turn.trades_first", trades=told)))
            self.button(box, "make_trades", self.tr("turn.make_trades"), kind="primary",
                        on_tap=lambda: self._trades(trades))
            return
        if "payment" not in self.pick:
            self.pick = {**self.pick, "payment": dict((proposal or {}).get("payment") or {x: 0 for x in suits})}
        pay = self.pick["payment"]
        have = view["seats"][seat]["tokens"]
        for x in suits:
            st = Factory.MagnateStepper()
            st.label = self.tr("turn.pay_suit", suit=names.suit_name(x, lang), have=have.get(x, 0))
            st.value = pay.get(x, 0)
            st.minus = lambda x=x: self._pay_change(x, -1)
            st.plus = lambda x=x: self._pay_change(x, 1)
            box.add_widget(st)
            self.ids["pay_" + x] = st
        if proposal and proposal["payment"] != {k: v for k, v in pay.items() if v}:
            self.button(box, "cheapest", self.tr("turn.cheapest", tokens=names.tokens_text(proposal["payment"], lang, tr)),
                        kind="quiet", on_tap=lambda: self.choose(payment=dict(proposal["payment"])))
        command = C.Build(seat, card, district, {k: v for k, v in pay.items() if v})
        self.button(box, "confirm", self.tr("turn.confirm_Build", tokens=names.tokens_text(pay, lang, tr)),
                    self.session.check(command) or "", kind="primary", on_tap=lambda: self.do(command))

    def _pay_change(self, suit: str, delta: int) -> None:
        pay = dict(self.pick.get("payment", {}))
        pay[suit] = max(0, pay.get(suit, 0) + delta)
        self.choose(payment=pay)

    def _trades(self, trades: list[Any]) -> None:
        """The trades the payment needs, one command each; the first refusal stops them."""
        for trade in trades:
            if not self.send(trade):
                break
        self.refresh()
