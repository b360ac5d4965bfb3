"""Leonardo's messages: keys of the ``leonardo`` catalogue and the one error type.

Templates: ``data/translations/leonardo.LANG.json`` (Italian and English); a key the
catalogue lacks is looked up in the shared ``core`` one.
"""

from __future__ import annotations

from typing import Any

from companion.core.i18n import Message
from companion.errors import IllegalCommand

DOMAIN = "leonardo"

__all__ = ["DOMAIN", "IllegalCommand", "m", "refuse"]


def m(key: str, **params: Any) -> Message:
    """A message of the Leonardo catalogue."""
    return Message(key, params, domain=DOMAIN)


def refuse(key: str, *, needs: dict[str, Any] | None = None, **params: Any) -> IllegalCommand:
    """The error to raise for a refused input (``raise refuse("no_cash", ...)``)."""
    return IllegalCommand(m(key, **params), needs=needs)
