"""Tally: a tiny game with the engine contract's shape, to test the journal without Magnifico.

Each seat has florins, victory points, pieces and a place on a track. Sealed bids: when
the last seat locks, the bids are revealed (``"reveal": true``) and the highest bidder
pays and scores 1. ``Draw`` shows cards and ``Roll`` rolls dice (both reveals); ``Move``
and ``Pay`` reveal nothing. ``Correct`` sets a counter by hand. First to ``target`` wins.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field, replace
from types import SimpleNamespace

from companion.errors import GameError

GAME = "tally"
RULES_VERSION = "tally-1"
COUNTERS = ("florins", "vp", "pieces", "place")


@dataclass(frozen=True)
class State:
    names: list
    florins: list
    vp: list
    pieces: list
    place: list
    target: int = 5
    bids: dict = field(default_factory=dict)  # seat (as str) -> amount, hidden until all lock
    table: list = field(default_factory=list)  # cards drawn
    round: int = 1
    winner: int | None = None

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "State":
        return cls(**d)


@dataclass(frozen=True)
class LockBid:
    seat: int
    amount: int
    type: str = "LockBid"


@dataclass(frozen=True)
class UnlockBid:
    seat: int
    type: str = "UnlockBid"


@dataclass(frozen=True)
class Draw:
    cards: tuple
    type: str = "Draw"


@dataclass(frozen=True)
class Roll:
    seat: int
    faces: tuple
    type: str = "Roll"


@dataclass(frozen=True)
class Move:
    seat: int
    steps: int
    type: str = "Move"


@dataclass(frozen=True)
class Pay:
    seat: int
    amount: int
    type: str = "Pay"


@dataclass(frozen=True)
class Correct:
    target: dict
    value: int
    reason: str
    type: str = "Correct"


KINDS = {c.__name__: c for c in (LockBid, UnlockBid, Draw, Roll, Move, Pay, Correct)}


def _to_dict(cmd) -> dict:
    d = asdict(cmd)
    for key, value in d.items():
        if isinstance(value, tuple):
            d[key] = list(value)
    return d


def _from_dict(d: dict):
    kind = KINDS.get(d.get("type"))
    if kind is None:
        raise GameError(f"Unknown command {d.get('type')!r}")
    fields = {k: tuple(v) if isinstance(v, list) else v for k, v in d.items() if k != "type"}
    try:
        return kind(**fields)
    except TypeError as err:
        raise GameError(f"Bad {d['type']}: {err}") from None


commands = SimpleNamespace(to_dict=_to_dict, from_dict=_from_dict)


def new_game(header: dict) -> State:
    seats = header.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 5:
        raise GameError("A game of tally needs 2 to 5 seats")
    n = len(seats)
    return State(
        names=[s["name"] for s in seats], florins=[100] * n, vp=[0] * n, pieces=[10] * n, place=[0] * n,
        target=header.get("target", 5),
    )


def _seat(state: State, seat) -> None:
    if not isinstance(seat, int) or not 0 <= seat < len(state.names):
        raise GameError(f"There is no seat {seat}")


def _set(values: list, seat: int, value) -> list:
    out = list(values)
    out[seat] = value
    return out


def _score(state: State, seat: int, points: int) -> State:
    vp = _set(state.vp, seat, state.vp[seat] + points)
    winner = seat if vp[seat] >= state.target and state.winner is None else state.winner
    return replace(state, vp=vp, winner=winner)


def apply(state: State, cmd) -> tuple[State, list[dict]]:
    if state.winner is not None and cmd.type != "Correct":
        raise GameError(f"The game is over: {state.names[state.winner]} won")
    if cmd.type == "LockBid":
        _seat(state, cmd.seat)
        if str(cmd.seat) in state.bids:
            raise GameError(f"{state.names[cmd.seat]} has already locked a bid")
        if cmd.amount % 10 or not 10 <= cmd.amount <= state.florins[cmd.seat]:
            raise GameError(f"{state.names[cmd.seat]} holds {state.florins[cmd.seat]} florins; a bid of {cmd.amount} is not possible")
        bids = {**state.bids, str(cmd.seat): cmd.amount}
        events = [{"type": "bid_locked", "seat": cmd.seat}]
        if len(bids) < len(state.names):
            return replace(state, bids=bids), events
        shown = [bids[str(i)] for i in range(len(state.names))]
        best = max(range(len(shown)), key=lambda i: (shown[i], -i))
        state = replace(state, bids={}, florins=_set(state.florins, best, state.florins[best] - shown[best]),
                        round=state.round + 1)
        state = _score(state, best, 1)
        return state, events + [{"type": "bids_revealed", "bids": shown, "reveal": True},
                                {"type": "auction_won", "seat": best, "price": shown[best]}]
    if cmd.type == "UnlockBid":
        _seat(state, cmd.seat)
        if str(cmd.seat) not in state.bids:
            raise GameError(f"{state.names[cmd.seat]} has no locked bid")
        bids = {k: v for k, v in state.bids.items() if k != str(cmd.seat)}
        return replace(state, bids=bids), [{"type": "bid_unlocked", "seat": cmd.seat}]
    if cmd.type == "Draw":
        if not cmd.cards:
            raise GameError("Draw at least one card")
        return replace(state, table=state.table + list(cmd.cards)), [{"type": "cards_drawn", "cards": list(cmd.cards), "reveal": True}]
    if cmd.type == "Roll":
        _seat(state, cmd.seat)
        if not cmd.faces or any(f not in range(1, 7) for f in cmd.faces):
            raise GameError("Dice show 1 to 6")
        hits = sum(1 for f in cmd.faces if f >= 5)
        return _score(state, cmd.seat, hits), [{"type": "dice_rolled", "seat": cmd.seat, "faces": list(cmd.faces), "hits": hits, "reveal": True}]
    if cmd.type == "Move":
        _seat(state, cmd.seat)
        if not 1 <= cmd.steps <= 3:
            raise GameError("A move is 1 to 3 steps")
        return replace(state, place=_set(state.place, cmd.seat, state.place[cmd.seat] + cmd.steps)), [{"type": "moved", "seat": cmd.seat, "steps": cmd.steps}]
    if cmd.type == "Pay":
        _seat(state, cmd.seat)
        if not 0 < cmd.amount <= state.florins[cmd.seat]:
            raise GameError(f"{state.names[cmd.seat]} cannot pay {cmd.amount}")
        return replace(state, florins=_set(state.florins, cmd.seat, state.florins[cmd.seat] - cmd.amount)), [{"type": "paid", "seat": cmd.seat, "amount": cmd.amount}]
    if cmd.type == "Correct":
        target = cmd.target if isinstance(cmd.target, dict) else {}
        _seat(state, target.get("seat"))
        counter = target.get("counter")
        if counter not in COUNTERS or not isinstance(cmd.value, int) or cmd.value < 0:
            raise GameError(f"Cannot set {counter} to {cmd.value}")
        seat = target["seat"]
        old = getattr(state, counter)[seat]
        return replace(state, **{counter: _set(getattr(state, counter), seat, cmd.value)}), [
            {"type": "corrected", "seat": seat, "counter": counter, "from": old, "to": cmd.value, "reason": cmd.reason}]
    raise GameError(f"Unknown command {cmd.type}")


def history(state: State) -> dict:
    return {"round": state.round, "finished": state.winner is not None, "winner": state.winner}


def header(players: int = 3, target: int = 5) -> dict:
    names = ["Anna", "Bruno", "Carla", "Dario", "Elena"][:players]
    return {"game": "tally", "format": 1, "seats": [{"name": n} for n in names], "target": target}


def play(seed: int, players: int = 3, *, limit: int = 10_000, target: int = 5):
    """A seeded random legal game: yields (command dict) until someone wins."""
    rng = random.Random(seed)
    state = new_game(header(players, target))
    for _ in range(limit):
        if state.winner is not None:
            return
        cmd = _random_command(rng, state)
        try:
            state, _ = apply(state, _from_dict(cmd))
        except GameError:
            continue
        yield cmd


def _random_command(rng: random.Random, state: State) -> dict:
    n = len(state.names)
    seat = rng.randrange(n)
    roll = rng.random()
    if state.bids and roll < 0.6:
        free = [i for i in range(n) if str(i) not in state.bids]
        if free and rng.random() < 0.9:
            s = rng.choice(free)
            top = max(10, state.florins[s] // 10 * 10)
            return {"type": "LockBid", "seat": s, "amount": rng.randrange(10, top + 1, 10)}
        return {"type": "UnlockBid", "seat": rng.choice(sorted(int(k) for k in state.bids))}
    if roll < 0.3:
        top = max(10, state.florins[seat] // 10 * 10)
        return {"type": "LockBid", "seat": seat, "amount": rng.randrange(10, top + 1, 10)}
    if roll < 0.45:
        return {"type": "Draw", "cards": [f"c{rng.randrange(60)}"]}
    if roll < 0.55:
        return {"type": "Roll", "seat": seat, "faces": [rng.randint(1, 6) for _ in range(2)]}
    if roll < 0.85:
        return {"type": "Move", "seat": seat, "steps": rng.randint(1, 3)}
    return {"type": "Pay", "seat": seat, "amount": 10}
