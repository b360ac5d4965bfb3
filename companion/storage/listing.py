"""The list of games, read with the stdlib: what the app's first screen shows while the
journal itself (SQLAlchemy, sqlmodel) is still being opened behind it (issue 13).

``quick_games(db)`` gives what ``Journal(db).games()`` would give, without SQLAlchemy, when
the list cannot change on opening: a journal of this version whose database and shadow agree
(``open_database`` read-only, no engine, reading no command rows and only the shadow's first
and last lines: the list needs none), every game's list columns filled and written by the
same transaction as its last command, and no other instance holding it. Otherwise it gives
``None`` (a repair of a game, a migration, a crash to roll forward, another app holding the
file, a damaged file, a URL): then the journal itself must be opened first, since what it
finds (and says) may change the list. A command row damaged in the database alone, or a
shadow line of a game whose own row checks out, is restored from the other copy by the
journal opened behind the first screen, which then says so; the list is the same. A new
table (no file yet, in a folder the journal can write) has no games.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from companion.storage.dbview import connect_ro, no_rows
from companion.storage.gamelist import GameInfo, list_column
from companion.storage.settings import database_location
from companion.storage.shadow import shadow_path

try:
    import fcntl
except ImportError:  # not on Linux or macOS: no instance lock to look at
    fcntl = None  # type: ignore[assignment]


def quick_games(db: str | os.PathLike[str] | None = None) -> list[GameInfo] | None:
    """The journal's games, the latest first, as ``Journal.games`` lists them; ``None`` when
    only opening the journal can tell (see the module doc)."""
    location = database_location(db)
    if "://" in location:
        return None
    path = Path(location).expanduser()
    near = [path, shadow_path(path), path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]
    if not any(p.exists() or p.is_symlink() for p in near):
        return [] if _can_make(path.parent) else None  # a new table, or a folder that will refuse it
    if _held(path):
        return None
    try:
        return _read(path)
    except Exception:  # noqa: BLE001 - whatever it is, the journal's own opening will say it
        return None


def _can_make(folder: Path) -> bool:
    """The journal could be made in ``folder``: it, or the nearest folder above it that
    exists (the journal makes the rest), is a folder this process may write in."""
    folder = folder.absolute()
    while not folder.exists() and folder.parent != folder:
        folder = folder.parent
    return folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)


def _held(path: Path) -> bool:
    """Another app holds the journal's instance lock (opening it would refuse, and say so)."""
    if fcntl is None:
        return False
    lock = path.resolve().with_name(path.resolve().name + ".lock")
    try:
        fd = os.open(lock, os.O_RDONLY)
    except FileNotFoundError:
        return False
    except OSError:  # there but unreadable: the journal's opening will say what is wrong
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    except OSError:
        return True
    finally:
        os.close(fd)


def _read(path: Path) -> list[GameInfo] | None:
    from companion.storage.opening import open_database

    db = open_database(str(path), readonly=True, engine=False, rows_of=no_rows)
    try:
        if db.notices or db.in_memory or db.games is None:
            return None  # repaired in memory, rolled forward, or something to tell: the journal decides
        games = dict(db.games)
    finally:
        db.close()
    conn = connect_ro(path, 2.0)
    try:
        rows = conn.execute("SELECT id, head, txn, players, rounds, finished, winner FROM games").fetchall()
    finally:
        conn.close()
    columns = {r[0]: r for r in rows}
    out = []
    for rec in games.values():
        row = columns.get(rec.id)
        # the list columns are written with the game's head and txn: the same head and txn, and
        # they are the game's now (a game the journal would have to replay is left to it)
        if row is None or row[1] != rec.head or row[2] != rec.txn or row[5] is None:
            return None
        _id, _head, _txn, players, rounds, finished, winner = row
        out.append(GameInfo(
            id=rec.id, game=rec.name, players=list_column(_str(players), list), created_at=rec.created_at,
            updated_at=rec.updated_at, rounds=rounds, finished=bool(finished), winner=_str(winner),
            commands=rec.head, meta=list_column(rec.meta, dict)))
    # as the journal's query orders them: updated_at descending (NULL last), then id descending
    out.sort(key=lambda g: (g.updated_at is not None, g.updated_at or "", g.id), reverse=True)
    return out


def _str(value: Any) -> str | None:
    """A text column as read by ``connect_ro`` (bytes)."""
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    return value if isinstance(value, str) else None
