"""Exact odds of a battle position (placeholder until the policy lands)."""

from companion.errors import GameError


def odds(position: dict) -> dict:
    raise GameError("battle odds are not available yet")
