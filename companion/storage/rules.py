"""The journal's view of a game's rules: a ``companion.core.game.Game``, found by name.

The journal stays game-agnostic: it picks the rules by the header's ``"game"`` through the
registry of installed games (entry points), or among the games it was handed. A plain module
with the old engine shape (``new_game``, ``apply``, ``State``, ``commands``, optional
``SECRET_COMMANDS``, ``RULES_VERSION``, ``describe``, ``history``) is still accepted, for
small test games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType
from typing import Any

from companion.core import registry
from companion.core.game import Game, History, opened, secret_group
from companion.core.i18n import Domain
from companion.errors import CompanionError
from companion.storage.errors import StorageError

T = Domain("storage")


@dataclass(frozen=True)
class Rules:
    """A game as the journal calls it (the contract's names, in one place)."""

    name: str
    game: Any  # a Game, or a module of the old shape
    new_game: Callable[[dict[str, Any]], Any]
    apply: Callable[[Any, Any], tuple[Any, list[dict[str, Any]]]]
    state_from_dict: Callable[[dict[str, Any]], Any]
    state_to_dict: Callable[[Any], dict[str, Any]]
    command_from_dict: Callable[[dict[str, Any]], Any]
    command_to_dict: Callable[[Any], dict[str, Any]]
    secrets: Mapping[str, frozenset[str]]
    version: str

    @cached_property
    def is_game(self) -> bool:
        """The game follows the contract (core/game.py), not the old module shape (checked
        once: an ``isinstance`` against the protocol costs tens of microseconds)."""
        return isinstance(self.game, Game)

    def command_dict(self, command: Any) -> dict[str, Any]:
        """The command as a plain dict (it may come as a dict or a command object)."""
        if isinstance(command, dict):
            return self.command_to_dict(self.command_from_dict(command))
        return self.command_to_dict(command)

    def secret_group(self, command: Mapping[str, Any]) -> str | None:
        """The sealed group of a command, None when it is public."""
        return secret_group(self.game, command) if self.is_game else (
            next((g for g, types in self.secrets.items() if command.get("type") in types), None))

    def is_secret(self, command: Mapping[str, Any]) -> bool:
        return self.secret_group(command) is not None

    def opens(self, event: Mapping[str, Any]) -> frozenset[str]:
        """The sealed groups an event opens (a bare reveal opens them all, as before groups)."""
        if self.is_game:
            return opened(self.game, event)
        if not event.get("reveal"):
            return frozenset()
        groups = event.get("opens")
        return frozenset(self.secrets) if groups is None else frozenset(str(g) for g in groups)

    def summary(self, state: Any) -> dict[str, Any]:
        """The state as ``replay`` prints it."""
        hook = getattr(self.game, "summary", None)
        return hook(state) if hook else self.state_to_dict(state)

    def history(self, state: Any) -> dict[str, Any]:
        """``{"round", "finished", "winner"}`` of a state for the list of games."""
        hook = getattr(self.game, "history", None)
        if hook is None:
            d = self.state_to_dict(state)
            winner = d.get("winner")
            finished = bool(d.get("over", d.get("finished", winner is not None or d.get("phase") == "over")))
            return {"round": d.get("round"), "finished": finished, "winner": winner}
        h = hook(state)
        if isinstance(h, History):
            winners = h.outcome.winners if h.outcome else ()
            return {"round": h.round, "finished": h.finished, "winner": winners[0] if len(winners) == 1 else None,
                    "winners": list(winners), "outcome": h.outcome.reason if h.outcome else None}
        return dict(h)

    def describe(self, event: dict[str, Any], header: dict[str, Any], lang: str = "en") -> str:
        hook = getattr(self.game, "describe", None)
        if hook is None:
            return describe_event(event, header)
        try:
            return str(hook(event, header, lang))
        except TypeError:  # an old hook without the language
            return str(hook(event, header))

    def describe_command(self, command: dict[str, Any], header: dict[str, Any], lang: str = "en") -> str | None:
        """The game's words for a command (a correction, a sealed choice...), None if it has none."""
        hook = getattr(self.game, "describe_command", None)
        return None if hook is None else str(hook(command, header, lang))


SEAT_FIELDS = {"seat", "defender", "attacker", "winner", "holder", "buyer", "chooser"}


def describe_event(event: dict[str, Any], header: dict[str, Any]) -> str:
    """A plain line for an event of a game that has no words of its own: its type in words,
    seats by name, the other fields (``bids_revealed`` -> "Bids revealed (bids: Anna 50, Bruno 40)")."""
    seats = [s.get("name", f"seat {i}") for i, s in enumerate(header.get("seats", []))]

    def name(value: Any) -> str | None:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(seats):
            return str(seats[value])
        return None

    def words(value: Any) -> str:
        if isinstance(value, dict):
            keyed = [(name(int(k)) if str(k).isdigit() else None) or str(k).replace("_", " ") for k in value]
            return ", ".join(f"{k} {words(v)}" if v not in ({}, None) else k for k, v in zip(keyed, value.values()))
        if isinstance(value, (list, tuple)):
            return ", ".join(words(v) for v in value)
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value).replace("_", " ") if isinstance(value, str) else str(value)

    who = name(event.get("seat"))
    parts = []
    for key, value in event.items():
        if key in ("type", "reveal", "opens") or (key == "seat" and who):
            continue
        shown = name(value) if key in SEAT_FIELDS and name(value) else words(value)
        parts.append(f"{key.replace('_', ' ')}: {shown}")
    kind = str(event.get("type", "event")).replace("_", " ")
    line = f"{who}: {kind}" if who else kind[:1].upper() + kind[1:]
    return line + (f" ({'; '.join(parts)})" if parts else "")


