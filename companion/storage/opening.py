"""Opening a journal: both copies checked, damage repaired or told, never silently lost.

1. The shadow then the database are read without changing either (a reader beside a
   running app sees the database at least as new as the shadow it read first).
2. What cannot be a journal is refused and left untouched: another program's database, a
   file that is not a database unless this app made it (its shadow is beside it, our
   tables are named in it, or it is the default journal), a schema this app never wrote.
3. An older journal is copied aside and migrated; a newer one refused.
4. recovery.merge decides each game. All agree: open as it is. The database one
   transaction behind the shadow's last line (a crash between the two writes): that game
   is rolled forward in place, silently. Anything else: a repaired database and shadow are
   written, the damaged files kept aside under new names, and ``notices`` say what was
   restored, what is lost and where the old files are. Read-only, the repair is made in
   memory and the files are left as they are.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from companion.core.i18n import Message
from companion.storage import shadow as shadows
from companion.storage import sqlrows
from companion.storage.database import (
    BUSY_TIMEOUT, Database, backup, file_engine, folder_error, instance_lock, memory_engine, now, resolve_path,
    stamp, storage_errors,
)
from companion.storage.dbview import SQLITE_MAGIC, DbView, Only, Select, needs_immutable, read_db, wal_path
from companion.storage.errors import StorageError, message
from companion.storage.files import sync_folder
from companion.storage.schema import SCHEMA_VERSION
from companion.storage.recovery import GameReport, Merged, agree, agree_on, merge
from companion.storage.settings import data_dir
from companion.storage.shadow import ShadowView, ShadowWriter, shadow_path
from companion.storage.wal import check_wal

if TYPE_CHECKING:
    from types import ModuleType

    from companion.storage.precheck import Precheck


def _rebuild() -> ModuleType:
    """rebuild.py, imported only when a file is written (reading never needs it)."""
    from companion.storage import rebuild

    return rebuild


@contextlib.contextmanager
def writing(path: Path, busy_timeout: float) -> Iterator[sqlite3.Connection]:
    """One write transaction on the file (stdlib ``sqlite3``), committed if nothing fails."""
    with storage_errors(path):
        conn = sqlrows.connect(path, busy_timeout)
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        finally:
            conn.close()


def checkpointed(path: Path, busy_timeout: float) -> None:
    """The file's -wal copied into its main file."""
    with storage_errors(path):
        conn = sqlrows.connect(path, busy_timeout)
        try:
            sqlrows.checkpoint(conn)
        finally:
            conn.close()


def ranges(numbers: list[int]) -> str:
    """``[3, 4, 5, 9]`` -> ``"3-5, 9"``."""
    out: list[str] = []
    for n in sorted(numbers):
        if out and out[-1].split("-")[-1] == str(n - 1):
            out[-1] = f"{out[-1].split('-')[0]}-{n}"
        else:
            out.append(str(n))
    return ", ".join(out)


def _is_default(path: Path) -> bool:
    try:
        return path.resolve() == (data_dir() / "journal.sqlite3").resolve()
    except OSError:
        return False


def _not_ours_at_a_glance(path: Path) -> bool:
    """A file that is not SQLite at all, with no shadow beside it, not the default journal."""
    try:
        if not path.is_file() or path.stat().st_size == 0:
            return False
        with open(path, "rb") as f:
            magic = f.read(len(SQLITE_MAGIC))
    except OSError:
        return False
    return magic != SQLITE_MAGIC and not shadow_path(path).exists() and not _is_default(path)


def _any_of(path: Path, *, main: bool = True) -> bool:
    """The database file (if ``main``) or its -wal or -shm exists."""
    names = ([path.name] if main else []) + [path.name + "-wal", path.name + "-shm"]
    return any(path.with_name(n).exists() for n in names)


def set_aside(path: Path) -> Path:
    """Rename ``path`` (and its -wal and -shm) to a new ``.damaged-<UTC time>`` name."""
    base = path.with_name(f"{path.name}.damaged-{stamp()}")
    target, n = base, 1
    while target.exists():
        n += 1
        target = base.with_name(f"{base.name}-{n}")
    # the -wal goes first: a main file must never meet another file's -wal under its name
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            os.rename(companion, target.with_name(target.name + suffix))
    if path.exists():
        os.rename(path, target)
    return target


