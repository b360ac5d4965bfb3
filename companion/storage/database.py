"""The journal's SQLite file: where it is, its instance lock, its connections, its errors.

Every connection runs in WAL mode with ``synchronous=FULL``: a commit is on the disk when
it returns. SQLAlchemy is imported only by the functions that make an engine, so a
command that only reads (``reader.py``) never pays for it. Opening a journal (checking it against its shadow, repairing, migrating) is
``opening.open_database``; this module holds the parts it is made of.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

if TYPE_CHECKING:
    from sqlalchemy import Engine

from companion.core.i18n import Message
from companion.storage.dbview import ro_uri
from companion.storage.errors import StorageError
from companion.storage.recovery import GameReport
from companion.storage.shadow import ShadowWriter

try:
    import fcntl
except ImportError:  # not on Linux (the Pi) or macOS: no instance lock
    fcntl = None  # type: ignore[assignment]

BUSY_TIMEOUT = 2.0
READ_ONLY_ERRNOS = (errno.EROFS, errno.EACCES, errno.EPERM)


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def stamp() -> str:
    return datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def resolve_path(location: str) -> Path:
    """The file of a journal given as a path or an ``sqlite:///`` URL."""
    if "://" not in location:
        return Path(location).expanduser()
    from sqlalchemy import exc
    from sqlalchemy.engine import make_url

    try:
        url = make_url(location)
    except exc.ArgumentError as err:
        raise StorageError.of("bad_location", location=location) from err
    if not url.drivername.startswith("sqlite"):
        raise StorageError.of("not_sqlite", driver=url.drivername)
    if not url.database or url.database == ":memory:":
        raise StorageError.of("in_memory")
    return Path(url.database).expanduser()


@dataclass
class Database:
    """An open journal: its SQLAlchemy engine (None when opened without one: read-only by
    reader.py, then ``games`` holds it; writable by importer.py, which writes through
    ``connect()``), its shadow, and what the user must be told."""

    path: Path
    engine: Engine | None
    readonly: bool
    journal_id: str
    notices: list[Message] = field(default_factory=list)
    reports: list[GameReport] = field(default_factory=list)
    shadow: ShadowWriter | None = None
    in_memory: bool = False  # read-only, repaired in memory from the shadow
    _lock: int | None = None
    games: dict[int, Any] | None = None  # (dbview.GameRec by id) opened without an engine
    rows_of: frozenset[int] | None = None  # read-only, no engine: the games whose rows were read (None: all)
    every_game: bool = True  # False: ``games`` holds only the games picked by id (dbview.Only) and the last line's
    busy_timeout: float = BUSY_TIMEOUT

    def connect(self) -> sqlite3.Connection:
        """A stdlib writing connection to the file (sqlrows.connect: autocommit, WAL, FULL)."""
        from companion.storage import sqlrows

        return sqlrows.connect(self.path, self.busy_timeout)

    def close(self) -> None:
        if self.engine is not None:
            self.engine.dispose()
        if self.shadow is not None:
            self.shadow.close()
            self.shadow = None
        if self._lock is not None:
            os.close(self._lock)  # releases the instance lock
            self._lock = None


class OverDatabase:
    """What the journal, its reader and its importer share over their open file ``_db``:
    what opening it had to say, and closing it (also as a context manager)."""

    _db: Database

    @property
    def notices(self) -> list[Message]:
        """What the user must be told about the file (repaired, lost, moved aside, migrated)."""
        return list(self._db.notices)

    @property
    def reports(self) -> list[GameReport]:
        """Per game, what opening the file restored or found lost (recovery.GameReport)."""
        return list(self._db.reports)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def folder_error(path: Path, err: OSError) -> StorageError:
    if err.errno in READ_ONLY_ERRNOS:
        return StorageError.of("folder_read_only", path=str(path))
    return StorageError.of("folder_unusable", path=str(path), detail=err.strerror or str(err))


def instance_lock(path: Path) -> int | None:
    """Hold ``PATH.lock`` for as long as this process runs; refuse a second instance."""
    if fcntl is None:
        return None
    real = path.resolve()  # one lock per file, however it is named (a symlink, a second mount path)
    lock_path = real.with_name(real.name + ".lock")
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as err:
        raise folder_error(path, err) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(fd, 32).decode(errors="replace").strip()
        os.close(fd)
        key = "already_open_by" if holder else "already_open"
        raise StorageError.of(key, path=str(path), pid=holder) from None
    except OSError as err:
        os.close(fd)
        raise folder_error(path, err) from None
    try:
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
    except OSError:
        pass  # the pid is only a courtesy for the message of a second instance
    return fd


def _pragmas(readonly: bool, busy_timeout: float):
    def apply(dbapi_conn, _record) -> None:
        cur = dbapi_conn.cursor()
        if not readonly:
            cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=FULL")
        cur.execute(f"PRAGMA busy_timeout={int(busy_timeout * 1000)}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    return apply


def file_engine(path: Path, *, readonly: bool, immutable: bool = False, busy_timeout: float = BUSY_TIMEOUT) -> Engine:
    from sqlalchemy import create_engine, event

    url = f"sqlite:///{ro_uri(path, immutable=immutable)}&uri=true" if readonly else f"sqlite:///{path}"
    engine = create_engine(url, connect_args={"timeout": busy_timeout, "check_same_thread": False})
    event.listen(engine, "connect", _pragmas(readonly, busy_timeout))
    return engine


def memory_engine() -> Engine:
    """A private in-memory database (one connection shared by every session)."""
    from sqlalchemy import create_engine
    from sqlalchemy.pool import StaticPool

    return create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})


def backup(path: Path, version: int) -> Path:
    """A copy of an older journal, kept before it is migrated."""
    target = path.with_name(f"{path.name}.v{version}-{stamp()}")
    src = sqlite3.connect(ro_uri(path), uri=True)
    try:
        dst = sqlite3.connect(target)
        with dst:
            src.backup(dst)
        dst.close()
    finally:
        src.close()
    return target


@contextlib.contextmanager
def storage_errors(path: Path) -> Iterator[None]:
    """Turn SQLite's failures into a ``StorageError`` the table can act on."""
    # SQLAlchemy's errors only if it was imported: a process that never loaded it raises none
    sa = sys.modules.get("sqlalchemy.exc")
    operational: tuple[type[BaseException], ...] = (sqlite3.OperationalError,)
    damaged: tuple[type[BaseException], ...] = (sqlite3.DatabaseError,)
    if sa is not None:
        operational, damaged = (*operational, sa.OperationalError), (*damaged, sa.DatabaseError)
    try:
        yield
    except operational as err:
        message = str(getattr(err, "orig", err))
        if "full" in message:
            raise StorageError.of("disk_full", path=str(path)) from err
        if "locked" in message or "busy" in message:
            raise StorageError.of("busy", path=str(path)) from err
        if "readonly" in message or "read-only" in message:
            raise StorageError.of("read_only_file", path=str(path)) from err
        if "decode" in message or "UTF-8" in message:
            raise StorageError.of("damaged_text", path=str(path)) from err
        raise StorageError.of("not_saved", path=str(path), detail=message) from err
    except damaged as err:
        message = str(getattr(err, "orig", err))
        raise StorageError.of("damaged_restart", path=str(path), detail=message) from err
