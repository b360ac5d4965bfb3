"""Sealing by secret group: which commands a game keeps sealed, and which events open them.

A game declares ``secrets``: group -> command types (Magnifico: ``{"bids": {"LockBid"}}``;
Leonardo: factions and market bets). A command of a group is stored sealed until an event
opens its group: ``{"reveal": true, "opens": ["bids"]}``. Only the named groups open, so
Leonardo's factions stay sealed when a market's bets are shown.

A game that declares no groups (the older ``SECRET_COMMANDS`` hook, as every game before
groups existed) has one group, and there any ``"reveal": true`` opens it, with or without
``"opens"``: old journals and records replay as they were written. A game that declares
groups opens only what an event names: a reveal without ``"opens"`` (dice rolled, a card
drawn) opens nothing, so a forgotten ``"opens"`` keeps a secret too long, never too short.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

LEGACY_GROUP = "sealed"


@dataclass(frozen=True)
class Secrets:
    """The secret groups of one game."""

    groups: Mapping[str, frozenset[str]]
    legacy: bool  # no declared groups: any reveal opens everything

    def group_of(self, command_type: object) -> str | None:
        for group, types in self.groups.items():
            if command_type in types:
                return group
        return None

    def opened_by(self, events: Iterable[Any]) -> set[str]:
        """The groups these events open (see the module doc)."""
        opened: set[str] = set()
        for event in events:
            if not isinstance(event, dict) or not event.get("reveal"):
                continue
            opens = event.get("opens")
            if self.legacy:
                opened.update(self.groups)
            elif isinstance(opens, (list, tuple)):
                opened.update(g for g in opens if isinstance(g, str) and g in self.groups)
        return opened


def secrets_of(rules: Any) -> Secrets:
    """The groups the rules declare (``secrets`` on the game or its module), else one group
    of the rules' ``secret_commands``."""
    module = getattr(rules, "module", None)
    declared = getattr(rules, "secrets", None) or getattr(module, "secrets", None) or getattr(module, "SECRETS", None)
    if isinstance(declared, Mapping) and declared:
        return Secrets({str(g): frozenset(types) for g, types in declared.items()}, legacy=False)
    return Secrets({LEGACY_GROUP: frozenset(getattr(rules, "secret_commands", ()) or ())}, legacy=True)
