"""The journal: every accepted command saved before its effect is shown.

    journal = Journal(db=None, game=magnifico_engine)    # db: path, URL or settings
    game_id = journal.new_game(header)
    state, events = journal.submit(game_id, command)       # applied, then saved, then returned
    journal.undo(game_id); journal.redo(game_id)           # back to the last reveal, no further
    journal.correct(game_id, target, value, reason)        # past it: a counter set by hand

``submit`` applies the command with the rules first; only a command they accept is
written, in one transaction that is on the disk (WAL, ``synchronous=FULL``) before
``submit`` returns. A snapshot of the state every ``snapshot_every`` commands makes
opening a game quick; the state is always what replaying the journal gives.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from sqlalchemy import bindparam, delete, func, insert, update
from sqlmodel import Session, select

from companion.errors import GameError
from companion.storage import seal as sealing
from companion.storage.database import now, open_database, storage_errors
from companion.storage.errors import StorageError
from companion.storage.models import CommandRow, Game, Snapshot
from companion.storage.rules import Rules, RulesBook
from companion.storage.settings import database_location, key_file_location

SNAPSHOT_EVERY = 50
GAMES, COMMANDS, SNAPSHOTS = Game.__table__, CommandRow.__table__, Snapshot.__table__
# the statements of every submit, built once (parameters bound at execution: less overhead)
_INSERT_COMMAND = insert(COMMANDS)
_REDONE = (
    update(COMMANDS)
    .where(COMMANDS.c.game_id == bindparam("gid"), COMMANDS.c.seq == bindparam("at"))
    .values(status="done")
)
_UPDATE_GAME = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("gid"))
    .values({c: bindparam("new_" + c) for c in ("head", "updated_at", "rounds", "finished", "winner")})
)


def _dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


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
    header: dict
    rules: Rules
    meta: dict
    head: int
    state: Any
    last_reveal: int  # seq of the last command that revealed something (0: none)
    redo: int  # undone commands waiting to be redone
    pending: bool  # a sealed command is in effect (a bid is still hidden)


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
    def notices(self) -> list[str]:
        """What the user must be told about the file (moved aside, migrated)."""
        return list(self._db.notices)

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
                raise StorageError(
                    f"This game has bids locked before their reveal, sealed with a key file that is "
                    f"missing ({self.key_file}). Put the key file back, or undo to before the sealed "
                    "bids (rewind_sealed) and lock them again."
                )
            self._key = key
        return self._key

    def _seal(self, text: str, place: str) -> str:
        return sealing.seal(self._seal_key(), text, place)

    def _unseal(self, text: str, place: str) -> str:
        return sealing.unseal(self._unseal_key(), text, place)

    @staticmethod
    def _command_place(game_id: int, seq: int) -> str:
        return f"command:{game_id}:{seq}"

    @staticmethod
    def _snapshot_place(game_id: int, seq: int) -> str:
        return f"snapshot:{game_id}:{seq}"

    def _damaged(self, what: str) -> StorageError:
        return StorageError(
            f"The journal {self.path} is damaged: {what} cannot be read. The file was left "
            "as it is; restore it from a backup, or play on in a new journal."
        )

    def _loads(self, text, what: str):
        """``json.loads`` of a column; a damaged one is a ``StorageError``, not a traceback."""
        try:
            return json.loads(text)
        except (ValueError, TypeError, RecursionError):
            raise self._damaged(what) from None

    def _row_body(self, row: CommandRow) -> dict:
        """``{"command", "events"}`` of a row, unsealed if need be."""
        try:
            body = json.loads(row.body)
            if row.sealed:
                body = json.loads(self._unseal(body["sealed"], self._command_place(row.game_id, row.seq)))
            if not isinstance(body, dict) or not isinstance(body.get("command"), dict):
                raise ValueError("no command")
            return body
        except StorageError:
            raise
        except (ValueError, KeyError, TypeError, RecursionError):
            raise StorageError(
                f"Game {row.game_id} of the journal is damaged at command {row.seq}; the file was left as it is."
            ) from None

    def _row_public(self, row: CommandRow) -> dict:
        """What anyone may see of a row: all of it, or only type and seat while sealed."""
        what = f"command {row.seq} of game {row.game_id}"
        if not row.sealed:
            return self._loads(row.body, what)
        try:
            return {"command": json.loads(row.body)["public"], "events": [], "sealed": True}
        except (ValueError, KeyError, TypeError, RecursionError):
            raise self._damaged(what) from None

    def _sealed_body(self, game_id: int, seq: int, command: dict, body: str) -> str:
        public = {k: command[k] for k in ("type", "seat") if k in command}
        return _dumps({"public": public, "sealed": self._seal(body, self._command_place(game_id, seq))})

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
            raise StorageError("This journal was opened to read only.")

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
            raise StorageError(f"There is no game {game_id} in this journal.")

    def _load(self, game_id: int) -> _OpenGame:
        self._known_id(game_id)
        with storage_errors(self.path), self._session() as session:
            row = session.get(Game, game_id)
            if row is None:
                raise StorageError(f"There is no game {game_id} in this journal.")
            last_reveal = session.exec(
                select(func.max(CommandRow.seq)).where(
                    CommandRow.game_id == game_id, CommandRow.status == "done", CommandRow.reveal == True  # noqa: E712
                )
            ).one()
            redo = session.exec(
                select(func.count()).where(CommandRow.game_id == game_id, CommandRow.status == "undone")
            ).one()
            pending = session.exec(
                select(func.count()).where(
                    CommandRow.game_id == game_id, CommandRow.status == "done", CommandRow.sealed == True  # noqa: E712
                )
            ).one()
        header = self._loads(row.header, f"the header of game {game_id}")
        meta = self._loads(row.meta or "{}", f"the notes of game {game_id}")
        if not isinstance(header, dict) or not isinstance(meta, dict):
            raise self._damaged(f"the header of game {game_id}")
        rules = self.rules.get(row.game)
        g = _OpenGame(game_id, header, rules, meta, row.head, None, last_reveal or 0, redo, bool(pending))
        g.state = self._replay(g, row.head)
        return g

    def _replay(self, g: _OpenGame, upto: int, *, use_snapshots: bool = True):
        """The state after the first ``upto`` commands: latest snapshot, then the rest."""
        with storage_errors(self.path), self._session() as session:
            snap = None
            if use_snapshots:
                snap = session.exec(
                    select(Snapshot)
                    .where(Snapshot.game_id == g.id, Snapshot.seq <= upto, Snapshot.rules_version == g.rules.version)
                    .order_by(Snapshot.seq.desc())
                    .limit(1)
                ).first()
            start = snap.seq if snap else 0
            rows = session.exec(
                select(CommandRow)
                .where(CommandRow.game_id == g.id, CommandRow.seq > start, CommandRow.seq <= upto)
                .order_by(CommandRow.seq)
            ).all()
        if snap:
            try:
                body = self._unseal(snap.body, self._snapshot_place(g.id, snap.seq)) if snap.sealed else snap.body
                state = g.rules.state_from_dict(json.loads(body))
            except Exception:  # an unreadable snapshot: the commands alone are the truth
                return self._replay(g, upto, use_snapshots=False)
        else:
            state = g.rules.new_game(g.header)
        if len(rows) != upto - start:
            raise StorageError(f"Game {g.id} of the journal is missing commands; it cannot be opened.")
        for row in rows:
            try:
                command = self._row_body(row)["command"]
            except (ValueError, KeyError, TypeError) as err:
                raise StorageError(f"Game {g.id} of the journal is damaged at command {row.seq}.") from err
            try:
                state, _ = g.rules.apply(state, g.rules.command_from_dict(command))
            except StorageError:
                raise
            except GameError as err:
                raise StorageError(
                    f"Game {g.id} cannot be replayed: command {row.seq} ({command.get('type')}) is refused "
                    f"by these rules: {err.reason}"
                ) from err
            except Exception as err:  # a fault in the rules: still a message, not a traceback
                raise StorageError(
                    f"Game {g.id} cannot be replayed: command {row.seq} ({command.get('type')}) fails in "
                    f"these rules ({type(err).__name__}: {err})"
                ) from err
        return state

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

    def commands(self, game_id: int) -> list[dict]:
        """The commands in effect, in order (sealed bids opened: this is for the record)."""
        g = self._game(game_id)
        with storage_errors(self.path), self._session() as session:
            rows = session.exec(
                select(CommandRow)
                .where(CommandRow.game_id == game_id, CommandRow.seq <= g.head)
                .order_by(CommandRow.seq)
            ).all()
        if [r.seq for r in rows] != list(range(1, g.head + 1)):
            raise StorageError(f"Game {game_id} of the journal is missing commands; it cannot be exported.")
        return [self._row_body(r)["command"] for r in rows]

    # --- accepting commands --------------------------------------------------------

    def _command(self, rules: Rules, command) -> tuple[dict, Any]:
        """The command as a dict and as the rules' object; GameError if the rules do not know it."""
        try:
            as_dict = rules.command_dict(command)
            return as_dict, rules.command_from_dict(as_dict)
        except GameError:
            raise
        except Exception as err:  # the rules' own parsing failed: not a command they know
            kind = command.get("type") if isinstance(command, dict) else type(command).__name__
            raise GameError(f"'{kind}' is not a command these rules know ({err}).") from err

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
        seq = g.head + 1
        reveal = any(isinstance(e, dict) and e.get("reveal") for e in events)
        secret = g.rules.is_secret(command) and not reveal
        pending_after = (g.pending or secret) and not reveal
        snapshot = None
        if self.snapshot_every and seq % self.snapshot_every == 0:
            snapshot = _dumps(g.rules.state_to_dict(state))
            if pending_after:
                snapshot = self._seal(snapshot, self._snapshot_place(g.id, seq))
        game_values = {"head": seq, "updated_at": now(), **self._history_columns(g.rules, g.header, state)}
        game_values = {"gid": g.id, **{"new_" + k: v for k, v in game_values.items()}}
        with storage_errors(self.path), self._db.engine.begin() as conn:
            if redo:
                conn.execute(_REDONE, {"gid": g.id, "at": seq})
            else:
                if g.redo:  # a new command after undo: the redo stack is gone
                    conn.execute(delete(COMMANDS).where(COMMANDS.c.game_id == g.id, COMMANDS.c.seq >= seq))
                    conn.execute(delete(SNAPSHOTS).where(SNAPSHOTS.c.game_id == g.id, SNAPSHOTS.c.seq >= seq))
                body = _dumps({"command": command, "events": events})
                conn.execute(
                    _INSERT_COMMAND,
                    {
                        "game_id": g.id, "seq": seq, "status": "done", "secret": secret, "sealed": secret,
                        "reveal": reveal, "created_at": now(),
                        "body": self._sealed_body(g.id, seq, command, body) if secret else body,
                    },
                )
            if reveal and g.pending:
                self._unseal_all(conn, g.id)
            if snapshot is not None:
                conn.execute(delete(SNAPSHOTS).where(SNAPSHOTS.c.game_id == g.id, SNAPSHOTS.c.seq == seq))
                conn.execute(
                    insert(SNAPSHOTS).values(
                        game_id=g.id, seq=seq, rules_version=g.rules.version, sealed=pending_after,
                        body=snapshot, created_at=now(),
                    )
                )
            conn.execute(_UPDATE_GAME, game_values)
        g.head = seq
        g.state = state
        g.redo = g.redo - 1 if redo else 0
        g.pending = pending_after
        if reveal:
            g.last_reveal = seq

    def _unseal_all(self, conn, game_id: int) -> None:
        """At a reveal: the bids are public now, their rows (and snapshots) are opened."""
        sealed_rows = conn.execute(
            select(COMMANDS.c.id, COMMANDS.c.seq, COMMANDS.c.body).where(
                COMMANDS.c.game_id == game_id, COMMANDS.c.sealed == True, COMMANDS.c.status == "done"  # noqa: E712
            )
        ).all()
        for row_id, seq, body in sealed_rows:
            opened = self._unseal(json.loads(body)["sealed"], self._command_place(game_id, seq))
            conn.execute(update(COMMANDS).where(COMMANDS.c.id == row_id).values(body=opened, sealed=False))
        sealed_snaps = conn.execute(
            select(SNAPSHOTS.c.id, SNAPSHOTS.c.seq, SNAPSHOTS.c.body).where(
                SNAPSHOTS.c.game_id == game_id, SNAPSHOTS.c.sealed == True  # noqa: E712
            )
        ).all()
        for snap_id, seq, body in sealed_snaps:
            opened = self._unseal(body, self._snapshot_place(game_id, seq))
            conn.execute(update(SNAPSHOTS).where(SNAPSHOTS.c.id == snap_id).values(body=opened, sealed=False))

    def _history_columns(self, rules: Rules, header: dict, state) -> dict:
        h = rules.history(state)
        winner = h.get("winner")
        if isinstance(winner, int):
            names = _players(header)
            winner = names[winner] if 0 <= winner < len(names) else str(winner)
        return {"rounds": h.get("round"), "finished": bool(h.get("finished")), "winner": winner}

    # --- undo, redo, corrections ------------------------------------------------------

    def undo_refusal(self, game_id: int) -> str | None:
        """Why undo is not possible now, or ``None`` when it is."""
        g = self._game(game_id)
        if g.head == 0:
            return "There is nothing to undo."
        if g.last_reveal >= g.head:
            return (
                f"Undo stops here: {self._revealed_what(g)} and the table has seen it. "
                "To fix a counter, make a correction."
            )
        return None

    def _revealed_what(self, g: _OpenGame) -> str:
        with storage_errors(self.path), self._session() as session:
            row = session.exec(
                select(CommandRow).where(CommandRow.game_id == g.id, CommandRow.seq == g.last_reveal)
            ).one()
        events = [e for e in self._row_body(row)["events"] if isinstance(e, dict) and e.get("reveal")]
        what = ", ".join(str(e.get("type", "something")).replace("_", " ") for e in events)
        return f"the last action revealed something ({what})" if what else "the last action revealed something"

    def undo(self, game_id: int):
        """Take back the last command (not past the last reveal); the state before it."""
        self._writable()
        refusal = self.undo_refusal(game_id)
        if refusal:
            raise GameError(refusal)
        g = self._game(game_id)
        back = g.head - 1
        state = self._replay(g, back)
        with storage_errors(self.path), self._session() as session:
            session.exec(
                update(CommandRow).where(CommandRow.game_id == g.id, CommandRow.seq == g.head).values(status="undone")
            )
            session.exec(delete(Snapshot).where(Snapshot.game_id == g.id, Snapshot.seq > back))
            session.exec(
                update(Game)
                .where(Game.id == g.id)
                .values(head=back, updated_at=now(), **self._history_columns(g.rules, g.header, state))
            )
            pending = session.exec(
                select(func.count()).where(
                    CommandRow.game_id == g.id, CommandRow.status == "done", CommandRow.sealed == True,  # noqa: E712
                    CommandRow.seq <= back,
                )
            ).one()
            session.commit()
        g.head, g.state, g.redo, g.pending = back, state, g.redo + 1, bool(pending)
        return state

    def rewind_sealed(self, game_id: int) -> int:
        """Without the key: go back to before the first bid still sealed; how many commands went.

        Sealed bids all come after the last reveal, so this takes back only what undo could.
        """
        self._writable()
        self._known_id(game_id)
        with storage_errors(self.path), self._session() as session:
            first = session.exec(
                select(func.min(CommandRow.seq)).where(
                    CommandRow.game_id == game_id, CommandRow.status == "done", CommandRow.sealed == True  # noqa: E712
                )
            ).one()
            if first is None:
                return 0
            row = session.get(Game, game_id)
            dropped = row.head - first + 1
            session.exec(delete(CommandRow).where(CommandRow.game_id == game_id, CommandRow.seq >= first))
            session.exec(delete(Snapshot).where(Snapshot.game_id == game_id, Snapshot.seq >= first))
            session.exec(update(Game).where(Game.id == game_id).values(head=first - 1, updated_at=now()))
            session.commit()
        self._open.pop(game_id, None)
        return dropped

    def can_redo(self, game_id: int) -> bool:
        return self._game(game_id).redo > 0

    def redo(self, game_id: int) -> tuple[Any, list[dict]]:
        """Do again the last undone command; the new state and events."""
        self._writable()
        g = self._game(game_id)
        if not g.redo:
            raise GameError("There is nothing to redo.")
        with storage_errors(self.path), self._session() as session:
            row = session.exec(
                select(CommandRow).where(CommandRow.game_id == g.id, CommandRow.seq == g.head + 1)
            ).one()
        command = self._row_body(row)["command"]
        state, events = g.rules.apply(g.state, g.rules.command_from_dict(command))
        self._append(g, command, state, events, redo=True)
        return state, events

    def correct(self, game_id: int, target: dict, value, reason: str) -> tuple[Any, list[dict]]:
        """Set a counter by hand (florins, VP, pieces, a card's place), with the table's reason.

        A command of the rules (``Correct``), so it is in the journal, the record and the log.
        """
        if not isinstance(reason, str) or not reason.strip():
            raise GameError("A correction needs a reason, so the log can tell why.")
        return self.submit(game_id, {"type": "Correct", "target": target, "value": value, "reason": reason.strip()})

    # --- history ---------------------------------------------------------------------

    def games(self) -> list[GameInfo]:
        """Every game of the journal, the latest first."""
        with storage_errors(self.path), self._session() as session:
            rows = session.exec(select(Game).order_by(Game.updated_at.desc(), Game.id.desc())).all()
        games = []
        for row in rows:
            if row.finished is None:  # migrated from schema 1: fill the list's columns once
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
        except GameError:
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
        """The game told line by line from its events; bids still sealed stay hidden.

        ``lang`` goes to the rules' describe hook (``describe(event, header, lang=...)``); in a
        language other than English the sealed bids and corrections are told by the hook too."""
        g = self._game(game_id)
        names = _players(g.header)
        with storage_errors(self.path), self._session() as session:
            rows = session.exec(
                select(CommandRow)
                .where(CommandRow.game_id == game_id, CommandRow.seq <= g.head)
                .order_by(CommandRow.seq)
            ).all()
        hook = getattr(g.rules.game, "describe", None) if lang != "en" else None
        if hook is not None:
            def describe(event):
                try:
                    return hook(event, g.header, lang=lang)
                except TypeError:  # a hook without languages
                    return g.rules.describe(event, g.header)
        else:
            def describe(event):
                return g.rules.describe(event, g.header)
        lines = []
        for row in rows:
            body = self._row_public(row)
            command = body["command"]
            if body.get("sealed"):
                seat = command.get("seat")
                if hook is not None:
                    lines.append(describe({"type": "bid_locked", "seat": seat}))
                    continue
                who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "A player"
                lines.append(f"{who} locked a bid (sealed until the reveal)")
                continue
            if command.get("type") == "Correct" and hook is None:
                lines.append(
                    f"Correction by hand: {_target_words(command.get('target'), names)} set to "
                    f"{command.get('value')}, because {command.get('reason')}"
                )
                continue
            lines.extend(describe(e) for e in body["events"] if isinstance(e, dict))
        return lines

    # --- records ---------------------------------------------------------------------

    def export(self, game_id: int) -> str:
        """The game as its record: JSON Lines, the header then one command per line."""
        g = self._game(game_id)
        lines = [g.header, *self.commands(game_id)]
        return "".join(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n" for obj in lines)

    def import_record(self, lines: str | Iterable[str], *, name: str = "the record", meta: dict | None = None) -> int:
        """A record (JSON Lines) as a new game; every line is checked before anything is written.

        ``GameError`` names the first bad line; the journal is then unchanged.
        """
        self._writable()
        if isinstance(lines, str):
            lines = lines.splitlines()
        header, numbered = _parse_record(lines, name)
        try:
            rules = self.rules.get(header.get("game", self.rules.default))
        except StorageError as err:
            raise GameError(f"{name}, line 1: {err.reason}") from None
        try:
            state = rules.new_game(header)
        except GameError as err:
            raise GameError(f"{name}, line 1 (the header): {err.reason}") from None
        accepted = []
        for number, command in numbered:
            try:
                as_dict, obj = self._command(rules, command)
                state, events = rules.apply(state, obj)
            except GameError as err:
                raise GameError(f"{name}, line {number}: {err.reason}") from None
            accepted.append((as_dict, state, events))
        return self._create(rules, header, meta or {}, state, accepted)

    def _create(self, rules: Rules, header: dict, meta: dict, start, accepted: list) -> int:
        """Write a new game with its accepted commands in one transaction (new game, import)."""
        revealed = [seq for seq, (_, _, events) in enumerate(accepted, 1) if any(e.get("reveal") for e in events)]
        last_reveal = revealed[-1] if revealed else 0
        final = accepted[-1][1] if accepted else start
        when = now()
        with storage_errors(self.path), self._db.engine.begin() as conn:
            game_id = conn.execute(
                insert(GAMES).values(
                    game=rules.name, header=_dumps(header), meta=_dumps(meta), created_at=when, updated_at=when,
                    head=len(accepted), players=_dumps(_players(header)),
                    **self._history_columns(rules, header, final),
                )
            ).inserted_primary_key[0]
            pending = False  # a bid locked since the last reveal is still hidden
            for seq, (command, state, events) in enumerate(accepted, 1):
                reveal = seq in revealed
                secret = rules.is_secret(command) and seq > last_reveal
                pending = pending or secret
                body = _dumps({"command": command, "events": events})
                conn.execute(
                    insert(COMMANDS).values(
                        game_id=game_id, seq=seq, status="done", secret=secret, sealed=secret, reveal=reveal,
                        body=self._sealed_body(game_id, seq, command, body) if secret else body, created_at=when,
                    )
                )
                if self.snapshot_every and seq % self.snapshot_every == 0:
                    data = _dumps(rules.state_to_dict(state))
                    if pending:
                        data = self._seal(data, self._snapshot_place(game_id, seq))
                    conn.execute(
                        insert(SNAPSHOTS).values(
                            game_id=game_id, seq=seq, rules_version=rules.version, sealed=pending, body=data,
                            created_at=when,
                        )
                    )
        self._open[game_id] = _OpenGame(game_id, header, rules, meta, len(accepted), final, last_reveal, 0, pending)
        return game_id


def _list_column(text, kind):
    """A JSON column of the list of games; damaged, it shows as empty (opening the game says why)."""
    try:
        value = json.loads(text or "null")
    except (ValueError, TypeError, RecursionError):
        return kind()
    return value if isinstance(value, kind) else kind()


def _players(header: dict) -> list[str]:
    return [str(s.get("name", f"seat {i}")) for i, s in enumerate(header.get("seats", []))]


def _target_words(target, names: list[str]) -> str:
    if not isinstance(target, dict):
        return str(target)
    parts = []
    for key, value in target.items():
        if key == "seat" and isinstance(value, int) and 0 <= value < len(names):
            parts.append(f"{names[value]}'s")
        else:
            parts.append(str(value).replace("_", " "))
    return " ".join(parts)


def _parse_record(lines: Iterable[str], name: str) -> tuple[dict, list[tuple[int, dict]]]:
    """(header, [(line number, command dict)]) of JSON Lines; GameError names a bad line."""
    header = None
    commands = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as err:
            raise GameError(f"{name}, line {number}: not valid JSON ({err.msg})") from None
        except (ValueError, RecursionError) as err:  # a number of thousands of digits, nesting too deep
            detail = "nested too deeply" if isinstance(err, RecursionError) else str(err).split(";")[0]
            raise GameError(f"{name}, line {number}: not valid JSON ({detail})") from None
        if not isinstance(obj, dict):
            raise GameError(f"{name}, line {number}: expected a JSON object")
        if header is None:
            if "type" in obj and "seats" not in obj:
                raise GameError(f"{name}, line {number}: the first line must be the header, not a command")
            header = obj
        else:
            if "type" not in obj:
                raise GameError(f"{name}, line {number}: a command needs a 'type'")
            commands.append((number, obj))
    if header is None:
        raise GameError(f"{name} is empty: the first line must be the header")
    return header, commands
