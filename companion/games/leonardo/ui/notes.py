"""What happened in the turn under way and in the one before: the engine's events, kept as
commands are accepted, so a screen can say "Anna paid Bruno 40 florins of rent".

After a resume, an undo or a redo the notes are rebuilt once, when a screen asks, by
replaying the journal's commands through the rules: the screens then show after a restart
what they showed before it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.app.game_session import Change

Event = dict[str, Any]


class Notes:
    """``current``: the events since the turn under way began; ``previous``: the turn before."""

    def __init__(self, commands: Callable[[], list[dict[str, Any]]] | None = None,
                 header: Callable[[], dict[str, Any]] | None = None) -> None:
        self.commands = commands
        self.header = header
        self._current: list[Event] = []
        self._previous: list[Event] = []
        self.stale = False

    def note(self, change: Change) -> None:
        if change.kind == "new":
            self._current, self._previous, self.stale = [], [], False
        elif change.kind == "command" and not self.stale:
            self._take(change.events)
        else:  # resume, undo, redo: rebuilt when asked
            self.stale = True

    def _take(self, events: Any) -> None:
        for ev in events:
            if ev.get("type") == "turn":
                self._previous, self._current = self._current, []
            self._current.append(dict(ev))

    def _rebuild(self) -> None:
        from companion.games.leonardo.game import GAME

        self._current, self._previous, self.stale = [], [], False
        if self.commands is None or self.header is None:
            return
        try:
            state = GAME.new_game(self.header())
            for command in self.commands():
                state, events = GAME.apply(state, GAME.command_from_dict(dict(command)))
                self._take(events)
        except Exception:  # a journal that cannot be replayed here: no notes, never a crash
            self._current, self._previous = [], []

    @property
    def current(self) -> list[Event]:
        if self.stale:
            self._rebuild()
        return list(self._current)

    @property
    def previous(self) -> list[Event]:
        if self.stale:
            self._rebuild()
        return list(self._previous)
