"""Typing the faces of a roll: one button per die that cycles hit, blank, explosion."""

from __future__ import annotations

import random

from kivy.factory import Factory
from kivy.properties import ListProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout

FACES = ("hit", "blank", "explosion")
SHORT = {"hit": "H", "blank": "-", "explosion": "X"}


class DiceRow(BoxLayout):
    """``count`` dice; each tap turns one die to its next face. Starts all blank."""

    count = NumericProperty(6)
    faces = ListProperty([])

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.fbind("count", self._rebuild)
        self._rebuild()

    def _rebuild(self, *_):
        self.faces = ["blank"] * int(self.count)
        self.clear_widgets()
        for i in range(int(self.count)):
            b = Factory.DieButton()
            b.index = i
            b.row = self
            self.add_widget(b)
        self._show()

    def cycle(self, index: int):
        faces = list(self.faces)
        faces[index] = FACES[(FACES.index(faces[index]) + 1) % len(FACES)]
        self.faces = faces
        self._show()

    def set_faces(self, faces):
        self.faces = list(faces)
        self._show()

    def roll(self, rng=None):
        """The app's own roll (when nobody has the real dice at hand)."""
        rng = rng or random.SystemRandom()
        self.set_faces([rng.choice(("hit", "hit", "hit", "blank", "blank", "explosion")) for _ in self.faces])

    def _show(self):
        for b in self.children:
            b.face = self.faces[b.index] if b.index < len(self.faces) else "blank"
