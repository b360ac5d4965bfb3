"""The game's top bar: who acts, the phase, and the table, play, undo and menu buttons."""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty
from kivy.uix.boxlayout import BoxLayout


class TopBar(BoxLayout):
    """Shown on a game's screens only. Hidden, it is 0 high and see-through, and takes no
    touch. It is not ``disabled`` then: a Kivy label renders its text again each time that
    changes, so every Start, Resume and way home rendered the bar's texts again in its tap."""

    shown = BooleanProperty(False)

    def on_touch_down(self, touch: Any) -> bool:
        return bool(self.shown and super().on_touch_down(touch))

    def on_touch_move(self, touch: Any) -> bool:
        return bool(self.shown and super().on_touch_move(touch))

    def on_touch_up(self, touch: Any) -> bool:
        return bool(self.shown and super().on_touch_up(touch))
