"""Writing games (as recovery.py decided them) into a database and into a shadow.

A database is rebuilt whole in a new file (then put in place of the old one, which is
kept aside) or, after a crash between the shadow's line and the database's commit, one
game is rolled forward in place. Snapshots are not copied: opening the game replays it
and takes them again. The game list's columns are filled on the next ``games()``.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Iterable
from datetime import datetime, timezone
from typing import Any

from companion.storage import sqlrows
from companion.storage.dbview import GameRec
from companion.storage.schema import COMMANDS_TABLE, GAMES_TABLE, SNAPSHOTS_TABLE
from companion.storage.sums import game_sum, row_sum


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def new_journal_id() -> str:
    return uuid.uuid4().hex


def players_of(header_text: str) -> str:
    try:
        seats = json.loads(header_text).get("seats", [])
        names = [str(s.get("name", f"seat {i}")) for i, s in enumerate(seats)]
    except (ValueError, AttributeError, TypeError, RecursionError):
        names = []
    return json.dumps(names, ensure_ascii=False, separators=(",", ":"))


def create_schema(conn: sqlite3.Connection, journal_id: str) -> None:
    sqlrows.create_schema(conn, journal_id, now())


def write_games(conn: sqlite3.Connection, games: Iterable[GameRec], *, replace: bool = False) -> None:
    """Insert each game with its rows (``replace``: its old rows and snapshots go first)."""
    when = now()
    for game in games:
        if replace:
            for table in (SNAPSHOTS_TABLE, COMMANDS_TABLE, GAMES_TABLE):
                sqlrows.delete_game(conn, table, game.id)
        sqlrows.insert(conn, GAMES_TABLE, {
            "id": game.id, "game": game.name, "header": game.header, "meta": game.meta,
            "created_at": game.created_at, "head": game.head, "txn": game.txn, "updated_at": when,
            "players": players_of(game.header),
            "sum": game_sum(game.id, game.name, game.created_at, game.head, game.txn, game.header, game.meta),
        })
        sqlrows.insert_many(conn, COMMANDS_TABLE, [
            {"game_id": game.id, "seq": r.seq, "status": "done" if r.seq <= game.head else "undone",
             "secret": r.sealed, "sealed": r.sealed, "reveal": r.reveal, "body": r.body, "created_at": r.at,
             "txn": r.txn, "sum": row_sum(game.id, r.seq, r.txn, r.sealed, r.reveal, r.at, r.body)}
            for r in sorted(game.rows.values(), key=lambda r: r.seq)
        ])


def checkpoint(conn: sqlite3.Connection) -> None:
    """Copy the -wal into the main file, so the main file alone holds the journal."""
    sqlrows.checkpoint(conn)


def base_line(game: GameRec) -> dict[str, Any]:
    """The shadow line that holds a whole game."""
    new = {"game": game.name, "header": game.header, "meta": game.meta, "at": game.created_at}
    ops: list[Any] = [["new", new]]
    ops.extend(["row", r.to_op()] for r in sorted(game.rows.values(), key=lambda r: r.seq))
    return {"g": game.id, "t": game.txn, "h0": None, "h": game.head, "base": True, "ops": ops}
