"""A game of the journal read out: its record (sealed choices written sealed), its
commands and its log (stdlib only).

Shared by ``Journal`` and the read-only ``JournalReader`` (reader.py): each gives
``_game(id)`` (an object with ``id``, ``header`` and ``rules``), ``_rows(g)`` (``(seq,
sealed, body)`` of the commands in effect) and the row readers of ``SealedRows``.
"""

from __future__ import annotations

from pathlib import Path

from companion.storage.logbook import Teller
from companion.storage.records import record_text, sealed_line, write_private


class RecordExport:
    """``export``, ``export_to``, ``commands`` and ``log``, a part of ``Journal`` and of
    ``JournalReader``."""

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

    def commands(self, game_id: int) -> list[dict]:
        """The commands in effect, in order, sealed ones opened (for the app's own use:
        ``export`` is what leaves the app)."""
        g = self._game(game_id)
        return [self._row_body(g.id, seq, sealed, body)["command"] for seq, sealed, body in self._rows(g)]

    def log(self, game_id: int, lang: str = "en") -> list[str]:
        """The game told line by line, by the game's describe hooks (logbook.py); a command
        still sealed says only who made a sealed choice."""
        g = self._game(game_id)
        teller = Teller(g.rules, g.header, lang)
        lines = []
        for seq, sealed, body in self._rows(g):
            lines.extend(teller.row(self._row_public(g.id, seq, sealed, body)))
        return lines
