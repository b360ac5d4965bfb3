"""Schema versions of the journal and the steps between them.

Version 1 (the first journal) had no game-list columns; version 2 adds ``updated_at``,
``players``, ``rounds``, ``finished`` and ``winner`` to ``games`` (the list of games reads
them without replaying every game); version 3 adds the checks: the journal's id, a sum
on every row, the transaction numbers the shadow shares (every row so far is transaction
1 of its game) and drops the snapshots (they are taken again, with their sums). Each step
runs in one transaction together with the new version number, after a copy of the file is
kept beside it; the shadow is written once the migrated journal is committed.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from sqlalchemy import Connection, text

from companion.storage.models import SCHEMA_VERSION
from companion.storage.sums import game_sum, row_sum, schema_sum

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


def v2_to_v3(conn: Connection) -> None:
    """Sums and transaction numbers on every row, the journal's id; snapshots retaken."""
    import uuid

    for ddl in ("schema_version ADD COLUMN journal_id VARCHAR", "schema_version ADD COLUMN sum VARCHAR",
                "games ADD COLUMN txn INTEGER NOT NULL DEFAULT 0", "games ADD COLUMN sum VARCHAR NOT NULL DEFAULT ''",
                "commands ADD COLUMN txn INTEGER NOT NULL DEFAULT 0",
                "commands ADD COLUMN sum VARCHAR NOT NULL DEFAULT ''",
                "snapshots ADD COLUMN chain VARCHAR NOT NULL DEFAULT ''",
                "snapshots ADD COLUMN sum VARCHAR NOT NULL DEFAULT ''"):
        conn.execute(text(f"ALTER TABLE {ddl}"))
    journal_id = uuid.uuid4().hex
    conn.execute(text("UPDATE schema_version SET journal_id = :j, sum = :s"),
                 {"j": journal_id, "s": schema_sum(3, journal_id)})
    conn.execute(text("DELETE FROM snapshots"))
    for gid, name, created_at, head, header, meta in conn.execute(
        text("SELECT id, game, created_at, head, header, meta FROM games")
    ).all():
        conn.execute(text("UPDATE games SET txn = 1, sum = :s WHERE id = :id"),
                     {"s": game_sum(gid, name, created_at, head, 1, header, meta), "id": gid})
        # the status follows the head (undone rows wait above it), as the checks expect
        conn.execute(text("UPDATE commands SET status = CASE WHEN seq <= :h THEN 'done' ELSE 'undone' END "
                          "WHERE game_id = :id"), {"h": head, "id": gid})
    rows = conn.execute(text("SELECT id, game_id, seq, sealed, reveal, created_at, body FROM commands")).all()
    for row_id, gid, seq, sealed, reveal, at, body in rows:
        conn.execute(text("UPDATE commands SET txn = 1, sum = :s WHERE id = :id"),
                     {"s": row_sum(gid, seq, 1, bool(sealed), bool(reveal), at, body), "id": row_id})


STEPS: dict[int, Callable[[Connection], None]] = {1: v1_to_v2, 2: v2_to_v3}


def migrate(conn: Connection, found: int, now: str) -> None:
    """Bring the tables from version ``found`` to ``SCHEMA_VERSION`` (in the caller's transaction)."""
    for version in range(found, SCHEMA_VERSION):
        STEPS[version](conn)
    conn.execute(text("UPDATE schema_version SET version = :v, updated_at = :u"), {"v": SCHEMA_VERSION, "u": now})
