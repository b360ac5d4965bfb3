"""Magnifico's money: florins in tens, at most 300 in hand (rulebook 5.1.3)."""

from __future__ import annotations

from typing import Any

from companion.core.i18n import msg
from companion.errors import IllegalCommand

CAP = 300  # 5.1.3


def check_tens(amount: Any, what: Any = None) -> int:
    """An amount of florins must be a whole multiple of 10 (``what``: "an amount")."""
    if what is None:
        what = msg("what.amount")
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise IllegalCommand.of("not_florins", what=what)
    if amount % 10:
        raise IllegalCommand.of("not_tens", what=what, amount=amount)
    return amount


def capped(florins: int, cap: int = CAP) -> tuple[int, int]:
    """(what a player keeps, the excess that goes back to the bank)."""
    if florins > cap:
        return cap, florins - cap
    return florins, 0
