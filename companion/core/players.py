"""Seats around a table, in the order they sit (clockwise)."""

from __future__ import annotations


def clockwise_from(start: int, n: int) -> list[int]:
    """Seats 0..n-1 in clockwise order starting with ``start``."""
    return [(start + i) % n for i in range(n)]


def distance(start: int, seat: int, n: int) -> int:
    """How many steps clockwise from ``start`` to ``seat`` (0 for ``start`` itself)."""
    return (seat - start) % n
