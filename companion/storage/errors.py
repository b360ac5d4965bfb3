"""The storage's errors and messages: keyed, told in the table's language.

Every text the journal shows is a key of the ``storage`` catalogue
(``data/translations/storage.{en,it}.json``; keys prefixed ``storage.`` until the shared
catalogue code knows one domain per game). ``StorageError`` is what the journal raises
when the file itself is the problem; ``JournalRefusal`` is a refusal of the journal's own
(nothing to undo, undo stops at a reveal), a ``GameError`` like the rules' refusals.
"""

from __future__ import annotations

from typing import Any

from companion.core.i18n import Catalog, Message, catalog
from companion.errors import GameError

DOMAIN = "storage"


def storage_catalog() -> Catalog:
    return catalog(DOMAIN)


def message(key: str, **params: Any) -> Message:
    """A message of the storage catalogue (English text that keeps its key and params)."""
    return Message(key, params, cat=storage_catalog())


def tell(key: str, lang: str = "en", **params: Any) -> str:
    """A message of the storage catalogue in ``lang``."""
    return message(key, **params).localized(lang, storage_catalog())


def localized(text: Any, lang: str = "en") -> str:
    """A notice or refusal of the journal (a Message, or plain text) in ``lang``."""
    if isinstance(text, Message):
        return text.localized(lang, storage_catalog())
    return str(text)


class _Keyed(GameError):
    """A ``GameError`` whose key is looked up in the storage catalogue."""

    @classmethod
    def of(cls, key: str, *, needs: dict | None = None, **params: Any):  # type: ignore[override]
        return cls(message(key, **params), needs=needs)

    def localized(self, lang: str = "en", catalog: Any = None) -> str:
        if self.key is None:
            return self.reason
        return Message(self.key, self.params, self.reason).localized(lang, catalog or storage_catalog())


class StorageError(_Keyed):
    """The journal cannot do what was asked (locked, damaged, newer, disk full...).

    A ``GameError`` so that every caller that shows a reason to the table shows this one
    too (it becomes ``StorageError(CompanionError, OSError)`` with the shared error tree).
    """


class JournalRefusal(_Keyed):
    """The journal refuses a request of the table (undo past a reveal, nothing to redo)."""
