"""The events ``apply`` returns, one shape per ``"type"`` (docs/record-format.md).

Typed dicts, not classes: an event is the plain JSON dict the journal stores and the log
describes, and these types only name its keys. ``"reveal": True`` marks a moment
information became public (undo stops there; rd: Auction for the bids).

``describe.py`` reads events back from records of any age, so it takes a plain mapping
and checks every key; the engine builds them through these types.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict

Reveal: TypeAlias = Literal[True]

# ---- setup -----------------------------------------------------------------------------


class CardsRemoved(TypedDict):
    type: Literal["cards_removed"]
    count: int
    unseen: NotRequired[Literal[True]]  # nobody saw which they were (4.2)


class StartRolled(TypedDict):
    type: Literal["start_roll"]
    seat: int
    faces: list[str]
    reveal: Reveal


class StartRollTied(TypedDict):
    type: Literal["start_roll_tied"]
    seats: list[int]


class LeonardoTaken(TypedDict):
    type: Literal["leonardo"]
    seat: int
    why: Literal["start order", "auction"]


class FirstCastle(TypedDict):
    type: Literal["first_castle"]
    seat: int
    territory: str


# ---- the round ---------------------------------------------------------------------------


class RoundBegun(TypedDict):
    type: Literal["round"]
    round: int


class Florins(TypedDict):
    type: Literal["florins"]
    seat: int
    amount: int
    to_bank: int  # the excess over the cap (5.1.3)
    why: Literal["start", "income"]


class Recruited(TypedDict):
    type: Literal["recruited"]
    seat: int
    territories: list[str]
    short: NotRequired[int]  # no soldiers left for this many territories
    without: NotRequired[list[str]]  # the territories the player chose to leave without


class NoAuction(TypedDict):
    """rd: Running out of cards: the Leonardo card stays with ``leonardo`` (absent from
    records written before)."""

    type: Literal["no_auction"]
    why: Literal["no cards left", "nobody can bid"]
    leonardo: int | None


class AuctionDrawn(TypedDict):
    type: Literal["auction_drawn"]
    cards: list[str]
    reveal: Reveal


class BidLocked(TypedDict):
    """Never the amount: it is sealed until ``bids_revealed``."""

    type: Literal["bid_locked"]
    seat: int


class BidUnlocked(TypedDict):
    type: Literal["bid_unlocked"]
    seat: int


class BidsRevealed(TypedDict):
    type: Literal["bids_revealed"]
    bids: dict[str, int]  # seat (as JSON keys are) -> amount
    reveal: Reveal  # names no group: it opens Magnifico's one sealed group, the bids


class ChoicePassed(TypedDict):
    type: Literal["choice_passed"]
    seat: int
    auto: NotRequired[Literal[True]]  # passed over: no card left they may take
    why: NotRequired[str]


class CardBought(TypedDict):
    type: Literal["card_bought"]
    seat: int
    card: str
    paid: int
    into: Literal["in_play", "store"]


class Unsold(TypedDict):
    type: Literal["unsold"]
    cards: list[str]


# ---- a player's turn ---------------------------------------------------------------------


class TurnBegun(TypedDict):
    type: Literal["turn"]
    seat: int


class TurnEnded(TypedDict):
    type: Literal["turn_ended"]
    seat: int


class Activated(TypedDict):
    type: Literal["activated"]
    seat: int
    card: str
    paid: int


class Built(TypedDict):
    type: Literal["built"]
    seat: int
    piece: Literal["tank", "airplane", "tower", "castle"]
    territory: str
    paid: int


class Invaded(TypedDict):
    type: Literal["invaded"]
    seat: int
    source: str
    target: str
    soldiers: int
    tanks: int
    airplanes: int


class Attacked(TypedDict):
    type: Literal["attack"]
    seat: int
    defender: int
    source: str
    target: str
    sea_raid: bool
    soldiers: int
    tanks: int
    airplanes: int


class BattleStepped(TypedDict):
    type: Literal["battle_step"]
    step: dict[str, Any]  # the battle notation's step, dice included
    reveal: Reveal


class BattleOver(TypedDict):
    type: Literal["battle_over"]
    winner: str | None  # "attacker", "defender", or None (a retreat)
    retreated: bool
    source: str
    target: str
    attacker: int
    defender: int
    losses: Any  # the battle machine's losses per side
    reveal: Reveal


class MoveDone(TypedDict):
    source: str
    target: str
    soldiers: int
    tanks: int
    airplanes: int
    by: Literal["land", "sea"]


class Moved(TypedDict):
    type: Literal["moved"]
    seat: int
    moves: list[MoveDone]


# ---- scoring, printed values, corrections --------------------------------------------------


class VictoryPoints(TypedDict):
    type: Literal["victory_points"]
    seat: int
    vp: int
    total: int
    why: str  # "end of round", "first tank", "first airplane", "first perfect city", "work of art"


class RoundScoring(TypedDict):
    type: Literal["round_scoring"]
    round: int
    points: dict[str, dict[str, int]]  # seat (as JSON keys are) -> award -> points


class GameOver(TypedDict):
    """The target reached (11.3), or the table ending the game by agreement (``by``,
    ``reason``, ``order``: the scoring order that picked the winner). Bids still sealed then
    are opened for the record (``reveal``, ``opens``), never shown."""

    type: Literal["game_over"]
    winner: int
    vp: int
    by: NotRequired[Literal["agreement"]]
    reason: NotRequired[str]
    order: NotRequired[list[int]]
    reveal: NotRequired[Reveal]
    opens: NotRequired[list[str]]


class CardValue(TypedDict):
    type: Literal["card_value"]
    card: str
    field: str
    value: int


# "from" is a Python keyword: the functional form.
Corrected = TypedDict("Corrected", {
    "type": Literal["corrected"],
    "target": dict[str, Any],  # {"seat"|"territory"|"card": ..., "counter": ...}
    "from": Any,
    "to": Any,
    "reason": str,
})


Event: TypeAlias = (
    CardsRemoved | StartRolled | StartRollTied | LeonardoTaken | FirstCastle | RoundBegun | Florins
    | Recruited | NoAuction | AuctionDrawn | BidLocked | BidUnlocked | BidsRevealed | ChoicePassed
    | CardBought | Unsold | TurnBegun | TurnEnded | Activated | Built | Invaded | Attacked
    | BattleStepped | BattleOver | Moved | VictoryPoints | RoundScoring | GameOver | CardValue | Corrected
)
"""Any event of Magnifico's engine."""

Events: TypeAlias = list[Event]
