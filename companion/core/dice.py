"""Dice faces shared by the games of the family: hit (Vitruvian man), blank, explosion."""

from __future__ import annotations

from collections.abc import Iterable

from companion.core.i18n import msg
from companion.errors import GameError

HIT, BLANK, EXPLOSION = "hit", "blank", "explosion"
FACES = (HIT, BLANK, EXPLOSION)
# A Magnifico die: 3 hit faces, 2 blank, 1 explosion.
DIE = (HIT, HIT, HIT, BLANK, BLANK, EXPLOSION)


def check_faces(faces: Iterable[str], count: int | None = None, what=None) -> tuple[str, ...]:
    """The faces as a tuple, or GameError naming what is wrong (``what``: "the roll")."""
    if what is None:
        what = msg("what.roll")
    if isinstance(faces, str) or not isinstance(faces, Iterable):
        raise GameError.of("faces_not_list", what=what)
    faces = tuple(faces)
    for face in faces:
        if face not in FACES:
            raise GameError.of("not_a_face", face=str(face))
    if count is not None and len(faces) != count:
        raise GameError.of("dice_count", what=what, count=count, got=len(faces))
    return faces


def count(faces: Iterable[str], face: str) -> int:
    return sum(1 for f in faces if f == face)


def roll(rng, n: int) -> list[str]:
    """n virtual dice from a random.Random-like rng (for bots and demos, never the engine)."""
    return [rng.choice(DIE) for _ in range(n)]
