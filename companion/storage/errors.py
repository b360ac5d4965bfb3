"""The storage's errors and messages: the journal's branch of the error tree, keyed.

Every text the journal shows is a key of the ``storage`` catalogue
(``data/translations/storage.{en,it}.json``). ``StorageError`` (``companion.errors``: a
``CompanionError`` and an ``OSError``) is what the journal raises when the file itself is
the problem; ``JournalRefusal`` is a refusal of the journal's own (nothing to undo, undo
stops at a reveal): an ``IllegalCommand``, like the rules' refusals.
"""

from __future__ import annotations

from typing import Any

from companion.core.i18n import Domain, Message
from companion.errors import IllegalCommand, StorageError

__all__ = ["JournalRefusal", "StorageError", "T", "message", "tell"]

T = Domain("storage")


def message(key: str, **params: Any) -> Message:
    """A message of the storage catalogue (English text that keeps its key and params)."""
    return T.msg(key, **params)


def tell(key: str, lang: str = "en", **params: Any) -> str:
    """A message of the storage catalogue in ``lang``."""
    return T.format(key, lang, **params)


class JournalRefusal(IllegalCommand):
    """The journal refuses a request of the table (undo past a reveal, nothing to redo)."""

    domain = "storage"
