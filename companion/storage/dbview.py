"""Reading a journal's database without changing it, checking every row's sum.

``read_db(path)`` looks at the file read-only (it never writes, checkpoints or moves the
file or its ``-wal``) and says what it is: absent, empty, not a database, another
program's database, or a journal with its version, its id and its games as plain records
(``GameRec`` with its ``RowRec`` rows). Rows whose sum fails, that are not UTF-8 text or
not of their types are listed apart; a malformed file is read as far as it goes.
"""

from __future__ import annotations

import os
import sqlite3
import urllib.parse
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.storage.errors import StorageError
from companion.storage.sums import game_sum, row_sum, schema_sum

# which games' command rows to read, given the games read (dbview.read_db's ``rows_of``)
Select = Callable[[dict[int, "GameRec"]], set[int]]


def no_rows(games: dict[int, GameRec]) -> set[int]:
    """A ``Select`` of no game: the games' own rows only (a list, a new game)."""
    return set()


@dataclass(frozen=True)
class Only:
    """A ``Select`` of the games ``ids``, known before any game is read: a focused reading
    (``opening.open_focused``) then reads only their rows of the games table, and that of
    the game the shadow's last line is of, not every game's."""

    ids: frozenset[int]

    def __call__(self, games: dict[int, GameRec]) -> set[int]:
        return set(self.ids)


SQLITE_MAGIC = b"SQLite format 3\x00"
SQLITE_CORRUPT, SQLITE_NOTADB = 11, 26  # the only answers that mean "damaged"
OUR_TABLES = (b"schema_version", b"commands", b"snapshots")


@dataclass
class RowRec:
    """A command row as stored (``body`` sealed or plain); its status follows the head."""

    seq: int
    txn: int
    sealed: bool
    reveal: bool
    body: str
    at: str

    def to_op(self) -> dict[str, Any]:
        return {"seq": self.seq, "txn": self.txn, "sealed": self.sealed, "reveal": self.reveal,
                "body": self.body, "at": self.at}

    @classmethod
    def from_op(cls, d: Any) -> RowRec | None:
        try:
            row = cls(d["seq"], d["txn"], bool(d["sealed"]), bool(d["reveal"]), d["body"], d["at"])
        except (KeyError, TypeError):
            return None
        ok = all(isinstance(v, int) and not isinstance(v, bool) for v in (row.seq, row.txn))
        return row if ok and isinstance(row.body, str) and isinstance(row.at, str) else None


@dataclass
class GameRec:
    """A game as stored: its record header and notes, head, transaction count and rows."""

    id: int
    name: str
    header: str
    meta: str
    created_at: str
    head: int
    txn: int
    rows: dict[int, RowRec] = field(default_factory=dict)
    updated_at: str | None = None  # as the database has it (the list of games sorts by it)
    # the list of games' other columns as the database has them (None: not filled yet)
    players: str | None = None
    rounds: int | None = None
    finished: bool | None = None
    winner: str | None = None


@dataclass
class DbView:
    kind: str  # "absent" | "empty" | "not_db" | "foreign" | "journal"
    reason: str = ""  # why a file is not a database or malformed
    malformed: bool = False
    version: int | None = None
    journal_id: str | None = None
    games: dict[int, GameRec] = field(default_factory=dict)
    bad_games: set[int] = field(default_factory=set)  # game rows whose sum fails (ids as read)
    bad_rows: dict[int, set[int]] = field(default_factory=dict)  # game -> seqs (as read) of bad rows
    complete: bool = True  # every row of both tables was read
    ours: bool = False  # evidence that this app made the file (our tables named in it)
    rows_of: frozenset[int] | None = None  # the games whose rows were read (None: every game's)


def ro_uri(path: Path, *, immutable: bool = False) -> str:
    return f"file:{urllib.parse.quote(str(path.resolve()))}?mode=ro" + ("&immutable=1" if immutable else "")


