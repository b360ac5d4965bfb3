"""A virtual table for Leonardo: simple bots, a virtual machina and shuffled decks.

Everything decided at command index ``k`` (a bot's choice, a spin, a card drawn, a work
of art's value) comes from ``random.Random(f"{seed}:{k}")`` and the state reached so far,
so a game resumes from any prefix of its commands and continues exactly as it would have.

The demo plays with the example box profile (``data/leonardo/box-profile.example.json``),
whose printed values are INVENTED. When elimination is slow the bots agree to end the
game after ``END_AFTER_ROUNDS`` rounds (the capital count decides).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from . import box as B
from . import commands as C
from . import engine as E
from .common import drawable, head
from .state import FACTIONS, State
from .words import refuse

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]
COLORS = ["red", "blue", "green", "yellow", "purple", "orange"]
END_AFTER_ROUNDS = 25
MAX_COMMANDS = 20000


def demo_header(players: int = 4, seed: int = 0, *, variants: dict[str, Any] | None = None) -> dict[str, Any]:
    """A header for a bots' game: the example box, variants drawn from the seed."""
    if not 3 <= players <= 6:
        raise refuse("demo_players")
    rng = random.Random(f"{seed}:header")
    chosen = {"sealed_bets": rng.random() < 0.5,
              "market_pays": rng.choice(["three_plus_stake", "three_in_all"]), "corporations": False}
    return {
        "game": "leonardo", "format": 1,
        "seats": [{"name": NAMES[i], "color": COLORS[i]} for i in range(players)],
        "variants": {**chosen, **(variants or {})},
        "box": B.example(),
        "note": "demo game: bots, a virtual machina; the box profile's values are invented",
    }


def demo_move(state: State, seed: int, index: int) -> Any:
    """The command at position ``index`` of a bots' game (None once it is over)."""
    if state.phase == "over":
        return None
    return next_command(state, random.Random(f"{seed}:{index}"))


@dataclass
class DemoGame:
    seed: int
    header: dict[str, Any]
    state: State
    commands: list[Any] = field(default_factory=list)


def play_demo(seed: int, players: int = 4, *, commands: Any = (), on_command: Any = None,
              header: dict[str, Any] | None = None, max_commands: int | None = None) -> DemoGame:
    """Play (or continue, after the given prefix of commands) a bots' game to its end.
    ``on_command(header, index, command)`` is called before each new command is applied;
    ``max_commands`` stops early (tests of resuming)."""
    header = header or demo_header(players, seed)
    game = DemoGame(seed, header, E.new_game(header))
    for cmd in commands:
        _step(game, C.from_dict(cmd) if isinstance(cmd, dict) else cmd)
    while game.state.phase != "over" and len(game.commands) < MAX_COMMANDS:
        if max_commands is not None and len(game.commands) >= max_commands:
            break
        k = len(game.commands)
        cmd = demo_move(game.state, seed, k)
        if on_command is not None:
            on_command(header, k, cmd)
        _step(game, cmd)
    return game


def _step(game: DemoGame, cmd: Any) -> None:
    game.state, _ = E.apply(game.state, cmd)
    game.commands.append(cmd)


# -------------------------------------------------------------------------------- bots


def next_command(s: State, rng: random.Random) -> Any:
    """The next command at this table: a bot's decision or a virtual random input."""
    if s.phase == "setup":
        for seat in range(s.n):
            if s.dealt[seat] is None:
                free = [n for n in range(1, B.SPACES + 1) if s.kind(n) in B.PALACE_KINDS and s.owner[n - 1] is None]
                return C.DealPalace(seat, rng.choice(free))
        seat = next(x for x in range(s.n) if s.seats[x].faction is None)
        return C.ChooseFaction(seat, rng.choice(FACTIONS))
    if s.phase == "start_spin":
        seat = next(x for x in s.start["contenders"] if x not in s.start["spins"])
        return C.StartSpin(seat, B.virtual_spin(rng, s.box))
    if s.phase == "turns":
        return _turn_command(s, rng)
    raise refuse("demo_phase", phase=repr(str(s.phase)))


