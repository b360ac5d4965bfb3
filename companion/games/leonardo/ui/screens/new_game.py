"""Leonardo's new-game form: 3 to 6 seats in turn order with names and colours, the
variants (sealed bets, the market's payout, corporations), the agreed end time, and the
table's box profile (entered once on the box screen)."""

from __future__ import annotations

import datetime
from typing import Any

from kivy.properties import BooleanProperty, DictProperty, ListProperty, NumericProperty, StringProperty

from companion.app.screens.seats import SeatsForm
from companion.app.widgets.common import keyed_buttons
from companion.games.leonardo.game import GAME

from .. import presenters as P
from .base import LeonardoScreen

MIN_SEATS, MAX_SEATS = GAME.seats
END_STEP, END_MAX = 30, 360  # the agreed end, in minutes from the start (0: none agreed)


class LeonardoNewGameScreen(LeonardoScreen, SeatsForm):
    seats = ListProperty([])
    variants = DictProperty({})
    end_minutes = NumericProperty(0)
    end_line = StringProperty("")
    box_line = StringProperty("")
    box_ok = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.reset()

    def reset(self) -> None:
        self.seats = [{"name": "", "color": c} for c in P.SEAT_COLOURS[:MIN_SEATS]]
        self.variants = {k: default for k, (default, _values) in GAME.variants.items()}
        self.end_minutes = 0

    def refresh(self) -> None:
        if self.session is None or not self.seats:
            return
        app = self.app
        line, ok = self.ui.box_line(app.lang, app.translations)
        self.box_line, self.box_ok = line, ok
        self.end_line = self._end_text()
        self.show_seats(self.ids.seats, "LeonardoSeatRow")  # rows kept: made again when the count changes
        for b in keyed_buttons(self.ids.variants, GAME.variants, lambda b: self.toggle_variant(b.key),
                               ids=self.ids, id_of=lambda key: "variant_" + key):
            key = b.key
            b.text, b.font_size = self._variant_text(key), app.u * 14
            b.kind = "selected" if self.variants[key] != GAME.variants[key][0] else "normal"
            b.reason = self.tt("new_game.corporations_four") if key == "corporations" and len(self.seats) < 4 else ""

    def _variant_text(self, key: str) -> str:
        value = self.variants[key]
        if isinstance(value, bool):
            return self.tt(f"variant.{key}") + ": " + self.app.t("common.on" if value else "common.off")
        return self.tt(f"variant.{key}.{value}")

    def _end_text(self) -> str:
        if not self.end_minutes:
            return self.tt("new_game.end_none")
        at = datetime.datetime.now() + datetime.timedelta(minutes=int(self.end_minutes))
        return self.tt("new_game.end_in", minutes=int(self.end_minutes), at=at.strftime("%H:%M"))

    # -- seats ------------------------------------------------------------------------------
    def add_seat(self) -> None:
        if len(self.seats) >= MAX_SEATS:
            self.app.toast(self.tt("new_game.max_seats", n=MAX_SEATS))
            return
        self.seats.append({"name": "", "color": self.free_colour()})
        self.refresh()

    def remove_seat(self, index: int) -> None:
        if len(self.seats) <= MIN_SEATS:
            self.app.toast(self.tt("new_game.min_seats", n=MIN_SEATS))
            return
        del self.seats[index]
        if len(self.seats) < 4:
            self.variants["corporations"] = False
        self.refresh()

    def move_up(self, index: int) -> None:
        if index > 0:
            self.seats[index - 1], self.seats[index] = self.seats[index], self.seats[index - 1]
            self.refresh()

    # -- options ------------------------------------------------------------------------------
    def toggle_variant(self, key: str) -> None:
        values = GAME.variants[key][1]
        self.variants[key] = values[(values.index(self.variants[key]) + 1) % len(values)]
        self.refresh()

    def change_end(self, delta: int) -> None:
        self.end_minutes = min(END_MAX, max(0, int(self.end_minutes) + delta))
        self.end_line = self._end_text()

    def seat_list(self) -> list[dict[str, Any]]:
        """The seats with a name for everyone (an empty name becomes "Player N")."""
        return [{"name": s["name"] or self.app.t("new_game.default_name", n=i + 1), "color": s["color"]}
                for i, s in enumerate(self.seats)]

    def end_at(self) -> str | None:
        if not self.end_minutes:
            return None
        at = datetime.datetime.now() + datetime.timedelta(minutes=int(self.end_minutes))
        return at.strftime("%H:%M")

    def open_box(self) -> None:
        self.app.go("leonardo.box")

    def fields(self) -> dict[str, Any]:
        """What the form's Start sends (``ui.new_game``, ``ui.header``), as it stands now."""
        return {"seats": self.seat_list(), "variants": dict(self.variants), "end_at": self.end_at()}

    def start(self, profile: dict[str, Any] | None = None) -> bool:
        reason = self.ui.new_game(**self.fields(), profile=profile)
        if reason:
            self.app.toast(self.app.reason(reason))
            return False
        self.app.go_current()
        return True
