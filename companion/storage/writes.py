"""What every writer of the journal shares, stdlib only: a part of ``Journal`` and of the
command line's ``RecordImporter`` (importer.py).

The host gives ``path``, ``readonly``, ``rules``, ``snapshot_every``, ``_db`` (an open
``Database``), the row sealing of ``SealedRows`` and ``_raw_connection()``: a plain
``sqlite3`` connection to the file (the journal's own under its SQLAlchemy engine, or the
importer's). ``_committed`` runs one write on it: the rows, then the shadow's line written
and flushed, then the commit; nothing of it stays if any part fails.
"""

from __future__ import annotations

import errno
import json
import sqlite3
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, TypeVar

from companion.errors import GameError
from companion.storage.database import now, storage_errors
from companion.storage.errors import JournalRefusal, StorageError
from companion.storage.gamelist import history_columns
from companion.storage.opengame import OpenGame, place
from companion.storage.records import dumps
from companion.storage.rules import Rules
from companion.storage.sums import chain, snapshot_sum

T = TypeVar("T")
SNAPSHOT_EVERY = 50


class JournalWrites:
    """A part of ``Journal`` and ``RecordImporter``, as the module doc says."""

    _raw_connection: Callable[[], AbstractContextManager[sqlite3.Connection]]

    def _writable(self) -> None:
        if self.readonly:
            raise StorageError.of("read_only")

    def _shadow_append(self, line: dict) -> int:
        shadow = self._db.shadow
        if shadow is None:
            raise JournalRefusal.of("read_only")
        try:
            return shadow.append(line)
        except OSError as err:
            if err.errno == errno.ENOSPC:
                raise StorageError.of("disk_full", path=str(self.path)) from err
            raise StorageError.of("shadow_not_written", path=str(shadow.path),
                                  detail=err.strerror or str(err)) from err

    def _committed(self, work: Callable[[sqlite3.Connection], tuple[dict, T]]) -> T:
        """``work`` writes its rows and gives the shadow's line; the line is written and
        flushed, then the database commits (a failed commit takes the line back)."""
        with storage_errors(self.path), self._raw_connection() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                line, result = work(conn)
                size = self._shadow_append(line)
                try:
                    conn.commit()
                except BaseException:
                    self._db.shadow.take_back(size)
                    raise
            except BaseException:
                if conn.in_transaction:
                    conn.rollback()
                raise
        return result

    def _checkpoint(self) -> None:
        """A new game reaches the main file at once: a copy without its -wal still shows it."""
        try:
            with self._raw_connection() as conn:
                conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except Exception:  # noqa: BLE001 - only a courtesy: the -wal and the shadow hold the game anyway
            pass

    def _command(self, rules: Rules, command: Any) -> tuple[dict, Any]:
        """The command as a dict and as the rules' object; GameError if the rules do not know it."""
        try:
            if isinstance(command, dict):
                parsed = rules.command_from_dict(command)
                as_dict = rules.command_to_dict(parsed)
                if _same_json(as_dict, command):  # (a record's lines are): the stored dict parses to ``parsed``
                    return as_dict, parsed
            else:
                as_dict = rules.command_to_dict(command)
            return as_dict, rules.command_from_dict(as_dict)
        except GameError:
            raise
        except Exception as err:  # noqa: BLE001 - the rules' own parsing failed: not a command they know
            kind = command.get("type") if isinstance(command, dict) else type(command).__name__
            raise JournalRefusal.of("not_a_command", kind=str(kind), detail=str(err)) from err

    def _history_columns(self, rules: Rules, header: dict, state: Any) -> dict:
        return history_columns(rules, header, state)

    def _snapshot_values(self, g: OpenGame, seq: int, state: Any, sealed: bool, txns: dict | None = None) -> dict:
        """The row of a snapshot of ``state`` after command ``seq`` (sealed while a secret is hidden)."""
        body = dumps(g.rules.state_to_dict(state))
        if sealed:
            body = self._seal(body, place("snapshot", g.id, seq))
        txns = g.row_txn if txns is None else txns
        links = chain(txns[s] for s in range(1, seq + 1))
        return {"game_id": g.id, "seq": seq, "rules_version": g.rules.version, "sealed": sealed, "body": body,
                "created_at": now(), "chain": links,
                "sum": snapshot_sum(g.id, seq, g.rules.version, sealed, links, body)}


def _same_json(a: dict, b: dict) -> bool:
    """The same JSON (``==`` alone takes ``1`` for ``true`` and ``1.0`` for ``1``)."""
    try:
        return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    except (TypeError, ValueError):
        return False
