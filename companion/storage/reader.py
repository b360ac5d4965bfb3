"""A journal opened only to be read, without SQLAlchemy: what ``state`` and ``export`` use.

``JournalReader(db)`` opens the file as ``Journal(db, readonly=True)`` does (the same
checks against the shadow, the same repairs made in memory, the same ``notices``, the same
errors) but keeps the games as they were read (``dbview.GameRec``) instead of handing them
to an SQLAlchemy engine. Its ``export`` is the journal's own (exports.py: sealed choices
stay sealed), its ``state`` replays the commands through the game's rules from the latest
snapshot the journal would trust (snapshots.py: its sum, the rows it was made from, the
rules' version), else from the start. Only the game asked for is imported.

``rows_of`` (``played_last``, ``listed``, ``one(id)``) reads and checks the command rows and
shadow lines of only the games a command prints, when both copies agree on them and on
the shadow's last line: a journal of a hundred games then opens in the time of one.
Anything the two copies disagree on there is found by reading the whole file, as without
it (the same repairs, notices and errors). What it leaves unread is damage to another game
alone (a row in the database, a line in the shadow): the app reads every row and line,
finds it and repairs it from the other copy (docs/storage.md).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import CompanionError, GameError
from companion.storage.database import BUSY_TIMEOUT, Database, OverDatabase
from companion.storage.dbview import GameRec, Only, Select, connect_ro
from companion.storage.errors import StorageError, message
from companion.storage.exports import RecordExport
from companion.storage.gamelist import GameInfo, history_columns, list_column
from companion.storage.opening import open_database, open_focused
from companion.storage.rules import Rules, RulesBook
from companion.storage.sealed_rows import SealedRows
from companion.storage.settings import database_location, key_file_location
from companion.storage.sums import snapshot_trusted


def _when_played(g: GameRec) -> tuple[str, int]:
    return g.updated_at or "", g.id


def played_last(games: dict[int, GameRec]) -> set[int]:
    """The game played last (``JournalReader.latest_game``)."""
    return {max(games.values(), key=_when_played).id} if games else set()


def listed(games: dict[int, GameRec]) -> set[int]:
    """The games the list of games replays: those whose list columns are not filled yet."""
    return {g.id for g in games.values() if g.finished is None}


def one(game_id: int) -> Select:
    """The game ``game_id`` (a focused reading reads only its row of the games table, and
    that of the shadow's last line's game)."""
    return Only(frozenset({game_id}))


@dataclass
class ReadGame:
    """A game of the reader: its stored record and its header."""

    id: int
    rec: GameRec
    header: dict[str, Any]
    rules: Rules


def apply_stored(rules: Rules, game_id: int, state: Any, seq: int, command: dict[str, Any]) -> Any:
    """The state after a stored command; a refusal or a fault of the rules is a ``StorageError``."""
    try:
        state, _ = rules.apply(state, rules.command_from_dict(command))
        return state
    except StorageError:
        raise
    except GameError as err:
        raise StorageError.of("replay_refused", game=game_id, seq=seq, type=str(command.get("type")),
                              reason=err.reason) from err
    except Exception as err:  # noqa: BLE001 - a fault in the rules: still a message, not a traceback
        raise StorageError.of("replay_failed", game=game_id, seq=seq, type=str(command.get("type")),
                              detail=f"{type(err).__name__}: {err}") from err


class JournalReader(OverDatabase, SealedRows, RecordExport):
    """The games of one journal file, read only (see the module doc)."""

    def __init__(self, db: str | Path | None = None, *, game: Any = None, key_file: str | Path | None = None,
                 busy_timeout: float = BUSY_TIMEOUT, rows_of: Select | None = None, opened: Database | None = None):
        self.location = database_location(db)
        self._busy_timeout = busy_timeout
        self._db: Database = opened if opened is not None else open_database(
            self.location, readonly=True, busy_timeout=busy_timeout, engine=False, rows_of=rows_of)
        self.path = self._db.path
        self.readonly = True
        self.rules = RulesBook(game)
        self.key_file = Path(key_file) if key_file else key_file_location()
        self._key: bytes | None = None
        self._games: dict[int, GameRec] = dict(self._db.games or {})
        self._open: dict[int, ReadGame] = {}

    @classmethod
    def focused(cls, db: str | Path | None, rows_of: Select, *, key_file: str | Path | None = None,
                busy_timeout: float = BUSY_TIMEOUT) -> JournalReader | None:
        """The games ``rows_of`` picks, read alone when both copies agree on them and on the
        shadow's last line (``opening.open_focused``); None when only reading the whole file
        could say what they hold, which is then not read."""
        opened = open_focused(database_location(db), rows_of, busy_timeout=busy_timeout)
        return None if opened is None else cls(db, key_file=key_file, busy_timeout=busy_timeout, opened=opened)

    def holds(self, game_id: int) -> bool:
        """The game's rows are read (asking for another game reads the whole file)."""
        return game_id in self._games and (self._db.rows_of is None or game_id in self._db.rows_of)

    def _read_every_row(self) -> None:
        """A game whose rows were not read is asked for: the whole file read and checked."""
        db = open_database(self.location, readonly=True, busy_timeout=self._busy_timeout, engine=False)
        self._db.close()
        self._db, self._games, self._open = db, dict(db.games or {}), {}


    def latest_game(self) -> int | None:
        """The game played last, as ``Journal.latest_game`` orders them (a journal repaired in
        memory is written anew, every game at the same time: then the highest id)."""
        if not self._db.every_game:
            self._read_every_row()
        if not self._games:
            return None
        if self._db.in_memory:
            return max(self._games)
        return max(self._games.values(), key=_when_played).id

    def games(self) -> list[GameInfo]:
        """Every game, the latest first, as ``Journal.games()`` lists them; a game whose list
        columns are not filled yet (a migrated or repaired journal) is replayed for them."""
        if not self._db.every_game:
            self._read_every_row()
        if self._db.in_memory:  # (written anew: every game at the same time)
            recs = sorted(self._games.values(), key=lambda g: g.id, reverse=True)
        else:
            recs = sorted(self._games.values(), key=lambda g: (g.updated_at is not None, g.updated_at or "", g.id),
                          reverse=True)
        out = []
        for rec in recs:
            columns = {"rounds": rec.rounds, "finished": rec.finished, "winner": rec.winner}
            if rec.finished is None:
                try:
                    g = self._game(rec.id)
                    columns = history_columns(g.rules, g.header, self.state(rec.id))
                except CompanionError:
                    pass
            names = _players(rec.header) if self._db.in_memory else rec.players
            out.append(GameInfo(id=rec.id, game=rec.name, players=list_column(names, list), created_at=rec.created_at,
                                updated_at=rec.updated_at, rounds=columns["rounds"],
                                finished=bool(columns["finished"]), winner=columns["winner"], commands=rec.head,
                                meta=list_column(rec.meta, dict)))
        return out

    def _game(self, game_id: int) -> ReadGame:
        g = self._open.get(game_id)
        if g is not None:
            return g
        rec = self._games.get(game_id) if isinstance(game_id, int) and not isinstance(game_id, bool) else None
        if rec is not None and not self.holds(game_id):
            self._read_every_row()
            return self._game(game_id)
        if rec is None and not self._db.every_game:  # (only the games picked were read)
            self._read_every_row()
            return self._game(game_id)
        if rec is None:
            raise StorageError.of("no_game", game=game_id)
        header = self._loads(rec.header, game_id, "header")
        meta = self._loads(rec.meta or "{}", game_id, "meta")
        if not isinstance(header, dict) or not isinstance(meta, dict):
            raise StorageError.of("damaged_part", path=str(self.path), game=game_id, what=message("part.header"))
        g = ReadGame(game_id, rec, header, self.rules.get(rec.name))
        self._open[game_id] = g
        return g

    def _rows(self, g: ReadGame) -> list[tuple[int, bool, str]]:
        head = g.rec.head
        rows = [g.rec.rows.get(seq) for seq in range(1, head + 1)]
        if any(r is None for r in rows):
            raise StorageError.of("missing_commands", game=g.id)
        return [(r.seq, r.sealed, r.body) for r in rows if r is not None]

    def header(self, game_id: int) -> dict[str, Any]:
        return self._game(game_id).header

    def state(self, game_id: int) -> Any:
        """The current state of a game: its latest snapshot that checks out, as the app's
        journal trusts one, then the commands after it replayed (sealed ones opened)."""
        g = self._game(game_id)
        rows = self._rows(g)
        start, state = self._snapshot(g)
        if state is None:
            start, state = 0, g.rules.new_game(g.header)
        for seq, sealed, body in rows[start:]:
            command = self._row_body(g.id, seq, sealed, body)["command"]
            state = apply_stored(g.rules, g.id, state, seq, command)
        return state

    def _snapshot(self, g: ReadGame) -> tuple[int, Any]:
        """The latest snapshot of the game's rows as read (its sum, the transactions of the
        rows it was made from, the rules' version: snapshots.py) and its state; (0, None)
        when none checks out, or the journal was repaired in memory."""
        if self._db.in_memory:
            return 0, None
        try:
            conn = connect_ro(self.path, self._busy_timeout)
            try:
                found = conn.execute(
                    "SELECT seq, rules_version, sealed, chain, body, sum FROM snapshots "
                    "WHERE game_id = ? AND seq <= ? AND rules_version = ? ORDER BY seq DESC",
                    (g.id, g.rec.head, g.rules.version)).fetchall()
            finally:
                conn.close()
        except sqlite3.Error:  # (a damaged page: the replay from the start does without)
            return 0, None
        rows = g.rec.rows
        for seq, version, sealed, links, body, total in found:
            try:  # (stored as read: not text, a damaged row)
                version, links, body, total = version.decode(), links.decode(), body.decode(), total.decode()
            except (AttributeError, ValueError):
                continue
            txns = [rows[s].txn if s in rows else None for s in range(1, seq + 1)]
            if snapshot_trusted(g.id, seq, version, bool(sealed), links, body, total, txns):
                state = self._snapshot_state(g.rules, g.id, seq, bool(sealed), body)
                if state is not None:
                    return seq, state
        return 0, None


def _players(header: str) -> str:
    from companion.storage.rebuild import players_of  # as a repaired journal's rows hold them

    return players_of(header)
