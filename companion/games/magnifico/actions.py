"""What ``legal(state)`` answers: the seats the game waits for and one entry per action,
one shape per command type (legality.py builds them).

Typed dicts, not classes: the answer is the plain dict the screens read; these types only
name its keys. Every entry has ``allowed``; a refused one also has ``reason`` (English; a
Message keeps its key and parameters) and ``message`` (``reason.to_dict()``); an allowed
one lists what may be chosen (territories, cards, raids, moves).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict


class Entry(TypedDict):
    """Whether an action or a choice is allowed, and why not."""

    allowed: bool
    reason: NotRequired[str]
    message: NotRequired[dict[str, Any]]


class _Seated(Entry):
    seat: int


class CardOption(Entry):
    """A card on auction or in a store, and whether the player may take or activate it."""

    card: str


class RaidOption(TypedDict):
    """An invasion or attack the player may launch, with the armies it allows."""

    source: str
    target: str
    by: str  # "land" or "sea"
    min_soldiers: int
    max_soldiers: int
    max_tanks: int
    max_airplanes: int


class MoveTarget(TypedDict):
    target: str
    land: bool  # by a chain of the player's own territories
    sea: bool  # across a sea both face


class MoveSource(TypedDict):
    source: str
    soldiers: int  # at most this many may leave (one stays)
    tanks: int
    airplanes: int
    targets: list[MoveTarget]


# ---- one entry per command type --------------------------------------------------------


class RemoveCardsEntry(Entry):
    type: Literal["RemoveCards"]
    tanks: int
    airplanes: int
    cards: list[str]
    unseen: bool


class StartOrderRollEntry(_Seated):
    type: Literal["StartOrderRoll"]
    dice: int


class PlaceFirstCastleEntry(_Seated):
    type: Literal["PlaceFirstCastle"]
    territories: list[str]


class RecruitEntry(_Seated):
    type: Literal["Recruit"]
    territories: list[str]
    without: int  # how many must go without


class DrawAuctionEntry(Entry):
    type: Literal["DrawAuction"]
    vehicles: int
    projects: int
    vehicle_cards: list[str]
    project_cards: list[str]


class LockBidEntry(_Seated):
    type: Literal["LockBid"]
    min: int
    max: int
    step: int


class UnlockBidEntry(_Seated):
    type: Literal["UnlockBid"]


class ChooseCardEntry(_Seated):
    type: Literal["ChooseCard"]
    cards: list[CardOption]
    price: int


class PassChoiceEntry(_Seated):
    type: Literal["PassChoice"]


class ActivateEntry(_Seated):
    type: Literal["Activate"]
    cards: list[CardOption]


class BuildEntry(_Seated):
    type: Literal["BuildTank", "BuildAirplane", "BuildTower", "BuildCastle"]
    territories: NotRequired[list[str]]  # where it may be built (when it is allowed)


class RaidEntry(_Seated):
    type: Literal["Invade", "Attack"]
    options: NotRequired[list[RaidOption]]  # when it is allowed


class MoveEntry(_Seated):
    type: Literal["Move"]
    max_moves: NotRequired[int]  # absent once the player has moved this turn
    sources: NotRequired[list[MoveSource]]


class EndTurnEntry(_Seated):
    type: Literal["EndTurn"]


class BattleStepEntry(Entry):
    type: Literal["BattleStep"]
    options: dict[str, Any]  # the battle machine's options for the position


class SetCardValueEntry(Entry):
    type: Literal["SetCardValue"]


class EndByAgreementEntry(Entry):
    """rd: ending by agreement, at any moment."""

    type: Literal["EndByAgreement"]
    leader: int  # who would win now (the scoring order's first)


Action: TypeAlias = (
    RemoveCardsEntry | StartOrderRollEntry | PlaceFirstCastleEntry | RecruitEntry | DrawAuctionEntry
    | LockBidEntry | UnlockBidEntry | ChooseCardEntry | PassChoiceEntry | ActivateEntry | BuildEntry
    | RaidEntry | MoveEntry | EndTurnEntry | BattleStepEntry | SetCardValueEntry | EndByAgreementEntry
)
"""One entry of ``legal(state)["actions"]``."""


class Legal(TypedDict):
    """``legal(state)``: ``to_act`` is empty (and ``table`` true) while the game waits for a
    random input of the whole table (cards removed, cards drawn)."""

    phase: str
    round: int
    to_act: list[int]
    actions: list[Action]
    winner: NotRequired[int | None]  # once the game is over
    table: NotRequired[bool]
    order: NotRequired[list[int]]  # the order of choice after an auction's bids
