"""Opening the journal's SQLite file: settings, locks, damage, versions, pragmas.

Every connection runs in WAL mode with ``synchronous=FULL``: a commit is on the disk
when it returns. Before anything is changed, the file is looked at read-only: a file
that is not a database or is malformed is moved aside under a new name (never
overwritten) and a fresh journal is started; a journal from a newer version is refused
and left untouched; an older one is copied aside and migrated.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import urllib.parse
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from sqlalchemy import Engine, create_engine, event, exc, text

from companion.storage.errors import StorageError
from companion.storage.migrations import migrate
from companion.storage.models import SCHEMA_VERSION, JournalModel, SchemaVersion

try:
    import fcntl
except ImportError:  # not on Linux (the Pi) or macOS: no instance lock
    fcntl = None

SQLITE_MAGIC = b"SQLite format 3\x00"
SQLITE_CORRUPT, SQLITE_NOTADB = 11, 26  # the only answers that mean "damaged"
BUSY_TIMEOUT = 2.0


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def stamp() -> str:
    return datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def resolve_path(location: str) -> Path:
    """The file of a journal given as a path or an ``sqlite:///`` URL."""
    if "://" not in location:
        return Path(location).expanduser()
    try:
        from sqlalchemy.engine import make_url

        url = make_url(location)
    except exc.ArgumentError as err:
        raise StorageError(f"'{location}' is neither a file path nor a database URL.") from err
    if not url.drivername.startswith("sqlite"):
        raise StorageError(f"The journal keeps its games in SQLite; '{url.drivername}' databases are not supported.")
    if not url.database or url.database == ":memory:":
        raise StorageError("The journal needs a database file (an sqlite:///PATH URL), not an in-memory database.")
    return Path(url.database).expanduser()


class _Damaged(Exception):
    pass


def _ro_uri(path: Path) -> str:
    return f"file:{urllib.parse.quote(str(path.resolve()))}?mode=ro"


def _probe(path: Path, busy_timeout: float) -> int | None:
    """The schema version of an existing journal, ``None`` for a new (empty) one.

    Read-only: nothing in the file changes. ``_Damaged`` for a file that is not a
    database or is malformed; ``StorageError`` for another program's database or a lock.
    """
    if not path.exists() or path.stat().st_size == 0:
        return None
    with open(path, "rb") as f:
        if f.read(len(SQLITE_MAGIC)) != SQLITE_MAGIC:
            raise _Damaged("it is not a database")
    try:
        conn = sqlite3.connect(_ro_uri(path), uri=True, timeout=busy_timeout)
    except sqlite3.Error as err:
        raise _not_damaged_but(path, err) from err
    try:
        check = conn.execute("PRAGMA quick_check").fetchall()
        if check != [("ok",)]:
            raise _Damaged("it is malformed: " + "; ".join(str(r[0]) for r in check[:3]))
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "schema_version" not in tables:
            if tables:
                raise StorageError(
                    f"{path} is a database of some other program, not a Magnifico Companion journal; "
                    "it was left untouched. Choose another file."
                )
            return None
        row = conn.execute("SELECT version FROM schema_version").fetchone()
        if row is None or not isinstance(row[0], int):
            raise _Damaged("its schema version is missing")
        return row[0]
    except sqlite3.DatabaseError as err:
        if getattr(err, "sqlite_errorcode", 0) & 0xFF in (SQLITE_CORRUPT, SQLITE_NOTADB):
            raise _Damaged(str(err)) from err
        raise _not_damaged_but(path, err) from err
    finally:
        conn.close()


def _not_damaged_but(path: Path, err: sqlite3.Error) -> StorageError:
    """Any other failure (locked, unreadable, I/O): told, and the file is never moved."""
    message = str(err)
    if "locked" in message or "busy" in message:
        return StorageError(_busy_message(path))
    return StorageError(f"The journal {path} cannot be opened ({message}); it was left as it is.")


def _busy_message(path: Path) -> str:
    return (
        f"The journal {path} is busy: another program holds it locked. "
        "Close the other Magnifico Companion (or wait a moment) and try again."
    )


def _move_aside(path: Path, reason: str) -> str:
    """Rename the damaged file (and its -wal/-shm) to a new name; the notice for the user."""
    base = path.with_name(f"{path.name}.damaged-{stamp()}")
    target, n = base, 1
    while target.exists():
        n += 1
        target = base.with_name(f"{base.name}-{n}")
    os.rename(path, target)
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            os.rename(companion, target.with_name(target.name + suffix))
    return (
        f"The journal {path} was damaged ({reason}). It has been kept as {target} "
        "and a new, empty journal was started."
    )


def _backup(path: Path, version: int) -> Path:
    target = path.with_name(f"{path.name}.v{version}-{stamp()}")
    src = sqlite3.connect(_ro_uri(path), uri=True)
    try:
        dst = sqlite3.connect(target)
        with dst:
            src.backup(dst)
        dst.close()
    finally:
        src.close()
    return target


