"""Commands: small frozen value objects, one per thing the table does.

Every random input travels inside a command: each spin of the machina (a number 1-12),
each card drawn (its number), each palace dealt, each work of art's value. The engine
never spins nor draws. ``to_dict``/``from_dict`` give plain JSON with the class name
under ``"type"``; a malformed dict is an IllegalCommand, never a TypeError.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from companion.core import commands as codec

from .words import refuse

# ---- setup ----------------------------------------------------------------------------


@dataclass(frozen=True)
class DealPalace:
    """The palace card dealt to a seat (the table enters which); it owns it at once."""

    seat: int
    space: int


@dataclass(frozen=True)
class ChooseFaction:
    """A seat's secret faction ("guelph" or "ghibelline"): sealed in group "factions"."""

    seat: int
    faction: str


@dataclass(frozen=True)
class StartSpin:
    """One spin for the start player (the highest starts; ties spin again)."""

    seat: int
    number: int


# ---- a turn ---------------------------------------------------------------------------


@dataclass(frozen=True)
class BuyArt:
    """A work of art drawn at the start of the turn (50 florins), its printed value, and
    the seat's palace it is placed on."""

    seat: int
    space: int
    value: int


@dataclass(frozen=True)
class Spin:
    """The movement spin (a corporation's members each send one, then ChooseSpin)."""

    seat: int
    number: int


@dataclass(frozen=True)
class ChooseSpin:
    """Corporations: the members pick one of their spins."""

    seat: int
    number: int


@dataclass(frozen=True)
class DrawOffice:
    """The office card drawn on Piazza Maggiore (its number in the box profile)."""

    card: int


@dataclass(frozen=True)
class Buy:
    seat: int


@dataclass(frozen=True)
class Decline:
    """The lander does not buy: the space goes to auction among the others."""

    seat: int


@dataclass(frozen=True)
class Bid:
    seat: int
    amount: int


@dataclass(frozen=True)
class PassBid:
    seat: int


@dataclass(frozen=True)
class Bet:
    """An open market bet: a product ("gem", "ivory", "gold", "spices") and a stake."""

    seat: int
    product: str
    amount: int


@dataclass(frozen=True)
class LockBet:
    """A sealed market bet (variant): sealed in group "market_bets" until all are in."""

    seat: int
    product: str
    amount: int


@dataclass(frozen=True)
class UnlockBet:
    seat: int


@dataclass(frozen=True)
class MarketSpin:
    """The market opener's spin."""

    seat: int
    number: int


@dataclass(frozen=True)
class DrawEvent:
    """The event card drawn on an event square (its number in the box profile)."""

    card: int


@dataclass(frozen=True)
class Push:
    """An office holder moves the pawn that landed on its office's space, -5..5 spaces."""

    seat: int
    steps: int


@dataclass(frozen=True)
class PassPush:
    seat: int


@dataclass(frozen=True)
class FightSpin:
    """One side's spin in a fight between men-at-arms."""

    seat: int
    number: int


@dataclass(frozen=True)
class Sell:
    """A forced sale: a palace or bridge back to the bank at half its price."""

    seat: int
    space: int


# ---- the table ------------------------------------------------------------------------


@dataclass(frozen=True)
class EndByAgreement:
    """The agreed time is up: the game ends after the current turn."""


@dataclass(frozen=True)
class FormCorporation:
    """Corporations (variant): the members, their common faction, the pawn kept."""

    members: tuple[int, ...]
    faction: str
    pawn: int


@dataclass(frozen=True)
class SetPrintedValue:
    """A value printed on the board or a card, as the table read it (``box.set_value``)."""

    item: str
    field: str
    value: Any


@dataclass(frozen=True)
class Correct:
    """A counter set by hand, with its reason (corrections.py)."""

    target: dict[str, Any]
    value: Any
    reason: str


COMMANDS: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        DealPalace, ChooseFaction, StartSpin, BuyArt, Spin, ChooseSpin, DrawOffice, Buy, Decline, Bid, PassBid,
        Bet, LockBet, UnlockBet, MarketSpin, DrawEvent, Push, PassPush, FightSpin, Sell, EndByAgreement,
        FormCorporation, SetPrintedValue, Correct,
    )
}
_INT_FIELDS = {"seat", "space", "value", "number", "card", "amount", "steps", "pawn"}
_STR_FIELDS = {"faction", "product", "item", "field", "reason"}


def check_types(cmd: Any) -> None:
    """IllegalCommand unless every field has the JSON type the command needs."""
    name = type(cmd).__name__
    for f in dataclasses.fields(cmd):
        v = getattr(cmd, f.name)
        if isinstance(cmd, (SetPrintedValue, Correct)) and f.name == "value":
            continue  # a number, a name, a list, None: box.set_value / corrections.py check it
        if f.name in _INT_FIELDS and (isinstance(v, bool) or not isinstance(v, int)):
            raise refuse("field_not_int", command=name, field=f.name, value=repr(v))
        if f.name in _STR_FIELDS and not isinstance(v, str):
            raise refuse("field_not_str", command=name, field=f.name, value=repr(v))
        if f.name == "members" and (not isinstance(v, tuple) or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in v)):
            raise refuse("field_not_seats", command=name, field=f.name)
        if f.name == "target" and not isinstance(v, dict):
            raise refuse("field_not_object", command=name, field=f.name)


to_dict = codec.to_dict
_LISTS = {"members": "field_not_seats"}  # kept as tuples: the refusal when not a list


def from_dict(d: Any) -> Any:
    """The command a dict describes, or IllegalCommand saying what is wrong with it."""
    return codec.from_dict(d, COMMANDS, refuse, check_types, lists=_LISTS)


def type_of(cmd: Any) -> str:
    return type(cmd).__name__
