"""The journal the app falls back on when the real one cannot be opened: games kept in memory.

It answers the same calls as ``companion.storage.Journal`` (``new_game``, ``submit``,
``undo``, ``redo``, ``correct``, ``state``, ``header``, ``commands``, ``games``, ``log``), so the
game session has one path; nothing survives the app, which the home screen says.
"""

from __future__ import annotations

from typing import Any

from companion.core import registry
from companion.core.game import Event, Game
from companion.core.i18n import Domain
from companion.errors import IllegalCommand, StorageError

T = Domain("app")


class MemoryJournal:
    """One game at a time, in memory; undo replays the commands still in effect."""

    path = None
    notices: list[str] = []

    def __init__(self) -> None:
        self._header: dict[str, Any] = {}
        self._game: Game | None = None
        self.done: list[Any] = []
        self.undone: list[Any] = []
        self._state: Any = None

    def new_game(self, header: dict[str, Any], *, meta: dict[str, Any] | None = None) -> int:
        game = registry.get(str(header.get("game")))
        state = game.new_game(header)
        self._game, self._header, self._state, self.done, self.undone = game, header, state, [], []
        return 1

    def _rules(self) -> Game:
        if self._game is None:
            raise StorageError(T.msg("memory_no_game"))
        return self._game

    def _command(self, command: Any) -> Any:
        return self._rules().command_from_dict(dict(command)) if isinstance(command, dict) else command

    def submit(self, game_id: int, command: Any) -> tuple[Any, list[Event]]:
        command = self._command(command)
        state, events = self._rules().apply(self._state, command)
        self._state = state
        self.done.append(command)
        self.undone.clear()
        return state, events

    def undo(self, game_id: int) -> Any:
        if not self.done:
            raise IllegalCommand(T.msg("nothing_to_undo"))
        self.undone.append(self.done.pop())
        game = self._rules()
        state = game.new_game(self._header)
        for command in self.done:
            state, _ = game.apply(state, command)
        self._state = state
        return state

    def redo(self, game_id: int) -> tuple[Any, list[Event]]:
        if not self.undone:
            raise IllegalCommand(T.msg("nothing_to_redo"))
        command = self.undone.pop()
        state, events = self._rules().apply(self._state, command)
        self._state = state
        self.done.append(command)
        return state, events

    def correct(self, game_id: int, target: dict[str, Any], value: Any, reason: str) -> tuple[Any, list[Event]]:
        if not isinstance(reason, str) or not reason.strip():
            raise IllegalCommand(T.msg("correction_needs_reason"))
        return self.submit(game_id, {"type": "Correct", "target": target, "value": value, "reason": reason.strip()})

    def state(self, game_id: int) -> Any:
        return self._state

    def header(self, game_id: int) -> dict[str, Any]:
        return self._header

    def commands(self, game_id: int) -> list[dict[str, Any]]:
        game = self._rules()
        return [game.command_to_dict(c) for c in self.done]

    def games(self) -> list[Any]:
        return []  # the list of games is the real journal's: nothing here outlives the app

    def log(self, game_id: int, lang: str = "en") -> list[str]:
        return []

    def export(self, game_id: int) -> str:
        raise StorageError(T.msg("memory_no_export"))

    def export_to(self, game_id: int, path: Any) -> None:
        raise StorageError(T.msg("memory_no_export"))

    def close(self) -> None:
        pass
