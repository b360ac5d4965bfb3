"""A record as a new game of the journal (its export, sealed choices sealed: exports.py).

Stdlib only: the app's ``Journal`` and the command line's ``RecordImporter`` (importer.py)
both create games here, so a game is written the same way whichever made it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import Any

from companion.errors import GameError
from companion.storage import sqlrows
from companion.storage.database import now
from companion.storage.errors import JournalRefusal, StorageError
from companion.storage.exports import RecordExport
from companion.storage.logbook import players
from companion.storage.opengame import OpenGame
from companion.storage.records import dumps, parse_record
from companion.storage.rules import Rules
from companion.storage.schema import COMMANDS_TABLE, GAMES_TABLE, SNAPSHOTS_TABLE
from companion.storage.secrets import secrets_of
from companion.storage.sums import row_sum
from companion.storage.writes import JournalWrites


class JournalRecords(RecordExport, JournalWrites):
    """A part of ``Journal`` (journal.py) and of ``RecordImporter``, as the module doc says."""

    def import_record(self, lines: str | Iterable[str], *, name: str = "the record", meta: dict | None = None) -> int:
        """A record (JSON Lines) as a new game; every line is checked before anything is written.

        ``GameError`` names the first bad line; the journal is then unchanged.
        """
        self._writable()
        if isinstance(lines, str):
            lines = lines.splitlines()
        header, numbered = parse_record(lines, name)
        try:
            rules = self.rules.get(header.get("game", self.rules.default))
        except StorageError as err:
            raise JournalRefusal.of("record.line", name=name, line=1, reason=err.message) from None
        try:
            state = rules.new_game(header)
        except GameError as err:
            raise JournalRefusal.of("record.header", name=name, reason=err.message) from None
        accepted = []
        for number, command in numbered:
            try:
                as_dict, obj = self._command(rules, command)
                state, events = rules.apply(state, obj)
            except GameError as err:
                raise JournalRefusal.of("record.line", name=name, line=number, reason=err.message) from None
            accepted.append((as_dict, state, events))
        return self._create(rules, header, meta or {}, state, accepted)

    def _create(self, rules: Rules, header: dict, meta: dict, start: Any, accepted: list) -> int:
        """Write a new game with its accepted commands in one transaction (new game, import)."""
        secrets = secrets_of(rules)
        sealed_flags, opened_later = [], set()
        for command, _, events in reversed(accepted):  # sealed: no later command opens its group
            opened_later |= secrets.opened_by(events)
            group = secrets.group_of(command.get("type"))
            sealed_flags.append(group is not None and group not in opened_later)
        sealed_flags.reverse()
        final = accepted[-1][1] if accepted else start
        when = now()
        header_text, meta_text = dumps(header), dumps(meta)
        head = len(accepted)

        def work(conn: sqlite3.Connection) -> tuple[dict, OpenGame]:
            game_id = sqlrows.insert(conn, GAMES_TABLE, {
                "game": rules.name, "header": header_text, "meta": meta_text, "created_at": when,
                "updated_at": when, "head": head, "txn": 1, "sum": "", "players": dumps(players(header)),
                **self._history_columns(rules, header, final),
            })
            g = OpenGame(game_id, rules.name, when, header_text, meta_text, header, meta, rules, secrets, head, 1,
                         final)
            sqlrows.update(conn, GAMES_TABLE, game_id, {"sum": g.game_sum(head, 1)})
            ops: list = [["new", {"game": rules.name, "header": header_text, "meta": meta_text, "at": when}]]
            commands, snapshots = [], []
            for seq, ((command, state, events), sealed) in enumerate(zip(accepted, sealed_flags), 1):
                reveal = any(isinstance(e, dict) and e.get("reveal") for e in events)
                body = dumps({"command": command, "events": events})
                if sealed:
                    body = self._sealed_body(game_id, seq, command, body)
                    g.sealed.add(secrets.group_of(command.get("type")) or "")
                if reveal:
                    g.last_reveal = seq
                g.row_txn[seq] = 1
                commands.append({
                    "game_id": game_id, "seq": seq, "status": "done", "secret": sealed, "sealed": sealed,
                    "reveal": reveal, "body": body, "created_at": when, "txn": 1,
                    "sum": row_sum(game_id, seq, 1, sealed, reveal, when, body)})
                ops.append(["row", {"seq": seq, "txn": 1, "sealed": sealed, "reveal": reveal, "body": body,
                                    "at": when}])
                if self.snapshot_every and seq % self.snapshot_every == 0:
                    snapshots.append(self._snapshot_values(g, seq, state, any(sealed_flags[:seq])))
            sqlrows.insert_many(conn, COMMANDS_TABLE, commands)
            sqlrows.insert_many(conn, SNAPSHOTS_TABLE, snapshots)
            return {"g": game_id, "t": 1, "h0": None, "h": head, "base": True, "ops": ops}, g

        g = self._committed(work)
        self._checkpoint()
        self._open[g.id] = g
        return g.id
