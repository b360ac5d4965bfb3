"""The journal: every accepted command saved at once (sqlmodel on SQLite).

See docs/storage.md. ``Journal`` is the entry point; ``StorageError`` is what it raises
when the file itself is the problem.
"""

from companion.storage.errors import StorageError
from companion.storage.journal import GameInfo, Journal

__all__ = ["GameInfo", "Journal", "StorageError"]
