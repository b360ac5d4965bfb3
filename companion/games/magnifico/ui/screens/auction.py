"""The auction: turning up the cards, the sealed bids (handsets or a private keypad), the reveal,
then each player in order takes a card or passes; the Leonardo card moves on screen."""

from __future__ import annotations

import random

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import ListProperty, StringProperty

from companion.app.widgets.common import make
from companion.app.widgets.dialogs import ask_number
from companion.games.magnifico import commands as C

from .. import presenters
from .base import MagnificoScreen


class MagnificoAuctionScreen(MagnificoScreen):
    title = StringProperty("")
    help = StringProperty("")
    picked = ListProperty([])

    def ahead(self) -> None:
        """While the table is idle (the app's warm-up): the seats' rows made for the most
        players and the cards picker's buttons, so the first fill of the auction (after a
        Start, the income or a Resume) only sets them (a row made in the tap cost 2 to 3 ms
        here, the picker about 20 ms)."""
        from companion.errors import CompanionError
        from companion.games.magnifico.game import GAME

        for seat in range(GAME.seats[1]):
            self._seat_row(seat)
        s = self.session
        if s is not None:  # the picker's buttons, as many as a first round shows: the vehicles and a project kind each
            try:
                cards = s.box(GAME)["cards"]["cards"]
            except CompanionError:
                cards = []
            kinds = {c["kind"] for c in cards if c["kind"] not in ("tank", "airplane", "leonardo")}
            vehicles = sum(1 for c in cards if c["kind"] in ("tank", "airplane"))
            if vehicles + len(kinds):
                self._card_button(vehicles + len(kinds) - 1)
        super().ahead()

    def refresh(self):
        s = self.session
        if s is None or not s.has_game:
            return
        app, view = self.app, s.view()
        phase = view.get("phase")
        self.title = app.t("phase." + phase) if phase in ("auction_draw", "bidding", "choosing") else app.t(
            "auction.title")
        cards, seats = self.ids.cards, self.ids.seats
        if phase == "auction_draw":
            cards.clear_widgets()
            self._offer_key = None
            self._draw_picker(s, app, cards)
        else:
            self.picked = []
            self._offer(s, app, view, cards)
        self._seats(s, app, view, phase, seats)
        Clock.schedule_once(lambda _dt: self._move_leonardo(view.get("leonardo")), 0)

    def _card_pos(self, row):
        """On the row's slot for it, between the name and the status."""
        slot = row.ids.slot
        return (slot.x, row.center_y - self.ids.leo.height / 2)

    def _move_leonardo(self, holder):
        """The Leonardo card sits on its holder's row, and slides to a new holder (rulebook 5.3.6)."""
        leo = self.ids.leo
        rows = list(reversed(self.ids.seats.children))
        if holder is None or holder >= len(rows) or self.manager is None or self.manager.current != self.name:
            leo.opacity = 0
            return
        row = rows[holder]
        before = getattr(self, "_holder", None)
        self._holder = holder
        Animation.cancel_all(leo)
        leo.opacity = 1
        # the rows may not be laid out yet: follow the holder's row when it moves
        old_row = getattr(self, "_leo_row", None)
        if old_row is not None:
            old_row.ids.slot.unbind(pos=self._follow_row)
        self._leo_row = row
        row.ids.slot.bind(pos=self._follow_row)
        if before is None or before == holder or before >= len(rows):
            leo.pos = self._card_pos(row)
            return
        leo.pos = self._card_pos(rows[before])
        Animation(pos=self._card_pos(row), duration=0.8, t="in_out_quad").start(leo)

    def _follow_row(self, *_):
        leo = self.ids.leo
        Animation.cancel_all(leo)
        leo.pos = self._card_pos(self._leo_row)

    # -- turning up the cards ------------------------------------------------------------
    def _draw_picker(self, s, app, box):
        a = s.action("DrawAuction")
        need_v, need_p = a["vehicles"], a["projects"]
        self.help = app.t("auction.draw_help", v=need_v, p=need_p)
        kinds = s.view()["cards"]
        picked_v = [c for c in self.picked if kinds[c]["kind"] in ("tank", "airplane")]
        picked_p = [c for c in self.picked if c not in picked_v]
        picker = self._picker()
        grid = picker["grid"]
        grid.clear_widgets()
        seen_kinds = set()
        shown = 0
        for c in a["vehicle_cards"] + a["project_cards"]:
            kind = kinds[c]["kind"]
            vehicle = kind in ("tank", "airplane")
            if not vehicle:
                if kind in seen_kinds:
                    continue
                seen_kinds.add(kind)
            label = self.ui.card_name(c, app.lang)
            if not vehicle:
                left = sum(1 for x in a["project_cards"] if kinds[x]["kind"] == kind and x not in self.picked)
                label = f"{label} ({left})"
            chosen = c in self.picked or (not vehicle and any(kinds[x]["kind"] == kind for x in picked_p))
            b = self._card_button(shown)
            shown += 1
            b.text, b.kind = label, "selected" if chosen else "normal"
            b.action = lambda card=c: self.pick(card)
            grid.add_widget(b)
        box.add_widget(picker["scroll"])
        clear, rnd, ok = picker["clear"], picker["random"], picker["ok"]
        clear.text, rnd.text = app.t("auction.clear"), app.t("auction.random")
        ok.text = app.t("auction.turned_up", v=len(picked_v), p=len(picked_p))
        ok.reason = "" if (len(picked_v), len(picked_p)) == (need_v, need_p) else app.t(
            "auction.need", v=need_v, p=need_p)
        self.ids["draw_ok"] = ok
        box.add_widget(picker["line"])

    def _picker(self) -> dict:
        """The cards' grid, its scroll and the line of buttons under it, made once at this size
        (each pick of a card draws the picker again: making it cost about 20 ms a tap here)."""
        app = self.app
        key = (app.u, app.touch)
        kept = self.__dict__.get("_picker_kept")
        if kept is not None and kept["key"] == key:
            return kept
        grid = Factory.GridLayout(cols=3, spacing=app.u * 4, size_hint_y=None, row_default_height=app.touch,
                                  row_force_default=True)
        grid.bind(minimum_height=grid.setter("height"))
        scroll = Factory.ScrollView()
        scroll.add_widget(grid)
        line = Factory.BoxLayout(size_hint_y=None, height=app.touch, spacing=app.u * 6)
        clear = Factory.Btn(kind="quiet")
        clear.bind(on_tap=lambda *_: self._clear())
        rnd = Factory.Btn()
        rnd.bind(on_tap=lambda *_: self.draw_random())
        ok = Factory.Btn(kind="primary")
        ok.bind(on_tap=lambda *_: self.confirm_draw())
        for b in (clear, rnd, ok):
            line.add_widget(b)
        kept = self.__dict__["_picker_kept"] = {"key": key, "grid": grid, "scroll": scroll, "line": line,
                                                "clear": clear, "random": rnd, "ok": ok, "cards": []}
        return kept

    def _card_button(self, i: int):
        """The picker's ``i``-th card button, made once; each draw sets the card it picks (a
        vehicle, or a project kind's first card) as its ``action``."""
        buttons = self._picker()["cards"]
        while len(buttons) <= i:
            b = make("Btn", font_size=self.app.u * 12, max_lines=2)
            b.bind(on_tap=lambda b: b.action() if b.action else None)
            buttons.append(b)
        return buttons[i]

    def _clear(self):
        self.picked = []
        self.refresh()

    def pick(self, card: str):
        """Tap a card turned up; tapping a project kind again takes another of that kind."""
        s = self.session
        kinds = s.view()["cards"]
        kind = kinds[card]["kind"]
        if card in self.picked:
            self.picked.remove(card)
        elif kind in ("tank", "airplane"):
            self.picked.append(card)
        else:
            a = s.action("DrawAuction")
            free = [c for c in a["project_cards"] if kinds[c]["kind"] == kind and c not in self.picked]
            if free:
                self.picked.append(free[0])
        self.refresh()

    def draw_random(self):
        """The app draws for the table (the players then take those cards from the decks)."""
        s = self.session
        a = s.action("DrawAuction")
        view = s.view()
        rng = random.SystemRandom()
        chosen = []
        for deck, k in (("vehicles", a["vehicles"]), ("projects", a["projects"])):
            unknown, bottom = view["decks"][deck]["unknown"], view["decks"][deck]["bottom"]
            take = rng.sample(unknown, min(k, len(unknown)))
            chosen += take + bottom[: k - len(take)]
        self.picked = chosen
        self.confirm_draw()

    def confirm_draw(self):
        if self.send(C.DrawAuction(tuple(self.picked))):
            self.picked = []

    # -- the cards on offer ------------------------------------------------------------------
    def _offer(self, s, app, view, box):
        a = view.get("auction") or {}
        choose = s.action("ChooseCard") if view.get("phase") == "choosing" else None
        allowed = {c["card"]: c for c in (choose or {}).get("cards", [])}
        self.help = app.t("auction.bid_help") if view.get("phase") == "bidding" else (
            app.t("auction.choose_help", name=presenters.seat_name(view, choose["seat"]),
                  price=choose["price"]) if choose else "")
        key = (tuple(a.get("cards", [])), repr(choose), app.lang, app.touch, app.u)
        if key == self._offer_key:
            return  # the same cards, the same choice (a bid locked or unlocked): the rows stay
        self._offer_key = key
        box.clear_widgets()
        # five seats turn up four cards: more rows than an 800x480 panel holds, so they scroll
        # (laid out in the panel, they rose over the help line above them)
        rows = Factory.BoxLayout(orientation="vertical", spacing=app.u * 6, size_hint_y=None)
        rows.bind(minimum_height=rows.setter("height"))
        scroll = Factory.ScrollView(do_scroll_x=False)
        scroll.add_widget(rows)
        box.add_widget(scroll)
        for c in a.get("cards", []):
            row = make("MagCardRow", name=self.ui.card_name(c, app.lang), effect=self.ui.card_effect(c, app.lang))
            if choose:
                info = allowed.get(c, {})
                row.ids.take.opacity = 1
                row.ids.take.reason = "" if info.get("allowed", False) else app.reason(info.get("reason", ""))
                row.ids.take.bind(on_tap=lambda _b, card=c, seat=choose["seat"]: self.send(
                    C.ChooseCard(seat, card)))
                self.ids["take_" + c] = row.ids.take
            else:
                row.ids.take.opacity = 0
                row.ids.take.disabled = True
            rows.add_widget(row)
        if choose:
            p = Factory.Btn(text=app.t("auction.pass", name=presenters.seat_name(view, choose["seat"])),
                            kind="quiet")
            p.bind(on_tap=lambda *_: self.send(C.PassChoice(choose["seat"])))
            self.ids["pass"] = p
            box.add_widget(p)

    # -- the seats ----------------------------------------------------------------------------
    def _seats(self, s, app, view, phase, box):
        a = view.get("auction") or {}
        bids = a.get("bids", {})
        order = s.legal().get("order", [])
        chooser = (s.legal().get("to_act") or [None])[0] if phase == "choosing" else None
        box.clear_widgets()
        for i, p in enumerate(view["seats"]):
            row = self._seat_row(i)
            row.name, row.rgba, row.leonardo = p["name"], presenters.seat_rgba(view, i), view.get("leonardo") == i
            row.status, row.locked = "", False
            btn = row.ids.action
            btn.text, btn.kind, btn.reason, btn.action = "", "normal", "", None
            btn.opacity, btn.disabled = 1, False
            if phase == "bidding" and i in a.get("bidders", []):
                # the rules say who has locked (after a restart too); the handset adds "entering"
                locked = i in presenters.locked_seats(a)
                shown = self.hardware.seat_states.get(i) if self.hardware is not None else None
                state = "locked" if locked else (shown if shown in ("waiting", "entering") else "entering")
                row.status = app.t("auction." + state)
                row.locked = locked
                if locked:
                    btn.text = app.t("auction.unlock")
                    btn.action = lambda seat=i: self._unlock(seat)
                else:
                    btn.text = app.t("auction.keypad")
                    btn.kind = "primary"
                    btn.action = lambda seat=i: self.open_keypad(seat)
                self.ids[f"bid_{i}"] = btn
            elif phase == "bidding":
                row.status = app.t("auction.no_bid", n=p["florins"])
                btn.opacity, btn.disabled = 0, True
            elif phase == "choosing" or a.get("revealed"):
                bid = bids.get(str(i))
                done = i in a.get("done", [])
                row.status = app.t("auction.revealed_bid", n=bid) if bid is not None else app.t("auction.no_bid",
                                                                                                 n=p["florins"])
                if i in order:
                    row.status += "  #" + str(order.index(i) + 1)
                row.locked = i == chooser
                btn.opacity, btn.disabled = 0, True
                if done:
                    row.status += "  " + app.t("auction.done")
            else:
                row.status = app.t("table.florins", n=p["florins"])
                btn.opacity, btn.disabled = 0, True
            box.add_widget(row)
        notice = self.hardware.notice if self.hardware is not None else ""
        if notice:
            box.add_widget(self._dim("notice", app.reason(notice)))
        box.add_widget(self._dim("hardware", app.hardware_line))

    _offer_key = None  # what the cards on offer were drawn for

    def _seat_row(self, seat: int):
        """Seat ``seat``'s row, made once and then updated (making one costs more than the rest
        of a refresh: a handset's lock redraws the seats twice, its state then the rules)."""
        rows = self.__dict__.setdefault("_rows", {})
        row = rows.get((seat, self.app.u, self.app.touch))
        if row is None:
            row = rows[seat, self.app.u, self.app.touch] = make("MagSeatBidRow")
            row.ids.action.bind(on_tap=lambda b: b.action() if b.action else None)
        return row

    def _dim(self, name: str, text: str):
        dims = self.__dict__.setdefault("_dims", {})
        if name not in dims:
            dims[name] = Factory.Dim()
        dims[name].text = text
        return dims[name]

    def open_keypad(self, seat: int):
        s, app = self.session, self.app
        name = presenters.seat_name(s.view(), seat)

        def got(amount):
            reason = self.ui.bids.enter(seat, amount)
            if reason:
                app.toast(app.reason(reason))
            self.refresh()

        ask_number(app, app.t("auction.keypad_title", name=name), app.t("auction.keypad_help", name=name), got,
                   masked=True, missing=app.t("auction.bid_missing", name=name))

    def _unlock(self, seat: int):
        reason = self.ui.bids.unlock(seat)
        if reason:
            self.app.toast(self.app.reason(reason))
        self.refresh()
