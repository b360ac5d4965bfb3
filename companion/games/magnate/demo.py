"""A virtual table: two simple bots, seeded dice and a seeded shuffled deck, a whole game.

The deck is the bots' (the engine never sees a hand): ``random.Random(f"{seed}:0")``
shuffles the deck, the Pawns and the Crowns and fixes the order a reshuffle gives the
discards. Every other decision at command index ``k`` (a die, a bot's choice) comes from
``random.Random(f"{seed}:{k}")`` and the state reached, and the bots' hands are rebuilt
from the state's public history (the cards named, the cards drawn), so a game resumes
from any prefix of its commands and goes on exactly as it would have.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from companion.core.dice import D6, D10

from . import commands as C
from . import engine as E
from . import payment as P
from . import rules as R
from .cards import decktet
from .state import State
from .text import refuse

NAMES = ["Anna", "Bruno"]
COLORS = ["red", "blue"]
MAX_COMMANDS = 5000  # a bots' game takes a few hundred; this only stops a runaway
MAX_TRADES = 2  # a bot trades at most this many times for one building


def demo_header(players: int = 2, seed: int = 0) -> dict[str, Any]:
    """The header of a demo game (Magnate is for 2; ``seed`` goes into a note)."""
    if players != 2:
        raise refuse("demo_players")
    return {"game": "magnate", "format": 1,
            "seats": [{"name": NAMES[i], "color": COLORS[i]} for i in range(2)],
            "variants": dict(E.DEFAULT_VARIANTS), "token_supply": None,
            "demo": {"seed": seed, "note": "bots, virtual dice and a virtual deck"}}


@lru_cache(maxsize=32)
def _table(seed: int) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], dict[str, float]]:
    """(deck order with the Courts, Pawns as laid, Crowns as dealt, reshuffle keys)."""
    rng = random.Random(f"{seed}:0")
    deck, pawns, crowns = decktet().deck(True), decktet().pawns, decktet().crowns
    rng.shuffle(deck)
    rng.shuffle(pawns)
    rng.shuffle(crowns)
    keys = {c: rng.random() for c in decktet().deck(True)}
    return tuple(deck), tuple(pawns), tuple(crowns), keys


def hands(state: State, seed: int) -> list[list[str]]:
    """The bots' hands now, rebuilt from the seeded deck and the state's history: three
    cards dealt to each, one card named and one drawn each turn, the discards reshuffled
    when the deck first runs out."""
    order, _, _, keys = _table(seed)
    courts = bool(state.variants.get("courts", True))
    deck = [c for c in order if courts or decktet()[c].type != "court"]
    held = [deck[0:E.HAND], deck[E.HAND:2 * E.HAND]]
    deck = deck[2 * E.HAND:]
    discards: list[str] = []
    reshuffled = False
    start = state.start or 0
    by_turn: dict[int, list[dict[str, Any]]] = {}
    for play in state.plays:
        by_turn.setdefault(play["turn"], []).append(play)
    for turn in range(1, state.turn + 1):
        for play in by_turn.get(turn, ()):
            if play["card"] not in held[play["seat"]]:
                raise refuse("demo_foreign")
            held[play["seat"]].remove(play["card"])
            if play["as"] == "sell":
                discards.append(play["card"])
        if turn <= state.drawn:
            seat = start if turn % 2 else 1 - start
            held[seat].append(deck.pop(0))
            if not deck and not reshuffled and discards:
                deck, discards, reshuffled = sorted(discards, key=keys.__getitem__), [], True
    return held


def demo_move(state: State, seed: int, index: int) -> Any:
    """The next command at the virtual table (None once the game is over)."""
    if state.phase == "over":
        return None
    rng = random.Random(f"{seed}:{index}")
    if state.phase == "setup":
        _, pawns, crowns, _ = _table(seed)
        missing = E.setup_missing(state)[0]
        if missing == "SetDistricts":
            return C.SetDistricts(tuple(pawns))
        if missing == "DealCrowns":
            return C.DealCrowns(0, tuple(crowns[:E.CROWNS_EACH]))
        return C.StartPlayer(rng.randrange(state.n))
    if state.phase == "roll":
        return C.Roll(tuple(D10.roll(rng, 2)))
    if state.phase == "tax":
        return C.TaxRoll(D6.roll(rng, 1)[0])
    if state.phase == "income":
        pending = state.pending[0]
        tokens = state.seats[pending["seat"]].tokens
        choices = R.income_choices(state, pending["card"])
        least = min(tokens[s] for s in choices)
        return C.ChooseIncome(pending["seat"], pending["card"], rng.choice([s for s in choices if tokens[s] == least]))
    return _turn(state, hands(state, seed)[state.current or 0], rng)


# ---------------------------------------------------------------------------------------
# a bot's turn


def _turn(state: State, hand: list[str], rng: random.Random) -> Any:
    seat = state.current or 0
    if not state.played and hand:
        return _complete_a_deed(state, seat) or _play(state, seat, hand, rng)
    if rng.random() < 0.8:
        develop = _develop(state, seat)
        if develop is not None:
            return develop
    return C.EndTurn(seat) if state.final else C.Draw(seat)


def _deed_moves(state: State, seat: int) -> list[tuple[str, str, int, int]]:
    """(deed, suit, most tokens allowed now, tokens still needed) for each own deed."""
    out = []
    for _, _, b in state.buildings(seat):
        if b.complete:
            continue
        info = decktet()[b.card]
        left = info.cost - b.on_it
        for suit in info.suits:
            most = min(state.seats[seat].tokens[suit], left)
            while most and R.develop_reason(state, seat, b.card, suit, most) is not None:
                most -= 1
            if most:
                out.append((b.card, suit, most, left))
    return out


def _complete_a_deed(state: State, seat: int) -> Any:
    """Before playing: develop a deed that the tokens held can complete (it frees its district)."""
    for card, suit, most, left in _deed_moves(state, seat):
        info = decktet()[card]
        reachable = sum(min(state.seats[seat].tokens[s], left) for s in info.suits)
        if reachable >= left:
            return C.Develop(seat, card, suit, most)
    return None


def _develop(state: State, seat: int) -> Any:
    moves = _deed_moves(state, seat)
    if not moves:
        return None
    card, suit, most, _ = max(moves, key=lambda m: (m[2], m[0], m[1]))
    return C.Develop(seat, card, suit, most)


def _play(state: State, seat: int, hand: list[str], rng: random.Random) -> Any:
    best: tuple[tuple[int, int, float], Any] | None = None
    for card in hand:
        districts = R.places(state, seat, card)
        if not districts:
            continue
        plan = P.propose_payment(state, seat, card)
        if plan is None:
            continue
        trades = sum(t["times"] for t in plan["trades"])
        if trades > MAX_TRADES:
            continue
        key = (decktet()[card].cost, -trades, rng.random())
        if best is None or key > best[0]:
            if plan["trades"]:
                t = plan["trades"][0]
                move: Any = C.Trade(seat, t["give"], t["get"], t["times"])
            else:
                move = C.Build(seat, card, _district(state, seat, districts, rng), plan["payment"])
            best = (key, move)
    if best is not None:
        return best[1]
    founds = [c for c in hand if decktet()[c].cost >= 4 and R.places(state, seat, c)
              and R.short_reason(state, seat, decktet()[c].fee) is None]
    if founds and rng.random() < 0.75:
        card = max(founds, key=lambda c: (decktet()[c].cost, c))
        return C.Found(seat, card, _district(state, seat, R.places(state, seat, card), rng))
    useless = sorted(hand, key=lambda c: (bool(R.places(state, seat, c)), decktet()[c].cost, c))
    return C.Sell(seat, useless[0])


def _district(state: State, seat: int, districts: list[str], rng: random.Random) -> str:
    """Where a contest is closest (the opponent ahead by little, or we behind), else any."""
    from .scoring import side_total

    def margin(d: str) -> int:
        return abs(side_total(state, d, 1 - seat) - side_total(state, d, seat))

    close = min(margin(d) for d in districts)
    return rng.choice([d for d in districts if margin(d) == close])


# ---------------------------------------------------------------------------------------
# a whole game


@dataclass
class DemoGame:
    seed: int
    header: dict[str, Any]
    state: State
    commands: list[Any] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)


def play_demo(seed: int, *, header: dict[str, Any] | None = None, commands: Any = (),
              max_commands: int | None = None, on_command: Any = None) -> DemoGame:
    """Play (or continue, after a prefix of its commands) a bots' game to its end;
    ``max_commands`` stops early (to test resuming)."""
    header = header or demo_header(2, seed)
    game = DemoGame(seed, header, E.new_game(header))
    for cmd in commands:
        _step(game, C.from_dict(cmd) if isinstance(cmd, dict) else cmd)
    while game.state.phase != "over" and len(game.commands) < MAX_COMMANDS:
        if max_commands is not None and len(game.commands) >= max_commands:
            break
        cmd = demo_move(game.state, seed, len(game.commands))
        if on_command is not None:
            on_command(header, len(game.commands), cmd)
        _step(game, cmd)
    return game


def _step(game: DemoGame, cmd: Any) -> None:
    game.state, events = E.apply(game.state, cmd)
    game.commands.append(cmd)
    game.events.extend(events)
