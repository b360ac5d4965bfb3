"""Magnifico's money (companion.games.magnifico.money): florins in tens, the 300 cap."""

import pytest

from companion.errors import IllegalCommand
from companion.games.magnifico import money


def test_money_in_tens():
    """rulebook 5.3.4: bids (and every amount) are in tens of florins."""
    assert money.check_tens(30) == 30
    with pytest.raises(IllegalCommand, match="in tens"):
        money.check_tens(35)
    with pytest.raises(IllegalCommand, match="whole number"):
        money.check_tens(True)


def test_the_cap():
    """rulebook 5.1.3: a player keeps at most 300 florins; the excess goes back to the bank."""
    assert money.capped(320) == (300, 20)
    assert money.capped(120) == (120, 0)
