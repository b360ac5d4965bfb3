"""The state of one game of Leonardo: plain data that round-trips through JSON.

Spaces are numbered 1..32; ``owner`` and ``works`` are lists indexed by ``space - 1``.
The box profile (``box``) comes from the header and is shared, read-only, between
successive states (a ``SetPrintedValue`` replaces it with a new dict).

A corporation (variant) keeps its pooled holdings on the seat whose pawn stays on the
board (its *lead*); the other members point to it with ``member_of``.
"""

from __future__ import annotations

import copy
import enum
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from . import box as B
from .words import refuse



class Phase(enum.StrEnum):
    """Where a game stands. A ``str``: ``state.phase == "turns"`` holds and the JSON of a
    state keeps the plain name; a state with another phase is not a state."""

    SETUP = "setup"
    START_SPIN = "start_spin"
    TURNS = "turns"
    OVER = "over"


PHASES = tuple(p.value for p in Phase)
START_CASH = 250
FACTIONS = ("guelph", "ghibelline")


@dataclass
class Player:
    name: str
    color: str = ""
    cash: int = 0
    space: int | None = 1  # None: the pawn left the board (bankrupt, or merged)
    moved: bool = False  # the first move (INCLUSA) is done
    men: int = 0  # men-at-arms held (at most 2)
    offices: list[int] = field(default_factory=list)  # office card numbers held
    faction: str | None = None  # sealed until a faction event (public_view hides it)
    out: bool = False  # bankrupt
    member_of: int | None = None  # the lead seat of the corporation it joined

    def copy(self) -> Player:
        return Player(self.name, self.color, self.cash, self.space, self.moved, self.men, list(self.offices),
                      self.faction, self.out, self.member_of)


def _deck(cards: list[int]) -> dict[str, list[int]]:
    return {"unknown": list(cards), "bottom": []}


