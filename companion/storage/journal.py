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
import errno
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from sqlalchemy import Connection, bindparam, delete, func, insert, update
from sqlmodel import Session, select

from companion.core.i18n import Message
from companion.errors import CompanionError, GameError
from companion.storage import seal as sealing
from companion.storage.database import now, storage_errors
from companion.storage.errors import JournalRefusal, StorageError, message
from companion.storage.logbook import Teller, players
from companion.storage.models import CommandRow, Game, Snapshot
from companion.storage.opening import open_database
from companion.storage.records import dumps, parse_record, record_text, sealed_line, write_private
from companion.storage.recovery import GameReport
from companion.storage.rules import Rules, RulesBook
from companion.storage.secrets import Secrets, secrets_of
from companion.storage.settings import database_location, key_file_location
from companion.storage.sums import chain, game_sum, row_sum, snapshot_sum

SNAPSHOT_EVERY = 50
GAMES, COMMANDS, SNAPSHOTS = Game.__table__, CommandRow.__table__, Snapshot.__table__
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


@dataclass
class GameInfo:
    """One line of the list of games."""

    id: int
    game: str
    players: list[str]
    created_at: str
    updated_at: str | None
    rounds: int | None
    finished: bool
    winner: str | None
    commands: int
    meta: dict


@dataclass
class _OpenGame:
    id: int
    name: str
    created_at: str
    header_text: str
    meta_text: str
    header: dict
    meta: dict
    rules: Rules
    secrets: Secrets
    head: int
    txn: int
    state: Any = None
    last_reveal: int = 0  # seq of the last command that revealed something (0: none)
    redo: int = 0  # undone commands waiting to be redone
    sealed: set[str] = field(default_factory=set)  # secret groups with a sealed command in effect
    row_txn: dict[int, int] = field(default_factory=dict)  # seq -> the transaction that wrote the row

    def game_sum(self, head: int, txn: int) -> str:
        return game_sum(self.id, self.name, self.created_at, head, txn, self.header_text, self.meta_text)


def _place(kind: str, game_id: int, seq: int) -> str:
    return f"{kind}:{game_id}:{seq}"


