"""The journal's table and column names and its schema version, stdlib only.

``models.py`` declares the tables with sqlmodel from these names; the code that never
imports SQLAlchemy (``dbview.py``, ``reader.py``, ``sqlrows.py``) reads and writes the same
names and makes new files from ``DDL``; tests check that the models, these tuples and
``DDL`` agree, so none can drift from the others.
"""

from __future__ import annotations

SCHEMA_VERSION = 3

SCHEMA_TABLE = "schema_version"
GAMES_TABLE = "games"
COMMANDS_TABLE = "commands"
SNAPSHOTS_TABLE = "snapshots"

COLUMNS: dict[str, tuple[str, ...]] = {
    SCHEMA_TABLE: ("id", "version", "updated_at", "journal_id", "sum"),
    GAMES_TABLE: ("id", "game", "header", "meta", "created_at", "head", "updated_at", "players", "rounds",
                  "finished", "winner", "txn", "sum"),
    COMMANDS_TABLE: ("id", "game_id", "seq", "status", "secret", "sealed", "reveal", "body", "created_at", "txn",
                     "sum"),
    SNAPSHOTS_TABLE: ("id", "game_id", "seq", "rules_version", "sealed", "body", "created_at", "chain", "sum"),
}

# The tables as ``models.py`` declares them, in SQLite's words: what every journal file is
# made with (``sqlrows.create_schema``); a test checks SQLAlchemy compiles the models to
# exactly these statements.
DDL: tuple[str, ...] = (
    "CREATE TABLE games (id INTEGER NOT NULL, game VARCHAR NOT NULL, header VARCHAR NOT NULL, "
    "meta VARCHAR NOT NULL, created_at VARCHAR NOT NULL, head INTEGER NOT NULL, updated_at VARCHAR, "
    "players VARCHAR, rounds INTEGER, finished BOOLEAN, winner VARCHAR, txn INTEGER NOT NULL, "
    "sum VARCHAR NOT NULL, PRIMARY KEY (id))",
    "CREATE TABLE schema_version (id INTEGER NOT NULL, version INTEGER NOT NULL, updated_at VARCHAR NOT NULL, "
    "journal_id VARCHAR, sum VARCHAR, PRIMARY KEY (id))",
    "CREATE TABLE commands (id INTEGER NOT NULL, game_id INTEGER NOT NULL, seq INTEGER NOT NULL, "
    "status VARCHAR NOT NULL, secret BOOLEAN NOT NULL, sealed BOOLEAN NOT NULL, reveal BOOLEAN NOT NULL, "
    "body VARCHAR NOT NULL, created_at VARCHAR NOT NULL, txn INTEGER NOT NULL, sum VARCHAR NOT NULL, "
    "PRIMARY KEY (id), UNIQUE (game_id, seq), FOREIGN KEY(game_id) REFERENCES games (id))",
    "CREATE INDEX ix_commands_game_id ON commands (game_id)",
    "CREATE TABLE snapshots (id INTEGER NOT NULL, game_id INTEGER NOT NULL, seq INTEGER NOT NULL, "
    "rules_version VARCHAR NOT NULL, sealed BOOLEAN NOT NULL, body VARCHAR NOT NULL, created_at VARCHAR NOT NULL, "
    "chain VARCHAR NOT NULL, sum VARCHAR NOT NULL, PRIMARY KEY (id), UNIQUE (game_id, seq), "
    "FOREIGN KEY(game_id) REFERENCES games (id))",
    "CREATE INDEX ix_snapshots_game_id ON snapshots (game_id)",
)