def wal_path(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


def needs_immutable(path: Path) -> bool:
    """Read-only media: SQLite cannot make the ``-shm`` it needs, and there is no ``-wal``
    to read (a journal closed cleanly), so the main file alone is the whole journal."""
    folder_writable = os.access(path.parent, os.W_OK)
    wal = wal_path(path)
    return not folder_writable and not (wal.exists() and wal.stat().st_size > 0)


def connect_ro(path: Path, busy_timeout: float) -> sqlite3.Connection:
    conn = sqlite3.connect(ro_uri(path, immutable=needs_immutable(path)), uri=True, timeout=busy_timeout)
    conn.text_factory = bytes
    return conn


def not_damaged_but(path: Path, err: sqlite3.Error) -> StorageError:
    """Any failure but damage (locked, unreadable, I/O): told, and the file is never moved."""
    message = str(err)
    if "locked" in message or "busy" in message:
        return StorageError.of("busy", path=str(path))
    if getattr(err, "sqlite_errorcode", 0) == 1544 or "readonly" in message:  # SQLITE_READONLY_DIRECTORY
        return StorageError.of("wal_read_only", path=str(path))
    return StorageError.of("cannot_open", path=str(path), detail=message)


def _is_damage(err: sqlite3.Error) -> bool:
    return getattr(err, "sqlite_errorcode", 0) & 0xFF in (SQLITE_CORRUPT, SQLITE_NOTADB)


def _header_ok(head: bytes) -> bool:
    """The header fields SQLite would take at their word (a flipped one makes the file
    read-only, or its text UTF-16): as this app writes them."""
    return (len(head) == 100 and head[18] in (1, 2) and head[19] in (1, 2) and head[20] == 0
            and head[21:24] == b"\x40\x20\x20" and int.from_bytes(head[56:60], "big") in (0, 1)
            and head[72:92] == bytes(20))


def _ours(path: Path) -> bool:
    """Our table names in the first pages (where SQLite keeps the schema)."""
    try:
        with open(path, "rb") as f:
            head = f.read(65536)
    except OSError:
        return False
    return all(name in head for name in OUR_TABLES)


def read_db(path: Path, busy_timeout: float = 2.0, rows_of: Select | None = None,
            games: Collection[int] | None = None) -> DbView:
    """What the file at ``path`` is (see the module doc). ``rows_of``: the command rows of only
    the games it picks from the games read (every game's rows without it); ``games``: only
    these games read (with ``rows_of``; all of them without it)."""
    if not path.exists():
        return DbView("absent")
    wal = wal_path(path)
    if path.stat().st_size == 0:
        if not (wal.exists() and wal.stat().st_size > 0):
            return DbView("empty")
    else:  # (a new database lives in its -wal until the first checkpoint: the main file is empty)
        with open(path, "rb") as f:
            head = f.read(100)
        if not head.startswith(SQLITE_MAGIC):
            return DbView("not_db", reason="not_a_database", ours=False)
        if not _header_ok(head):
            return DbView("not_db", reason="malformed", malformed=True, ours=_ours(path), complete=False)
    ours = _ours(path)
    try:
        conn = connect_ro(path, busy_timeout)
    except sqlite3.Error as err:
        raise not_damaged_but(path, err) from err
    try:
        return _read(conn, path, ours, rows_of, games if rows_of is not None else None)
    except sqlite3.DatabaseError as err:
        if _is_damage(err):
            return DbView("not_db", reason="malformed", malformed=True, ours=ours, complete=False)
        raise not_damaged_but(path, err) from err
    finally:
        conn.close()


def _text(value: Any) -> str | None:
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return None


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _read(conn: sqlite3.Connection, path: Path, ours: bool, rows_of: Select | None = None,
          games: Collection[int] | None = None) -> DbView:
    # a command reading a few games (``rows_of``) leaves the others' pages unread, as it leaves
    # their rows: damage in the pages it reads stops the read or fails a sum
    malformed = rows_of is None and conn.execute("PRAGMA quick_check").fetchall() != [(b"ok",)]
    tables = {_text(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "schema_version" not in tables:
        if tables - {None}:
            return DbView("foreign", ours=False)
        return DbView("empty", malformed=malformed, reason="malformed" if malformed else "", ours=ours)
    view = DbView("journal", malformed=malformed, reason="malformed" if malformed else "", ours=True)
    columns = {_text(r[1]) for r in conn.execute("PRAGMA table_info(schema_version)")}
    checked = {"journal_id", "sum"} <= columns  # schema 3 on: the row has its sum
    try:
        row = conn.execute(
            "SELECT version" + (", journal_id, sum" if checked else "") + " FROM schema_version"
        ).fetchone()
    except sqlite3.DatabaseError as err:
        if not _is_damage(err):
            raise
        row = None
    if checked:
        # a version row that fails its sum is damage (the rest is read as schema 3 lays it out)
        version, journal_id, total = (row if row is not None else (None, None, None))
        journal_id = _text(journal_id)
        if _int(version) is None or journal_id is None or schema_sum(version, journal_id) != _text(total):
            view.reason = "no_version"
            view.journal_id = journal_id
            _read_games(conn, view)
            _read_commands(conn, view)
            return view
        view.version, view.journal_id = version, journal_id
        _read_games(conn, view, games)
        _read_commands(conn, view, None if rows_of is None else rows_of(view.games))
        return view
    if row is None or _int(row[0]) is None or row[0] >= 3:
        view.reason = "no_version"  # (schema 3 on has its sum: a row without one is not what any version wrote)
        return view
    view.version = row[0]
    return view  # an older journal: migrated before anything else reads it


def _scan(conn: sqlite3.Connection, sql: str, view: DbView, where: str = ""):
    """Rows of ``sql`` (ordered by ``id``, with ``id`` first; ``where``: a condition more);
    past a damaged page, on from the next ids SQLite can still reach."""
    last, jumps = -(2**63), 0
    while True:
        try:
            for row in conn.execute(sql + f" WHERE {where}id > ? ORDER BY id", (last,)):
                last = row[0] if isinstance(row[0], int) else last
                yield row
            return
        except sqlite3.DatabaseError as err:
            if not _is_damage(err):
                raise
            view.complete = False
            jumps += 1
            if jumps > 12:
                return
            last += 10 ** (jumps // 3)


def _read_games(conn: sqlite3.Connection, view: DbView, only: Collection[int] | None = None) -> None:
    """Every game's row, or those of the games ``only`` names."""
    sql = ("SELECT id, game, header, meta, created_at, head, txn, sum, updated_at, players, rounds, finished, winner "
           "FROM games")
    where = "" if only is None else f"id IN ({', '.join(str(int(g)) for g in sorted(only))}) AND "
    for gid, name, header, meta, created_at, head, txn, total, updated, names, rounds, done, winner in _scan(
            conn, sql, view, where):
        fields = (_text(name), _text(header), _text(meta), _text(created_at), _int(head), _int(txn), _text(total))
        if _int(gid) is None or any(f is None for f in fields):
            view.bad_games.add(gid if _int(gid) is not None else -1)
            continue
        name_, header_, meta_, created_, head_, txn_, total_ = fields
        if game_sum(gid, name_, created_, head_, txn_, header_, meta_) != total_:
            view.bad_games.add(gid)
            continue
        view.games[gid] = GameRec(gid, name_, header_, meta_, created_, head_, txn_, updated_at=_text(updated),
                                  players=_text(names), rounds=_int(rounds),
                                  finished=None if done is None else bool(done), winner=_text(winner))


def _read_commands(conn: sqlite3.Connection, view: DbView, only: set[int] | None = None) -> None:
    """Every command row, or those of the games ``only`` names (``view.rows_of`` says which)."""
    sql = "SELECT id, game_id, seq, status, sealed, reveal, body, created_at, txn, sum FROM commands"
    games = view.games
    where = ""
    if only is not None:
        view.rows_of = frozenset(only)
        where = f"game_id IN ({', '.join(str(int(g)) for g in sorted(only))}) AND "
    for _id, gid, seq, status, sealed, reveal, body, at, txn, total in _scan(conn, sql, view, where):
        try:  # the types a row must have; anything else (a flipped type byte, not UTF-8) is damage
            if type(gid) is not int or type(seq) is not int or type(txn) is not int or sealed not in (0, 1) \
                    or reveal not in (0, 1):
                raise ValueError
            body_, at_, total_, status_ = body.decode(), at.decode(), total.decode(), status.decode()
        except (ValueError, AttributeError):  # (UnicodeDecodeError is a ValueError)
            view.bad_rows.setdefault(gid if _int(gid) is not None else -1, set()).add(seq if _int(seq) else -1)
            continue
        game = games.get(gid)
        good = row_sum(gid, seq, txn, sealed, reveal, at_, body_) == total_
        if good and game is not None:
            good = status_ == ("done" if seq <= game.head else "undone") and seq not in game.rows
        if not good:
            view.bad_rows.setdefault(gid, set()).add(seq)
        elif game is not None:
            game.rows[seq] = RowRec(seq, txn, sealed == 1, reveal == 1, body_, at_)
