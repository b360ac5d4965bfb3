"""Seats around a table (clockwise) and money helpers."""

from __future__ import annotations

from companion.core.i18n import msg
from companion.errors import GameError


def clockwise_from(start: int, n: int) -> list[int]:
    """Seats 0..n-1 in clockwise order starting with ``start``."""
    return [(start + i) % n for i in range(n)]


def distance(start: int, seat: int, n: int) -> int:
    """How many steps clockwise from ``start`` to ``seat`` (0 for ``start`` itself)."""
    return (seat - start) % n


def check_tens(amount, what=None) -> int:
    """An amount of florins must be a whole multiple of 10 (``what``: "an amount")."""
    if what is None:
        what = msg("what.amount")
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise GameError.of("not_florins", what=what)
    if amount % 10:
        raise GameError.of("not_tens", what=what, amount=amount)
    return amount


def capped(florins: int, cap: int) -> tuple[int, int]:
    """(what a player keeps, the excess that goes back to the bank)."""
    if florins > cap:
        return cap, florins - cap
    return florins, 0
