"""A game of the journal as it stands in memory while the journal has it open."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.storage.rules import Rules
from companion.storage.secrets import Secrets
from companion.storage.sums import game_sum


KEPT_STATES = 8  # undos served from memory in a row; further back, a replay


@dataclass
class OpenGame:
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
    # the states before the last few commands, the latest last (``earlier[-k]`` is the state
    # after ``head - k`` commands): an undo takes one back instead of replaying the journal
    earlier: list[Any] = field(default_factory=list)

    def keep_earlier(self, state: Any) -> None:
        """Remember ``state`` (the one at ``head`` before it moves on), a bounded number of them."""
        self.earlier.append(state)
        del self.earlier[:-KEPT_STATES]

    def game_sum(self, head: int, txn: int) -> str:
        return game_sum(self.id, self.name, self.created_at, head, txn, self.header_text, self.meta_text)


def _place(kind: str, game_id: int, seq: int) -> str:
    return f"{kind}:{game_id}:{seq}"


def place(kind: str, game_id: int, seq: int) -> str:
    """Where a sealed text belongs (a sealed row cannot be moved to another place)."""
    return f"{kind}:{game_id}:{seq}"
