"""A spin of the machina de la sorte: typed (tap 1-12, then confirm), read by a dice reader
that reports ``d12`` (the number it read waits for the same confirm), or spun by the app
with the faces the table configured in its box profile (sent at once: nobody typed it).

A spin is a reveal: once sent it cannot be undone, hence the confirm for a typed number.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import DictProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.app.widgets.common import make
from companion.games.leonardo import box as B


class LeonardoSpinPad(BoxLayout):
    chosen = NumericProperty(0)  # the number typed or read, 0: none yet
    source = StringProperty("")  # "typed", "reader"
    profile = DictProperty({})  # the box profile of the game (its machina faces)
    confirm_text = StringProperty("")

    __events__ = ("on_spin",)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.orientation = "vertical"
        self.size_hint_y = None
        self.buttons: dict[int, Any] = {}
        self.rng: Callable[[], random.Random] = random.SystemRandom
        self.send: Callable[[int], Any] = lambda _n: None  # where a kept pad sends (see reset)
        self._build()
        self.fbind("chosen", self._show)

    @property
    def app(self) -> Any:
        return App.get_running_app()

    def say(self, key: str, **kw: Any) -> str:
        return str(self.app.t("leonardo." + key, **kw))

    def _build(self) -> None:
        app = self.app
        u, touch = app.u, app.touch
        self.spacing = u * 4
        # rows 0.92 of a touch: 40 high at 800x480 (0.85 made them 37, under a finger's width)
        grid = Factory.GridLayout(cols=6, spacing=u * 4, size_hint_y=None, height=touch * 1.84 + u * 4,
                                  row_default_height=touch * 0.92, row_force_default=True)
        for n in range(1, 13):
            b = make("Btn", text=str(n), font_size=u * 18, size_hint_y=1)
            b.bind(on_tap=lambda _b, n=n: self.type_number(n))
            self.buttons[n] = b
            grid.add_widget(b)
        self.add_widget(grid)
        line = Factory.BoxLayout(size_hint_y=None, height=touch, spacing=u * 6)
        self.app_spin = make("Btn", text=self.say("spin.app"), font_size=u * 14)
        self.app_spin.bind(on_tap=lambda *_: self.spin_here())
        self.ok = make("Btn", kind="primary", font_size=u * 15)
        self.ok.bind(on_tap=lambda *_: self.confirm())
        line.add_widget(self.app_spin)
        line.add_widget(self.ok)
        self.add_widget(line)
        self.height = grid.height + touch + self.spacing
        self._show()

    def _show(self, *_: Any) -> None:
        for n, b in self.buttons.items():
            b.kind = "selected" if n == self.chosen else "normal"
        if self.chosen:
            key = "spin.confirm_read" if self.source == "reader" else "spin.confirm"
            self.ok.text = self.say(key, n=int(self.chosen))
            self.ok.reason = ""
        else:
            self.ok.text = self.say("spin.confirm_none")
            self.ok.reason = self.say("spin.pick_first")

    def reset(self, profile: Any, send: Callable[[int], Any]) -> None:
        """A kept pad made ready for another spin: as a new one (nothing chosen, the system's
        random source, the texts in the table's language), sending its number to ``send``."""
        self.send = send
        self.profile = profile
        self.rng = random.SystemRandom
        self.source = ""
        self.chosen = 0
        self.app_spin.text = self.say("spin.app")
        self._show()

    def type_number(self, n: int) -> None:
        self.source = "typed"
        self.chosen = n
        self._show()

    def read(self, n: int) -> None:
        """A number the dice reader read: shown, waiting for the confirm."""
        self.source = "reader"
        self.chosen = n
        self._show()

    def spin_here(self) -> None:
        """The app's own spin, weighted by the box profile's faces; sent at once."""
        number = B.virtual_spin(self.rng(), self.profile) if self.profile else self.rng().randint(1, 12)
        self.dispatch("on_spin", int(number))

    def confirm(self) -> None:
        if self.chosen:
            n = int(self.chosen)
            self.chosen = 0
            self.dispatch("on_spin", n)

    def on_spin(self, number: int) -> None:
        pass