def _turn_command(s: State, rng: random.Random) -> Any:
    turn = s.current
    lead = turn["seat"]
    task = head(s, "office_draw", "buy", "auction", "market", "event_draw", "push", "fight", "pay")
    if task is None:
        if s.round > END_AFTER_ROUNDS and not s.end_agreed and not s.corporations:
            return C.EndByAgreement()
        return _start_of_turn(s, rng, lead)
    t = task["t"]
    if t in ("office_draw", "event_draw"):
        deck = s.offices if t == "office_draw" else s.events
        card = rng.choice(drawable(deck))
        return C.DrawOffice(card) if t == "office_draw" else C.DrawEvent(card)
    if t == "buy":
        cost = B.space(s.box, task["space"])["price"]
        cash = s.seats[task["seat"]].cash
        if cash - cost >= 40 and rng.random() < 0.8:
            return C.Buy(task["seat"])
        return C.Decline(task["seat"])
    if t == "auction":
        return _auction(s, rng, task)
    if t == "market":
        return _market(s, rng, task)
    if t == "push":
        holder = task["holders"][0]
        if rng.random() < 0.6:
            return C.Push(holder, rng.choice([-5, -4, -3, -2, -1, 1, 2, 3, 4, 5]))
        return C.PassPush(holder)
    if t == "fight":
        seat = next(x for x in (task["seat"], task["other"]) if x not in task["spins"])
        return C.FightSpin(seat, B.virtual_spin(rng, s.box))
    # a forced sale: the cheapest holding first
    debtor = task["debtor"]
    holdings = sorted(s.holdings(debtor), key=lambda n: (B.space(s.box, n)["price"], n))
    return C.Sell(debtor, holdings[0])


def _start_of_turn(s: State, rng: random.Random, lead: int) -> Any:
    turn = s.current
    cash = s.seats[lead].cash
    if turn["bought"] < 4 and cash >= 150 and s.oda_left() and rng.random() < 0.5:
        rooms = [n for n in s.palaces(lead) if len(s.works[n - 1]) < B.MAX_WORKS]
        value = _oda_value(s, rng)
        if rooms and value is not None:
            return C.BuyArt(lead, rng.choice(rooms), value)
    if s.corporation(lead) is None:
        return C.Spin(lead, B.virtual_spin(rng, s.box))
    waiting = [x for x in s.members(lead) if x not in turn["spins"]]
    if waiting:
        return C.Spin(waiting[0], B.virtual_spin(rng, s.box))
    return C.ChooseSpin(lead, rng.choice(sorted(set(turn["spins"].values()))))


def _oda_value(s: State, rng: random.Random) -> int | None:
    """A tile out of the virtual deck: one of the profile's values not drawn yet."""
    left = Counter(s.box["oda"]) - Counter(s.oda_drawn)
    tiles = sorted(left.elements())
    if tiles:
        return int(rng.choice(tiles))
    return rng.randrange(10, 101, 10) if s.oda_available(10) else None


def _auction(s: State, rng: random.Random, task: dict[str, Any]) -> Any:
    rest = [b for b in task["bidders"] if b != task["leader"]]
    seat = rng.choice(rest)
    worth = B.space(s.box, task["space"])["price"] * rng.uniform(0.4, 1.2)
    room = min(s.seats[seat].cash - 20, worth)
    amount = task["high"] + 5 * rng.randint(1, 4)
    if amount <= room:
        return C.Bid(seat, amount)
    if task["high"] + 5 <= room:
        return C.Bid(seat, task["high"] + 5)
    return C.PassBid(seat)


def _market(s: State, rng: random.Random, task: dict[str, Any]) -> Any:
    if task["stage"] == "spin":
        return C.MarketSpin(task["seat"], B.virtual_spin(rng, s.box))
    seat = next(x for x in task["bettors"] if x not in task["bets"])
    cash = s.seats[seat].cash
    amount = rng.randint(5, max(5, min(cash // 4, 40)))
    make = C.LockBet if task["sealed"] else C.Bet
    return make(seat, rng.choice(B.PRODUCTS), amount)
