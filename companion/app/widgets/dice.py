"""Typing the faces of a roll: one button per die that turns to its next face on a tap, for
any kind of die of ``companion.core.dice`` (Magnifico's hit/blank/explosion, d6, d10, d12)."""

from __future__ import annotations

import random
from typing import Any

from kivy.factory import Factory
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.core import dice

SHORT = {"hit": "H", "blank": "-", "explosion": "X"}


class DiceRow(BoxLayout):
    """``count`` dice of ``kind``; each tap turns one die to its next face. Starts on the
    kind's first blank face (Magnifico's) or its lowest number."""

    count = NumericProperty(6)
    kind = StringProperty("mag")
    faces = ListProperty([])

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.fbind("count", self._rebuild)
        self.fbind("kind", self._rebuild)
        self._rebuild()

    @property
    def die(self) -> dice.DieKind:
        return dice.kind(self.kind)

    def _start_face(self) -> Any:
        return dice.BLANK if dice.BLANK in self.die.faces else self.die.faces[0]

    def _rebuild(self, *_: Any) -> None:
        self._fresh = set(range(int(self.count)))  # dice not tapped yet: the first tap shows the first face
        self.faces = [self._start_face()] * int(self.count)
        self.clear_widgets()
        for i in range(int(self.count)):
            b = Factory.DieButton()
            b.index = i
            b.row = self
            self.add_widget(b)
        self._show()

    def cycle(self, index: int) -> None:
        """The die's next face in the kind's order (Magnifico: Hit, Blank, Explosion); an
        untouched die starts that order, so a blank die's first tap shows Hit."""
        order = self.die.faces
        faces = list(self.faces)
        if index in self._fresh and faces[index] != order[0]:
            faces[index] = order[0]
        else:
            faces[index] = order[(order.index(faces[index]) + 1) % len(order)]
        self._fresh.discard(index)
        self.faces = faces
        self._show()

    def set_faces(self, faces: list[Any]) -> None:
        self._fresh = set()
        self.faces = list(faces)
        self._show()

    def roll(self, rng: random.Random | None = None) -> None:
        """The app's own roll (when nobody has the real dice at hand)."""
        self.set_faces(self.die.roll(rng or random.SystemRandom(), len(self.faces)))

    def _show(self) -> None:
        for b in self.children:
            b.face = self.faces[b.index] if b.index < len(self.faces) else self._start_face()
