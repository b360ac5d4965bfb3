"""Dice of every kind the family uses, as the table, the reader and the app's own roll see them.

A kind names its faces and its sides (a face may be on several sides):

| kind | faces | sides |
| --- | --- | --- |
| ``mag`` | hit, blank, explosion (Magnifico's die) | 3 hit, 2 blank, 1 explosion |
| ``d6`` | 1-6 | one each |
| ``d10`` | 1-10 (a side printed 0 is read as 10) | one each |
| ``d12`` | 1-12 (Leonardo's machina de la sorte, read as a d12) | one each |

What a roll means is each game's business; this module only checks that faces are faces.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.i18n import CORE
from companion.errors import IllegalCommand

HIT, BLANK, EXPLOSION = "hit", "blank", "explosion"
FACES = (HIT, BLANK, EXPLOSION)
Face = Any  # a word for ``mag``, an int for the numbered dice


@dataclass(frozen=True)
class DieKind:
    """One kind of die: its name, its faces in order, its sides (for a fair roll)."""

    name: str
    faces: tuple[Face, ...]
    sides: tuple[Face, ...]
    letters: tuple[str, ...] = ()  # short forms typed or sent by the reader (``H``, ``B``, ``X``)

    def face(self, value: Any) -> Face:
        """``value`` as a face of this die (``"H"``/``"hit"``, ``"7"``, ``0`` on a d10), or refused."""
        if self.letters:
            word = str(value).strip().lower()
            for face, letter in zip(self.faces, self.letters):
                if word in (face, letter.lower()):
                    return face
            raise CORE.error("not_a_face_of", face=str(value), die=self.name,
                             faces=", ".join(f"{letter} ({face})" for face, letter in zip(self.faces, self.letters)))
        try:
            number = int(str(value).strip()) if not isinstance(value, bool) else None
        except ValueError:
            number = None
        if number == 0 and self.name == "d10":
            number = 10
        if number not in self.faces:
            raise CORE.error("not_a_number_face", face=str(value), die=self.name, top=self.faces[-1])
        return number

    def check(self, faces: Any, count: int | None = None, what: Any = None) -> tuple[Face, ...]:
        """The faces as a tuple, or IllegalCommand naming what is wrong (``what``: "the roll")."""
        if what is None:
            what = CORE.msg("what.roll")
        if isinstance(faces, (str, bytes, dict)) or not isinstance(faces, Iterable):
            raise CORE.error("faces_not_list", what=what)
        out = tuple(self.face(f) for f in faces)
        if count is not None and len(out) != count:
            raise CORE.error("dice_count", what=what, count=count, got=len(out))
        return out

    def roll(self, rng: random.Random, n: int) -> list[Face]:
        """``n`` dice from ``rng`` (bots, demos and the app's own roll; never an engine)."""
        return [rng.choice(self.sides) for _ in range(n)]


def _numbered(name: str, top: int) -> DieKind:
    faces = tuple(range(1, top + 1))
    return DieKind(name, faces, faces)


MAG = DieKind("mag", FACES, (HIT, HIT, HIT, BLANK, BLANK, EXPLOSION), ("H", "B", "X"))
D6, D10, D12 = _numbered("d6", 6), _numbered("d10", 10), _numbered("d12", 12)
KINDS: dict[str, DieKind] = {k.name: k for k in (MAG, D6, D10, D12)}


def kind(name: str) -> DieKind:
    """The die kind called ``name``, or IllegalCommand."""
    try:
        return KINDS[name]
    except (KeyError, TypeError):
        raise CORE.error("unknown_die", die=str(name), kinds=", ".join(KINDS)) from None


def count(faces: Sequence[Face], face: Face) -> int:
    return sum(1 for f in faces if f == face)


# Magnifico's die, kept under its old names for the engine and the tests that use them.
DIE = MAG.sides


def check_faces(faces: Any, count: int | None = None, what: Any = None) -> tuple[str, ...]:
    """Faces of Magnifico's die (``hit``, ``blank``, ``explosion``), checked."""
    if not isinstance(faces, (str, bytes, dict)) and isinstance(faces, Iterable):
        faces = list(faces)
        for f in faces:
            if f not in FACES:
                raise IllegalCommand.of("not_a_face", face=str(f), domain="core")
    return MAG.check(faces, count, what)


def roll(rng: random.Random, n: int) -> list[str]:
    """``n`` of Magnifico's dice from a random.Random-like rng (bots and demos)."""
    return MAG.roll(rng, n)
