"""The journal: every accepted command saved at once (sqlmodel on SQLite).

See docs/storage.md. ``Journal`` is the entry point; ``StorageError`` is what it raises
when the file itself is the problem. Both load on first use (SQLAlchemy is slow to
import, and every ``python -m companion`` loads ``companion.storage.cli``).
"""

__all__ = ["GameInfo", "Journal", "StorageError"]


def __getattr__(name):
    if name == "StorageError":
        from companion.storage.errors import StorageError

        return StorageError
    if name in ("Journal", "GameInfo"):
        from companion.storage import journal

        return getattr(journal, name)
    raise AttributeError(f"module 'companion.storage' has no attribute {name!r}")