def rules_of(game: Game) -> Rules:
    """The journal's view of a registered game."""
    return Rules(
        name=game.name, game=game, new_game=game.new_game, apply=game.apply,
        state_from_dict=game.state_from_dict, state_to_dict=game.state_to_dict,
        command_from_dict=game.command_from_dict, command_to_dict=game.command_to_dict,
        secrets=dict(game.secrets), version=str(game.rules_version),
    )


def rules_from_module(module: ModuleType, name: str | None = None) -> Rules:
    """The journal's view of a module with the old engine shape (small test games)."""
    commands = getattr(module, "commands", None)
    to_dict = getattr(module, "command_to_dict", None) or getattr(commands, "to_dict", None)
    from_dict = getattr(module, "command_from_dict", None) or getattr(commands, "from_dict", None)
    if to_dict is None or from_dict is None:
        raise StorageError(T.msg("rules_no_commands", module=module.__name__))
    secret = getattr(module, "SECRET_COMMANDS", None)
    groups = {"bids": frozenset(secret if secret is not None else {"LockBid"})}
    return Rules(
        name=name or getattr(module, "GAME", module.__name__), game=module,
        new_game=module.new_game, apply=module.apply,
        state_from_dict=module.State.from_dict, state_to_dict=lambda state: state.to_dict(),
        command_from_dict=from_dict, command_to_dict=to_dict,
        secrets=getattr(module, "SECRETS", groups), version=str(getattr(module, "RULES_VERSION", module.__name__)),
    )


class RulesBook:
    """Finds the rules for a header's ``"game"``: the games handed in, then the installed ones."""

    def __init__(self, game: Game | ModuleType | dict[str, Any] | None = None):
        self._given: dict[str, Any] = {}
        self._default: str | None = None
        if isinstance(game, dict):
            self._given.update(game)
        elif game is not None:
            name = game.name if isinstance(game, Game) else getattr(game, "GAME", None)
            if not isinstance(name, str):
                module_game = getattr(game, "GAME", None)
                name = getattr(module_game, "name", None) or "magnifico"
            self._given[name] = game
            self._default = name
        self._cache: dict[str, Rules] = {}

    @property
    def default(self) -> str | None:
        """The game handed in, for a header that names none."""
        return self._default

    def get(self, name: str | None) -> Rules:
        if name is None:
            raise StorageError(T.msg("header_no_game"))
        if name not in self._cache:
            given = self._given.get(name)
            if given is None:
                try:
                    given = registry.get(name)
                except CompanionError as err:
                    raise StorageError(err.message) from None
            if isinstance(given, Game):
                self._cache[name] = rules_of(given)
            elif isinstance(getattr(given, "GAME", None), Game):  # a game package's module
                self._cache[name] = rules_of(given.GAME)
            else:
                self._cache[name] = rules_from_module(given, name)
        return self._cache[name]