def open_database(location: str, *, readonly: bool = False, busy_timeout: float = BUSY_TIMEOUT,
                  engine: bool = True, rows_of: Select | None = None, precheck: Precheck | None = None) -> Database:
    """The journal at ``location``, checked (and repaired unless ``readonly``). ``engine=False``:
    no SQLAlchemy engine, the same checks, repairs, notices and errors; read-only,
    ``Database.games`` holds the games as read and merged (reader.py); writable, the caller
    writes through ``Database.connect()`` (importer.py).

    ``rows_of`` (without an engine): the command rows and shadow lines of only the games it
    picks are read and checked, when both copies agree on those games and on the shadow's
    last line (read-only, ``Database.rows_of`` then names them); anything else is found by
    reading the whole file, and repaired, as without it. The app's journal always reads
    every row and line: here, or (writable, ``precheck``) in the process that checked the
    file while this one imported, when the file is still as that process read it."""
    path = resolve_path(location)
    if path.is_dir():
        raise StorageError.of("is_folder", path=str(path))
    if not readonly and _not_ours_at_a_glance(path):  # refused before the lock: nothing made beside it
        raise StorageError.of("not_a_journal", path=str(path))
    lock = None
    lock_path = path.resolve().with_name(path.resolve().name + ".lock")
    made_lock = not lock_path.exists()
    try:
        if not readonly:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise folder_error(path, err) from None
            lock = instance_lock(path)
        opening = _Opening(path, readonly, busy_timeout)
        opening.engine = engine
        opening.rows_of = rows_of if not engine else None
        opening.precheck = precheck if not readonly else None
        db = opening.run()
        db._lock = lock
        return db
    except BaseException:
        if precheck is not None:
            precheck.stop()
        if lock is not None:
            if made_lock:  # refused: leave nothing of ours beside the file
                lock_path.unlink(missing_ok=True)
            os.close(lock)
        raise


def as_it_is(path: Path, busy_timeout: float = BUSY_TIMEOUT) -> tuple[str, list[int]] | None:
    """The journal's id and its games when a writable opening of ``path`` would read every row
    and line and find both copies whole and agreeing, with nothing to repair, migrate or tell
    (it would only make its engine); else None. ``precheck.py`` asks this in another process."""
    data = shadows.load(shadow_path(path))
    if not isinstance(data, bytes):
        return None
    shadow = shadows.parse(data)
    view = read_db(path, busy_timeout)
    if (view.kind != "journal" or view.version != SCHEMA_VERSION or view.journal_id is None
            or view.journal_id != shadow.journal_id or shadow.torn or not agree(view, shadow)):
        return None
    return view.journal_id, sorted(view.games)


def open_focused(location: str, rows_of: Select, *, busy_timeout: float = BUSY_TIMEOUT) -> Database | None:
    """``open_database(location, readonly=True, engine=False, rows_of=rows_of)`` when it can
    take its focused reading (both copies agree on the games picked and on the shadow's last
    line); else None, without reading the whole file: what the copies disagree on is for the
    journal to find and repair (the app's Resume while its journal opens, late_journal.py)."""
    try:
        path = resolve_path(location)
        if not path.is_file():
            return None
        opening = _Opening(path, True, busy_timeout)
        opening.engine, opening.rows_of = False, rows_of
        data = shadows.load(opening.shadow_path)
        return opening._focused(data) if isinstance(data, bytes) else None
    except (StorageError, OSError, sqlite3.Error):  # (a file held or damaged: the journal says it)
        return None


