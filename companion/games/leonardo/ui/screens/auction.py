"""The open auction of a palace or bridge the lander did not buy: every other player may
raise at any time, in steps of 5 (a tap on "+5", "+10", "+25", any amount on the keypad, or
the seat's handset: its lock is a bid), or leave the auction. The last bidder left buys."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock

from companion.app.widgets.common import make
from companion.app.widgets.dialogs import ask_number
from companion.games.leonardo import commands as C

from .. import presenters as P
from .base import LeonardoPlayScreen

RAISES = (5, 10, 25)


class LeonardoAuctionScreen(LeonardoPlayScreen):
    _drawn: Any = None  # what the rows were drawn for (see refresh)
    _rows_key: Any = None
    _rows: dict[int, _Row] = {}

    _soon: Any = None  # the draw before the next frame
    _entered = False  # shown (entering draws at once)

    def on_enter(self, *args: Any) -> None:
        self._entered = True

    def on_pre_leave(self, *args: Any) -> None:
        self._entered = False
        if self._soon is not None:
            self._soon.cancel()

    def refresh(self) -> None:
        """Drawn at once when entered; while shown, the refreshes one command sets off (the state,
        then each handset's new state) are drawn once, before the frame that shows them."""
        if self._entered and self.ids.controls.children:
            if self._soon is None:
                self._soon = Clock.create_trigger(lambda _dt: self.draw(), -1)
            self._soon()
            return
        self.draw()

    def draw(self) -> None:
        if self._soon is not None:
            self._soon.cancel()
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
        rows = self._rows_for()
        for seat in task["bidders"]:
            made = rows.get(seat)
            if made is None:
                made = rows[seat] = _Row(self, seat)
            row, leading = made.row, seat == task["leader"]
            row.name, row.rgba, row.leading = P.seat_name(view, seat), P.seat_rgba(view, seat), leading
            row.status = self.tt("cash", n=view["seats"][seat]["cash"])
            made.show_buttons(not leading)
            if leading:
                row.status = self.tt("auction.leading", amount=task["high"])
                box.add_widget(row)
                continue
            bid = P.action(legal, "Bid", seat) or {}
            least = bid.get("min", task["high"] + 5)
            for step, b in zip(RAISES, made.raises):
                amount = b.amount = task["high"] + step
                b.text = str(amount)
                over = amount > bid.get("max", 0) or amount < least
                b.reason = self.tt("auction.over_cash", name=P.seat_name(view, seat)) if over else ""
                self.ids[f"bid_{seat}_{step}"] = b
            self.ids[f"bid_{seat}_keypad"] = made.other
            if states.get(seat) == "entering" and hw is not None and not hw.uses_keypad(seat):
                row.status += " \u00b7 " + self.tt("auction.handset")
            passing = P.action(legal, "PassBid", seat) or {}
            p = made.passing
            p.reason = "" if passing.get("enabled", False) else app.reason(passing.get("message")
                                                                           or passing.get("reason", ""))
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

    def ahead(self) -> None:
        """While the table is idle (the app's warm-up): the board, as every play screen, and a
        row for each seat of the most players, so the first auction of a session (after a
        landing or a Resume) only fills them (making them cost 6 ms a bidder here)."""
        super().ahead()
        from companion.games.leonardo.game import GAME

        rows = self._rows_for()
        for seat in range(GAME.seats[1]):
            if seat not in rows:
                rows[seat] = _Row(self, seat)

    def _rows_for(self) -> dict[int, _Row]:
        """The rows made at this size and in this language (made again when they change); each
        is filled for the game at every draw, so they serve game after game."""
        key = (self.app.lang, self.app.u, self.app.touch)
        if key != self._rows_key:
            self._rows_key, self._rows = key, {}
        return self._rows

    def keypad(self, seat: int) -> None:
        view = self.session.view()
        bid = P.action(self.session.legal(), "Bid", seat) or {}
        name = P.seat_name(view, seat)
        ask_number(self.app, self.tt("auction.keypad_title", name=name),
                   self.tt("auction.keypad_help", least=bid.get("min", 5), most=bid.get("max", 0)),
                   lambda v: self.send(C.Bid(seat, int(v))))


class _Row:
    """A bidder's row, made once per seat (making a row and its buttons costs most of a refresh):
    its raises, the keypad and "pass" are updated in place."""

    def __init__(self, screen: LeonardoAuctionScreen, seat: int) -> None:
        app = screen.app
        self.row = make("LeonardoBidRow")
        self.raises: list[Any] = []
        for i, step in enumerate(RAISES):
            b = make("Btn", font_size=app.u * 13, kind="primary" if i == 0 else "normal")
            b.size_hint_y = 1
            b.amount = 0
            b.bind(on_tap=lambda b, seat=seat: screen.send(C.Bid(seat, b.amount)))
            self.raises.append(b)
        self.other = make("Btn", text="\u2026", font_size=app.u * 14)
        self.other.size_hint_y = 1
        self.other.bind(on_tap=lambda _b, seat=seat: screen.keypad(seat))
        self.passing = make("Btn", text=screen.tt("auction.pass"), font_size=app.u * 12, kind="quiet")
        self.passing.size_hint_y = 1
        self.passing.bind(on_tap=lambda _b, seat=seat: screen.send(C.PassBid(seat)))
        self.bidding: bool | None = None  # the buttons shown (a leader's row has none)

    def show_buttons(self, bidding: bool) -> None:
        if bidding == self.bidding:
            return
        self.bidding = bidding
        box = self.row.ids.buttons
        box.clear_widgets()
        if bidding:
            for b in (*self.raises, self.other, self.passing):
                box.add_widget(b)
