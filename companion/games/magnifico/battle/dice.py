"""Dice tables: integer weights over 6**n for n dice (3 hit, 2 blank, 1 explosion faces).

Pure functions of the dice count, cached (`clear` empties them)."""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from math import comb

PARATROOPER = (("hit", 3), ("blank", 2), ("explosion", 1))


@lru_cache(maxsize=128)
def faces_table(n: int) -> tuple[tuple[int, int, int, int], ...]:
    """((hits, blanks, explosions, weight), ...) over n dice."""
    rows = []
    for h in range(n + 1):
        for e in range(n - h + 1):
            b = n - h - e
            rows.append((h, b, e, comb(n, h) * comb(n - h, e) * 3**h * 2**b))
    return tuple(rows)


@lru_cache(maxsize=128)
def hits_explosions_table(n: int) -> tuple[tuple[int, int, int], ...]:
    """((hits, explosions, weight), ...): blanks summed out."""
    return tuple((h, e, w) for h, _, e, w in faces_table(n))


@lru_cache(maxsize=128)
def hits_table(n: int) -> tuple[tuple[int, int], ...]:
    """((hits, weight), ...): explosions count as blanks (the automaton), so 3 of 6 faces hit."""
    return tuple((h, comb(n, h) * 3**n) for h in range(n + 1))


@lru_cache(maxsize=128)
def explosions_table(n: int) -> tuple[tuple[int, int], ...]:
    """((explosions, weight), ...) with 3 meaning 3 or more."""
    rows: defaultdict[int, int] = defaultdict(int)
    for e in range(n + 1):
        rows[min(e, 3)] += comb(n, e) * 5 ** (n - e)
    return tuple(sorted(rows.items()))


@lru_cache(maxsize=256)
def pow6(n: int) -> int:
    return int(6**n)  # an int for n >= 0


@lru_cache(maxsize=1024)
def totals_table(n: int, multi_gun: int, battle_wagon: int) -> tuple[tuple[int, int, int], ...]:
    """((total hits after the bonuses, explosions, weight), ...) of n infantry dice."""
    merged: defaultdict[tuple[int, int], int] = defaultdict(int)
    for h, b, e, w in faces_table(n):
        merged[(h + min(multi_gun, h) + min(battle_wagon, b), e)] += w
    return tuple((t, e, w) for (t, e), w in merged.items())


def clear() -> None:
    for table in (faces_table, hits_explosions_table, hits_table, explosions_table, pow6, totals_table):
        table.cache_clear()
