"""The journal: every accepted command saved before its effect is shown.

    journal = Journal(db=None, game=magnifico_engine)    # db: path, URL or settings
    game_id = journal.new_game(header)
    state, events = journal.submit(game_id, command)       # applied, then saved, then returned
    journal.undo(game_id); journal.redo(game_id)           # back to the last reveal, no further
    journal.correct(game_id, target, value, reason)        # past it: a counter set by hand

``submit`` applies the command with the rules first; only a command they accept is
written: one database transaction, whose line is written to the shadow file and flushed
to the disk before the database commits (WAL, ``synchronous=FULL``) and ``submit``
returns. Snapshots every ``snapshot_every`` commands make opening a game quick; each is
checked (its sum, the rows it was made from) before it is trusted, and the state is
always what replaying the journal gives. Opening the file checks it against the shadow
(opening.py): ``notices`` say what was repaired or lost.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, bindparam, delete, insert, update
from sqlmodel import Session, select

from companion.errors import CompanionError
from companion.storage.database import OverDatabase, now, storage_errors
from companion.storage.gamelist import GameInfo, list_column
from companion.storage.errors import StorageError, message
from companion.storage.models import CommandRow, Game, Snapshot
from companion.storage.opening import open_database
from companion.storage.precheck import Precheck
from companion.storage.records import dumps
from companion.storage.reader import apply_stored
from companion.storage.rules import RulesBook
from companion.storage.journal_records import JournalRecords
from companion.storage.opengame import OpenGame, place
from companion.storage.sealed_rows import SealedRows
from companion.storage.secrets import secrets_of
from companion.storage.snapshots import Snapshots
from companion.storage.undo import UndoRedo
from companion.storage.writes import SNAPSHOT_EVERY
from companion.storage.settings import database_location, key_file_location
from companion.storage.sums import row_sum, snapshot_sum

OPEN_GAMES = 2  # games kept in memory (state, undo's kept states); the others reload from the file
GAMES, COMMANDS, SNAPSHOTS = Game.__table__, CommandRow.__table__, Snapshot.__table__
# the game list's columns, the latest game first (NULLs last, as the ORM's order put them)
_LIST = ("SELECT id, game, players, created_at, updated_at, rounds, finished, winner, head, meta FROM games"
         " ORDER BY updated_at DESC, id DESC")
# the statements of every submit, built once (parameters bound at execution: less overhead)
_INSERT_COMMAND = insert(COMMANDS)
_INSERT_SNAPSHOT = insert(SNAPSHOTS)
_REDONE = (
    update(COMMANDS)
    .where(COMMANDS.c.game_id == bindparam("gid"), COMMANDS.c.seq == bindparam("at"))
    .values(status="done")
)
_GAME_COLUMNS = ("head", "txn", "sum", "updated_at", "rounds", "finished", "winner")
_UPDATE_GAME = (
    update(GAMES).where(GAMES.c.id == bindparam("gid")).values({c: bindparam("new_" + c) for c in _GAME_COLUMNS})
)


class Journal(OverDatabase, SealedRows, Snapshots, UndoRedo, JournalRecords):
    """The games of one journal file (see the module doc)."""

    def __init__(
        self,
        db: str | Path | None = None,
        *,
        game=None,
        readonly: bool = False,
        snapshot_every: int = SNAPSHOT_EVERY,
        key_file: str | Path | None = None,
        busy_timeout: float = 2.0,
        precheck: Precheck | None = None,
    ):
        self.location = database_location(db)
        self._db = open_database(self.location, readonly=readonly, busy_timeout=busy_timeout, precheck=precheck)
        self.path = self._db.path
        self.readonly = readonly
        self.rules = RulesBook(game)
        self.snapshot_every = snapshot_every
        self.key_file = Path(key_file) if key_file else key_file_location()
        self._key: bytes | None = None
        self._open: dict[int, OpenGame] = {}

    # --- transactions ----------------------------------------------------------------

    @contextlib.contextmanager
    def _raw_connection(self) -> Iterator[sqlite3.Connection]:
        """The stdlib connection under one of the engine's (writes.py and sqlrows.py use it)."""
        with self._db.engine.connect() as conn:
            yield conn.connection.driver_connection

    @contextlib.contextmanager
    def _transaction(self, g: OpenGame, head: int, txn: int, values: dict) -> Iterator[tuple[Connection, list]]:
        """One write of game ``g``: the caller's statements, the game row, the shadow's line,
        the commit; nothing of it if any part fails (the shadow's line is taken back)."""
        ops: list = []
        with storage_errors(self.path), self._db.engine.connect() as conn:
            trans = conn.begin()
            try:
                yield conn, ops
                conn.execute(_UPDATE_GAME, {"gid": g.id, "new_head": head, "new_txn": txn,
                                            "new_sum": g.game_sum(head, txn), "new_updated_at": now(),
                                            **{"new_" + k: v for k, v in values.items()}})
                size = self._shadow_append({"g": g.id, "t": txn, "h0": g.head, "h": head, "ops": ops})
                try:
                    trans.commit()
                except BaseException:
                    self._db.shadow.take_back(size)
                    raise
            except BaseException:
                if trans.is_active:
                    trans.rollback()
                raise

    # --- games -----------------------------------------------------------------------

    def _session(self) -> Session:
        return Session(self._db.engine, expire_on_commit=False)

    def new_game(self, header: dict, *, meta: dict | None = None) -> int:
        """Start a game from its record header; its id."""
        self._writable()
        rules = self.rules.get(header.get("game", self.rules.default))
        state = rules.new_game(header)  # the rules check the header
        return self._create(rules, header, meta or {}, state, [])

    def _game(self, game_id: int) -> OpenGame:
        g = self._open.pop(game_id, None)
        if g is None:
            g = self._load(game_id)
        self._open[game_id] = g  # the latest used last: the first ones are let go
        for old in list(self._open)[:-OPEN_GAMES]:
            del self._open[old]
        return g

    def release(self, game_id: int) -> None:
        """Let go of a game's in-memory copy (its state and the states undo keeps); the file
        has it all, and the next call that needs it reads it again."""
        self._open.pop(game_id, None)

    @staticmethod
    def _known_id(game_id) -> None:
        """A game id SQLite can look up (a 64-bit integer); else no such game."""
        if isinstance(game_id, bool) or not isinstance(game_id, int) or not -(2**63) <= game_id < 2**63:
            raise StorageError.of("no_game", game=game_id)

    def _load(self, game_id: int) -> OpenGame:
        self._known_id(game_id)
        with storage_errors(self.path), self._session() as session:
            row = session.get(Game, game_id)
            if row is None:
                raise StorageError.of("no_game", game=game_id)
            rows = session.exec(
                select(CommandRow.seq, CommandRow.txn, CommandRow.reveal, CommandRow.sealed)
                .where(CommandRow.game_id == game_id)
            ).all()
            sealed_rows = session.exec(
                select(CommandRow.seq, CommandRow.body)
                .where(CommandRow.game_id == game_id, CommandRow.sealed == True, CommandRow.seq <= row.head)  # noqa: E712
            ).all()
        header = self._loads(row.header, game_id, "header")
        meta = self._loads(row.meta or "{}", game_id, "meta")
        if not isinstance(header, dict) or not isinstance(meta, dict):
            raise StorageError.of("damaged_part", path=str(self.path), game=game_id,
                                  what=message("part.header"))
        rules = self.rules.get(row.game)
        g = OpenGame(game_id, row.game, row.created_at, row.header, row.meta, header, meta, rules,
                      secrets_of(rules), row.head, row.txn)
        g.row_txn = {seq: txn for seq, txn, _, _ in rows}
        g.last_reveal = max((seq for seq, _, reveal, _ in rows if reveal and seq <= row.head), default=0)
        g.redo = sum(1 for seq, *_ in rows if seq > row.head)
        for seq, body in sealed_rows:
            group = g.secrets.group_of(self._row_public(game_id, seq, True, body)["command"].get("type"))
            g.sealed.add(group or "")
        g.state = self._replay(g, row.head)
        return g

    def _replay(self, g: OpenGame, upto: int, *, use_snapshots: bool = True):
        """The state after the first ``upto`` commands: latest trusted snapshot, then the rest."""
        start, state = self._trusted_snapshot(g, upto) if use_snapshots else (None, None)
        start = start or 0
        if state is None:
            state = g.rules.new_game(g.header)
        with storage_errors(self.path), self._session() as session:
            rows = session.exec(
                select(CommandRow.seq, CommandRow.sealed, CommandRow.body)
                .where(CommandRow.game_id == g.id, CommandRow.seq > start, CommandRow.seq <= upto)
                .order_by(CommandRow.seq)
            ).all()
        if [r[0] for r in rows] != list(range(start + 1, upto + 1)):
            raise StorageError.of("missing_commands", game=g.id)
        every = self.snapshot_every
        due = (upto // every) * every if every and use_snapshots and not self.readonly else 0
        due_state = None
        for seq, sealed, body in rows:
            command = self._row_body(g.id, seq, sealed, body)["command"]
            state = self._apply_stored(g, state, seq, command)
            if seq == due:
                due_state = state
        if due_state is not None and due > start:
            self._take_snapshot(g, due, due_state)
        return state

    def _apply_stored(self, g: OpenGame, state, seq: int, command: dict):
        return apply_stored(g.rules, g.id, state, seq, command)

    def state(self, game_id: int):
        """The current state of a game (opened from the journal the first time)."""
        return self._game(game_id).state

    def replayed_state(self, game_id: int):
        """The state from a full replay of the journal, ignoring snapshots (for checks)."""
        g = self._game(game_id)
        return self._replay(g, g.head, use_snapshots=False)

    def header(self, game_id: int) -> dict:
        return self._game(game_id).header

    def meta(self, game_id: int) -> dict:
        return self._game(game_id).meta

    def _rows(self, g: OpenGame) -> list[tuple[int, bool, str]]:
        with storage_errors(self.path), self._session() as session:
            rows = session.exec(
                select(CommandRow.seq, CommandRow.sealed, CommandRow.body)
                .where(CommandRow.game_id == g.id, CommandRow.seq <= g.head).order_by(CommandRow.seq)
            ).all()
        if [r[0] for r in rows] != list(range(1, g.head + 1)):
            raise StorageError.of("missing_commands", game=g.id)
        return [(seq, bool(sealed), body) for seq, sealed, body in rows]

    # --- accepting commands --------------------------------------------------------

    def submit(self, game_id: int, command) -> tuple[Any, list[dict]]:
        """Apply ``command``; if the rules accept it, save it durably; the new state and events.

        ``GameError`` (the rules refuse) or ``StorageError`` (not saved): nothing happened.
        """
        self._writable()
        g = self._game(game_id)
        as_dict, obj = self._command(g.rules, command)
        state, events = g.rules.apply(g.state, obj)
        self._append(g, as_dict, state, events)
        return state, events

    def _append(self, g: OpenGame, command: dict, state, events: list[dict], *, redo: bool = False) -> None:
        seq, txn = g.head + 1, g.txn + 1
        reveal = any(isinstance(e, dict) and e.get("reveal") for e in events)
        opened = g.secrets.opened_by(events)
        group = g.secrets.group_of(command.get("type"))
        secret = group is not None and group not in opened
        sealed_after = (g.sealed - opened) | ({group} if secret else set())
        row_txn = g.row_txn.get(seq, txn) if redo else txn
        links = {**g.row_txn, seq: row_txn}
        with self._transaction(g, seq, txn, self._history_columns(g.rules, g.header, state)) as (conn, ops):
            if redo:
                conn.execute(_REDONE, {"gid": g.id, "at": seq})
            else:
                if g.redo:  # a new command after undo: the redo stack is gone
                    conn.execute(delete(COMMANDS).where(COMMANDS.c.game_id == g.id, COMMANDS.c.seq >= seq))
                    conn.execute(delete(SNAPSHOTS).where(SNAPSHOTS.c.game_id == g.id, SNAPSHOTS.c.seq >= seq))
                    ops.append(["cut", seq])
                body = dumps({"command": command, "events": events})
                if secret:
                    body = self._sealed_body(g.id, seq, command, body)
                at = now()
                conn.execute(_INSERT_COMMAND, {
                    "game_id": g.id, "seq": seq, "status": "done", "secret": secret, "sealed": secret,
                    "reveal": reveal, "created_at": at, "body": body, "txn": txn,
                    "sum": row_sum(g.id, seq, txn, secret, reveal, at, body),
                })
                ops.append(["row", {"seq": seq, "txn": txn, "sealed": secret, "reveal": reveal, "body": body,
                                    "at": at}])
            if opened & g.sealed:
                self._open_groups(conn, ops, g, opened)
            if self.snapshot_every and seq % self.snapshot_every == 0:
                values = self._snapshot_values(g, seq, state, bool(sealed_after), links)
                conn.execute(delete(SNAPSHOTS).where(SNAPSHOTS.c.game_id == g.id, SNAPSHOTS.c.seq == seq))
                conn.execute(_INSERT_SNAPSHOT, values)
        g.keep_earlier(g.state)
        g.head, g.txn, g.state = seq, txn, state
        g.row_txn = links if redo else {s: t for s, t in links.items() if s <= seq}
        g.redo = g.redo - 1 if redo else 0
        g.sealed = sealed_after
        if reveal:
            g.last_reveal = seq

    def _open_groups(self, conn: Connection, ops: list, g: OpenGame, groups: set[str]) -> None:
        """At a reveal: the rows of the groups it opens are public now; snapshots that no
        longer hide anything are opened too."""
        sealed_rows = conn.execute(
            select(COMMANDS.c.id, COMMANDS.c.seq, COMMANDS.c.body, COMMANDS.c.reveal, COMMANDS.c.created_at,
                   COMMANDS.c.txn)
            .where(COMMANDS.c.game_id == g.id, COMMANDS.c.sealed == True, COMMANDS.c.seq <= g.head)  # noqa: E712
        ).all()
        opened, still = [], []
        for row_id, seq, body, reveal, at, txn in sealed_rows:
            public = self._row_public(g.id, seq, True, body)["command"]
            if (g.secrets.group_of(public.get("type")) or "") not in groups:
                still.append(seq)
                continue
            plain = self._unseal(json.loads(body)["sealed"], place("command", g.id, seq))
            conn.execute(update(COMMANDS).where(COMMANDS.c.id == row_id).values(
                body=plain, sealed=False, secret=False, sum=row_sum(g.id, seq, txn, False, reveal, at, plain)))
            opened.append([seq, plain])
        if opened:
            ops.append(["open", opened])
        first_hidden = min(still, default=None)
        snaps = conn.execute(
            select(SNAPSHOTS.c.id, SNAPSHOTS.c.seq, SNAPSHOTS.c.body, SNAPSHOTS.c.rules_version, SNAPSHOTS.c.chain)
            .where(SNAPSHOTS.c.game_id == g.id, SNAPSHOTS.c.sealed == True)  # noqa: E712
        ).all()
        for snap_id, seq, body, version, links in snaps:
            if first_hidden is not None and first_hidden <= seq:
                continue
            plain = self._unseal(body, place("snapshot", g.id, seq))
            conn.execute(update(SNAPSHOTS).where(SNAPSHOTS.c.id == snap_id).values(
                body=plain, sealed=False, sum=snapshot_sum(g.id, seq, version, False, links, plain)))

    # --- history ---------------------------------------------------------------------

    def games(self) -> list[GameInfo]:
        """Every game of the journal, the latest first. Read with the stdlib under the
        engine's connection: the ORM's query cost 5.2 ms on a hundred games here (0.9 ms this
        way), paid by home's Resume and every list."""
        with storage_errors(self.path), self._raw_connection() as conn:
            rows = conn.execute(_LIST).fetchall()
        games = []
        for gid, name, players, created_at, updated_at, rounds, finished, winner, head, meta in rows:
            if finished is None:  # migrated or repaired: fill the list's columns once
                columns = self._refresh_history(gid)
                if columns is not None:
                    rounds, finished, winner = columns["rounds"], columns["finished"], columns["winner"]
            games.append(
                GameInfo(
                    id=gid, game=name, players=list_column(players, list), created_at=created_at,
                    updated_at=updated_at, rounds=rounds, finished=bool(finished), winner=winner,
                    commands=head, meta=list_column(meta, dict),
                )
            )
        return games

    def _refresh_history(self, game_id: int) -> dict[str, Any] | None:
        """The list's columns of a game that has none yet, worked out and written; None when
        the game cannot be read."""
        try:
            g = self._game(game_id)
        except CompanionError:
            return None
        columns = self._history_columns(g.rules, g.header, g.state)
        if not self.readonly:
            with storage_errors(self.path), self._session() as session:
                session.exec(update(Game).where(Game.id == game_id).values(**columns))
                session.commit()
        return columns

    def latest_game(self, *, unfinished: bool = False) -> int | None:
        for info in self.games():
            if not unfinished or not info.finished:
                return info.id
        return None
