"""Schema versions of the journal and the steps between them.

Version 1 (the first journal) had no game-list columns; version 2 adds ``updated_at``,
``players``, ``rounds``, ``finished`` and ``winner`` to ``games`` (the list of games reads
them without replaying every game). Each step runs in one transaction together with the
new version number, after a copy of the file is kept beside it.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from sqlalchemy import Connection, text

from companion.storage.models import SCHEMA_VERSION

# The tables as version 1 made them (kept to test the migration from it).
V1_DDL = [
    "CREATE TABLE schema_version (id INTEGER NOT NULL PRIMARY KEY, version INTEGER NOT NULL, "
    "updated_at VARCHAR NOT NULL)",
    "CREATE TABLE games (id INTEGER NOT NULL PRIMARY KEY, game VARCHAR NOT NULL, header VARCHAR NOT NULL, "
    "meta VARCHAR NOT NULL, created_at VARCHAR NOT NULL, head INTEGER NOT NULL)",
    "CREATE TABLE commands (id INTEGER NOT NULL PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games (id), "
    "seq INTEGER NOT NULL, status VARCHAR NOT NULL, secret BOOLEAN NOT NULL, sealed BOOLEAN NOT NULL, "
    "reveal BOOLEAN NOT NULL, body VARCHAR NOT NULL, created_at VARCHAR NOT NULL, UNIQUE (game_id, seq))",
    "CREATE INDEX ix_commands_game_id ON commands (game_id)",
    "CREATE TABLE snapshots (id INTEGER NOT NULL PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games (id), "
    "seq INTEGER NOT NULL, rules_version VARCHAR NOT NULL, sealed BOOLEAN NOT NULL, body VARCHAR NOT NULL, "
    "created_at VARCHAR NOT NULL, UNIQUE (game_id, seq))",
    "CREATE INDEX ix_snapshots_game_id ON snapshots (game_id)",
]


def v1_to_v2(conn: Connection) -> None:
    """Add the game-list columns; players and dates come from what is there, the rest later."""
    for column in ("updated_at VARCHAR", "players VARCHAR", "rounds INTEGER", "finished BOOLEAN", "winner VARCHAR"):
        conn.execute(text(f"ALTER TABLE games ADD COLUMN {column}"))
    for game_id, header, created_at in conn.execute(text("SELECT id, header, created_at FROM games")).all():
        try:
            seats = json.loads(header).get("seats", [])
            players = [s.get("name", "") for s in seats]
        except (ValueError, AttributeError):
            players = []
        conn.execute(
            text("UPDATE games SET players = :p, updated_at = :u WHERE id = :id"),
            {"p": json.dumps(players, ensure_ascii=False), "u": created_at, "id": game_id},
        )


STEPS: dict[int, Callable[[Connection], None]] = {1: v1_to_v2}


def migrate(conn: Connection, found: int, now: str) -> None:
    """Bring the tables from version ``found`` to ``SCHEMA_VERSION`` (in the caller's transaction)."""
    for version in range(found, SCHEMA_VERSION):
        STEPS[version](conn)
    conn.execute(text("UPDATE schema_version SET version = :v, updated_at = :u"), {"v": SCHEMA_VERSION, "u": now})
