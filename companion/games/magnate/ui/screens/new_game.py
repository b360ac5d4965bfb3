"""Magnate's setup form: the two players' names and colours, the table options, the box."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import DictProperty, ListProperty, StringProperty

from companion.app import theme
from companion.app.screens.seats import SeatsForm
from companion.errors import CompanionError

from .base import MagnateScreen


class MagnateNewGameScreen(MagnateScreen, SeatsForm):
    seats = ListProperty([])
    variants = DictProperty({})
    box_line = StringProperty("")

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.reset()

    def reset(self) -> None:
        self.seats = [{"name": "", "color": c} for c in theme.DEFAULT_COLOURS[:2]]
        self.variants = {}

    def refresh(self) -> None:
        if self.session is None:
            return
        offered = self.ui.variant_names()
        if set(self.variants) != set(offered):
            self.variants = dict(offered)
        self.box_line = self._box_line()
        box = self.ids.seats
        if len(box.children) != len(self.seats):
            box.clear_widgets()
            for i in range(len(self.seats)):
                row = Factory.MagnateSeatRow()
                row.index, row.screen = i, self
                box.add_widget(row)
                self.ids[f"seat_{i}"] = row
        for row in box.children:
            seat = self.seats[row.index]
            row.colour = seat["color"]
            if row.ids.name.text != seat["name"]:
                row.ids.name.text = seat["name"]
        self.ids.variants.clear_widgets()
        for key in offered:
            on = bool(self.variants[key])
            self.button(self.ids.variants, "variant_" + key,
                        f"{self.tr('variant.' + key)}: {self.app.t('common.on') if on else self.app.t('common.off')}",
                        kind="selected" if on else "normal", on_tap=lambda k=key: self.toggle_variant(k),
                        font_size=self.app.u * 14)

    def _box_line(self) -> str:
        try:
            supply = self.ui.box().get("token_supply")
        except CompanionError as err:
            return self.app.reason(err.message)
        return self.tr("new_game.box_unlimited") if supply is None else self.tr("new_game.box_supply", n=supply)

    # -- seats --------------------------------------------------------------------------
    def swap(self) -> None:
        self.seats = [self.seats[1], self.seats[0]]
        self.refresh()

    # -- options ------------------------------------------------------------------------
    def toggle_variant(self, key: str) -> None:
        self.variants[key] = not self.variants[key]
        self.refresh()

    def seat_list(self) -> list[dict[str, Any]]:
        """The seats with a name for everyone (an empty name becomes "Player N")."""
        return [{"name": s["name"] or self.app.t("new_game.default_name", n=i + 1), "color": s["color"]}
                for i, s in enumerate(self.seats)]

    def fields(self) -> dict[str, Any]:
        """What the form's Start sends (``ui.new_game``, ``ui.header``), as it stands now."""
        return {"seats": self.seat_list(), "variants": dict(self.variants)}

    def start(self) -> None:
        reason = self.ui.new_game(**self.fields())
        if reason:
            self.app.toast(self.app.reason(reason))
            return
        self.app.go_current()
