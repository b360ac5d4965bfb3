"""Snapshots: taken every ``snapshot_every`` commands, trusted only when their sum and the rows
they were made from (their ``chain``) check out; a bad one is dropped and taken again."""

from __future__ import annotations

from sqlmodel import delete, func, insert, select

from companion.storage.database import storage_errors
from companion.storage.models import CommandRow, Snapshot
from companion.storage.opengame import OpenGame
from companion.storage.sums import snapshot_trusted

_INSERT_SNAPSHOT = insert(Snapshot.__table__)


class Snapshots:
    """A part of ``Journal`` (journal.py), as the module doc says."""

    def _snapshot_ok(self, g: OpenGame, snap: Snapshot) -> bool:
        txns = [g.row_txn.get(s) for s in range(1, snap.seq + 1)]
        return snapshot_trusted(g.id, snap.seq, snap.rules_version, bool(snap.sealed), snap.chain, snap.body,
                                snap.sum, txns)

    def _trusted_snapshot(self, g: OpenGame, upto: int):
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
                state = self._snapshot_state(g.rules, g.id, snap.seq, bool(snap.sealed), snap.body)
            if state is not None:
                return snap.seq, state
            if self.readonly:
                offset += 1
            else:
                with storage_errors(self.path), self._session() as session:
                    session.exec(delete(Snapshot).where(Snapshot.id == snap.id))
                    session.commit()

    def _take_snapshot(self, g: OpenGame, seq: int, state) -> None:
        """A snapshot again where a bad or missing one was (outside any command's write)."""
        with storage_errors(self.path), self._session() as session:
            sealed = session.exec(
                select(func.count()).where(CommandRow.game_id == g.id, CommandRow.sealed == True,  # noqa: E712
                                           CommandRow.seq <= seq)
            ).one()
            session.exec(delete(Snapshot).where(Snapshot.game_id == g.id, Snapshot.seq == seq))
            session.exec(_INSERT_SNAPSHOT.values(**self._snapshot_values(g, seq, state, bool(sealed))))
            session.commit()