class Journal:
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
    ):
        self.location = database_location(db)
        self._db = open_database(self.location, readonly=readonly, busy_timeout=busy_timeout)
        self.path = self._db.path
        self.readonly = readonly
        self.rules = RulesBook(game)
        self.snapshot_every = snapshot_every
        self.key_file = Path(key_file) if key_file else key_file_location()
        self._key: bytes | None = None
        self._open: dict[int, _OpenGame] = {}

    @property
    def notices(self) -> list[Message]:
        """What the user must be told about the file (repaired, lost, moved aside, migrated)."""
        return list(self._db.notices)

    @property
    def reports(self) -> list[GameReport]:
        """Per game, what opening the file restored or found lost (recovery.GameReport)."""
        return list(self._db.reports)

    def close(self) -> None:
        self._db.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()

    # --- sealing ---------------------------------------------------------------------

    def _seal_key(self) -> bytes:
        if self._key is None:
            self._key = sealing.load_key(self.key_file, create=True)
        return self._key

    def _unseal_key(self) -> bytes:
        if self._key is None:
            key = sealing.load_key(self.key_file, create=False)
            if key is None:
                raise StorageError.of("key_missing", key_file=str(self.key_file))
            self._key = key
        return self._key

    def _seal(self, text: str, place: str) -> str:
        return sealing.seal(self._seal_key(), text, place)

    def _unseal(self, text: str, place: str) -> str:
        return sealing.unseal(self._unseal_key(), text, place)

    def _damaged_row(self, game_id: int, seq: int) -> StorageError:
        return StorageError.of("row_damaged", game=game_id, seq=seq)

    def _loads(self, text, game_id: int, what: str):
        """``json.loads`` of a column; a damaged one is a ``StorageError``, not a traceback."""
        try:
            return json.loads(text)
        except (ValueError, TypeError, RecursionError):
            raise StorageError.of("damaged_part", path=str(self.path), game=game_id,
                                  what=message(f"part.{what}")) from None

    def _row_body(self, game_id: int, seq: int, sealed: bool, stored: str) -> dict:
        """``{"command", "events"}`` of a row, unsealed if need be."""
        try:
            body = json.loads(stored)
            if sealed:
                body = json.loads(self._unseal(body["sealed"], _place("command", game_id, seq)))
            if not isinstance(body, dict) or not isinstance(body.get("command"), dict):
                raise ValueError("no command")
            return body
        except StorageError:
            raise
        except (ValueError, KeyError, TypeError, RecursionError):
            raise self._damaged_row(game_id, seq) from None

    def _row_public(self, game_id: int, seq: int, sealed: bool, stored: str) -> dict:
        """What anyone may see of a row: all of it, or only type and seat while sealed."""
        try:
            body = json.loads(stored)
            if sealed:
                return {"command": dict(body["public"]), "events": [], "sealed": True}
            if isinstance(body, dict) and isinstance(body.get("command"), dict):
                return body
        except (ValueError, KeyError, TypeError, RecursionError):
            pass
        raise self._damaged_row(game_id, seq)

    def _sealed_body(self, game_id: int, seq: int, command: dict, body: str) -> str:
        public = {k: command[k] for k in ("type", "seat") if k in command}
        return dumps({"public": public, "sealed": self._seal(body, _place("command", game_id, seq))})

    # --- transactions ----------------------------------------------------------------

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

    @contextlib.contextmanager
    def _transaction(self, g: _OpenGame, head: int, txn: int, values: dict) -> Iterator[tuple[Connection, list]]:
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

    def _writable(self) -> None:
        if self.readonly:
            raise StorageError.of("read_only")

    def _game(self, game_id: int) -> _OpenGame:
        g = self._open.get(game_id)
        if g is None:
            g = self._load(game_id)
            self._open[game_id] = g
        return g

    @staticmethod
    def _known_id(game_id) -> None:
        """A game id SQLite can look up (a 64-bit integer); else no such game."""
        if isinstance(game_id, bool) or not isinstance(game_id, int) or not -(2**63) <= game_id < 2**63:
            raise StorageError.of("no_game", game=game_id)

    def _load(self, game_id: int) -> _OpenGame:
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
        g = _OpenGame(game_id, row.game, row.created_at, row.header, row.meta, header, meta, rules,
                      secrets_of(rules), row.head, row.txn)
        g.row_txn = {seq: txn for seq, txn, _, _ in rows}
        g.last_reveal = max((seq for seq, _, reveal, _ in rows if reveal and seq <= row.head), default=0)
        g.redo = sum(1 for seq, *_ in rows if seq > row.head)
        for seq, body in sealed_rows:
            group = g.secrets.group_of(self._row_public(game_id, seq, True, body)["command"].get("type"))
            g.sealed.add(group or "")
        g.state = self._replay(g, row.head)
        return g

    def _snapshot_ok(self, g: _OpenGame, snap: Snapshot) -> bool:
        txns = [g.row_txn.get(s) for s in range(1, snap.seq + 1)]
        if None in txns or snap.chain != chain(txns):
            return False
        return snap.sum == snapshot_sum(g.id, snap.seq, snap.rules_version, bool(snap.sealed), snap.chain, snap.body)

    def _trusted_snapshot(self, g: _OpenGame, upto: int):
        """The latest snapshot that checks out (its sum, the rows it was made from) and its
        state; a bad one is dropped (it is taken again after the replay)."""
        offset = 0
        while True:
            with storage_errors(self.path), self._session() as session:
                snap = session.exec(
                    select(Snapshot)
                    .where(Snapshot.game_id == g.id, Snapshot.seq <= upto, Snapshot.rules_version == g.rules.version)
                    .order_by(Snapshot.seq.desc()).offset(offset).limit(1)
                ).first()
            if snap is None:
                return None, None
            state = None
            if self._snapshot_ok(g, snap):
                try:
                    body = self._unseal(snap.body, _place("snapshot", g.id, snap.seq)) if snap.sealed else snap.body
                    state = g.rules.state_from_dict(json.loads(body))
                except StorageError as err:
                    if err.key == "key_missing":
                        raise
                except Exception:  # noqa: BLE001 - a snapshot the rules cannot read is not trusted
                    state = None
            if state is not None:
                return snap.seq, state
            if self.readonly:
                offset += 1
            else:
                with storage_errors(self.path), self._session() as session:
                    session.exec(delete(Snapshot).where(Snapshot.id == snap.id))
                    session.commit()

    def _replay(self, g: _OpenGame, upto: int, *, use_snapshots: bool = True):
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

    def _apply_stored(self, g: _OpenGame, state, seq: int, command: dict):
        try:
            state, _ = g.rules.apply(state, g.rules.command_from_dict(command))
            return state
        except StorageError:
            raise
        except GameError as err:
            raise StorageError.of("replay_refused", game=g.id, seq=seq, type=str(command.get("type")),
                                  reason=err.reason) from err
        except Exception as err:  # noqa: BLE001 - a fault in the rules: still a message, not a traceback
            raise StorageError.of("replay_failed", game=g.id, seq=seq, type=str(command.get("type")),
                                  detail=f"{type(err).__name__}: {err}") from err

    def _snapshot_values(self, g: _OpenGame, seq: int, state, sealed: bool, txns: dict | None = None) -> dict:
        body = dumps(g.rules.state_to_dict(state))
        if sealed:
            body = self._seal(body, _place("snapshot", g.id, seq))
        txns = g.row_txn if txns is None else txns
        links = chain(txns[s] for s in range(1, seq + 1))
        return {"game_id": g.id, "seq": seq, "rules_version": g.rules.version, "sealed": sealed, "body": body,
                "created_at": now(), "chain": links,
                "sum": snapshot_sum(g.id, seq, g.rules.version, sealed, links, body)}

    def _take_snapshot(self, g: _OpenGame, seq: int, state) -> None:
        """A snapshot again where a bad or missing one was (outside any command's write)."""
        with storage_errors(self.path), self._session() as session:
            sealed = session.exec(
                select(func.count()).where(CommandRow.game_id == g.id, CommandRow.sealed == True,  # noqa: E712
                                           CommandRow.seq <= seq)
            ).one()
            session.exec(delete(Snapshot).where(Snapshot.game_id == g.id, Snapshot.seq == seq))
            session.exec(_INSERT_SNAPSHOT.values(**self._snapshot_values(g, seq, state, bool(sealed))))
            session.commit()

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

    def _rows(self, g: _OpenGame) -> list[tuple[int, bool, str]]:
        with storage_errors(self.path), self._session() as session:
            rows = session.exec(
                select(CommandRow.seq, CommandRow.sealed, CommandRow.body)
                .where(CommandRow.game_id == g.id, CommandRow.seq <= g.head).order_by(CommandRow.seq)
            ).all()
        if [r[0] for r in rows] != list(range(1, g.head + 1)):
            raise StorageError.of("missing_commands", game=g.id)
        return [(seq, bool(sealed), body) for seq, sealed, body in rows]

    def commands(self, game_id: int) -> list[dict]:
        """The commands in effect, in order, sealed ones opened (for the app's own use:
        ``export`` is what leaves the app)."""
        g = self._game(game_id)
        return [self._row_body(g.id, seq, sealed, body)["command"] for seq, sealed, body in self._rows(g)]

    # --- accepting commands --------------------------------------------------------

    def _command(self, rules: Rules, command) -> tuple[dict, Any]:
        """The command as a dict and as the rules' object; GameError if the rules do not know it."""
        try:
            as_dict = rules.command_dict(command)
            return as_dict, rules.command_from_dict(as_dict)
        except GameError:
            raise
        except Exception as err:  # noqa: BLE001 - the rules' own parsing failed: not a command they know
            kind = command.get("type") if isinstance(command, dict) else type(command).__name__
            raise JournalRefusal.of("not_a_command", kind=str(kind), detail=str(err)) from err

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

    def _append(self, g: _OpenGame, command: dict, state, events: list[dict], *, redo: bool = False) -> None:
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
        g.head, g.txn, g.state = seq, txn, state
        g.row_txn = links if redo else {s: t for s, t in links.items() if s <= seq}
        g.redo = g.redo - 1 if redo else 0
        g.sealed = sealed_after
        if reveal:
            g.last_reveal = seq

    def _open_groups(self, conn: Connection, ops: list, g: _OpenGame, groups: set[str]) -> None:
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
            plain = self._unseal(json.loads(body)["sealed"], _place("command", g.id, seq))
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
            plain = self._unseal(body, _place("snapshot", g.id, seq))
            conn.execute(update(SNAPSHOTS).where(SNAPSHOTS.c.id == snap_id).values(
                body=plain, sealed=False, sum=snapshot_sum(g.id, seq, version, False, links, plain)))

    def _history_columns(self, rules: Rules, header: dict, state) -> dict:
        h = rules.history(state)
        winner = h.get("winner")
        if isinstance(winner, int):
            names = players(header)
            winner = names[winner] if 0 <= winner < len(names) else str(winner)
        return {"rounds": h.get("round"), "finished": bool(h.get("finished")), "winner": winner}

    # --- undo, redo, corrections ------------------------------------------------------

    def undo_refusal(self, game_id: int) -> str | None:
        """Why undo is not possible now, or ``None`` when it is."""
        g = self._game(game_id)
        if g.head == 0:
            return message("nothing_to_undo")
        if g.last_reveal >= g.head:
            return message("undo_stops", what=self._revealed_what(g))
        return None

    def _revealed_what(self, g: _OpenGame) -> Message:
        with storage_errors(self.path), self._session() as session:
            seq, sealed, body = session.exec(
                select(CommandRow.seq, CommandRow.sealed, CommandRow.body)
                .where(CommandRow.game_id == g.id, CommandRow.seq == g.last_reveal)
            ).one()
        events = self._row_body(g.id, seq, sealed, body)["events"]
        kinds = [str(e.get("type", "something")).replace("_", " ") for e in events
                 if isinstance(e, dict) and e.get("reveal")]
        if kinds:
            return message("revealed_what", what=", ".join(kinds))
        return message("revealed_something")

    def undo_label(self, game_id: int, lang: str = "en") -> str | None:
        """What undo would take back, in words (a sealed choice says only whose); None if none."""
        g = self._game(game_id)
        if self.undo_refusal(game_id) is not None:
            return None
        seq, sealed, body = self._rows(g)[-1]
        teller = Teller(g.rules, g.header, lang)
        if sealed:
            return teller.command(self._row_public(g.id, seq, True, body)["command"], sealed=True)
        return teller.command(self._row_body(g.id, seq, False, body)["command"])

    def undo(self, game_id: int):
        """Take back the last command (not past the last reveal); the state before it."""
        self._writable()
        refusal = self.undo_refusal(game_id)
        if refusal:
            raise JournalRefusal(refusal)
        g = self._game(game_id)
        back = g.head - 1
        state = self._replay(g, back)
        with self._transaction(g, back, g.txn + 1, self._history_columns(g.rules, g.header, state)) as (conn, _):
            conn.execute(update(COMMANDS).where(COMMANDS.c.game_id == g.id, COMMANDS.c.seq == g.head)
                         .values(status="undone"))
            conn.execute(delete(SNAPSHOTS).where(SNAPSHOTS.c.game_id == g.id, SNAPSHOTS.c.seq > back))
            groups = conn.execute(
                select(COMMANDS.c.seq, COMMANDS.c.body)
                .where(COMMANDS.c.game_id == g.id, COMMANDS.c.sealed == True, COMMANDS.c.seq <= back)  # noqa: E712
            ).all()
        g.head, g.txn, g.state, g.redo = back, g.txn + 1, state, g.redo + 1
        g.sealed = {g.secrets.group_of(self._row_public(g.id, s, True, b)["command"].get("type")) or ""
                    for s, b in groups}
        return state

    def rewind_sealed(self, game_id: int) -> int:
        """Without the key: go back to before the first command still sealed; how many went.

        Sealed commands all come after their group's last reveal, so this takes back only
        what undo could.
        """
        self._writable()
        self._known_id(game_id)
        with storage_errors(self.path), self._session() as session:
            row = session.get(Game, game_id)
            if row is None:
                raise StorageError.of("no_game", game=game_id)
            first = session.exec(
                select(func.min(CommandRow.seq)).where(
                    CommandRow.game_id == game_id, CommandRow.seq <= row.head, CommandRow.sealed == True  # noqa: E712
                )
            ).one()
        if first is None:
            return 0
        g = _OpenGame(game_id, row.game, row.created_at, row.header, row.meta, {}, {}, None, None,  # type: ignore[arg-type]
                      row.head, row.txn)
        dropped = row.head - first + 1
        values = {"rounds": row.rounds, "finished": None, "winner": row.winner}
        with self._transaction(g, first - 1, row.txn + 1, values) as (conn, ops):
            conn.execute(delete(COMMANDS).where(COMMANDS.c.game_id == game_id, COMMANDS.c.seq >= first))
            conn.execute(delete(SNAPSHOTS).where(SNAPSHOTS.c.game_id == game_id, SNAPSHOTS.c.seq >= first))
            ops.append(["cut", first])
        self._open.pop(game_id, None)
        return dropped

    def can_redo(self, game_id: int) -> bool:
        return self._game(game_id).redo > 0

    def redo(self, game_id: int) -> tuple[Any, list[dict]]:
        """Do again the last undone command; the new state and events."""
        self._writable()
        g = self._game(game_id)
        if not g.redo:
            raise JournalRefusal.of("nothing_to_redo")
        with storage_errors(self.path), self._session() as session:
            seq, sealed, body = session.exec(
                select(CommandRow.seq, CommandRow.sealed, CommandRow.body)
                .where(CommandRow.game_id == g.id, CommandRow.seq == g.head + 1)
            ).one()
        command = self._row_body(g.id, seq, sealed, body)["command"]
        state, events = g.rules.apply(g.state, g.rules.command_from_dict(command))
        self._append(g, command, state, events, redo=True)
        return state, events

    def correct(self, game_id: int, target: dict, value, reason: str) -> tuple[Any, list[dict]]:
        """Set a counter by hand (florins, VP, pieces, a card's place), with the table's reason.

        A command of the rules (``Correct``), so it is in the journal, the record and the log.
        """
        if not isinstance(reason, str) or not reason.strip():
            raise JournalRefusal.of("correction_needs_reason")
        return self.submit(game_id, {"type": "Correct", "target": target, "value": value, "reason": reason.strip()})

    # --- history ---------------------------------------------------------------------

    def games(self) -> list[GameInfo]:
        """Every game of the journal, the latest first."""
        with storage_errors(self.path), self._session() as session:
            rows = session.exec(select(Game).order_by(Game.updated_at.desc(), Game.id.desc())).all()
        games = []
        for row in rows:
            if row.finished is None:  # migrated or repaired: fill the list's columns once
                self._refresh_history(row)
            games.append(
                GameInfo(
                    id=row.id, game=row.game, players=_list_column(row.players, list), created_at=row.created_at,
                    updated_at=row.updated_at, rounds=row.rounds, finished=bool(row.finished), winner=row.winner,
                    commands=row.head, meta=_list_column(row.meta, dict),
                )
            )
        return games

    def _refresh_history(self, row: Game) -> None:
        try:
            g = self._game(row.id)
        except CompanionError:
            return
        columns = self._history_columns(g.rules, g.header, g.state)
        for key, value in columns.items():
            setattr(row, key, value)
        if not self.readonly:
            with storage_errors(self.path), self._session() as session:
                session.exec(update(Game).where(Game.id == row.id).values(**columns))
                session.commit()

    def latest_game(self, *, unfinished: bool = False) -> int | None:
        for info in self.games():
            if not unfinished or not info.finished:
                return info.id
        return None

    def log(self, game_id: int, lang: str = "en") -> list[str]:
        """The game told line by line, by the game's describe hooks (logbook.py); a command
        still sealed says only who made a sealed choice."""
        g = self._game(game_id)
        teller = Teller(g.rules, g.header, lang)
        lines = []
        for seq, sealed, body in self._rows(g):
            lines.extend(teller.row(self._row_public(g.id, seq, sealed, body)))
        return lines

    # --- records ---------------------------------------------------------------------

    def export(self, game_id: int) -> str:
        """The game as its record: JSON Lines, the header then one command per line; a
        command still sealed is written sealed (who, never what)."""
        g = self._game(game_id)
        commands = []
        for seq, sealed, body in self._rows(g):
            if sealed:
                commands.append(sealed_line(self._row_public(g.id, seq, True, body)["command"]))
            else:
                commands.append(self._row_body(g.id, seq, False, body)["command"])
        return record_text(g.header, commands)

    def export_to(self, game_id: int, path: str | Path) -> Path:
        """The record written to ``path``, readable by its owner only (0600)."""
        return write_private(path, self.export(game_id))

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

    def _create(self, rules: Rules, header: dict, meta: dict, start, accepted: list) -> int:
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
        with storage_errors(self.path), self._db.engine.connect() as conn:
            trans = conn.begin()
            try:
                game_id = conn.execute(insert(GAMES).values(
                    game=rules.name, header=header_text, meta=meta_text, created_at=when, updated_at=when,
                    head=len(accepted), txn=1, sum="", players=dumps(players(header)),
                    **self._history_columns(rules, header, final),
                )).inserted_primary_key[0]
                g = _OpenGame(game_id, rules.name, when, header_text, meta_text, header, meta, rules, secrets,
                              len(accepted), 1, final)
                conn.execute(update(GAMES).where(GAMES.c.id == game_id).values(sum=g.game_sum(len(accepted), 1)))
                new = {"game": rules.name, "header": header_text, "meta": meta_text, "at": when}
                ops: list = [["new", new]]
                for seq, ((command, state, events), sealed) in enumerate(zip(accepted, sealed_flags), 1):
                    reveal = any(isinstance(e, dict) and e.get("reveal") for e in events)
                    body = dumps({"command": command, "events": events})
                    if sealed:
                        body = self._sealed_body(game_id, seq, command, body)
                        g.sealed.add(secrets.group_of(command.get("type")) or "")
                    if reveal:
                        g.last_reveal = seq
                    g.row_txn[seq] = 1
                    row = {"seq": seq, "txn": 1, "sealed": sealed, "reveal": reveal, "body": body, "at": when}
                    conn.execute(insert(COMMANDS).values(
                        game_id=game_id, seq=seq, status="done", secret=sealed, sealed=sealed, reveal=reveal,
                        body=body, created_at=when, txn=1, sum=row_sum(game_id, seq, 1, sealed, reveal, when, body)))
                    ops.append(["row", row])
                    if self.snapshot_every and seq % self.snapshot_every == 0:
                        conn.execute(insert(SNAPSHOTS).values(
                            **self._snapshot_values(g, seq, state, any(sealed_flags[:seq]))))
                line = {"g": game_id, "t": 1, "h0": None, "h": len(accepted), "base": True, "ops": ops}
                size = self._shadow_append(line)
                try:
                    trans.commit()
                except BaseException:
                    self._db.shadow.take_back(size)
                    raise
            except BaseException:
                if trans.is_active:
                    trans.rollback()
                raise
        self._checkpoint()
        self._open[game_id] = g
        return game_id

    def _checkpoint(self) -> None:
        """A new game reaches the main file at once: a copy without its -wal still shows it."""
        try:
            with self._db.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
        except Exception:  # noqa: BLE001 - only a courtesy: the -wal and the shadow hold the game anyway
            pass


def _list_column(text, kind):
    """A JSON column of the list of games; damaged, it shows as empty (opening the game says why)."""
    try:
        value = json.loads(text or "null")
    except (ValueError, TypeError, RecursionError):
        return kind()
    return value if isinstance(value, kind) else kind()
