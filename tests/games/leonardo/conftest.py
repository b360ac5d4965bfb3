"""Fixtures of Leonardo's rule tests (helpers in leonardo_helpers.py)."""

from __future__ import annotations

import pytest
from leonardo_helpers import started

from companion.games.leonardo.state import State


@pytest.fixture
def game3() -> State:
    """A 3-player game in Anna's first turn (seats dealt 2, 4, 6)."""
    return started(3)
