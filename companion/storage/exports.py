"""A game of the journal as its record, sealed choices written sealed (stdlib only).

Shared by ``Journal`` and the read-only ``JournalReader`` (reader.py): each gives
``_game(id)`` (an object with ``id`` and ``header``), ``_rows(g)`` (``(seq, sealed, body)``
of the commands in effect) and the row readers of ``SealedRows``.
"""

from __future__ import annotations

from pathlib import Path

from companion.storage.records import record_text, sealed_line, write_private


class RecordExport:
    """``export`` and ``export_to``, a part of ``Journal`` and of ``JournalReader``."""

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
