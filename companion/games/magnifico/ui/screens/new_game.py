"""Magnifico's setup form: seats in clockwise order with names and army colours, variants,
target, box."""

from typing import Any

from kivy.properties import DictProperty, ListProperty, NumericProperty, StringProperty

from companion.app import theme
from companion.app.screens.seats import SeatsForm
from companion.app.widgets.common import keyed_buttons
from companion.games.magnifico.game import GAME

from .base import MagnificoScreen

MIN_SEATS, MAX_SEATS = GAME.seats  # rulebook 5.3.1-5.3.3: auctions are defined for 3 to 5 players
TARGET_RANGE = (20, 40)  # rules-decisions: default 30, up to 40 on the board track


class MagnificoNewGameScreen(MagnificoScreen, SeatsForm):
    seats = ListProperty([])
    target = NumericProperty(30)
    soldiers = NumericProperty(40)
    variants = DictProperty({})
    box_line = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.offered = {}
        self.reset()

    def reset(self):
        names = ("", "", "")
        self.seats = [{"name": n, "color": c} for n, c in zip(names, theme.DEFAULT_COLOURS)]
        self.target, self.soldiers = 30, 40
        self.variants = {}

    def refresh(self):
        s = self.session
        if s is None:
            return
        self.offered = self.ui.variant_names()
        if not self.variants:
            self.variants = {k: default for k, (default, _other) in self.offered.items()}
        self.box_line = self.ui.box_line(self.app.lang, self.app.translations)
        self.show_seats(self.ids.seats, "MagSeatRow")  # rows kept: made again when the count changes
        for b in keyed_buttons(self.ids.variants, sorted(self.variants), lambda b: self.toggle_variant(b.key)):
            key = b.key
            on = self.variants[key] != self.offered[key][0]
            mark = self.app.t("common.on") if on else self.app.t("common.off")
            b.text, b.kind = f"{self.app.t(f'variant.{key}')}: {mark}", "selected" if on else "normal"

    # -- seats --------------------------------------------------------------------------
    def add_seat(self):
        if len(self.seats) >= MAX_SEATS:
            self.app.toast(self.app.t("new_game.max_seats", n=MAX_SEATS))
            return
        self.seats.append({"name": "", "color": self.free_colour()})
        self.refresh()

    def remove_seat(self, index: int):
        if len(self.seats) <= MIN_SEATS:
            self.app.toast(self.app.t("new_game.min_seats", n=MIN_SEATS))
            return
        del self.seats[index]
        self.refresh()

    def move_up(self, index: int):
        if index > 0:
            self.seats[index - 1], self.seats[index] = self.seats[index], self.seats[index - 1]
            self.refresh()

    # -- options ------------------------------------------------------------------------
    def change_target(self, delta: int):
        self.target = min(TARGET_RANGE[1], max(TARGET_RANGE[0], self.target + delta))

    def change_soldiers(self, delta: int):
        self.soldiers = min(60, max(20, self.soldiers + delta))

    def toggle_variant(self, key: str):
        default, other = self.offered[key]
        self.variants[key] = other if self.variants[key] == default else default
        self.refresh()

    def seat_list(self) -> list[dict]:
        """The seats with a name for everyone (an empty name becomes "Player N")."""
        return [
            {"name": s["name"] or self.app.t("new_game.default_name", n=i + 1), "color": s["color"]}
            for i, s in enumerate(self.seats)
        ]

    def fields(self) -> dict[str, Any]:
        """What the form's Start sends (``ui.new_game``, ``ui.header``), as it stands now."""
        return {"seats": self.seat_list(), "variants": dict(self.variants), "target": int(self.target),
                "soldiers": int(self.soldiers)}

    def start(self):
        reason = self.ui.new_game(**self.fields())
        if reason:
            self.app.toast(self.app.reason(reason))
            return
        self.app.go_current()
