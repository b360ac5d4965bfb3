"""The state of one game of Magnifico: plain data that round-trips through JSON.

The map and the card list come from the game's header and are shared, read-only, between
successive states; everything that changes is copied by ``State.copy()``.
"""

from __future__ import annotations

import enum
from dataclasses import InitVar, dataclass, field
from typing import Any, TypedDict

from companion.errors import GameError

# Box limits (rules-decisions: "Pieces are limited by the box").
BOX = {"castles": 16, "towers": 40, "tanks": 20, "airplanes": 20}

TANK_UPGRADES = {"transmission_gear", "cannon_lighter", "multi_cannon"}
AIRPLANE_UPGRADES = {"gyroscope", "anti_tank_bomb", "anti_aircraft_culverin", "paratrooper"}
VEHICLE_KINDS = {"tank", "airplane"}



class Phase(enum.StrEnum):
    """Where a game stands. A ``str``: ``state.phase == "turns"`` holds, ``f"phase.{phase}"``
    is the plain name, and the JSON of a state keeps the plain name."""

    REMOVE_CARDS = "remove_cards"
    START_ROLL = "start_roll"
    FIRST_CASTLES = "first_castles"
    RECRUIT = "recruit"
    AUCTION_DRAW = "auction_draw"
    BIDDING = "bidding"
    CHOOSING = "choosing"
    TURNS = "turns"
    BATTLE = "battle"
    OVER = "over"


PHASES = tuple(p.value for p in Phase)


class CardInfo(TypedDict):
    """A card as the state knows it (``normalize_cards``): read-only during a game."""

    kind: str
    printed: dict[str, int | None]
    upgrade: str | None
    name: str  # English, for messages
    names: dict[str, str]  # per language


class Deck(TypedDict):
    unknown: list[str]  # not seen since the box was opened, in any order
    bottom: list[str]  # unsold cards, in the order they went under


class StartRoll(TypedDict):
    contenders: list[int]
    rolls: dict[int, list[str]]  # seat -> faces


class Army(TypedDict):
    soldiers: int
    tanks: int
    airplanes: int


class Battle(TypedDict):
    """An attack under way: who, where from and to, the army sent, and the battle machine's
    setup, position and the steps taken (``battle`` package)."""

    attacker: int
    defender: int
    source: str
    target: str
    sea_raid: bool
    army: Army
    setup: dict[str, Any]
    position: dict[str, Any]
    steps: list[dict[str, Any]]


class Board:
    """What the engine derives from the map once: land neighbours, sea zones."""

    def __init__(self, map_: dict[str, Any]):
        try:
            territories = map_["territories"]
            self.ids: list[str] = [t["id"] for t in territories]
            self.names: dict[str, str] = {t["id"]: _english(t.get("name"), t["id"]) for t in territories}
            self.labels: dict[str, dict[str, str]] = {t["id"]: _languages(t.get("name"), t["id"])
                                                      for t in territories}
            self.seas: dict[str, frozenset[str]] = {t["id"]: frozenset(t.get("seas") or ()) for t in territories}
            land: dict[str, set[str]] = {tid: set() for tid in self.ids}
            # Sea crossings count as land borders (they are also listed among the borders).
            for a, b in [*map_.get("borders", ()), *map_.get("crossings", ())]:
                land[a].add(b)
                land[b].add(a)
        except (KeyError, TypeError, ValueError) as err:
            raise GameError.of("map_not_usable", detail=str(err)) from None
        self.land: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in land.items()}

    def name(self, tid: str) -> str:
        return self.names.get(tid, tid)

    def label(self, tid: str) -> dict[str, str]:
        """The territory's name per language, ``{"en": ..., "it": ...}`` (for messages)."""
        return self.labels.get(tid) or {"en": tid}

    def share_sea(self, a: str, b: str) -> bool:
        return bool(self.seas[a] & self.seas[b])


def _english(name: Any, default: str) -> str:
    if isinstance(name, dict):
        return str(name.get("en") or name.get("it") or default)
    return str(name or default)


def _languages(name: Any, default: str) -> dict[str, str]:
    """A name as ``{"en": ..., "it": ...}`` (English filled in from what there is)."""
    if isinstance(name, dict):
        out = {k: v for k, v in name.items() if isinstance(v, str) and v}
        out.setdefault("en", _english(name, default))
        return out
    return {"en": name or default}


