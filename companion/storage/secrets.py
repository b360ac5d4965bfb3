"""Sealing by secret group, as the journal asks it of a game's rules.

A game declares ``secrets``: group -> command types (Magnifico: ``{"bids": {"LockBid"}}``;
Leonardo: its factions and its market bets). A command of a group is stored sealed until
an event opens its group: ``{"reveal": true, "opens": ["bids"]}``. Only the named groups
open, so Leonardo's factions stay sealed when a market's bets are shown. A reveal that
names no group opens them all, as every reveal did before groups existed (old journals and
records replay as they were written); an event that makes something public without
opening a secret (dice rolled, a card drawn) says ``"opens": []``. The rule itself is the
core's (``companion.core.game.opened``), reached through ``Rules.opens``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Secrets:
    """The secret groups of one game's rules."""

    rules: Any  # companion.storage.rules.Rules

    def group_of(self, command_type: object) -> str | None:
        return self.rules.secret_group({"type": command_type})

    def opened_by(self, events: Iterable[Any]) -> set[str]:
        """The groups these events open."""
        opened: set[str] = set()
        for event in events:
            if isinstance(event, dict):
                opened |= set(self.rules.opens(event))
        return opened


def secrets_of(rules: Any) -> Secrets:
    return Secrets(rules)
