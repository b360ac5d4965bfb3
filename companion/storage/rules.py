"""The journal's view of a game's rules: any module with the engine contract's shape.

A rules module (docs/architecture.md) offers ``new_game(header)``, ``apply(state, cmd)``
returning ``(state, events)``, ``State.from_dict`` / ``state.to_dict()`` and
``commands.from_dict`` / ``commands.to_dict``. Optional, with defaults:

- ``SECRET_COMMANDS``: command types the journal seals until the next reveal
  (default ``{"LockBid"}``);
- ``RULES_VERSION``: snapshots made under another version are not trusted;
- ``summary(state) -> dict``: the state as ``replay`` prints it (default ``to_dict``);
- ``history(state) -> dict``: ``{"round", "finished", "winner"}`` for the game list;
- ``describe(event, header) -> str``: one line of the readable log.

The journal stays game-agnostic: it picks the rules by the header's ``"game"``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable

import companion
from companion.storage.errors import StorageError
from companion.storage.logbook import describe_event  # noqa: F401 - the plain log line, kept importable here

KNOWN_GAMES = {"magnifico": "companion.games.magnifico.engine"}


@dataclass(frozen=True)
class Rules:
    name: str
    module: ModuleType
    new_game: Callable[[dict], Any]
    apply: Callable[[Any, Any], tuple[Any, list]]
    state_from_dict: Callable[[dict], Any]
    command_from_dict: Callable[[dict], Any]
    command_to_dict: Callable[[Any], dict]
    secret_commands: frozenset
    version: str

    def state_to_dict(self, state) -> dict:
        return state.to_dict()

    def command_dict(self, command) -> dict:
        """The command as a plain dict (it may come as a dict or a command object)."""
        if isinstance(command, dict):
            return self.command_to_dict(self.command_from_dict(command))
        return self.command_to_dict(command)

    def is_secret(self, command: dict) -> bool:
        return command.get("type") in self.secret_commands

    def hook(self, name: str):
        """A function of the rules module, or of its package's ``record`` module (``summary``)."""
        found = getattr(self.module, name, None)
        if found is None and self.module.__package__:
            try:
                found = getattr(importlib.import_module(self.module.__package__ + ".record"), name, None)
            except ImportError:
                found = None
        return found

    def summary(self, state) -> dict:
        """The state as the rules' ``replay`` prints it (their ``summary``), else ``to_dict``."""
        hook = self.hook("summary")
        return hook(state) if hook else self.state_to_dict(state)

    def history(self, state) -> dict:
        """``{"round", "finished", "winner"}`` of a state, by hook or by common field names."""
        hook = getattr(self.module, "history", None)
        if hook:
            return hook(state)
        d = self.state_to_dict(state)
        winner = d.get("winner")
        finished = bool(d.get("over", d.get("finished", winner is not None or d.get("phase") == "over")))
        return {"round": d.get("round"), "finished": finished, "winner": winner}

    def describe(self, event: dict, header: dict) -> str:
        hook = getattr(self.module, "describe", None)
        if hook:
            return hook(event, header)
        return describe_event(event, header)


def rules_from_module(module: ModuleType, name: str | None = None) -> Rules:
    commands = getattr(module, "commands", None)
    if commands is None and module.__package__:
        try:
            commands = importlib.import_module(module.__package__ + ".commands")
        except ImportError:
            commands = None
    to_dict = getattr(module, "command_to_dict", None) or getattr(commands, "to_dict", None)
    from_dict = getattr(module, "command_from_dict", None) or getattr(commands, "from_dict", None)
    if to_dict is None or from_dict is None:
        raise StorageError(f"The rules module {module.__name__} has no commands.to_dict/from_dict.")
    # snapshots are trusted only under the same rules: the module's RULES_VERSION, else the app's
    version = getattr(module, "RULES_VERSION", None) or f"{module.__name__}@{companion.__version__}"
    return Rules(
        name=name or getattr(module, "GAME", module.__name__),
        module=module,
        new_game=module.new_game,
        apply=module.apply,
        state_from_dict=module.State.from_dict,
        command_from_dict=from_dict,
        command_to_dict=to_dict,
        secret_commands=frozenset(getattr(module, "SECRET_COMMANDS", {"LockBid"})),
        version=str(version),
    )


class RulesBook:
    """Finds the rules for a header's ``"game"``: the ones given, then the known games."""

    def __init__(self, game: ModuleType | dict | None = None):
        self._given: dict[str, ModuleType] = {}
        self._default: str | None = None
        if isinstance(game, dict):
            self._given.update(game)
        elif game is not None:
            name = getattr(game, "GAME", None) or "magnifico"
            self._given[name] = game
            self._default = name
        self._cache: dict[str, Rules] = {}

    @property
    def default(self) -> str:
        return self._default or "magnifico"

    def get(self, name: str) -> Rules:
        if name not in self._cache:
            module = self._given.get(name)
            if module is None:
                if name not in KNOWN_GAMES:
                    raise StorageError(f"This app does not know the game '{name}'.")
                try:
                    module = importlib.import_module(KNOWN_GAMES[name])
                except ImportError as err:
                    raise StorageError(f"The rules of '{name}' are not available in this build ({err}).") from err
            self._cache[name] = rules_from_module(module, name)
        return self._cache[name]