def normalize_cards(cards: Any) -> dict[str, CardInfo]:
    """``{id: {"kind", "printed", "upgrade"}}`` from the header's cards (a list, a dict of
    ids, or cards.json's ``{"cards": [...], "kinds": {...}}``)."""
    kinds: Any = {}
    if isinstance(cards, dict) and "cards" in cards:
        kinds = cards.get("kinds") or {}
        cards = cards["cards"]
    if isinstance(cards, dict):
        cards = [dict(v, id=k) for k, v in cards.items()]
    out: dict[str, CardInfo] = {}
    try:
        for c in cards:
            kind = c["kind"]
            info = kinds.get(kind) if isinstance(kinds, dict) else None
            upgrade = (info or {}).get("upgrade", c.get("upgrade"))
            if upgrade is None and not info:
                upgrade = "tank" if kind in TANK_UPGRADES else "airplane" if kind in AIRPLANE_UPGRADES else None
            shown = (c.get("title") if c.get("title_known", True) else None) or (info or {}).get("name")
            name = _english(shown, kind.replace("_", " ").capitalize())
            out[c["id"]] = {"kind": kind, "printed": dict(c.get("printed") or {}), "upgrade": upgrade, "name": name,
                            "names": _languages(shown, name)}
    except (KeyError, TypeError) as err:
        raise GameError.of("cards_not_usable", detail=str(err)) from None
    return out


@dataclass
class Territory:
    owner: int | None = None
    soldiers: int = 0
    tanks: int = 0
    airplanes: int = 0
    castle: bool = False
    towers: int = 0

    def copy(self) -> Territory:
        return Territory(self.owner, self.soldiers, self.tanks, self.airplanes, self.castle, self.towers)


@dataclass
class Player:
    name: str
    color: str = ""
    florins: int = 0
    vp: int = 0
    reserve: int = 0  # soldiers off the board, the score marker not counted
    store: list[str] = field(default_factory=list)
    in_play: list[str] = field(default_factory=list)

    def copy(self) -> Player:
        return Player(self.name, self.color, self.florins, self.vp, self.reserve, list(self.store), list(self.in_play))


@dataclass
class Turn:
    """What the player whose turn it is has done so far this turn."""

    seat: int
    invasions: int = 0
    attacks: int = 0
    moved: bool = False
    stage: int = 0  # Italian strict order: how far along activate..attack the turn is
    new_castles: list[str] = field(default_factory=list)
    produced: list[str] = field(default_factory=list)  # castles that built a tank/airplane
    towered: list[str] = field(default_factory=list)

    def copy(self) -> Turn:
        return Turn(self.seat, self.invasions, self.attacks, self.moved, self.stage,
                    list(self.new_castles), list(self.produced), list(self.towered))


@dataclass
class Auction:
    drawn: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)  # still on auction
    bids: dict[int, int] = field(default_factory=dict)  # seat -> amount (sealed until revealed)
    bidders: list[int] = field(default_factory=list)
    revealed: bool = False
    done: list[int] = field(default_factory=list)  # seats that chose or passed
    first_buyer: int | None = None

    def copy(self) -> Auction:
        return Auction(list(self.drawn), list(self.cards), dict(self.bids), list(self.bidders),
                       self.revealed, list(self.done), self.first_buyer)


