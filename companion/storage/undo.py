"""Undo, redo and corrections: back to the last reveal and no further; past it, a correction."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, func, update
from sqlmodel import select

from companion.core.i18n import Message
from companion.storage.database import storage_errors
from companion.storage.errors import JournalRefusal, StorageError, message
from companion.storage.logbook import Teller
from companion.storage.models import CommandRow, Game, Snapshot
from companion.storage.opengame import OpenGame

COMMANDS, SNAPSHOTS = CommandRow.__table__, Snapshot.__table__


class UndoRedo:
    """A part of ``Journal`` (journal.py), as the module doc says."""

    def undo_refusal(self, game_id: int) -> str | None:
        """Why undo is not possible now, or ``None`` when it is."""
        g = self._game(game_id)
        if g.head == 0:
            return message("nothing_to_undo")
        if g.last_reveal >= g.head:
            return message("undo_stops", what=self._revealed_what(g))
        return None

    def _revealed_what(self, g: OpenGame) -> Message:
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
        # the state kept when the command was saved, else the journal's replay of it
        state = g.earlier[-1] if g.earlier else self._replay(g, back)
        with self._transaction(g, back, g.txn + 1, self._history_columns(g.rules, g.header, state)) as (conn, _):
            conn.execute(update(COMMANDS).where(COMMANDS.c.game_id == g.id, COMMANDS.c.seq == g.head)
                         .values(status="undone"))
            conn.execute(delete(SNAPSHOTS).where(SNAPSHOTS.c.game_id == g.id, SNAPSHOTS.c.seq > back))
            groups = conn.execute(
                select(COMMANDS.c.seq, COMMANDS.c.body)
                .where(COMMANDS.c.game_id == g.id, COMMANDS.c.sealed == True, COMMANDS.c.seq <= back)  # noqa: E712
            ).all()
        if g.earlier:
            g.earlier.pop()
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
        g = OpenGame(game_id, row.game, row.created_at, row.header, row.meta, {}, {}, None, None,  # type: ignore[arg-type]
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
