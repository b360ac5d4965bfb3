"""The journal's table and column names and its schema version, stdlib only.

``models.py`` declares the tables with sqlmodel from these names; the readers that never
import SQLAlchemy (``dbview.py``, ``reader.py``) query the same names, and a test checks
that the models and these tuples agree, so neither can drift from the other.
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
