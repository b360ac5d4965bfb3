"""The list of games (``GameInfo``) and the columns it is made from, stdlib only.

``Journal.games()`` reads them through SQLAlchemy, ``JournalReader.games()`` (what
``state --list`` prints) with the stdlib; both fill a game's missing columns (a migrated or
repaired journal) the same way: from its state, by ``history_columns``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from companion.storage.logbook import players
from companion.storage.rules import Rules


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


def history_columns(rules: Rules, header: dict, state: Any) -> dict[str, Any]:
    """What the list of games shows of a game in ``state``: round, finished, winner."""
    h = rules.history(state)
    winner = h.get("winner")
    if isinstance(winner, int):
        names = players(header)
        winner = names[winner] if 0 <= winner < len(names) else str(winner)
    return {"rounds": h.get("round"), "finished": bool(h.get("finished")), "winner": winner}


def list_column(text: str | None, kind: type) -> Any:
    """A JSON column of the list of games; damaged, it shows as empty (opening the game says why)."""
    try:
        value = json.loads(text or "null")
    except (ValueError, TypeError, RecursionError):
        return kind()
    return value if isinstance(value, kind) else kind()
