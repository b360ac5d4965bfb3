"""Paying for a card: every legal split of a building's cost, and the cheapest plan.

A building is paid its value in its own suits, at least one token of each (an Ace 3 of
its suit, a Court 10). The cheapest plan spends the fewest tokens: it needs the fewest
trades (each trade gives 3 tokens for 1), and among those it leaves the player's tokens
most even (it spends from the biggest piles first). The screens propose it; the player may
pay any other legal split.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from .cards import SUITS, decktet
from .state import State


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` numbers of at least 1."""
    if parts == 1:
        if total >= 1:
            yield (total,)
        return
    for first in range(1, total - parts + 2):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


def splits(card: str) -> list[dict[str, int]]:
    """Every legal payment for building ``card`` (suit order)."""
    return [dict(s) for s in _splits(card)]


@lru_cache(maxsize=64)
def _splits(card: str) -> tuple[tuple[tuple[str, int], ...], ...]:
    info = decktet()[card]
    return tuple(tuple(zip(info.suits, parts)) for parts in _compositions(info.cost, len(info.suits)))


def trades_for(have: Mapping[str, int], need: Mapping[str, int]) -> tuple[list[dict[str, Any]], dict[str, int]] | None:
    """The fewest trades (3 for 1) that let ``have`` pay ``need``, taken from the biggest spare
    piles, and what is left after paying; None if no number of trades will do."""
    left = {s: have.get(s, 0) - need.get(s, 0) for s in SUITS}
    trades: list[dict[str, Any]] = []
    for s in SUITS:
        while left[s] < 0:
            give = max((x for x in SUITS if left[x] >= 3), key=lambda x: left[x], default=None)
            if give is None:
                return None
            left[give] -= 3
            left[s] += 1
            if trades and trades[-1]["give"] == give and trades[-1]["get"] == s:
                trades[-1]["times"] += 1
            else:
                trades.append({"give": give, "get": s, "times": 1})
    return trades, left


def plan(state: State, seat: int, needs: list[dict[str, int]]) -> dict[str, Any] | None:
    """The cheapest of the ways to pay ``needs`` (alternative payments) for ``seat``:
    ``{"payment", "trades", "left"}``; None if none can be paid even with trades."""
    have = state.seats[seat].tokens
    best: tuple[tuple[int, int, int], dict[str, Any]] | None = None
    for i, need in enumerate(needs):
        found = trades_for(have, need)
        if found is None:
            continue
        trades, left = found
        key = (sum(t["times"] for t in trades), sum(v * v for v in left.values()), i)
        if best is None or key < best[0]:
            best = (key, {"payment": dict(need), "trades": trades, "left": left})
    return None if best is None else best[1]


def propose_payment(state: State, seat: int, card: str) -> dict[str, Any] | None:
    """The cheapest way for ``seat`` to build ``card``: ``{"payment": {suit: n}, "trades":
    [{"give", "get", "times"}], "left": {suit: n}}`` (no trades when the player can pay as
    is); None when even trades cannot pay it."""
    return plan(state, seat, [dict(s) for s in _splits(card)])


def propose_fee(state: State, seat: int, card: str) -> dict[str, Any] | None:
    """The same for founding ``card`` (its fee is fixed: one token per suit)."""
    return plan(state, seat, [decktet()[card].fee])