class _Opening:
    def __init__(self, path: Path, readonly: bool, busy_timeout: float):
        self.path, self.readonly, self.busy_timeout = path, readonly, busy_timeout
        self.shadow_path = shadow_path(path)
        self.notices: list[Message] = []
        self.engine = True  # False: no SQLAlchemy (read-only: the games handed over as read, Database.games)
        self.rows_of: Select | None = None  # no engine: whose rows to read (open_database)
        self.precheck: Precheck | None = None  # writable: the whole file read by another process

    def run(self) -> Database:
        found = None
        if self.precheck is not None:  # (the lock is held: nothing writes)
            found = self.precheck.found() if self.precheck.path == self.path else None
            self.precheck.stop()  # (another file's: stopped unheard)
        if found is not None:
            journal_id, games = found
            return Database(self.path, self._engine(), False, journal_id, self.notices, [GameReport(g) for g in games],
                            shadow=ShadowWriter(self.shadow_path), busy_timeout=self.busy_timeout)
        data = shadows.load(self.shadow_path)
        if self.rows_of is not None and isinstance(data, bytes):
            focused = self._focused(data)
            if focused is not None:
                return focused
        shadow = data if isinstance(data, ShadowView) else shadows.parse(data)
        view = read_db(self.path, self.busy_timeout)
        if view.kind == "foreign":
            raise StorageError.of("foreign", path=str(self.path))
        damaged = view.kind == "not_db" or view.malformed and view.kind == "empty" or (
            view.kind == "journal" and view.version is None)
        if damaged and not (view.ours or shadow.exists or _is_default(self.path)):
            raise StorageError.of("not_a_journal", path=str(self.path))
        if view.kind == "journal" and view.version is not None:
            view, shadow = self._versions(view, shadow)
        if view.kind in ("absent", "empty") and not damaged and not shadow.lines and not shadow.damaged:
            return self._new(shadow)
        if damaged:
            view.reason = view.reason or "malformed"
            if view.kind != "journal":
                view.games, view.complete = {}, False
        return self._check(view, shadow, damaged)

    def _focused(self, data: bytes) -> Database | None:
        """Only the picked games' rows read, and only their lines of the shadow with its
        last, when both copies agree on them (as the whole file read would then say, with
        nothing to tell or repair); else None."""
        assert self.rows_of is not None
        by_id = isinstance(self.rows_of, Only)
        if by_id:  # the games known first: only their rows and the last line's game's, the shadow read first
            shadow = shadows.parse_some(data, self.rows_of.ids)
            games = set(self.rows_of.ids) | ({shadow.lines[-1].g} if shadow.lines else set())
            view = read_db(self.path, self.busy_timeout, self.rows_of, games)
        else:
            view = read_db(self.path, self.busy_timeout, self.rows_of)
        if view.kind != "journal" or view.version != SCHEMA_VERSION or view.rows_of is None:
            return None
        if not by_id:
            shadow = shadows.parse_some(data, view.rows_of)
        if view.journal_id != shadow.journal_id or not agree_on(view, shadow) or (shadow.torn and not self.readonly):
            return None
        reports = [GameReport(g) for g in view.games]
        if self.readonly:
            return Database(self.path, None, True, view.journal_id, self.notices, reports, games=dict(view.games),
                            rows_of=view.rows_of, busy_timeout=self.busy_timeout,
                            every_game=not by_id)
        return Database(self.path, None, False, view.journal_id, self.notices, reports,
                        shadow=ShadowWriter(self.shadow_path), busy_timeout=self.busy_timeout)

    # --- what the file is ------------------------------------------------------------

    def _versions(self, view: DbView, shadow: ShadowView) -> tuple[DbView, ShadowView]:
        version = view.version or 0
        if version < 1:
            raise StorageError.of("schema_unknown", path=str(self.path), version=version)
        if version > SCHEMA_VERSION:
            raise StorageError.of("newer", path=str(self.path), version=version, known=SCHEMA_VERSION)
        if version == SCHEMA_VERSION:
            return view, shadow
        if self.readonly:
            raise StorageError.of("older_read_only", path=str(self.path), version=version)
        kept = backup(self.path, version)
        engine = file_engine(self.path, readonly=False, busy_timeout=self.busy_timeout)
        try:
            with storage_errors(self.path), engine.begin() as conn:
                from companion.storage.migrations import migrate

                migrate(conn, version, now())
        finally:
            engine.dispose()
        self.notices.append(message("migrated", old=version, new=SCHEMA_VERSION, backup=str(kept)))
        if shadow.exists:  # a shadow beside a journal that had none is another's: kept, not used
            aside = set_aside(self.shadow_path)
            self.notices.append(message("shadow_other", shadow=str(self.shadow_path), aside=str(aside)))
        return read_db(self.path, self.busy_timeout), ShadowView(exists=False)

    def _new(self, shadow: ShadowView) -> Database:
        if self.readonly:
            key = "no_journal" if not self.path.exists() else "no_games_yet"
            raise StorageError.of(key, path=str(self.path))
        journal_id = shadow.journal_id or _rebuild().new_journal_id()
        if _any_of(self.path, main=False):  # a -wal whose database is gone: never let it meet a new one
            aside = set_aside(self.path)
            self.notices.append(message("orphan_wal", path=str(self.path), aside=str(aside)))
        with writing(self.path, self.busy_timeout) as conn:
            _rebuild().create_schema(conn, journal_id)
        checkpointed(self.path, self.busy_timeout)  # the main file alone shows it is a journal, even without its -wal
        with storage_errors(self.path):
            shadows.write_new(self.shadow_path, journal_id, [])
        return Database(self.path, self._engine(), False, journal_id, self.notices,
                        shadow=ShadowWriter(self.shadow_path), busy_timeout=self.busy_timeout)

    def _engine(self):  # type: ignore[no-untyped-def]
        """The writable file's SQLAlchemy engine, unless opened without one."""
        return file_engine(self.path, readonly=False, busy_timeout=self.busy_timeout) if self.engine else None

    # --- both copies -------------------------------------------------------------------

    def _check(self, view: DbView, shadow: ShadowView, damaged: bool) -> Database:
        other = shadow.journal_id is not None and view.journal_id is not None and shadow.journal_id != view.journal_id
        usable = shadow if shadow.exists and not other and shadow.unreadable is None else ShadowView(exists=False)
        db_missing = view.kind in ("absent", "empty") and not damaged
        if db_missing:
            view.complete = False
        merged = merge(view, usable)
        wal_damaged = False
        if not usable.exists and view.kind == "journal":
            wal_damaged = check_wal(wal_path(self.path)).damaged
        journal_id = view.journal_id or shadow.journal_id or _rebuild().new_journal_id()
        crash = bool(merged.rolled_forward) and not damaged and not wal_damaged
        need_db = damaged or db_missing or wal_damaged or (merged.db_differs and not crash)
        need_shadow = merged.shadow_differs or not usable.exists or other
        if self.readonly:
            return self._read_only(view, shadow, usable, merged, need_db, crash, damaged, db_missing, journal_id)
        aside_db = None
        if crash:
            self._roll_forward(merged)
        elif need_db:
            aside_db = self._rewrite_db(merged, journal_id)
        if need_shadow:
            self._rewrite_shadow(shadow, usable, other, merged, journal_id, migrated=bool(self.notices))
        elif shadow.torn:
            os.truncate(self.shadow_path, shadow.good_size)
        if need_db:
            self._db_notice(view, damaged, db_missing, wal_damaged, aside_db, merged)
        if not crash:  # the last command of a crash between the two writes: kept without a word
            self._game_notices(merged, aside_db)
        return Database(self.path, self._engine(), False, journal_id, self.notices, list(merged.reports.values()),
                        shadow=ShadowWriter(self.shadow_path), busy_timeout=self.busy_timeout)

    def _read_only(self, view: DbView, shadow: ShadowView, usable: ShadowView, merged: Merged, need_db: bool,
                   crash: bool, damaged: bool, db_missing: bool, journal_id: str) -> Database:
        if need_db or crash:  # (crash: the shadow's last line, as the app will keep it on opening)
            if not usable.lines:
                raise self._unreadable(view, damaged, db_missing)
            if not self.engine:
                self._repaired_notices(merged, crash)
                return Database(self.path, None, True, journal_id, self.notices, list(merged.reports.values()),
                                in_memory=True, games=dict(merged.games))
            engine = memory_engine()
            with engine.begin() as conn:
                raw = conn.connection.driver_connection
                _rebuild().create_schema(raw, journal_id)
                _rebuild().write_games(raw, merged.games.values())
            self._repaired_notices(merged, crash)
            return Database(self.path, engine, True, journal_id, self.notices, list(merged.reports.values()),
                            in_memory=True)
        if shadow.damaged or shadow.unreadable:
            self.notices.append(message("shadow_damaged_read_only", shadow=str(self.shadow_path),
                                        count=len(shadow.damaged) or 1))
        elif not shadow.exists and view.games:
            self.notices.append(message("shadow_missing_read_only", shadow=str(self.shadow_path)))
        if not self.engine:  # (the database's own records: they agree, and carry the list's columns)
            games = {gid: view.games.get(gid, g) for gid, g in merged.games.items()}
            return Database(self.path, None, True, journal_id, self.notices, list(merged.reports.values()),
                            games=games)
        engine = file_engine(self.path, readonly=True, immutable=needs_immutable(self.path),
                             busy_timeout=self.busy_timeout)
        return Database(self.path, engine, True, journal_id, self.notices, list(merged.reports.values()))

    def _repaired_notices(self, merged: Merged, crash: bool) -> None:
        if not crash:
            self.notices.append(message("repaired_in_memory", path=str(self.path), shadow=str(self.shadow_path)))
            self._game_notices(merged, None)

    def _unreadable(self, view: DbView, damaged: bool, db_missing: bool) -> StorageError:
        """Read-only, damaged, and no shadow to read instead: exactly what is damaged."""
        if db_missing:
            return StorageError.of("no_journal", path=str(self.path))
        if damaged:
            return StorageError.of("damaged_read_only", path=str(self.path),
                                   reason=message(f"reason.{view.reason or 'malformed'}"))
        for gid, seqs in sorted(view.bad_rows.items()):
            first = min(seqs)
            return StorageError.of("row_damaged_read_only", path=str(self.path), game=gid, seq=first)
        if view.bad_games:
            return StorageError.of("game_damaged_read_only", path=str(self.path), game=min(view.bad_games))
        return StorageError.of("damaged_read_only", path=str(self.path),
                               reason=message("reason.wal"))

    # --- repairs -----------------------------------------------------------------------

    def _roll_forward(self, merged: Merged) -> None:
        with writing(self.path, self.busy_timeout) as conn:
            _rebuild().write_games(conn, [merged.games[g] for g in merged.rolled_forward], replace=True)

    def _rewrite_db(self, merged: Merged, journal_id: str) -> Path | None:
        """A new database from the merged games, put in place of the old one (kept aside)."""
        tmp = self.path.with_name(self.path.name + ".rebuild")
        for suffix in ("", "-wal", "-shm", "-journal"):
            leftover = tmp.with_name(tmp.name + suffix)
            if leftover.exists():
                leftover.unlink()  # our own half-made file of an interrupted repair
        with writing(tmp, self.busy_timeout) as conn:
            _rebuild().create_schema(conn, journal_id)
            _rebuild().write_games(conn, merged.games.values())
        checkpointed(tmp, self.busy_timeout)
        aside = set_aside(self.path) if _any_of(self.path) else None
        os.replace(tmp, self.path)
        sync_folder(self.path.parent)
        return aside

    def _rewrite_shadow(self, shadow: ShadowView, usable: ShadowView, other: bool, merged: Merged,
                        journal_id: str, migrated: bool) -> None:
        aside = set_aside(self.shadow_path) if self.shadow_path.exists() else None
        lines = [_rebuild().base_line(g) for g in sorted(merged.games.values(), key=lambda g: g.id)]
        shadows.write_new(self.shadow_path, journal_id, lines)
        if aside is not None and not other:
            self.notices.append(message("shadow_kept_aside", shadow=str(self.shadow_path), aside=str(aside),
                                        count=max(1, len(shadow.damaged))))
        elif aside is not None:
            self.notices.append(message("shadow_other", shadow=str(self.shadow_path), aside=str(aside)))
        elif not migrated and merged.games:
            self.notices.append(message("shadow_missing", shadow=str(self.shadow_path),
                                        count=len(merged.games)))

    # --- what the table is told ----------------------------------------------------------

    def _db_notice(self, view: DbView, damaged: bool, db_missing: bool, wal_damaged: bool, aside: Path | None,
                   merged: Merged) -> None:
        if db_missing:
            self.notices.append(message("db_missing", path=str(self.path), shadow=str(self.shadow_path)))
            return
        if damaged or view.malformed:
            reason = view.reason or "malformed"
        elif wal_damaged:
            reason = "wal"
        elif view.bad_rows or view.bad_games:
            reason = "rows"
        else:
            reason = "behind"
        self.notices.append(message("db_kept_aside", path=str(self.path), aside=str(aside),
                                    reason=message(f"reason.{reason}")))

    def _game_notices(self, merged: Merged, aside: Path | None) -> None:
        where = str(aside) if aside else str(self.path)
        for report in merged.reports.values():
            self.notices.extend(game_notices(report, where))


def game_notices(report: GameReport, where: str) -> list[Message]:
    out = []
    g = report.id
    if report.whole_game_lost:
        out.append(message("game_lost", game=g, aside=where))
        return out
    restored = report.from_shadow
    if restored:
        out.append(message("restored", game=g, count=len(restored), commands=ranges(restored)))
    if report.lost:
        out.append(message("lost", game=g, count=len(report.lost), commands=ranges(report.lost),
                           last=min(report.lost) - 1))
    if report.set_aside:
        out.append(message("set_aside", game=g, count=len(report.set_aside),
                           commands=ranges(report.set_aside), aside=where))
    if report.redo_dropped:
        out.append(message("redo_dropped", game=g, count=report.redo_dropped))
    if report.tail_unsure and (report.lost or report.from_db == [] and report.from_shadow):
        out.append(message("tail_unsure", game=g))
    return out
