"""Commands: small frozen value objects, one per thing the table does.

Every random input travels inside a command (dice faces, cards drawn, cards removed at
setup); the engine never rolls or draws. ``to_dict``/``from_dict`` give plain JSON with the
class name under ``"type"``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from companion.core import commands as codec
from companion.errors import GameError

# ---- setup -------------------------------------------------------------------------


@dataclass(frozen=True)
class RemoveCards:
    """Setup 4.2: the Tank and Airplane cards put back in the box unseen (3-4 players).

    ``cards`` names them when they are known (a demo, a table that chose to look); left
    empty, they stay unknown and the engine only counts them (a real table).
    """

    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class StartOrderRoll:
    """Setup 4.7: one player's roll of the 6 dice for the start order."""

    seat: int
    faces: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlaceFirstCastle:
    """Setup 4.8: 2 soldiers and 1 castle on a free territory."""

    seat: int
    territory: str


# ---- each round: recruitment and auction ------------------------------------------


@dataclass(frozen=True)
class Recruit:
    """5.2.3: a player short of soldiers names the territories that get none."""

    seat: int
    without: tuple[str, ...] = ()


@dataclass(frozen=True)
class DrawAuction:
    """5.3: the cards turned up for the auction, as drawn from the decks."""

    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class LockBid:
    seat: int
    amount: int


@dataclass(frozen=True)
class UnlockBid:
    seat: int


@dataclass(frozen=True)
class ChooseCard:
    seat: int
    card: str


@dataclass(frozen=True)
class PassChoice:
    seat: int


# ---- a player's turn -----------------------------------------------------------------


@dataclass(frozen=True)
class Activate:
    seat: int
    card: str


@dataclass(frozen=True)
class BuildTank:
    seat: int
    territory: str


@dataclass(frozen=True)
class BuildAirplane:
    seat: int
    territory: str


@dataclass(frozen=True)
class BuildTower:
    seat: int
    territory: str


@dataclass(frozen=True)
class BuildCastle:
    seat: int
    territory: str


@dataclass(frozen=True)
class Invade:
    seat: int
    source: str
    target: str
    soldiers: int
    tanks: int = 0
    airplanes: int = 0


@dataclass(frozen=True)
class Attack:
    seat: int
    source: str
    target: str
    soldiers: int
    tanks: int = 0
    airplanes: int = 0


@dataclass(frozen=True)
class Move:
    """9: up to 3 moves made together, each a dict
    ``{"source", "target", "soldiers", "tanks", "airplanes", "by"}`` (``by``: "land",
    "sea" or absent for either)."""

    seat: int
    moves: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class EndTurn:
    seat: int


@dataclass(frozen=True)
class BattleStep:
    """One step of the battle notation (docs: battle-notation.md), dice included."""

    step: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SetCardValue:
    """The table enters a printed value of a physical card: a Tank's cost/dice/hits, an
    Airplane's cost/hooks, a project's activation cost, a Work of Art's vp."""

    card: str
    field: str
    value: int


@dataclass(frozen=True)
class Correct:
    """Issue 4: the table sets a counter by hand, with its reason (checked in corrections.py).
    ``target``: ``{"seat": n, "counter": ...}``, ``{"territory": id, "counter": ...}`` or
    ``{"card": id, "counter": "place"}``; ``value``: the counter's new value."""

    target: dict[str, Any]
    value: object
    reason: str


@dataclass(frozen=True)
class EndByAgreement:
    """rd: ending by agreement: the table stops the game at any moment, with its reason
    (typed or picked); the most VP wins, ties broken by the scoring order."""

    reason: str


Command: TypeAlias = (
    RemoveCards | StartOrderRoll | PlaceFirstCastle | Recruit | DrawAuction | LockBid | UnlockBid
    | ChooseCard | PassChoice | Activate | BuildTank | BuildAirplane | BuildTower | BuildCastle | Invade
    | Attack | Move | EndTurn | BattleStep | SetCardValue | Correct | EndByAgreement
)
"""Any of Magnifico's commands."""

COMMANDS: dict[str, type[Command]] = {
    cls.__name__: cls
    for cls in (
        RemoveCards, StartOrderRoll, PlaceFirstCastle, Recruit, DrawAuction, LockBid,
        UnlockBid, ChooseCard, PassChoice, Activate, BuildTank, BuildAirplane, BuildTower,
        BuildCastle, Invade, Attack, Move, EndTurn, BattleStep, SetCardValue,
        Correct, EndByAgreement,
    )
}
_TUPLE_FIELDS = {"cards", "faces", "without", "moves"}


_INT_FIELDS = {"seat", "amount", "soldiers", "tanks", "airplanes", "value"}
_STR_FIELDS = {"card", "territory", "source", "target", "field", "reason"}
_STR_LIST_FIELDS = {"cards", "faces", "without"}


def check_types(cmd: Command) -> None:
    """GameError unless every field has the JSON type the command needs."""
    name = type(cmd).__name__
    if isinstance(cmd, Correct):  # its target and value take many shapes: corrections.py checks them
        return
    for f in dataclasses.fields(cmd):
        v = getattr(cmd, f.name)
        if f.name in _INT_FIELDS and (isinstance(v, bool) or not isinstance(v, int)):
            raise GameError.of("field_not_int", command=name, field=repr(f.name), value=repr(v))
        if f.name in _STR_FIELDS and not isinstance(v, str):
            raise GameError.of("field_not_str", command=name, field=repr(f.name), value=repr(v))
        if f.name in _STR_LIST_FIELDS and (not isinstance(v, (list, tuple)) or not all(isinstance(x, str) for x in v)):
            raise GameError.of("field_not_str_list", command=name, field=repr(f.name))
        if f.name == "moves" and (not isinstance(v, (list, tuple)) or not all(isinstance(x, dict) for x in v)):
            raise GameError.of("moves_not_objects", command=name)
        if f.name == "step" and not isinstance(v, dict):
            raise GameError.of("step_not_object", command=name)


def type_of(cmd: Command) -> str:
    return type(cmd).__name__


to_dict = codec.to_dict
_LISTS = dict.fromkeys(_TUPLE_FIELDS, "field_not_list")  # kept as tuples: the refusal when not a list


def from_dict(d: Any) -> Command:
    """The command a dict describes, or GameError saying what is wrong with it."""
    cmd: Command = codec.from_dict(d, COMMANDS, GameError.of, check_types,
                                   lists=_LISTS, field=repr)
    return cmd
