"""The journal's tables (schema version ``SCHEMA_VERSION``; see migrations.py for older ones).

- ``schema_version``: one row, the version of these tables and the journal's id (the
  shadow file beside the database names the same id).
- ``games``: one row per game: its record header, where it stands (``head``: how many
  commands are in effect) and what the game list shows.
- ``commands``: every accepted command, in order (``seq`` from 1). ``status`` is ``done``,
  or ``undone`` while it waits on the redo stack. ``body`` is the JSON of
  ``{"command": ..., "events": [...]}``, sealed while it hides a bid (``sealed``).
- ``snapshots``: the state after command ``seq``, so that opening a game replays only the
  last few commands. Sealed when taken while a secret was still hidden.

Schema 3: every row of ``games``, ``commands`` and ``snapshots`` carries ``sum``, a
checksum of what it holds (sums.py), so a flipped byte is found, never trusted;
``games.txn`` counts the game's write transactions and ``commands.txn`` is the one that
wrote the row (the shadow file uses the same numbers); ``snapshots.chain`` sums up the
rows the snapshot was made from.
"""

from __future__ import annotations

from sqlalchemy import UniqueConstraint
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from companion.storage.schema import COMMANDS_TABLE, GAMES_TABLE, SCHEMA_TABLE, SCHEMA_VERSION, SNAPSHOTS_TABLE

__all__ = ["SCHEMA_VERSION", "CommandRow", "Game", "JournalModel", "SchemaVersion", "Snapshot"]


class JournalModel(SQLModel, registry=registry()):
    """Base of the journal's tables; a metadata of their own, apart from any other SQLModel."""


class SchemaVersion(JournalModel, table=True):
    __tablename__ = SCHEMA_TABLE
    id: int = Field(default=1, primary_key=True)
    version: int
    updated_at: str
    journal_id: str | None = None  # schema 3
    sum: str | None = None


class Game(JournalModel, table=True):
    __tablename__ = GAMES_TABLE
    id: int | None = Field(default=None, primary_key=True)
    game: str
    header: str
    meta: str = "{}"
    created_at: str
    head: int = 0
    # schema 2: what the game list shows
    updated_at: str | None = None
    players: str | None = None
    rounds: int | None = None
    finished: bool | None = None
    winner: str | None = None
    # schema 3: checks
    txn: int = 0
    sum: str = ""


class CommandRow(JournalModel, table=True):
    __tablename__ = COMMANDS_TABLE
    __table_args__ = (UniqueConstraint("game_id", "seq"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key=f"{GAMES_TABLE}.id", index=True)
    seq: int
    status: str = "done"
    secret: bool = False
    sealed: bool = False
    reveal: bool = False
    body: str
    created_at: str
    txn: int = 0  # schema 3
    sum: str = ""


class Snapshot(JournalModel, table=True):
    __tablename__ = SNAPSHOTS_TABLE
    __table_args__ = (UniqueConstraint("game_id", "seq"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key=f"{GAMES_TABLE}.id", index=True)
    seq: int
    rules_version: str
    sealed: bool = False
    body: str
    created_at: str
    chain: str = ""  # schema 3
    sum: str = ""
