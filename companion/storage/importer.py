"""``import`` on the command line: a record as a new game, without SQLAlchemy.

``RecordImporter(db)`` opens the journal as ``Journal(db)`` does (the same checks against
the shadow, repairs, migrations, notices, errors and instance lock: opening.py) but
without an SQLAlchemy engine, and writes through a stdlib ``sqlite3`` connection. A new
game touches no other game's rows: they are read only when the shadow and the games
disagree on some game's transactions (then everything is checked and repaired first, as
the journal does); a row damaged in the database alone is left to the app's next opening,
which reads every row and repairs it from the shadow. Its
``import_record`` is the journal's own (journal_records.py: every line checked by the
rules, then the game, its rows, snapshots and shadow line in one transaction, sealed
choices sealed), so a game imported here is, row for row, what ``Journal.import_record``
writes; importing only the SQLite standard module keeps ``python -m companion import``
quick (issue 13).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.storage.database import BUSY_TIMEOUT, Database, OverDatabase
from companion.storage.dbview import no_rows
from companion.storage.journal_records import JournalRecords
from companion.storage.opengame import OpenGame
from companion.storage.opening import open_database
from companion.storage.rules import RulesBook
from companion.storage.sealed_rows import SealedRows
from companion.storage.settings import database_location, key_file_location
from companion.storage.writes import SNAPSHOT_EVERY


class RecordImporter(OverDatabase, SealedRows, JournalRecords):
    """A journal opened to add records to it (see the module doc)."""

    def __init__(self, db: str | Path | None = None, *, game: Any = None, snapshot_every: int = SNAPSHOT_EVERY,
                 key_file: str | Path | None = None, busy_timeout: float = BUSY_TIMEOUT):
        self.location = database_location(db)
        self._db: Database = open_database(self.location, busy_timeout=busy_timeout, engine=False,
                                           rows_of=no_rows)
        self.path = self._db.path
        self.readonly = False
        self.rules = RulesBook(game)
        self.snapshot_every = snapshot_every
        self.key_file = Path(key_file) if key_file else key_file_location()
        self._key: bytes | None = None
        self._open: dict[int, OpenGame] = {}  # the games made here, as the journal would hold them open

    @contextlib.contextmanager
    def _raw_connection(self) -> Iterator[sqlite3.Connection]:
        conn = self._db.connect()
        try:
            yield conn
        finally:
            conn.close()