@dataclass
class State:
    seats: list[Player]
    box: dict[str, Any]
    variants: dict[str, Any]
    phase: Phase = Phase.SETUP
    round: int = 0
    start: dict[str, Any] = field(default_factory=lambda: {"contenders": [], "spins": {}})
    first: int | None = None  # the start player
    dealt: list[int | None] = field(default_factory=list)  # each seat's dealt palace
    owner: list[int | None] = field(default_factory=lambda: [None] * B.SPACES)
    works: list[list[int]] = field(default_factory=lambda: [[] for _ in range(B.SPACES)])
    offices: dict[str, list[int]] = field(default_factory=lambda: _deck([]))
    events: dict[str, list[int]] = field(default_factory=lambda: _deck([]))
    men_deck: int = 0
    oda_drawn: list[int] = field(default_factory=list)  # every work of art drawn so far
    oda_gone: list[int] = field(default_factory=list)  # works that left the game
    revealed: bool = False  # the factions are public
    turn: dict[str, Any] | None = None
    end_agreed: bool = False
    corporations: list[dict[str, Any]] = field(default_factory=list)
    outcome: dict[str, Any] | None = None
    bank: dict[str, int] = field(default_factory=lambda: {"paid": 0, "received": 0})

    # -- copying and JSON --------------------------------------------------------

    def copy(self) -> State:
        return State(
            seats=[p.copy() for p in self.seats], box=self.box, variants=self.variants, phase=self.phase,
            round=self.round, start={"contenders": list(self.start["contenders"]), "spins": dict(self.start["spins"])},
            first=self.first, dealt=list(self.dealt), owner=list(self.owner), works=[list(w) for w in self.works],
            offices={k: list(v) for k, v in self.offices.items()}, events={k: list(v) for k, v in self.events.items()},
            men_deck=self.men_deck, oda_drawn=list(self.oda_drawn), oda_gone=list(self.oda_gone),
            revealed=self.revealed, turn=copy.deepcopy(self.turn), end_agreed=self.end_agreed,
            corporations=copy.deepcopy(self.corporations), outcome=copy.deepcopy(self.outcome), bank=dict(self.bank),
        )

    def to_dict(self) -> dict[str, Any]:
        d = self.copy()
        return {
            "seats": [vars(p) for p in d.seats], "box": d.box, "variants": dict(d.variants), "phase": str(d.phase),
            "round": d.round,
            "start": {"contenders": d.start["contenders"], "spins": {str(k): v for k, v in d.start["spins"].items()}},
            "first": d.first, "dealt": d.dealt, "owner": d.owner, "works": d.works, "offices": d.offices,
            "events": d.events, "men_deck": d.men_deck, "oda_drawn": d.oda_drawn, "oda_gone": d.oda_gone,
            "revealed": d.revealed, "turn": _json_turn(d.turn), "end_agreed": d.end_agreed,
            "corporations": d.corporations, "outcome": d.outcome, "bank": d.bank,
        }

    @classmethod
    def from_dict(cls, d: Any) -> State:
        try:
            start = d["start"]
            return cls(
                seats=[Player(**p) for p in d["seats"]], box=d["box"], variants=dict(d["variants"]),
                phase=Phase(d["phase"]), round=d["round"],
                start={"contenders": list(start["contenders"]),
                       "spins": {int(k): v for k, v in start["spins"].items()}},
                first=d["first"], dealt=list(d["dealt"]), owner=list(d["owner"]),
                works=[list(w) for w in d["works"]],
                offices={k: list(v) for k, v in d["offices"].items()},
                events={k: list(v) for k, v in d["events"].items()}, men_deck=d["men_deck"],
                oda_drawn=list(d["oda_drawn"]), oda_gone=list(d["oda_gone"]), revealed=d["revealed"],
                turn=_turn_from_json(d["turn"]), end_agreed=d["end_agreed"],
                corporations=copy.deepcopy(d["corporations"]), outcome=copy.deepcopy(d["outcome"]),
                bank=dict(d["bank"]),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise refuse("not_a_state", detail=str(err)) from None

    # -- reading helpers ---------------------------------------------------------

    @property
    def current(self) -> dict[str, Any]:
        """The turn under way (only asked for while the phase is "turns")."""
        if self.turn is None:
            raise refuse("not_now", phase={"key": f"phase.{self.phase}", "params": {}, "domain": "leonardo"})
        return self.turn

    @property
    def n(self) -> int:
        return len(self.seats)

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def entity(self, seat: int) -> int:
        """The seat that holds ``seat``'s money and pawn (itself, or its corporation's lead)."""
        lead = self.seats[seat].member_of
        return seat if lead is None else lead

    def active(self) -> list[int]:
        """The seats still playing with a pawn of their own (corporation leads included)."""
        return [s for s, p in enumerate(self.seats) if not p.out and p.member_of is None]

    def members(self, lead: int) -> list[int]:
        """Every seat of ``lead``'s corporation (just ``[lead]`` outside one)."""
        return [s for s, p in enumerate(self.seats) if s == lead or p.member_of == lead]

    def corporation(self, lead: int) -> dict[str, Any] | None:
        for c in self.corporations:
            if c["lead"] == lead:
                return c
        return None

    def faction(self, seat: int) -> str | None:
        """A seat's faction for the events: its corporation's when it joined one."""
        corp = self.corporation(self.entity(seat))
        return corp["faction"] if corp else self.seats[seat].faction

    def holdings(self, seat: int) -> list[int]:
        """The spaces (palaces and bridges) ``seat`` owns."""
        return [i + 1 for i, o in enumerate(self.owner) if o == seat]

    def palaces(self, seat: int) -> list[int]:
        return [s for s in self.holdings(seat) if B.kind(self.box, s) in B.PALACE_KINDS]

    def kind(self, space: int) -> str | None:
        return B.kind(self.box, space)

    def oda_left(self) -> int:
        return B.ODA_COUNT - len(self.oda_drawn)

    def oda_available(self, value: int) -> bool:
        """Whether a work of art of ``value`` can still come out of the deck: one of the
        profile's known tiles not drawn yet, or a tile nobody has entered."""
        if not self.oda_left():
            return False
        known = Counter(self.box["oda"])
        drawn = Counter(self.oda_drawn)
        if known[value] > drawn[value]:
            return True
        unmatched = sum((drawn - known).values())
        return B.ODA_COUNT - len(self.box["oda"]) - unmatched > 0


def _json_turn(turn: dict[str, Any] | None) -> dict[str, Any] | None:
    """The turn with integer keys (spins, bets) as strings for JSON."""
    if turn is None:
        return None
    out = copy.deepcopy(turn)
    out["spins"] = {str(k): v for k, v in turn["spins"].items()}
    out["tasks"] = [_json_task(t) for t in turn["tasks"]]
    return out


def _json_task(task: dict[str, Any]) -> dict[str, Any]:
    out = dict(task)
    for key in ("bets", "spins"):
        if key in out:
            out[key] = {str(k): v for k, v in out[key].items()}
    return out


def _turn_from_json(turn: dict[str, Any] | None) -> dict[str, Any] | None:
    if turn is None:
        return None
    out = copy.deepcopy(turn)
    out["spins"] = {int(k): v for k, v in turn["spins"].items()}
    tasks = []
    for t in out["tasks"]:
        t = dict(t)
        for key in ("bets", "spins"):
            if key in t:
                t[key] = {int(k): v for k, v in t[key].items()}
        tasks.append(t)
    out["tasks"] = tasks
    return out
