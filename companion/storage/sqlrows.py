"""Writing the journal's rows with the stdlib ``sqlite3``: the statements every write shares.

The journal's file is made (``create_schema``), rebuilt (rebuild.py) and given new games
(journal_records.py) through these functions, on a plain ``sqlite3`` connection: the
app's ``Journal`` passes the one under its SQLAlchemy connection (same transaction), the
command line's ``import`` (importer.py) one of its own, so both write the same rows the
same way and ``import`` never loads SQLAlchemy. Table and column names: schema.py.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from companion.storage.schema import COLUMNS, DDL, SCHEMA_TABLE, SCHEMA_VERSION
from companion.storage.sums import schema_sum


def connect(path: Path, busy_timeout: float) -> sqlite3.Connection:
    """A writing connection as the journal's engine makes them (WAL, ``synchronous=FULL``),
    in autocommit mode: each caller opens its transaction with ``begin``."""
    conn = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None, check_same_thread=False)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute(f"PRAGMA busy_timeout={int(busy_timeout * 1000)}")
        conn.execute("PRAGMA foreign_keys=ON")
    except BaseException:
        conn.close()
        raise
    return conn


def _check(table: str, names: Iterable[str]) -> None:
    unknown = set(names) - set(COLUMNS[table])
    if unknown:
        raise KeyError(f"{table} has no column {sorted(unknown)}")


def insert(conn: sqlite3.Connection, table: str, values: Mapping[str, Any]) -> int:
    """One row; its id."""
    _check(table, values)
    names = ", ".join(values)
    marks = ", ".join("?" * len(values))
    cur = conn.execute(f"INSERT INTO {table} ({names}) VALUES ({marks})", tuple(values.values()))
    return int(cur.lastrowid or 0)


def insert_many(conn: sqlite3.Connection, table: str, rows: list[dict[str, Any]]) -> None:
    """Rows that all name the same columns."""
    if not rows:
        return
    _check(table, rows[0])
    names = ", ".join(rows[0])
    marks = ", ".join("?" * len(rows[0]))
    conn.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", [tuple(r.values()) for r in rows])


def update(conn: sqlite3.Connection, table: str, row_id: int, values: Mapping[str, Any]) -> None:
    _check(table, values)
    sets = ", ".join(f"{name} = ?" for name in values)
    conn.execute(f"UPDATE {table} SET {sets} WHERE id = ?", (*values.values(), row_id))


def delete_game(conn: sqlite3.Connection, table: str, game_id: int) -> None:
    """Every row of one game in ``table`` (the game's own row when ``table`` is ``games``)."""
    column = "id" if table == "games" else "game_id"
    conn.execute(f"DELETE FROM {table} WHERE {column} = ?", (game_id,))


def create_schema(conn: sqlite3.Connection, journal_id: str, now: str) -> None:
    """The journal's tables and its version row (in the caller's transaction)."""
    for statement in DDL:
        conn.execute(statement)
    insert(conn, SCHEMA_TABLE, {"id": 1, "version": SCHEMA_VERSION, "updated_at": now, "journal_id": journal_id,
                                "sum": schema_sum(SCHEMA_VERSION, journal_id)})


def checkpoint(conn: sqlite3.Connection, mode: str = "TRUNCATE") -> None:
    """Copy the -wal into the main file, so the main file alone holds the journal."""
    conn.execute(f"PRAGMA wal_checkpoint({mode})")
