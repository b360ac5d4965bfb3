"""Magnate's own widgets: the bar of both players' tokens, shown on every screen of a game."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.uix.boxlayout import BoxLayout


class MagnateTokenBar(BoxLayout):
    """One line per player: colour, name, the six token counts, the hand's size (``show(rows)``
    with ``presenters.token_rows``). The lines are made once and then only updated."""

    def show(self, rows: list[dict[str, Any]]) -> None:
        if len(self.children) != len(rows):
            self.clear_widgets()
            for _ in rows:
                self.add_widget(Factory.MagnateSeatTokens())
        for line, row in zip(reversed(self.children), rows):
            line.name, line.rgba, line.acting, line.hand = row["name"], row["rgba"], row["acting"], row["hand"]
            chips = list(reversed(line.ids.chips.children))
            if len(chips) != len(row["suits"]):
                line.ids.chips.clear_widgets()
                chips = [Factory.MagnateSuitChip() for _ in row["suits"]]
                for chip in chips:
                    line.ids.chips.add_widget(chip)
            for chip, suit in zip(chips, row["suits"]):
                chip.fill, chip.n, chip.label, chip.suit = suit["fill"], suit["n"], suit["label"], suit["suit"]


Factory.register("MagnateTokenBar", cls=MagnateTokenBar)
