"""A player's turn begins: up to 4 works of art (50 each: the palace tapped on the board, the
value read from the tile), then the spin of the machina (typed, read, or the app's). A
corporation's members each spin, then pick one result. The table may agree to end the game
here (the turn is played out), or form a corporation (variant)."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import NumericProperty

from companion.app.widgets.common import make
from companion.app.widgets.dialogs import ask_number
from companion.games.leonardo import commands as C

from .. import presenters as P
from ..texts import word
from .base import LeonardoPlayScreen


class LeonardoTurnScreen(LeonardoPlayScreen):
    spins = True
    art_space = NumericProperty(0)  # buying a work of art: -1 choosing the palace, else the palace chosen

    def refresh(self) -> None:
        if not self.ready():
            return
        s, app = self.session, self.app
        view, legal = s.view(), s.legal()
        if view.get("phase") != "turns":
            return
        lead = view["turn"]["seat"]
        key = (s.game_id, view.get("round"), lead)
        if key != getattr(self, "_turn_key", None):
            self._turn_key = key
            self.art_space = 0
        p = view["seats"][lead]
        self.title = self.tt("turn.title", name=p["name"])
        art = P.action(legal, "BuyArt")
        bought = art["bought"] if art else 0
        self.help = self.tt("turn.status", cash=p["cash"], bought=bought, men=p.get("men", 0))
        box, bottom = self.ids.controls, self.ids.bottom
        box.clear_widgets()
        bottom.clear_widgets()
        if self.art_space:
            self._art(view, art, box)
        else:
            self._main(view, legal, art, box)
        lines = self.ui.log_lines(self.ui.notes.previous, app.lang)
        if lines and not self.art_space:
            shown = lines[-(6 if self.height >= 600 else 3):]  # the small screen keeps room for the spin pad
            last = self.kept("last_turn", lambda: Factory.LeonardoLines())
            last.text = self.tt("turn.last_turn") + "\n" + "\n".join(shown)
            box.add_widget(last)
        self._table_actions(view, legal, bottom)

    def _main(self, view: Any, legal: Any, art: Any, box: Any) -> None:
        app = self.app
        if art is not None:
            b = self.kept("buy_art", lambda: self._button(lambda *_: self._choose_palace(), font_size=app.u * 14))
            b.text = self.tt("turn.buy_art", price=art["price"])
            b.reason = app.reason(art.get("message") or art.get("reason", "")) if not art["enabled"] else ""
            if not art["spaces"] and art["enabled"]:
                b.reason = self.tt("turn.no_room")
            box.add_widget(b)
            self.ids["buy_art"] = b
        spins = P.actions(legal, "Spin")
        choose = P.action(legal, "ChooseSpin")
        if spins:
            seat = spins[0]["seat"]
            done = view["turn"].get("spins", {})
            for other, number in sorted(done.items(), key=lambda kv: int(kv[0])):
                box.add_widget(make("Dim", text=self.tt("turn.member_spun", name=P.seat_name(view, other), n=number)))
            pad_box = self.ids.bottom
            who = self.kept("spin_who", lambda: make("Txt", font_size=app.u * 14))
            who.text = self.tt("turn.spin", name=P.seat_name(view, seat))
            pad_box.add_widget(who)
            self.spin_pad(pad_box, ("turn", view.get("round"), seat, len(done)),
                          lambda n, seat=seat: self._send_spin(C.Spin(seat, n)))
        elif choose is not None:
            box.add_widget(make("Txt", text=self.tt("turn.choose_spin"), font_size=app.u * 14))
            row = Factory.BoxLayout(size_hint_y=None, height=app.touch, spacing=app.u * 4)
            for n in choose["choices"]:
                b = make("Btn", text=str(n), kind="primary")
                b.bind(on_tap=lambda _b, n=n: self.send(C.ChooseSpin(choose["seat"], n)))
                row.add_widget(b)
                self.ids[f"choose_{n}"] = b
            box.add_widget(row)
        self.show_ring()

    # -- works of art -----------------------------------------------------------------------------
    def _choose_palace(self) -> None:
        self.art_space = -1
        self.refresh()

    def _art(self, view: Any, art: Any, box: Any) -> None:
        app = self.app
        if art is None:
            self.art_space = 0
            return
        if self.art_space < 0:
            box.add_widget(make("Txt", text=self.tt("turn.art_where"), font_size=app.u * 14))
            for n in art["spaces"]:
                works = view["works"][n - 1]
                b = make("Btn", text=f"{P.space_label(view, n, app.lang)} ({len(works)}/4)", font_size=app.u * 13)
                b.bind(on_tap=lambda _b, n=n: self.art_on(n))
                box.add_widget(b)
                self.ids[f"art_{n}"] = b
            self.show_ring(choices=art["spaces"])
        else:
            self.show_ring(selected=[self.art_space])
        back = make("Btn", text=self.app.t("common.back"), kind="quiet")
        back.bind(on_tap=lambda *_: self._cancel_art())
        box.add_widget(back)

    def on_ring_select(self, space: int, allowed: bool) -> None:
        if self.art_space == -1 and allowed:
            self.art_on(space)
            return
        super().on_ring_select(space, allowed)

    def art_on(self, space: int) -> None:
        """The palace chosen: the table reads the tile's value and types it."""
        self.art_space = space
        self.refresh()
        view = self.session.view()
        seat = view["turn"]["seat"]

        def got(value: int) -> None:
            self.art_space = 0
            self.send(C.BuyArt(seat, space, int(value)))
            self.refresh()

        ask_number(self.app, self.tt("turn.art_value_title", space=P.space_label(view, space, self.app.lang)),
                   self.tt("turn.art_value_help"), got, max_digits=3)

    def _cancel_art(self) -> None:
        self.art_space = 0
        self.refresh()

    def _send_spin(self, command: Any) -> None:
        self.spun()
        self.art_space = 0
        self.send(command)

    # -- the table's own actions --------------------------------------------------------------------
    def _table_actions(self, view: Any, legal: Any, bottom: Any) -> None:
        app = self.app
        row = self.kept("table_row", lambda: Factory.BoxLayout(size_hint_y=None, height=app.touch * 0.9,
                                                                spacing=app.u * 4))
        row.clear_widgets()
        end = P.action(legal, "EndByAgreement")
        if end is not None:
            late = self._time_is_up()
            b = self.kept("end", lambda: self._button(lambda *_: self.confirm_end(), font_size=app.u * 12,
                                                       size_hint_y=1))
            b.text = self.tt("turn.end_now") if late else self.tt("turn.end")
            b.kind = "primary" if late else "quiet"
            b.reason = "" if end["enabled"] else app.reason(end.get("message") or end.get("reason"))
            row.add_widget(b)
            self.ids["end"] = b
        corp = P.action(legal, "FormCorporation")
        if corp is not None:
            b = self.kept("corporation", lambda: self._button(lambda *_: self.open_corporation(),
                                                               font_size=app.u * 12, kind="quiet", size_hint_y=1))
            b.text = self.tt("turn.corporation")
            b.reason = "" if corp["enabled"] else app.reason(corp.get("message") or corp.get("reason"))
            row.add_widget(b)
            self.ids["corporation"] = b
        if row.children:
            bottom.add_widget(row)


    @staticmethod
    def _button(tap: Any, **props: Any) -> Any:
        b = make("Btn", **props)
        b.bind(on_tap=tap)
        return b

    def _time_is_up(self) -> bool:
        import datetime

        at = self.session.header.get("end_at")
        if not at:
            return False
        now = datetime.datetime.now().strftime("%H:%M")
        return bool(now >= at)

    def confirm_end(self) -> None:
        from ..forms import choose

        choose(self.app, self.tt("turn.end_title"), [(self.tt("turn.end_yes"), True)],
               lambda _v: self.send(C.EndByAgreement()), text=self.tt("turn.end_help"), size=(0.6, 0.6))

    def open_corporation(self) -> None:
        """Corporations (variant): the members, then the pawn kept, then the faction."""
        from ..forms import choose

        view, app = self.session.view(), self.app
        corp = P.action(self.session.legal(), "FormCorporation") or {}
        seats = list(corp.get("seats", []))
        picked: list[int] = []

        def members(seat: Any) -> None:
            if seat == "done":
                if len(picked) < 2:
                    app.toast(self.tt("turn.corporation_two"))
                    return
                choose(app, self.tt("turn.corporation_pawn"), [(P.seat_name(view, s), s) for s in picked], pawn,
                       cols=2)
                return
            picked.append(seat)
            ask_members()

        def pawn(lead: int) -> None:
            choose(app, self.tt("turn.corporation_faction"), [(word(f"faction.{f}", app.lang), f)
                                                              for f in corp.get("choices", [])],
                   lambda f: self.send(C.FormCorporation(tuple(picked), f, lead)), cols=2)

        def ask_members() -> None:
            left = [(P.seat_name(view, s), s) for s in seats if s not in picked]
            choose(app, self.tt("turn.corporation_members", names=P.names(view, picked) or "-"),
                   [*left, (self.tt("turn.corporation_done"), "done")], members, cols=2)

        ask_members()