@dataclass
class Database:
    """An open journal file: its SQLAlchemy engine and what the user must be told."""

    path: Path
    engine: Engine
    readonly: bool
    notices: list[str] = field(default_factory=list)
    _lock: int | None = None

    def close(self) -> None:
        self.engine.dispose()
        if self._lock is not None:
            os.close(self._lock)  # releases the instance lock
            self._lock = None


def _instance_lock(path: Path) -> int | None:
    """Hold ``PATH.lock`` for as long as this process runs; refuse a second instance."""
    if fcntl is None:
        return None
    real = path.resolve()  # one lock per file, however it is named (a symlink, a second mount path)
    lock_path = real.with_name(real.name + ".lock")
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(fd, 32).decode(errors="replace").strip()
        os.close(fd)
        who = f" (process {holder})" if holder else ""
        raise StorageError(
            f"The journal {path} is already open in another Magnifico Companion{who}. "
            "Close that one first: two programs writing one game would spoil it."
        ) from None
    os.ftruncate(fd, 0)
    os.write(fd, str(os.getpid()).encode())
    return fd


def open_database(location: str, *, readonly: bool = False, busy_timeout: float = BUSY_TIMEOUT) -> Database:
    path = resolve_path(location)
    if readonly and not path.exists():
        raise StorageError(f"There is no journal at {path}.")
    if path.is_dir():
        raise StorageError(f"{path} is a folder, not a journal file; choose a file name inside it.")
    lock = None
    notices = []
    try:
        if not readonly:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise StorageError(f"The folder of the journal {path} cannot be made ({err.strerror}).") from err
            lock = _instance_lock(path)
        try:
            version = _probe(path, busy_timeout)
        except _Damaged as damaged:
            if readonly:
                raise StorageError(f"The journal {path} is damaged ({damaged}); nothing was changed.") from None
            notices.append(_move_aside(path, str(damaged)))
            version = None
        if version is not None and version > SCHEMA_VERSION:
            raise StorageError(
                f"The journal {path} was written by a newer Magnifico Companion (schema {version}; "
                f"this one knows up to {SCHEMA_VERSION}). Update the app; the file was left untouched."
            )
        if readonly and version is not None and version < SCHEMA_VERSION:
            raise StorageError(
                f"The journal {path} is from an older version (schema {version}); "
                "open it once with the app to bring it up to date."
            )
        if readonly and version is None:
            raise StorageError(f"{path} holds no games yet.")
        engine = _engine(path, readonly, busy_timeout)
        if not readonly:
            with storage_errors(path):
                _prepare(engine, path, version, notices)
    except BaseException:
        if lock is not None:
            os.close(lock)
        raise
    return Database(path=path, engine=engine, readonly=readonly, notices=notices, _lock=lock)


def _engine(path: Path, readonly: bool, busy_timeout: float) -> Engine:
    if readonly:
        url = f"sqlite:///{_ro_uri(path)}&uri=true"
    else:
        url = f"sqlite:///{path}"
    engine = create_engine(url, connect_args={"timeout": busy_timeout, "check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn, _record):
        cur = dbapi_conn.cursor()
        if not readonly:
            cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=FULL")
        cur.execute(f"PRAGMA busy_timeout={int(busy_timeout * 1000)}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    return engine


def _prepare(engine: Engine, path: Path, version: int | None, notices: list[str]) -> None:
    if version is None:
        with engine.begin() as conn:
            JournalModel.metadata.create_all(conn)
            if conn.execute(text("SELECT count(*) FROM schema_version")).scalar() == 0:
                conn.execute(
                    SchemaVersion.__table__.insert().values(id=1, version=SCHEMA_VERSION, updated_at=now())
                )
    elif version < SCHEMA_VERSION:
        backup = _backup(path, version)
        with engine.begin() as conn:
            migrate(conn, version, now())
        notices.append(
            f"The journal was brought from schema {version} to {SCHEMA_VERSION}; the old file is kept as {backup}."
        )


@contextlib.contextmanager
def storage_errors(path: Path):
    """Turn SQLite's failures into a ``StorageError`` the table can act on."""
    try:
        yield
    except (exc.OperationalError, sqlite3.OperationalError) as err:
        message = str(getattr(err, "orig", err))
        if "full" in message:
            raise StorageError(
                f"The disk holding the journal {path} is full: the last action was NOT saved "
                "and has not happened. Free some space and do it again."
            ) from err
        if "locked" in message or "busy" in message:
            raise StorageError(_busy_message(path)) from err
        if "readonly" in message or "read-only" in message:
            raise StorageError(f"The journal {path} cannot be written (read-only file or folder).") from err
        raise StorageError(
            f"The journal {path} could not be written ({message}); the last action was NOT saved."
        ) from err
    except (exc.DatabaseError, sqlite3.DatabaseError) as err:
        message = str(getattr(err, "orig", err))
        raise StorageError(
            f"The journal {path} is damaged ({message}). Restart the app: it keeps the damaged "
            "file aside and starts a new journal."
        ) from err
