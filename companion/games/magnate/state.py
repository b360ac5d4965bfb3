"""The state of one game of Magnate: plain data that round-trips through JSON.

Hands are hidden: a player's hand is only its size. The deck is only a count; the
discards since the last reshuffle and the cards on the table are known by name, and
together they are the cards "seen" (a card named from a hand must be none of them).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from .cards import SUITS
from .text import refuse



class Phase(enum.StrEnum):
    """Where a game stands. A ``str``: ``state.phase == "roll"`` holds and the JSON of a
    state keeps the plain name."""

    SETUP = "setup"
    ROLL = "roll"
    TAX = "tax"
    INCOME = "income"
    ACTIONS = "actions"
    OVER = "over"


PHASES = tuple(p.value for p in Phase)


def no_tokens() -> dict[str, int]:
    return {s: 0 for s in SUITS}


@dataclass
class Building:
    """A card placed in a district: complete, or a deed carrying tokens (by suit)."""

    card: str
    complete: bool = False
    tokens: dict[str, int] = field(default_factory=dict)

    def copy(self) -> Building:
        return Building(self.card, self.complete, dict(self.tokens))

    @property
    def on_it(self) -> int:
        return sum(self.tokens.values())

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "complete": self.complete, "tokens": dict(self.tokens)}


@dataclass
class Player:
    name: str
    color: str = ""
    tokens: dict[str, int] = field(default_factory=no_tokens)
    crowns: list[str] = field(default_factory=list)
    hand: int = 3

    def copy(self) -> Player:
        return Player(self.name, self.color, dict(self.tokens), list(self.crowns), self.hand)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "color": self.color, "tokens": dict(self.tokens),
                "crowns": list(self.crowns), "hand": self.hand}


@dataclass
class State:
    seats: list[Player]
    variants: dict[str, Any]
    token_supply: int | None = None  # tokens per suit the table owns; None: unlimited
    districts: list[str] = field(default_factory=list)  # the 5 districts in slot order, once set
    city: dict[str, list[list[Building]]] = field(default_factory=dict)  # district -> a column per seat
    deck: int = 0
    discards: list[str] = field(default_factory=list)  # since the last reshuffle, oldest first
    run_outs: int = 0  # 1: reshuffled once; 2: the last turns
    phase: Phase = Phase.SETUP
    turn: int = 0
    current: int | None = None
    start: int | None = None
    dice: list[int] | None = None  # this turn's d10s (1..10)
    tax: str | None = None  # the suit taxed this turn
    pending: list[dict[str, Any]] = field(default_factory=list)  # income choices: {"seat", "card"}
    played: bool = False  # this turn's card is played
    final: bool = False  # this turn is a last turn (no draw)
    last_turns: list[int] | None = None  # after the second run-out: seats still to play their last turn
    plays: list[dict[str, Any]] = field(default_factory=list)  # every card named: {"seat", "card", "as", "turn"}
    drawn: int = 0
    outcome: dict[str, Any] | None = None

    # -- copying and JSON --------------------------------------------------------------

    def copy(self) -> State:
        return State(
            seats=[p.copy() for p in self.seats], variants=self.variants, token_supply=self.token_supply,
            districts=list(self.districts),
            city={d: [[b.copy() for b in col] for col in cols] for d, cols in self.city.items()},
            deck=self.deck, discards=list(self.discards), run_outs=self.run_outs, phase=self.phase,
            turn=self.turn, current=self.current, start=self.start,
            dice=None if self.dice is None else list(self.dice), tax=self.tax,
            pending=[dict(p) for p in self.pending], played=self.played, final=self.final,
            last_turns=None if self.last_turns is None else list(self.last_turns),
            plays=list(self.plays),  # entries are never changed in place
            drawn=self.drawn, outcome=self.outcome,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": [p.to_dict() for p in self.seats],
            "variants": dict(self.variants),
            "token_supply": self.token_supply,
            "districts": list(self.districts),
            "city": {d: [[b.to_dict() for b in col] for col in cols] for d, cols in self.city.items()},
            "deck": self.deck,
            "discards": list(self.discards),
            "run_outs": self.run_outs,
            "phase": str(self.phase),
            "turn": self.turn,
            "current": self.current,
            "start": self.start,
            "dice": None if self.dice is None else list(self.dice),
            "tax": self.tax,
            "pending": [dict(p) for p in self.pending],
            "played": self.played,
            "final": self.final,
            "last_turns": None if self.last_turns is None else list(self.last_turns),
            "plays": [dict(p) for p in self.plays],
            "drawn": self.drawn,
            "outcome": _deep(self.outcome),
        }

    @classmethod
    def from_dict(cls, d: Any) -> State:
        try:
            state = cls(
                seats=[Player(p["name"], p.get("color", ""), {s: int(p["tokens"][s]) for s in SUITS},
                              list(p["crowns"]), int(p["hand"])) for p in d["seats"]],
                variants=dict(d["variants"]), token_supply=d.get("token_supply"),
                districts=list(d["districts"]),
                city={k: [[Building(b["card"], bool(b["complete"]), {s: int(n) for s, n in b["tokens"].items()})
                           for b in col] for col in cols] for k, cols in d["city"].items()},
                deck=int(d["deck"]), discards=list(d["discards"]), run_outs=int(d["run_outs"]),
                phase=d["phase"], turn=int(d["turn"]), current=d["current"], start=d["start"],
                dice=None if d.get("dice") is None else [int(x) for x in d["dice"]], tax=d.get("tax"),
                pending=[{"seat": int(p["seat"]), "card": p["card"]} for p in d["pending"]],
                played=bool(d["played"]), final=bool(d["final"]),
                last_turns=None if d.get("last_turns") is None else [int(x) for x in d["last_turns"]],
                plays=[dict(p) for p in d["plays"]], drawn=int(d["drawn"]), outcome=_deep(d.get("outcome")),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise refuse("not_a_state", detail=str(err)) from None
        if state.phase not in PHASES:
            raise refuse("not_a_state", detail=f"phase {state.phase!r}")
        state.phase = Phase(state.phase)  # the JSON holds the plain name
        return state

    # -- reading helpers ---------------------------------------------------------------

    @property
    def n(self) -> int:
        return len(self.seats)

    def column(self, district: str, seat: int) -> list[Building]:
        return self.city[district][seat]

    def buildings(self, seat: int | None = None) -> list[tuple[str, int, Building]]:
        """(district, seat, building) for every card on the table (of one seat, if given)."""
        out: list[tuple[str, int, Building]] = []
        for d in self.districts:
            for s, col in enumerate(self.city[d]):
                if seat is None or s == seat:
                    out.extend((d, s, b) for b in col)
        return out

    def find(self, card: str) -> tuple[str, int, Building] | None:
        """Where a card lies on the table, or None."""
        for d, s, b in self.buildings():
            if b.card == card:
                return d, s, b
        return None

    def on_table(self) -> set[str]:
        return {b.card for _, _, b in self.buildings()}

    def seen(self) -> set[str]:
        """Cards a hand cannot hold: on the table, or discarded since the last reshuffle."""
        return self.on_table() | set(self.discards)

    def on_deeds(self, suit: str) -> int:
        return sum(b.tokens.get(suit, 0) for _, _, b in self.buildings() if not b.complete)

    def held(self, suit: str) -> int:
        return sum(p.tokens[suit] for p in self.seats)


def _deep(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {k: _deep(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_deep(v) for v in obj]
    return obj
