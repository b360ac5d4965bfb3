"""The storage's error: the journal's branch of the error tree (``companion.errors``)."""

from companion.errors import StorageError

__all__ = ["StorageError"]
