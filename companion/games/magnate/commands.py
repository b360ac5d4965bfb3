"""Commands: small frozen value objects, one per thing the table does.

Every random input is inside a command: the Pawns' places, the Crowns dealt, each die,
each card named. A card drawn is only counted (``Draw``): hands are hidden. ``to_dict`` /
``from_dict`` give plain JSON with the class name under ``"type"``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from companion.core import commands as codec

from .text import refuse

# ---- setup ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SetDistricts:
    """The 4 Pawns as they lie, left to right; the Excuse lies between the second and third."""

    pawns: tuple[str, ...] = ()


@dataclass(frozen=True)
class DealCrowns:
    """The 3 Crowns dealt to ``seat``; the other player has the other three."""

    seat: int
    crowns: tuple[str, ...] = ()


@dataclass(frozen=True)
class StartPlayer:
    seat: int


# ---- a turn ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll:
    """The two d10 of the turn (a face 0 is 10)."""

    dice: tuple[int, ...] = ()


@dataclass(frozen=True)
class TaxRoll:
    """The d6 of the taxation: 1 Moons, 2 Suns, 3 Waves, 4 Leaves, 5 Wyrms, 6 Knots."""

    die: int


@dataclass(frozen=True)
class ChooseIncome:
    """A deed's owner names the suit of its one token of income."""

    seat: int
    card: str
    suit: str


@dataclass(frozen=True)
class Trade:
    """``times`` x (3 tokens of ``give`` for 1 of ``get``) with the bank."""

    seat: int
    give: str
    get: str
    times: int = 1


@dataclass(frozen=True)
class Develop:
    """``count`` tokens of ``suit`` moved onto the player's deed ``card``."""

    seat: int
    card: str
    suit: str
    count: int


@dataclass(frozen=True)
class Build:
    """The card built complete in ``district``, paid ``payment`` ({suit: tokens})."""

    seat: int
    card: str
    district: str
    payment: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Found:
    """The card founded as a deed in ``district`` (one token of each of its suits to the bank)."""

    seat: int
    card: str
    district: str


@dataclass(frozen=True)
class Sell:
    seat: int
    card: str


@dataclass(frozen=True)
class Draw:
    """The player on turn draws a card (a count only), which ends the turn."""

    seat: int


@dataclass(frozen=True)
class EndTurn:
    """Ends a last turn (no draw)."""

    seat: int


@dataclass(frozen=True)
class Correct:
    """A counter set by hand, with the table's reason (corrections.py lists the targets)."""

    target: dict[str, Any]
    value: Any
    reason: str


COMMANDS: dict[str, type] = {
    cls.__name__: cls
    for cls in (SetDistricts, DealCrowns, StartPlayer, Roll, TaxRoll, ChooseIncome, Trade, Develop, Build,
                Found, Sell, Draw, EndTurn, Correct)
}
Command = (SetDistricts | DealCrowns | StartPlayer | Roll | TaxRoll | ChooseIncome | Trade | Develop | Build
           | Found | Sell | Draw | EndTurn | Correct)

_INT = {"seat", "die", "times", "count"}
_STR = {"card", "suit", "give", "get", "district", "reason"}
_STR_LIST = {"pawns", "crowns"}
_INT_LIST = {"dice"}


def check_types(cmd: Any) -> None:
    """IllegalCommand unless every field has the JSON type the command needs."""
    name = type(cmd).__name__
    for f in dataclasses.fields(cmd):
        v = getattr(cmd, f.name)
        if f.name in _INT and (isinstance(v, bool) or not isinstance(v, int)):
            raise refuse("field_not_int", command=name, field=f.name, value=repr(v))
        if f.name in _STR and not isinstance(v, str):
            raise refuse("field_not_str", command=name, field=f.name, value=repr(v))
        if f.name in _STR_LIST and (not isinstance(v, (list, tuple)) or not all(isinstance(x, str) for x in v)):
            raise refuse("field_not_str_list", command=name, field=f.name)
        if f.name in _INT_LIST and (not isinstance(v, (list, tuple))
                                    or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
            raise refuse("field_not_int_list", command=name, field=f.name)
        if f.name in ("payment", "target") and (
                not isinstance(v, dict) or not all(isinstance(k, str) for k in v)):
            raise refuse("field_not_object", command=name, field=f.name)


to_dict = codec.to_dict
_LISTS = dict.fromkeys(_STR_LIST | _INT_LIST, "field_not_list")  # kept as tuples: the refusal when not a list


def from_dict(d: Any) -> Any:
    """The command a dict describes, or IllegalCommand saying what is wrong with it."""
    return codec.from_dict(d, COMMANDS, refuse, check_types, lists=_LISTS)
