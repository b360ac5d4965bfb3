"""The game contract: what a game package gives the shell, the journal and the command line.

A game is one package (``companion/games/<name>/``) with one object that satisfies ``Game``,
registered under the entry-point group ``companion.games`` (``companion.core.registry``).
Everything a shared layer knows of a game goes through this object: the shared layers never
import a game package. ``docs/architecture.md`` is the page a new game's author reads.

The rules are pure: ``apply(state, command)`` checks the command and returns the new state
and the events, never mutating its input; every random input (dice, spins, cards drawn) is
inside a command.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

Event = dict[str, Any]
"""``{"type": ..., ...}``. ``"reveal": True`` marks a moment information became public
(dice rolled, cards drawn, a secret opened): undo stops there. An event that opens sealed
choices also names their groups: ``"opens": ["bids"]``."""


class ExpectKind(str, enum.Enum):
    """What the table must enter next."""

    ROLL = "roll"  # dice: from the reader, typed, or rolled by the app
    SEALED = "sealed"  # a secret choice made on a handset, a phone or the private keypad
    PRINTED = "printed"  # a value printed on a component the app has not been told yet
    CHOICE = "choice"  # an open choice a player makes on the screen


@dataclass(frozen=True)
class Expect:
    """One thing the table must enter: what, by whom, and the command that carries it.

    - a roll: ``dice`` (a kind of ``companion.core.dice``) and ``count``;
    - a sealed choice: ``group`` and either ``choices`` or ``step``/``minimum``/``maximum``
      (a handset steps through them);
    - a printed value: ``params`` names the component and field (``{"card", "field"}``).
    """

    kind: ExpectKind
    command: str
    seat: int | None = None
    dice: str | None = None
    count: int = 0
    group: str | None = None
    choices: tuple[Any, ...] = ()
    step: int = 1
    minimum: int = 0
    maximum: int | None = None
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winners (several on a tie that stands), why, and the scores."""

    winners: tuple[int, ...]
    reason: str  # a key of the game's catalogue: "target_reached", "by_agreement", ...
    scores: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason, "scores": dict(self.scores)}


@dataclass(frozen=True)
class History:
    """What the list of games shows of a state."""

    round: int | None
    finished: bool
    outcome: Outcome | None = None


@dataclass(frozen=True)
class BoxSchema:
    """A game's box profile: the values printed only on the table's own components.

    The profile is one JSON file per game in the user's data folder; ``load`` turns a
    profile (``None``: nothing entered yet) into what ``new_game``'s header carries, refusing
    a bad one with an ``IllegalCommand`` that names the field.
    """

    load: Callable[[dict[str, Any] | None], dict[str, Any]]
    remember: Callable[[dict[str, Any], Any], dict[str, Any]]
    """The profile with the value a command entered (``SetCardValue``...) kept in it."""
    remembers: frozenset[str] = frozenset()
    """The command types whose value is kept in the profile once accepted."""


@runtime_checkable
class Game(Protocol):
    """One game of the family, as every shared layer sees it."""

    name: str  # "magnifico": the header's "game", the entry point's name
    title: Mapping[str, str]  # {"en": "Magnifico", "it": "Magnifico"}
    seats: tuple[int, int]  # fewest and most players
    rules_version: str  # snapshots made under another version are not trusted
    domain: str  # the i18n catalogue of its messages
    secrets: Mapping[str, frozenset[str]]
    """Sealed choices: group -> the command types that hold one (``{"bids": {"LockBid"}}``).
    The journal seals them until an event ``"opens"`` their group."""
    box: BoxSchema | None

    def new_game(self, header: dict[str, Any]) -> Any: ...

    def apply(self, state: Any, command: Any) -> tuple[Any, list[Event]]: ...

    def check(self, state: Any, command: Any) -> Any: ...

    def legal(self, state: Any) -> dict[str, Any]: ...

    def state_to_dict(self, state: Any) -> dict[str, Any]: ...

    def state_from_dict(self, data: dict[str, Any]) -> Any: ...

    def command_to_dict(self, command: Any) -> dict[str, Any]: ...

    def command_from_dict(self, data: dict[str, Any]) -> Any: ...

    def public_view(self, state: Any) -> dict[str, Any]: ...

    def describe(self, event: Event, header: dict[str, Any], lang: str = "en") -> str: ...

    def describe_command(self, command: dict[str, Any], header: dict[str, Any], lang: str = "en") -> str: ...

    def summary(self, state: Any) -> dict[str, Any]: ...

    def history(self, state: Any) -> History: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def expects(self, state: Any) -> list[Expect]: ...

    def demo_header(self, players: int, seed: int) -> dict[str, Any]: ...

    def demo_move(self, state: Any, seed: int, index: int) -> Any | None: ...

    def ui(self) -> Any | None: ...


def secret_group(game: Game, command: Mapping[str, Any]) -> str | None:
    """The sealed group a command belongs to, or None when it is public."""
    kind = command.get("type")
    for group, types in game.secrets.items():
        if kind in types:
            return group
    return None


def opened(game: Game, event: Mapping[str, Any]) -> frozenset[str]:
    """The sealed groups an event opens (a reveal that names none opens all, as old records did)."""
    if not event.get("reveal"):
        return frozenset()
    groups = event.get("opens")
    if groups is None:
        return frozenset(game.secrets)
    return frozenset(str(g) for g in groups)


def play(game: Game, header: dict[str, Any], commands: Sequence[Any] = ()) -> Any:
    """The state after ``commands`` (dicts or command objects) from the start of ``header``."""
    state = game.new_game(header)
    for command in commands:
        if isinstance(command, Mapping):
            command = game.command_from_dict(dict(command))
        state, _ = game.apply(state, command)
    return state


def demo(game: Game, seed: int, players: int, *, header: dict[str, Any] | None = None,
         commands: Sequence[Any] = (), limit: int = 100_000) -> Iterator[tuple[int, Any, Any, list[Event]]]:
    """A bots' game, continued after ``commands``: yields (index, command, state, events)."""
    header = header if header is not None else game.demo_header(players, seed)
    state = play(game, header, list(commands))
    index = len(commands)
    while index < limit:
        command = game.demo_move(state, seed, index)
        if command is None:
            return
        state, events = game.apply(state, command)
        yield index, command, state, events
        index += 1
