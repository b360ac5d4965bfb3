"""A virtual table: simple bots, seeded virtual dice and cards, a whole game of Magnifico.

Everything decided at command index ``k`` (a bot's choice, dice faces, cards drawn) comes
from ``random.Random(f"{seed}:{k}")`` and the state reached so far, so a game can be
resumed from any prefix of its commands and continues exactly as it would have.

The demo box's printed card values are INVENTED (nobody has published the real ones); they
only let the bots play without asking. A real table enters its own (SetCardValue, box profile).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from companion.core import dice
from companion.errors import GameError

from . import commands as C
from . import engine as E
from .state import VEHICLE_KINDS, Phase, State

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena"]
COLORS = ["red", "blue", "green", "yellow", "purple"]

# Invented printed values (see the module doc): a box profile as data.load_box takes it.
DEMO_PROFILE: dict[str, Any] = {
    "name": "demo box (invented printed values, not read from real cards)",
    "cards": {
        **{f"tank_{i}": {"cost": 20, "dice": d, "hits": h}
           for i, (d, h) in enumerate([(3, 3), (4, 5), (4, 4), (5, 6), (3, 4)], 1)},
        **{f"airplane_{i}": {"cost": 20, "hooks": k} for i, k in enumerate([1, 2, 2, 3, 1], 1)},
        **{f"work_of_art_{i}": {"activation": 30, "vp": v} for i, v in enumerate([4, 3, 3, 2], 1)},
    },
}
_ACTIVATION = {
    "walls": 20, "automaton": 30, "battle_wagon": 20, "multi_gun": 20, "bombard": 20, "great_cannon": 30,
    "transmission_gear": 10, "cannon_lighter": 20, "multi_cannon": 30, "gyroscope": 20, "anti_tank_bomb": 20,
    "anti_aircraft_culverin": 20, "paratrooper": 20, "submarine": 20, "armoured_ship": 20,
}
MAX_ROUNDS = 80


def demo_box() -> dict[str, Any]:
    """``{"map", "cards"}``: the shipped map and cards with the invented demo values."""
    from . import data

    box = data.load_box()
    profile: dict[str, Any] = {"name": DEMO_PROFILE["name"], "cards": dict(DEMO_PROFILE["cards"])}
    for card in box["cards"]["cards"]:
        if card["kind"] in _ACTIVATION:
            profile["cards"][card["id"]] = {"activation": _ACTIVATION[card["kind"]]}
    return data.load_box(profile)


def demo_header(players: int = 4, *, box: dict[str, Any] | None = None) -> dict[str, Any]:
    if not 3 <= players <= 5:
        raise GameError.of("demo_players")
    box = box or demo_box()
    return {
        "game": "magnifico", "format": 1,
        "seats": [{"name": NAMES[i], "color": COLORS[i]} for i in range(players)],
        "variants": {}, "target": 30, "soldiers_per_army": 40,
        "map": box["map"], "cards": box["cards"], "box": DEMO_PROFILE["name"],
    }


@dataclass
class DemoGame:
    seed: int
    header: dict[str, Any]
    state: State
    commands: list[C.Command] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)  # the round-by-round summary


def play_demo(seed: int, players: int = 4, *, commands: Iterable[dict[str, Any] | C.Command] = (),
              on_command: Callable[[dict[str, Any], int, C.Command], object] | None = None,
              header: dict[str, Any] | None = None, max_rounds: int = MAX_ROUNDS,
              max_commands: int | None = None) -> DemoGame:
    """Play (or continue, after the given prefix of commands) a bots' game to its end.

    ``on_command(header, index, command)`` is called before each new command is applied.
    ``max_commands`` stops early (for tests of resuming)."""
    header = header or demo_header(players)
    state = E.new_game(header)
    game = DemoGame(seed, header, state, lines=[
        f"Demo game, seed {seed}: bots, virtual dice and cards; the printed card values are invented."])
    for given in commands:
        _step(game, C.from_dict(given) if isinstance(given, dict) else given)
    while game.state.phase != Phase.OVER and game.state.round <= max_rounds:
        if max_commands is not None and len(game.commands) >= max_commands:
            return game
        k = len(game.commands)
        cmd = next_command(game.state, random.Random(f"{seed}:{k}"))
        if on_command is not None:
            on_command(header, k, cmd)
        _step(game, cmd)
    if game.state.phase != Phase.OVER:
        game.lines.append(f"No winner after {max_rounds} rounds.")
    return game


def _step(game: DemoGame, cmd: C.Command) -> None:
    game.state, events = E.apply(game.state, cmd)
    game.commands.append(cmd)
    for ev in events:
        if ev["type"] == "round_scoring":
            game.lines.append(_round_line(game.state, ev["round"]))
        elif ev["type"] == "game_over":
            s = game.state
            game.lines.append(f"Round {s.round}: {s.seats[ev['winner']].name} wins with {ev['vp']} VP.")


def _round_line(s: State, rnd: int) -> str:
    parts = []
    for seat, p in enumerate(s.seats):
        owned = s.owned(seat)
        castles = sum(1 for t in owned if s.territories[t].castle)
        parts.append(f"{p.name} {p.vp} VP {p.florins} fl {len(owned)} terr {castles} castles")
    holder = s.seats[s.leonardo].name if s.leonardo is not None else "-"
    return f"Round {rnd} (Leonardo: {holder}): " + "; ".join(parts)


def round_lines(game: DemoGame) -> list[str]:
    return list(game.lines)


# -------------------------------------------------------------------------------- bots


def next_command(s: State, rng: random.Random) -> C.Command:
    """The next command at this table: a bot's decision or a virtual random input."""
    phase = s.phase
    if phase == Phase.REMOVE_CARDS:
        k = E.REMOVED_AT_SETUP[s.n]
        deck = s.decks["vehicles"]["unknown"]
        tanks = sorted(c for c in deck if s.kind(c) == "tank")
        planes = sorted(c for c in deck if s.kind(c) == "airplane")
        return C.RemoveCards(tuple(rng.sample(tanks, k) + rng.sample(planes, k)))
    if phase == Phase.START_ROLL:
        sr = s.start_roll
        seat = next(x for x in sr["contenders"] if x not in sr["rolls"])
        return C.StartOrderRoll(seat, tuple(dice.roll(rng, 6)))
    if phase == Phase.FIRST_CASTLES:
        seat = s.castle_order[0]
        ok = [t for t in s.board.ids if E.first_castle_reason(s, seat, t) is None]
        return C.PlaceFirstCastle(seat, rng.choice(ok))
    if phase == Phase.RECRUIT:
        seat = s.recruit_pending[0]
        owned = s.owned(seat)
        return C.Recruit(seat, tuple(rng.sample(owned, max(0, len(owned) - s.seats[seat].reserve))))
    if phase == Phase.AUCTION_DRAW:
        cards: list[str] = []
        for name, k in zip(("vehicles", "projects"), E.auction_counts(s)):
            unknown, bottom = sorted(s.decks[name]["unknown"]), s.decks[name]["bottom"]
            first = rng.sample(unknown, min(k, len(unknown)))
            cards += first + bottom[: k - len(first)]
        return C.DrawAuction(tuple(cards))
    if phase == Phase.BIDDING:
        a = s.current_auction()
        seat = next(x for x in a.bidders if x not in a.bids)
        florins = s.seats[seat].florins
        want = 10 * rng.randint(1, 5) + (10 if any(s.kind(c) in VEHICLE_KINDS for c in a.cards) else 0)
        return C.LockBid(seat, max(10, min(want, florins // 10 * 10)))
    if phase == Phase.CHOOSING:
        chooser = E.next_chooser(s)
        if chooser is None:  # the auction ends as soon as nobody is left to choose
            raise GameError.of("not_a_state", detail="nobody is left to choose in phase choosing")
        seat = chooser
        ok = [c for c in s.current_auction().cards if E.buy_reason(s, seat, c) is None]
        vehicles = [c for c in ok if s.kind(c) in VEHICLE_KINDS]
        if rng.random() < 0.1:
            return C.PassChoice(seat)
        return C.ChooseCard(seat, (vehicles or ok)[0] if rng.random() < 0.7 else rng.choice(ok))
    if phase == Phase.TURNS:
        return _turn_command(s, rng)
    if phase == Phase.BATTLE:
        return _battle_command(s, rng)
    raise GameError.of("demo_phase", phase=repr(phase.value))


def _turn_command(s: State, rng: random.Random) -> C.Command:
    turn = s.current_turn()
    seat = turn.seat
    p = s.seats[seat]
    florins = p.florins

    def stage_ok(action: str) -> bool:  # the Italian strict order variant
        return not s.variants.get("strict_order") or E.STAGES[action] >= turn.stage

    # Activate what can be used, keeping a little money.
    for c in (p.store if stage_ok("Activate") else ()):
        if E.activate_reason(s, seat, c) is None:
            cost = E._discounted(s, seat, s.printed(c, "activation") or 0)
            if cost <= florins - 20:
                return C.Activate(seat, c)
    castles = [t for t in s.castles_of(seat) if t not in turn.new_castles]
    for kind, make in (("tank", C.BuildTank), ("airplane", C.BuildAirplane)):
        card = s.card_in_play(seat, kind)
        if card and s.supply(kind + "s") and florins >= 50 and stage_ok("BuildTank"):
            for t in castles:
                if t not in turn.produced:
                    return make(seat, t)
    if florins >= 60 and s.supply("towers") and stage_ok("BuildTower") and rng.random() < 0.6:
        for t in castles:
            if t not in turn.towered and s.territories[t].towers < 4:
                return C.BuildTower(seat, t)
    raids = turn.invasions + turn.attacks
    can_invade = (turn.invasions < 3) if s.variants.get("separate_limits") else raids < 3
    can_attack = (turn.attacks < 3) if s.variants.get("separate_limits") else raids < 3
    if can_invade and florins >= 10 and stage_ok("Invade"):
        best: tuple[int, str, str] | None = None
        for src in s.owned(seat):
            here = s.territories[src]
            if here.soldiers < 2:
                continue
            for dst in _reachable(s, src):
                if s.territories[dst].owner is None and (best is None or here.soldiers > best[0]):
                    best = (here.soldiers, src, dst)
        if best:
            n, src, dst = best
            return C.Invade(seat, src, dst, max(1, (n - 1) // 2))
    if can_attack and florins >= 40 and _battles_available() and rng.random() < 0.8:
        attack = _pick_attack(s, seat, rng)
        if attack is not None:
            return attack
    if not turn.moved and rng.random() < 0.7:
        move = _pick_move(s, seat)
        if move is not None:
            return move
    if florins >= 70 and s.supply("castles") and rng.random() < 0.5:
        free = [t for t in s.owned(seat) if not s.territories[t].castle]
        if free:
            return C.BuildCastle(seat, rng.choice(sorted(free)))
    return C.EndTurn(seat)


def _reachable(s: State, src: str) -> list[str]:
    b = s.board
    out = set(b.land[src])
    for t in b.ids:
        if t != src and b.seas[src] & b.seas[t]:
            out.add(t)
    return sorted(out)


def _battles_available() -> bool:
    try:
        E._battle_module()
    except GameError:
        return False
    return True


def _pick_attack(s: State, seat: int, rng: random.Random) -> C.Attack | None:
    options: list[tuple[int, str, str, int]] = []
    for src in s.owned(seat):
        t = s.territories[src]
        if t.soldiers < 3:
            continue
        for dst in _reachable(s, src):
            d = s.territories[dst]
            if d.owner is None or d.owner == seat or len(s.owned(d.owner)) <= 1:
                continue
            sea = dst not in s.board.land[src]
            soldiers = min(6, t.soldiers - 1)
            landing = E.landing_losses(s, seat, d.owner) if sea else 0
            defence = d.soldiers + (1 + d.towers if d.castle else 0) + landing
            if soldiers - landing >= 1 and soldiers >= defence + 1:
                options.append((soldiers - defence, src, dst, soldiers))
    if not options:
        return None
    options.sort(reverse=True)
    _, src, dst, soldiers = options[0]
    t = s.territories[src]
    tanks = min(6, t.tanks) if s.card_in_play(seat, "tank") else 0
    planes = min(6 - tanks, t.airplanes) if s.card_in_play(seat, "airplane") else 0
    return C.Attack(seat, src, dst, soldiers, tanks, planes)


def _pick_move(s: State, seat: int) -> C.Move | None:
    """Move the biggest idle garrison (no foreign neighbour) to the weakest border territory."""
    owned = s.owned(seat)
    frontier = [t for t in owned if any(s.territories[n].owner != seat for n in _reachable(s, t))]
    idle = [t for t in owned if t not in frontier and s.territories[t].soldiers > 2]
    if not idle or not frontier:
        return None
    src = max(idle, key=lambda t: (s.territories[t].soldiers, t))
    targets = sorted(frontier, key=lambda t: (s.territories[t].soldiers, t))
    for dst in targets:
        if E.land_path(s, seat, src, dst) or s.board.share_sea(src, dst):
            return C.Move(seat, ({"source": src, "target": dst, "soldiers": s.territories[src].soldiers - 1},))
    return None


def _battle_command(s: State, rng: random.Random) -> C.BattleStep:
    battle = E._battle_module()
    position = s.current_battle()["position"]
    opts = battle.options(position)
    turn = opts.get("turn")
    if turn == "attacker" and opts.get("retreat", {}).get("allowed"):
        return C.BattleStep({"side": "attacker", "retreat": True})
    steps = opts.get("steps") or []
    mine = [x for x in steps if x["side"] == turn] or steps
    order = {"airplanes": 0, "tanks": 1, "infantry": 2, "automaton": 3}
    offer = min(mine, key=lambda x: order.get(x["assault"], 9))
    side, assault = offer["side"], offer["assault"]
    if assault == "tanks":
        rolls = [dice.roll(rng, offer["dice_per_tank"]) for _ in range(offer["tanks"])]
        # Tanks fire one at a time: once the battle ends, the rest do not fire.
        while len(rolls) > 1:
            try:
                battle.step(position, {"side": side, "assault": "tanks", "rolls": rolls})
                break
            except GameError:
                rolls.pop()
        return C.BattleStep({"side": side, "assault": "tanks", "rolls": rolls})
    return C.BattleStep({"side": side, "assault": assault, "dice": dice.roll(rng, offer["dice"])})
