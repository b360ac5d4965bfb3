"""Dice faces shared by the games of the family: hit (Vitruvian man), blank, explosion."""

from __future__ import annotations

from collections.abc import Iterable

from companion.errors import GameError

HIT, BLANK, EXPLOSION = "hit", "blank", "explosion"
FACES = (HIT, BLANK, EXPLOSION)
# A Magnifico die: 3 hit faces, 2 blank, 1 explosion.
DIE = (HIT, HIT, HIT, BLANK, BLANK, EXPLOSION)


def check_faces(faces: Iterable[str], count: int | None = None, what: str = "the roll") -> tuple[str, ...]:
    """The faces as a tuple, or GameError naming what is wrong."""
    if isinstance(faces, str) or not isinstance(faces, Iterable):
        raise GameError(f"{what} must be a list of die faces")
    faces = tuple(faces)
    for face in faces:
        if face not in FACES:
            raise GameError(f"'{face}' is not a die face (hit, blank or explosion)")
    if count is not None and len(faces) != count:
        raise GameError(f"{what} needs {count} dice, not {len(faces)}")
    return faces


def count(faces: Iterable[str], face: str) -> int:
    return sum(1 for f in faces if f == face)


def roll(rng, n: int) -> list[str]:
    """n virtual dice from a random.Random-like rng (for bots and demos, never the engine)."""
    return [rng.choice(DIE) for _ in range(n)]
