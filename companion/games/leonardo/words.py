"""Leonardo's messages: keys of the ``leonardo`` catalogue and the one error type.

Every key is prefixed ``leonardo.`` and lives in ``data/translations/leonardo.LANG.json``
(``companion.core.i18n.catalog_for`` finds the game's own catalogue by that prefix).
"""

from __future__ import annotations

from typing import Any

from companion.core.i18n import Message

try:  # the lead is renaming GameError; both names work meanwhile
    from companion.errors import IllegalCommand  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - before the rename lands
    from companion.errors import GameError as IllegalCommand

DOMAIN = "leonardo"

__all__ = ["DOMAIN", "IllegalCommand", "m", "refuse"]


def m(key: str, **params: Any) -> Message:
    """A message of the Leonardo catalogue (``key`` without the ``leonardo.`` prefix)."""
    return Message(f"{DOMAIN}.{key}", params)


def refuse(key: str, *, needs: dict[str, Any] | None = None, **params: Any) -> IllegalCommand:
    """The error to raise for a refused input (``raise refuse("no_cash", ...)``)."""
    return IllegalCommand.of(f"{DOMAIN}.{key}", needs=needs, **params)