@dataclass
class State:
    seats: list[Player]  # clockwise
    map: dict[str, Any]
    cards: dict[str, CardInfo]  # read-only
    variants: dict[str, Any]
    target: int = 30
    soldiers_per_army: int = 40
    card_values: dict[str, dict[str, int]] = field(default_factory=dict)  # id -> {field: value} entered by the table
    phase: Phase = Phase.REMOVE_CARDS
    round: int = 0
    leonardo: int | None = None
    territories: dict[str, Territory] = field(default_factory=dict)
    decks: dict[str, Deck] = field(default_factory=dict)  # "vehicles", "projects"
    removed: list[str] = field(default_factory=list)
    # 4.2: cards put back in the box unseen, by kind, while nobody knows which they are
    removed_unseen: dict[str, int] = field(default_factory=dict)
    start_roll: StartRoll = field(default_factory=lambda: StartRoll(contenders=[], rolls={}))
    castle_order: list[int] = field(default_factory=list)
    recruit_pending: list[int] = field(default_factory=list)
    auction: Auction | None = None
    turn_order: list[int] = field(default_factory=list)
    turn: Turn | None = None
    battle: Battle | None = None
    firsts: dict[str, int | None] = field(default_factory=lambda: {"tank": None, "airplane": None,
                                                                  "perfect_city": None})
    winner: int | None = None
    # How the game ended when not by the target: {"by": "agreement", "reason", "round"}
    ended: dict[str, Any] | None = None
    board: Board = field(init=False, repr=False, compare=False)
    # The map's Board, shared between a state and its copies (it never changes in a game).
    share_board: InitVar[Board | None] = None

    def __post_init__(self, share_board: Board | None) -> None:
        self.phase = Phase(self.phase)
        self.board = share_board if share_board is not None else Board(self.map)

    # -- copying and JSON --------------------------------------------------------

    def copy(self) -> State:
        return State(
            seats=[p.copy() for p in self.seats], map=self.map, cards=self.cards,
            variants=self.variants, target=self.target, soldiers_per_army=self.soldiers_per_army,
            card_values={k: dict(v) for k, v in self.card_values.items()},
            phase=self.phase, round=self.round, leonardo=self.leonardo,
            territories={k: t.copy() for k, t in self.territories.items()},
            decks={k: {"unknown": list(d["unknown"]), "bottom": list(d["bottom"])} for k, d in self.decks.items()},
            removed=list(self.removed), removed_unseen=dict(self.removed_unseen),
            start_roll={"contenders": list(self.start_roll.get("contenders", ())),
                        "rolls": dict(self.start_roll.get("rolls", {}))},
            castle_order=list(self.castle_order), recruit_pending=list(self.recruit_pending),
            auction=self.auction.copy() if self.auction else None,
            turn_order=list(self.turn_order), turn=self.turn.copy() if self.turn else None,
            battle=_copy_battle(self.battle), firsts=dict(self.firsts), winner=self.winner,
            ended=_deep(self.ended), share_board=self.board,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": [vars(p).copy() | {"store": list(p.store), "in_play": list(p.in_play)} for p in self.seats],
            "map": self.map,
            "cards": self.cards,
            "variants": dict(self.variants),
            "target": self.target,
            "soldiers_per_army": self.soldiers_per_army,
            "card_values": {k: dict(v) for k, v in self.card_values.items()},
            "phase": self.phase.value,
            "round": self.round,
            "leonardo": self.leonardo,
            "territories": {k: vars(t).copy() for k, t in self.territories.items()},
            "decks": {k: {"unknown": list(d["unknown"]), "bottom": list(d["bottom"])} for k, d in self.decks.items()},
            "removed": list(self.removed),
            "removed_unseen": dict(self.removed_unseen),
            "start_roll": {"contenders": list(self.start_roll.get("contenders", ())),
                           "rolls": {str(k): list(v) for k, v in self.start_roll.get("rolls", {}).items()}},
            "castle_order": list(self.castle_order),
            "recruit_pending": list(self.recruit_pending),
            "auction": None if self.auction is None else {
                **{k: v for k, v in vars(self.auction).items() if k != "bids"},
                "bids": {str(k): v for k, v in self.auction.bids.items()},
            },
            "turn_order": list(self.turn_order),
            "turn": None if self.turn is None else vars(self.turn).copy(),
            "battle": _copy_battle(self.battle),
            "firsts": dict(self.firsts),
            "winner": self.winner,
            "ended": _deep(self.ended),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        try:
            auction = d.get("auction")
            if auction is not None:
                auction = Auction(**{**auction, "bids": {int(k): v for k, v in auction["bids"].items()}})
            sr = d.get("start_roll") or {}
            return cls(
                seats=[Player(**p) for p in d["seats"]],
                map=d["map"], cards=d["cards"], variants=dict(d["variants"]),
                target=d["target"], soldiers_per_army=d["soldiers_per_army"],
                card_values={k: dict(v) for k, v in d.get("card_values", {}).items()},
                phase=d["phase"], round=d["round"], leonardo=d["leonardo"],
                territories={k: Territory(**t) for k, t in d["territories"].items()},
                decks={k: {"unknown": list(v["unknown"]), "bottom": list(v["bottom"])} for k, v in d["decks"].items()},
                removed=list(d.get("removed", ())),
                removed_unseen=dict(d.get("removed_unseen", {})),
                start_roll={"contenders": list(sr.get("contenders", ())),
                            "rolls": {int(k): list(v) for k, v in sr.get("rolls", {}).items()}},
                castle_order=list(d.get("castle_order", ())),
                recruit_pending=list(d.get("recruit_pending", ())),
                auction=auction,
                turn_order=list(d.get("turn_order", ())),
                turn=None if d.get("turn") is None else Turn(**d["turn"]),
                battle=_copy_battle(d.get("battle")),
                firsts=dict(d["firsts"]), winner=d.get("winner"),
                ended=_deep(d.get("ended")),  # absent from states saved before ending by agreement
            )
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise GameError.of("not_a_state", detail=str(err)) from None

    # -- what the phase guarantees ------------------------------------------------------
    # A state whose phase promises an auction, a turn, a battle or a Leonardo holder it
    # does not have is not a state: refused in words, never an AttributeError.

    def current_auction(self) -> Auction:
        """The auction under way (bidding, choosing)."""
        if self.auction is None:
            raise self._lacks("an auction")
        return self.auction

    def current_turn(self) -> Turn:
        """The turn under way (turns, battle)."""
        if self.turn is None:
            raise self._lacks("a turn")
        return self.turn

    def current_battle(self) -> Battle:
        """The battle under way (battle)."""
        if self.battle is None:
            raise self._lacks("a battle")
        return self.battle

    def holder(self) -> int:
        """The seat holding Leonardo (from the end of the start roll on)."""
        if self.leonardo is None:
            raise self._lacks("a Leonardo holder")
        return self.leonardo

    def _lacks(self, what: str) -> GameError:
        err: GameError = GameError.of("not_a_state", detail=f"{what} is missing in phase {self.phase.value}")
        return err

    # -- reading helpers -------------------------------------------------------------

    @property
    def n(self) -> int:
        return len(self.seats)

    def printed(self, card: str, name: str) -> int | None:
        """A printed value of a card: the table's answer if given, else the data's, else None."""
        entered = self.card_values.get(card)
        if entered and name in entered:
            return entered[name]
        return self.cards[card]["printed"].get(name)

    def card_name(self, card: str) -> str:
        """The card's English name for messages ("Cannon-lighter", "Mona Lisa")."""
        info = self.cards.get(card)
        return info.get("name", card) if info else card

    def card_label(self, card: str) -> dict[str, str]:
        """The card's name per language, ``{"en": ..., "it": ...}`` (for messages)."""
        info = self.cards.get(card)
        if not info:
            return {"en": card}
        return info.get("names") or {"en": info.get("name", card)}

    def card_param(self, card: str) -> dict[str, str]:
        """A card's name in every language and its id, for a message parameter."""
        return {**self.card_label(card), "id": card}

    def territory_param(self, tid: str) -> dict[str, str]:
        """A territory's name in every language and its id, for a message parameter."""
        return {**self.board.label(tid), "id": tid}

    def kind(self, card: str) -> str:
        return self.cards[card]["kind"]

    def card_in_play(self, seat: int, kind: str) -> str | None:
        for c in self.seats[seat].in_play:
            if self.cards[c]["kind"] == kind:
                return c
        return None

    def count_in_play(self, seat: int, kind: str) -> int:
        return sum(1 for c in self.seats[seat].in_play if self.cards[c]["kind"] == kind)

    def owned(self, seat: int) -> list[str]:
        return [tid for tid, t in self.territories.items() if t.owner == seat]

    def castles_of(self, seat: int) -> list[str]:
        return [tid for tid, t in self.territories.items() if t.owner == seat and t.castle]

    def pieces_on_board(self) -> dict[str, int]:
        """Castles, towers, tanks and airplanes out of the box (a battle's armies included)."""
        out = {"castles": 0, "towers": 0, "tanks": 0, "airplanes": 0}
        for t in self.territories.values():
            out["castles"] += t.castle
            out["towers"] += t.towers
            out["tanks"] += t.tanks
            out["airplanes"] += t.airplanes
        if self.battle:
            army = self.battle["army"]
            out["tanks"] += army["tanks"]
            out["airplanes"] += army["airplanes"]
        return out

    def supply(self, piece: str) -> int:
        return BOX[piece] - self.pieces_on_board()[piece]


def _copy_battle(battle: Any) -> Battle | None:
    """A deep copy of a battle (its position is plain JSON the battle machine changes)."""
    out: Battle | None = _deep(battle)
    return out


def _deep(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {k: _deep(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_deep(v) for v in obj]
    return obj
