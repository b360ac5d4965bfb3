"""Factions: a tiny game with two secret groups, to test sealing by group (issue 9).

Each seat secretly chooses a faction (group ``factions``) and, each round, locks a sealed
bid (group ``bids``). When the last bid is locked the bids are shown (``"opens":
["bids"]``); factions stay hidden until ``RevealFactions`` (``"opens": ["factions"]``).
``Roll`` shows dice (``"reveal": true, "opens": []``: public, opens nothing).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from types import SimpleNamespace

from companion.errors import GameError

GAME = "factions"
RULES_VERSION = "factions-1"
SECRETS = {"bids": frozenset({"LockBid"}), "factions": frozenset({"ChooseFaction"})}
FACTIONS = ("guelph", "ghibelline")


@dataclass(frozen=True)
class State:
    names: list
    florins: list
    factions: dict = field(default_factory=dict)  # seat (str) -> faction, hidden until revealed
    bids: dict = field(default_factory=dict)
    shown: bool = False
    rolls: list = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "State":
        return cls(**d)


@dataclass(frozen=True)
class ChooseFaction:
    seat: int
    faction: str
    type: str = "ChooseFaction"


@dataclass(frozen=True)
class LockBid:
    seat: int
    amount: int
    type: str = "LockBid"


@dataclass(frozen=True)
class Roll:
    faces: tuple
    type: str = "Roll"


@dataclass(frozen=True)
class RevealFactions:
    type: str = "RevealFactions"


KINDS = {c.__name__: c for c in (ChooseFaction, LockBid, Roll, RevealFactions)}


def _to_dict(cmd) -> dict:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(cmd).items()}


def _from_dict(d: dict):
    kind = KINDS.get(d.get("type"))
    if kind is None:
        raise GameError(f"Unknown command {d.get('type')!r}")
    try:
        return kind(**{k: tuple(v) if isinstance(v, list) else v for k, v in d.items() if k != "type"})
    except TypeError as err:
        raise GameError(f"Bad {d['type']}: {err}") from None


commands = SimpleNamespace(to_dict=_to_dict, from_dict=_from_dict)


def header(players: int = 3) -> dict:
    return {"game": GAME, "format": 1, "seats": [{"name": n} for n in ["Ada", "Bea", "Cy", "Dan"][:players]]}


def new_game(h: dict) -> State:
    n = len(h.get("seats", []))
    if not 2 <= n <= 4:
        raise GameError("factions needs 2 to 4 seats")
    return State(names=[s["name"] for s in h["seats"]], florins=[100] * n)


def apply(state: State, cmd) -> tuple[State, list[dict]]:
    n = len(state.names)
    if cmd.type == "ChooseFaction":
        if cmd.faction not in FACTIONS or str(cmd.seat) in state.factions or not 0 <= cmd.seat < n:
            raise GameError("no such choice")
        return replace(state, factions={**state.factions, str(cmd.seat): cmd.faction}), [
            {"type": "faction_chosen", "seat": cmd.seat}]
    if cmd.type == "LockBid":
        if not 0 <= cmd.seat < n or str(cmd.seat) in state.bids or not 0 < cmd.amount <= state.florins[cmd.seat]:
            raise GameError("no such bid")
        bids = {**state.bids, str(cmd.seat): cmd.amount}
        events = [{"type": "bid_locked", "seat": cmd.seat}]
        if len(bids) < n:
            return replace(state, bids=bids), events
        return replace(state, bids={}), events + [
            {"type": "bids_revealed", "bids": bids, "reveal": True, "opens": ["bids"]}]
    if cmd.type == "Roll":
        return replace(state, rolls=state.rolls + list(cmd.faces)), [
            {"type": "rolled", "faces": list(cmd.faces), "reveal": True, "opens": []}]
    if cmd.type == "RevealFactions":
        if state.shown or len(state.factions) < n:
            raise GameError("not yet")
        return replace(state, shown=True), [
            {"type": "factions_revealed", "factions": dict(state.factions), "reveal": True, "opens": ["factions"]}]
    raise GameError(f"Unknown command {cmd.type}")


def public_view(state: State) -> dict:
    d = state.to_dict()
    if not state.shown:
        d["factions"] = {}
    d["bids"] = {}
    return d
