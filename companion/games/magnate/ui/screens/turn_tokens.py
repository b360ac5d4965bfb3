"""The turn's token moves: a trade with the bank (3 of one suit for 1 of another, several at
once) and a development (tokens of one of a deed's suits moved onto it)."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory

from companion.games.magnate import commands as C
from companion.games.magnate.cards import SUITS

from .. import names, presenters


class TokenModes:
    """The Trade and Develop steps of ``MagnateTurnScreen`` (a mixin: it uses the screen's
    ``pick``, ``button``, ``choose``, ``do`` and ``t``)."""

    pick: Any
    mode: str
    app: Any
    ids: Any
    session: Any

    def token_mode(self, view: dict[str, Any], legal: dict[str, Any], seat: int, box: Any) -> None:
        a = presenters.action(legal, self.mode) or {}
        if self.mode == "Trade":
            self._trade(view, a, seat, box)
        else:
            self._develop(view, a, seat, box)

    def _suit_row(self, box: Any, prefix: str, offered: dict[str, Any] | list[str], picked: Any,
                  on_pick: Any, reason: str) -> None:
        grid = Factory.GridLayout(cols=6, spacing=self.app.u * 3, size_hint_y=None,
                                  row_default_height=self.app.touch, row_force_default=True)
        grid.bind(minimum_height=grid.setter("height"))
        lang = self.app.lang
        for suit in SUITS:
            self.button(grid, prefix + suit, names.suit_name(suit, lang),
                        "" if suit in offered else reason, kind="selected" if suit == picked else "normal",
                        fill=None if suit == picked else names.suit_rgba(suit),
                        on_tap=lambda x=suit: on_pick(x), font_size=self.app.u * 13)
        box.add_widget(grid)

    def _stepper(self, box: Any, wid: str, label: str, key: str, low: int, high: int) -> None:
        value = min(high, max(low, int(self.pick.get(key, low))))
        st = Factory.MagnateStepper()
        st.label, st.value = label, value
        st.minus = lambda: self.choose(**{key: max(low, value - 1)})
        st.plus = lambda: self.choose(**{key: min(high, value + 1)})
        box.add_widget(st)
        self.ids[wid] = st

    # -- a trade ----------------------------------------------------------------------------------
    def _trade(self, view: dict[str, Any], a: dict[str, Any], seat: int, box: Any) -> None:
        lang, tr = self.app.lang, self.app.translations
        give_map = dict(a.get("give", {}))
        give, get = self.pick.get("give"), self.pick.get("get")
        box.add_widget(Factory.Txt(text=self.tr("turn.trade_give")))
        self._suit_row(box, "give_", give_map, give, lambda x: self.choose(give=x, times=1),
                       self.tr("turn.trade_short"))
        if give not in give_map:
            return
        box.add_widget(Factory.Txt(text=self.tr("turn.trade_get")))
        self._suit_row(box, "get_", [x for x in a.get("get", []) if x != give], get,
                       lambda x: self.choose(get=x), self.tr("turn.trade_same"))
        if get is None:
            return
        most = int(give_map[give])
        if most > 1:
            self._stepper(box, "times", self.tr("turn.trade_times"), "times", 1, most)
        times = min(most, max(1, int(self.pick.get("times", 1))))
        command = C.Trade(seat, give, get, times)
        text = self.tr("turn.trade_line", give=names.tokens_text({give: 3 * times}, lang, tr),
                      get=names.tokens_text({get: times}, lang, tr))
        self.button(box, "confirm", text, self.session.check(command) or "", kind="primary",
                    on_tap=lambda: self.do(command))

    # -- a development --------------------------------------------------------------------------
    def _develop(self, view: dict[str, Any], a: dict[str, Any], seat: int, box: Any) -> None:
        lang, tr = self.app.lang, self.app.translations
        deeds = {d["card"]: d for d in a.get("deeds", [])}
        deed = self.pick.get("deed")
        if deed not in deeds:
            box.add_widget(Factory.Txt(text=self.tr("turn.pick_deed")))
            for card, d in deeds.items():
                text = self.tr("turn.deed_line", card=names.card_label(card, lang),
                              district=names.card_name(d["district"], lang), on=d["on_it"], cost=d["cost"])
                reason = "" if d.get("enabled") else (d.get("message") or d.get("reason") or "")
                self.button(box, "deed_" + card, text, reason, on_tap=lambda k=card: self.choose(deed=k))
            return
        d = deeds[deed]
        allowed = dict(d.get("suits", {}))
        suit = self.pick.get("suit")
        box.add_widget(Factory.Txt(text=self.tr("turn.deed_line", card=names.card_label(deed, lang),
                                               district=names.card_name(d["district"], lang), on=d["on_it"],
                                               cost=d["cost"])))
        row = Factory.BoxLayout(size_hint_y=None, height=self.app.touch, spacing=self.app.u * 4)
        for x in names.suits_of(deed):
            self.button(row, "suit_" + x, names.suit_name(x, lang),
                        "" if x in allowed else self.tr("turn.develop_suit_off"),
                        kind="selected" if x == suit else "normal", fill=None if x == suit else names.suit_rgba(x),
                        on_tap=lambda x=x: self.choose(suit=x, count=allowed.get(x, 1)))
        box.add_widget(row)
        if suit not in allowed:
            return
        most = int(allowed[suit])
        if most > 1:
            self._stepper(box, "count", self.tr("turn.develop_count"), "count", 1, most)
        count = min(most, max(1, int(self.pick.get("count", most))))
        command = C.Develop(seat, deed, suit, count)
        self.button(box, "confirm", self.tr("turn.confirm_Develop",
                                           tokens=names.tokens_text({suit: count}, lang, tr)),
                    self.session.check(command) or "", kind="primary", on_tap=lambda: self.do(command))
