"""The Magnifico referee: ``new_game``, ``apply``, ``check`` and ``legal``.

``apply(state, command)`` never mutates its input: it works on a copy and returns the copy
with the events, or raises GameError and the caller keeps the old state. Rule references
are to the English rulebook ("5.3.6") and to rules-decisions.md ("rd: Auction").

Where both are silent, the engine decides:
- Round 1 has its income and recruitment too (5.1: "first takes place in the first round").
- Start-order rolls may come in any order; only tied players roll again.
- Unsold cards go to the bottom in the order drawn; a later draw must take the unseen
  cards first, then the bottom ones in that order.
- A chooser who may take none of the cards left (a second Tank/Airplane) is passed over.
- A territory is held by its soldiers: every own territory keeps at least one soldier;
  tanks or airplanes alone never hold one.
- Two territories with a land border (crossings included) fight by land even when they
  also share a sea: no landing losses.
- Every printed value nobody has entered is asked for: a Tank/Airplane card's cost (the
  reference sheet's usual 20 is offered as ``needs["suggest"]``, rd: Money), dice, hits,
  hooks, activation costs and Works of Art's points.
- End-of-round points are given to a player all at once: the first player (leader first)
  whose total reaches the target wins, possibly above it.
- ``check`` answers None (legal) for a command that only lacks a printed value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, Protocol

from companion.core import dice
from companion.core.game import Outcome
from companion.core.i18n import Message, msg
from companion.core.players import clockwise_from, distance
from companion.errors import GameError

from . import commands as C
from . import corrections
from .events import Event, GameOver, MoveDone
from .money import CAP, capped, check_tens
from .state import BOX, VEHICLE_KINDS, Auction, Phase, Player, State, Territory, Turn, normalize_cards
from .variants import DEFAULT_VARIANTS as DEFAULT_VARIANTS  # re-exported: the engine's names
from .variants import VARIANTS as VARIANTS

if TYPE_CHECKING:
    from .describe import Names

START_FLORINS = 100  # 4.8
INVADE_COST, ATTACK_COST, CASTLE_COST, TOWER_COST = 10, 30, 30, 20
# rd: Money: a Tank/Airplane card's cost is printed on it; the reference sheet's usual value is
# only offered to the table as a suggestion when it is asked for.
SUGGESTED_VEHICLE_COST = 20
MAX_RAIDS = 3  # 5.4.6
AUCTION_CARDS = {3: (1, 1), 4: (2, 1), 5: (2, 2)}  # (from the Tank/Airplane deck, projects) 5.3.1-3
REMOVED_AT_SETUP = {3: 2, 4: 1, 5: 0}  # of each of Tank and Airplane, 4.2


# Italian strict order (rd: Player turn, variant): the stage of each action.
STAGES = {"Activate": 0, "BuildTank": 1, "BuildAirplane": 1, "BuildTower": 2, "Invade": 3, "Attack": 4}
STAGE_NAMES = ["activating cards", "building tanks and airplanes", "building towers", "invading", "attacking"]

# The card kinds the battle notation counts per side.
BATTLE_CARD_KINDS = (
    "walls", "automaton", "battle_wagon", "multi_gun", "bombard", "great_cannon", "transmission_gear",
    "cannon_lighter", "multi_cannon", "gyroscope", "anti_tank_bomb", "anti_aircraft_culverin",
    "paratrooper", "submarine", "armoured_ship", "work_of_art",
)

# Which printed values the table may enter, per kind; every other kind has only "activation".
# (The names follow data/magnifico/cards.json: "activation" is a project's activation cost,
# "cost" a Tank or Airplane card's production cost.)
CARD_FIELDS: dict[str, tuple[str, ...]] = {"tank": ("cost", "dice", "hits"), "airplane": ("cost", "hooks"), "work_of_art": ("activation", "vp"),
               "leonardo": ()}


# ---------------------------------------------------------------------------------------
# new game


def new_game(header: dict[str, Any]) -> State:
    """The state right after the box is opened: the deck is to be set up, then the roll."""
    if not isinstance(header, dict):
        raise GameError.of("header_not_object")
    if header.get("game", "magnifico") != "magnifico":
        raise GameError.of("not_magnifico", game=repr(header.get("game")))
    seats = header.get("seats")
    if not isinstance(seats, list) or not 3 <= len(seats) <= 5:
        raise GameError.of("seats_count")
    players = []
    for i, s in enumerate(seats):
        if isinstance(s, str):
            s = {"name": s}
        if not isinstance(s, dict) or not s.get("name"):
            raise GameError.of("seat_needs_name", seat=i + 1)
        players.append((str(s["name"]), str(s.get("color", ""))))
    variants = dict(DEFAULT_VARIANTS)
    for k, v in (header.get("variants") or {}).items():
        if k not in VARIANTS:
            raise GameError.of("unknown_variant", variant=repr(k), known=list(VARIANTS))
        variants[k] = v
    if variants["tank_explosion"] not in ("army", "infantry"):
        raise GameError.of("variant_tank_explosion")
    target = header.get("target", 30)
    per_army = header.get("soldiers_per_army", 40)
    if not isinstance(target, int) or not 1 <= target <= 40:
        raise GameError.of("target_range")
    if not isinstance(per_army, int) or per_army < 4:
        raise GameError.of("army_size")
    if "map" not in header or "cards" not in header:
        raise GameError.of("header_map_cards")
    cards = normalize_cards(header["cards"])
    state = State(
        seats=[Player(name, color, 0, 0, per_army - 1) for name, color in players],
        map=header["map"], cards=cards, variants=variants, target=target, soldiers_per_army=per_army,
    )
    state.territories = {tid: Territory() for tid in state.board.ids}
    vehicles = [c for c, v in cards.items() if v["kind"] in VEHICLE_KINDS]
    projects = [c for c, v in cards.items() if v["kind"] not in VEHICLE_KINDS and v["kind"] != "leonardo"]
    state.decks = {"vehicles": {"unknown": vehicles, "bottom": []}, "projects": {"unknown": projects, "bottom": []}}
    if REMOVED_AT_SETUP[state.n]:
        state.phase = Phase.REMOVE_CARDS
    else:
        _begin_start_roll(state)
    return state


def _begin_start_roll(state: State) -> None:
    state.phase = Phase.START_ROLL
    state.start_roll = {"contenders": list(range(state.n)), "rolls": {}}


Handler = Callable[[State, Any, list[Event]], None]
"""A command's handler: checks the command against ``state`` (a copy) and changes it, or raises."""


# ---------------------------------------------------------------------------------------
# apply / check


def apply(state: State, cmd: C.Command | dict[str, Any]) -> tuple[State, list[Event]]:
    """Check ``cmd`` against the rules and return (new state, events). ``state`` is untouched."""
    if isinstance(cmd, dict):
        cmd = C.from_dict(cmd)
    handler = _HANDLERS.get(type(cmd))
    if handler is None:
        raise GameError.of("not_a_command", name=type(cmd).__name__)
    C.check_types(cmd)
    if isinstance(cmd, C.Correct):  # issue 4: taken in any phase, also after the end
        return corrections.apply(state, cmd)
    if state.phase == Phase.OVER and not isinstance(cmd, C.SetCardValue):
        winner = state.winner
        raise GameError.of("game_is_over", name="?" if winner is None else _name(state, winner))
    new = state.copy()
    events: list[Event] = []
    handler(new, cmd, events)
    return new, events


def check(state: State, cmd: C.Command | dict[str, Any]) -> str | None:
    """The reason ``cmd`` is refused now, or None if it is legal. The reason is English
    text; for a keyed refusal it is an i18n ``Message`` (``reason.localized("it")``)."""
    try:
        apply(state, cmd)
    except GameError as err:
        if err.needs:
            return None  # legal; the table must first enter a printed value
        reason: str = err.message
        return reason
    return None


def public_view(state: State) -> dict[str, Any]:
    """``state.to_dict()`` safe to show the table: sealed bids are replaced by who has locked."""
    d = state.to_dict()
    a = d.get("auction")
    if a is not None and not a["revealed"]:
        a["locked"] = sorted(int(k) for k in a["bids"])
        a["bids"] = {}
    return d


def describe(event: dict[str, Any], header: dict[str, Any], lang: str = "en") -> str:
    """One readable sentence for an event (the journal's log hook): see describe.py."""
    from . import describe as D

    global _names_cache
    if _names_cache is None or _names_cache[0] is not header:  # one game's names, kept
        _names_cache = (header, D.Names.of(header))
    return D.describe_event(event, _names_cache[1], lang)


_names_cache: tuple[dict[str, Any], Names] | None = None


# ---------------------------------------------------------------------------------------
# helpers


def _name(state: State, seat: int) -> str:
    return state.seats[seat].name


def _tname(state: State, tid: str) -> str:
    return state.board.name(tid)


def _seat(state: State, seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
        raise GameError.of("no_seat", seat=repr(seat))
    return seat


def _territory_id(state: State, tid: object) -> str:
    """``tid`` if it names a territory of the map, else refused."""
    if not isinstance(tid, str) or tid not in state.territories:
        raise GameError.of("no_territory", territory=repr(tid))
    return tid


def _territory(state: State, tid: object) -> Territory:
    return state.territories[_territory_id(state, tid)]


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise GameError.of("not_a_count", what=what)
    return value


def _phase(state: State, *phases: Phase) -> None:
    if state.phase not in phases:
        raise GameError.of("not_now", phase=msg(f"phase.{state.phase}"))


def _needs(state: State, card: str, field: str, suggest: int | None = None) -> int:
    """A printed value, or GameError with ``needs`` (and the value to offer, if any) so the
    screen asks the table and sends SetCardValue."""
    value = state.printed(card, field)
    if value is None:
        needs: dict[str, str | int] = {"card": card, "field": field}
        if suggest is not None:
            needs["suggest"] = suggest
        raise GameError.of("needs_value", needs=needs,
                           field=msg(f"field.{field}"), card_name=state.card_param(card), card=card)
    return value


def _discounted(state: State, seat: int, cost: int) -> int:
    """rd: Money: the Leonardo holder pays 10 less to activate or build (never below 0)."""
    return max(0, cost - 10) if seat == state.leonardo else cost


def _can_pay(state: State, seat: int, amount: int, what: str) -> None:
    p = state.seats[seat]
    if p.florins < amount:
        raise GameError.of("cannot_pay", name=p.name, florins=p.florins, what=what, cost=amount)


def _pay(state: State, seat: int, amount: int, what: str) -> None:
    _can_pay(state, seat, amount, what)
    state.seats[seat].florins -= amount


def _gain_florins(state: State, seat: int, amount: int, events: list[Event],
                  why: Literal["start", "income"]) -> None:
    p = state.seats[seat]
    p.florins, excess = capped(p.florins + amount, CAP)
    events.append({"type": "florins", "seat": seat, "amount": amount, "to_bank": excess, "why": why})


def _gain_vp(state: State, seat: int, vp: int, events: list[Event], why: str) -> None:
    if vp <= 0 or state.winner is not None:
        return
    p = state.seats[seat]
    p.vp += vp
    events.append({"type": "victory_points", "seat": seat, "vp": vp, "total": p.vp, "why": why})
    if p.vp >= state.target:  # 11.3: the first to reach the target wins at once
        state.winner = seat
        state.phase = Phase.OVER
        events.append({"type": "game_over", "winner": seat, "vp": p.vp})


def _the_turn(state: State, seat: object) -> Turn:
    _phase(state, Phase.TURNS)
    who = _seat(state, seat)
    turn = state.current_turn()
    if turn.seat != who:
        raise GameError.of("not_your_turn", current=_name(state, turn.seat), name=_name(state, who))
    return turn


def _stage(state: State, turn: Turn, action: str) -> None:
    """rd: Player turn, variant: the Italian strict order of actions."""
    if not state.variants.get("strict_order"):
        return
    stage = STAGES[action]
    if stage < turn.stage:
        raise GameError.of("strict_order", action=msg(f"stage.{stage}"), begun=msg(f"stage.{turn.stage}"))
    turn.stage = stage


def _own(state: State, seat: int, tid: object) -> Territory:
    t = _territory(state, tid)
    if t.owner != seat:
        raise GameError.of("not_own", territory=state.territory_param(_territory_id(state, tid)), name=_name(state, seat))
    return t


def _check_army(state: State, seat: int, t: Territory, tid: str, soldiers_: object, tanks_: object,
                airplanes_: object, what: str) -> None:
    soldiers = _count(soldiers_, msg("count.soldiers"))
    tanks = _count(tanks_, msg("count.tanks"))
    airplanes = _count(airplanes_, msg("count.airplanes"))
    if soldiers > t.soldiers - 1:
        raise GameError.of("army_keep_one", territory=state.territory_param(tid), soldiers=t.soldiers, what=what,
                           most=t.soldiers - 1)
    if tanks > t.tanks:
        raise GameError.of("only_tanks", territory=state.territory_param(tid), tanks=t.tanks)
    if airplanes > t.airplanes:
        raise GameError.of("only_airplanes", territory=state.territory_param(tid), airplanes=t.airplanes)
    if tanks and not state.card_in_play(seat, "tank"):
        raise GameError.of("no_tank_card_use", name=_name(state, seat))
    if airplanes and not state.card_in_play(seat, "airplane"):
        raise GameError.of("no_airplane_card_use", name=_name(state, seat))


# ---------------------------------------------------------------------------------------
# setup


def _remove_cards(state: State, cmd: C.RemoveCards, events: list[Event]) -> None:
    """4.2: with 4 players one random Tank and one Airplane card leave the game, with 3 two."""
    _phase(state, Phase.REMOVE_CARDS)
    k = REMOVED_AT_SETUP[state.n]
    cards = list(cmd.cards)
    if not cards and k:
        # Nobody saw them: the deck keeps all the cards, minus k of each kind nobody can name.
        state.removed_unseen = {"tank": k, "airplane": k}
        events.append({"type": "cards_removed", "count": 2 * k, "unseen": True})
        _begin_start_roll(state)
        return
    if len(set(cards)) != len(cards):
        raise GameError.of("card_twice")
    deck = state.decks["vehicles"]["unknown"]
    for c in cards:
        if c not in deck:
            raise GameError.of("not_vehicle_card", card=repr(c))
    for kind in ("tank", "airplane"):
        got = sum(1 for c in cards if state.kind(c) == kind)
        if got != k:
            raise GameError.of("removed_count", players=state.n, count=k, kind=msg(f"kind.{kind}"), got=got)
    for c in cards:
        deck.remove(c)
    state.removed = cards
    events.append({"type": "cards_removed", "count": len(cards)})
    _begin_start_roll(state)


def _start_order_roll(state: State, cmd: C.StartOrderRoll, events: list[Event]) -> None:
    """4.7: most hits wins; ties go to fewer explosions; still tied players roll again."""
    _phase(state, Phase.START_ROLL)
    seat = _seat(state, cmd.seat)
    sr = state.start_roll
    if seat not in sr["contenders"]:
        raise GameError.of("not_rolling", name=_name(state, seat))
    if seat in sr["rolls"]:
        raise GameError.of("already_rolled", name=_name(state, seat))
    faces = dice.check_faces(cmd.faces, 6, msg("what.start_roll"))
    sr["rolls"][seat] = list(faces)
    events.append({"type": "start_roll", "seat": seat, "faces": list(faces), "reveal": True})
    if len(sr["rolls"]) < len(sr["contenders"]):
        return

    def key(s: int) -> tuple[int, int]:
        f = sr["rolls"][s]
        return (dice.count(f, dice.HIT), -dice.count(f, dice.EXPLOSION))

    best = max(key(s) for s in sr["contenders"])
    tied = [s for s in sr["contenders"] if key(s) == best]
    if len(tied) > 1:
        state.start_roll = {"contenders": tied, "rolls": {}}
        events.append({"type": "start_roll_tied", "seats": tied})
        return
    winner = tied[0]
    state.leonardo = winner
    state.start_roll = {"contenders": [], "rolls": {}}
    state.phase = Phase.FIRST_CASTLES
    state.castle_order = clockwise_from(winner, state.n)
    events.append({"type": "leonardo", "seat": winner, "why": "start order"})


def first_castle_reason(state: State, seat: int, tid: str) -> Message | None:
    """4.8: a free territory with no land border to another player's castle."""
    t = state.territories[tid]
    if t.owner is not None:
        return msg("territory_taken", territory=state.territory_param(tid))
    for nb in state.board.land[tid]:
        o = state.territories[nb]
        if o.castle and o.owner not in (None, seat):
            return msg("borders_castle", territory=state.territory_param(tid), name=_name(state, o.owner), other=state.territory_param(nb))
    return None


def _place_first_castle(state: State, cmd: C.PlaceFirstCastle, events: list[Event]) -> None:
    _phase(state, Phase.FIRST_CASTLES)
    seat = _seat(state, cmd.seat)
    if state.castle_order[0] != seat:
        raise GameError.of("not_your_castle", current=_name(state, state.castle_order[0]), name=_name(state, seat))
    _territory(state, cmd.territory)
    reason = first_castle_reason(state, seat, cmd.territory)
    if reason:
        raise GameError(reason)
    t = state.territories[cmd.territory]
    t.owner, t.soldiers, t.castle = seat, 2, True
    state.seats[seat].reserve -= 2
    state.castle_order.pop(0)
    events.append({"type": "first_castle", "seat": seat, "territory": cmd.territory})
    if not state.castle_order:
        for s in range(state.n):
            _gain_florins(state, s, START_FLORINS, events, "start")
        _start_round(state, events)


# ---------------------------------------------------------------------------------------
# the round: income, recruitment


def income_of(state: State, seat: int) -> int:
    """5.1.1-2: 10 per territory, 10 per castle, 10 per Work of Art in play."""
    territories = castles = 0
    for t in state.territories.values():
        if t.owner == seat:
            territories += 1
            castles += t.castle
    return 10 * (territories + castles + state.count_in_play(seat, "work_of_art"))


def _start_round(state: State, events: list[Event]) -> None:
    state.round += 1
    state.turn = None
    state.turn_order = []
    events.append({"type": "round", "round": state.round})
    for s in range(state.n):  # 5.1 income
        _gain_florins(state, s, income_of(state, s), events, "income")
    state.recruit_pending = []
    for s in range(state.n):  # 5.2 recruiting
        owned = state.owned(s)
        p = state.seats[s]
        if p.reserve >= len(owned):
            for tid in owned:
                state.territories[tid].soldiers += 1
            p.reserve -= len(owned)
            events.append({"type": "recruited", "seat": s, "territories": owned})
        elif p.reserve == 0:
            events.append({"type": "recruited", "seat": s, "territories": [], "short": len(owned)})
        else:
            state.recruit_pending.append(s)
    if state.recruit_pending:
        state.phase = Phase.RECRUIT
    else:
        _begin_auction(state, events)


def _recruit(state: State, cmd: C.Recruit, events: list[Event]) -> None:
    """5.2.3: a player short of soldiers chooses which territories go without."""
    _phase(state, Phase.RECRUIT)
    seat = _seat(state, cmd.seat)
    if seat not in state.recruit_pending:
        raise GameError.of("no_recruit_choice", name=_name(state, seat))
    owned = state.owned(seat)
    p = state.seats[seat]
    without = list(cmd.without)
    need = len(owned) - p.reserve
    if len(set(without)) != len(without):
        raise GameError.of("territory_twice")
    for tid in without:
        if tid not in owned:
            raise GameError.of("not_own", territory=state.territory_param(tid) if tid in state.territories else repr(tid), name=p.name)
    if len(without) != need:
        raise GameError.of("recruit_short", name=p.name, soldiers=p.reserve, territories=len(owned), need=need)
    got = [tid for tid in owned if tid not in without]
    for tid in got:
        state.territories[tid].soldiers += 1
    p.reserve -= len(got)
    state.recruit_pending.remove(seat)
    events.append({"type": "recruited", "seat": seat, "territories": got, "without": without})
    if not state.recruit_pending:
        _begin_auction(state, events)


# ---------------------------------------------------------------------------------------
# the auction


def _unseen(state: State) -> int:
    """How many of the Tank/Airplane deck's unknown cards are really in the box (4.2)."""
    return sum(state.removed_unseen.values())


def _draw_vehicles_unseen(state: State, drawn: list[str]) -> None:
    """Cards removed unseen at setup cannot be drawn: never more of a kind than the deck holds.

    Once every card of a kind still unknown must be a removed one, they are named."""
    unknown = state.decks["vehicles"]["unknown"]
    for kind, hidden in state.removed_unseen.items():
        left = sum(1 for c in unknown if state.kind(c) == kind) - sum(1 for c in drawn if state.kind(c) == kind)
        if hidden and left < hidden:
            raise GameError.of("kind_removed_unseen", kind=msg(f"kind.{kind}"), count=hidden)
    for c in drawn:
        unknown.remove(c)
    for kind, hidden in list(state.removed_unseen.items()):
        rest = [c for c in unknown if state.kind(c) == kind]
        if hidden and len(rest) == hidden:
            for c in rest:
                unknown.remove(c)
            state.removed.extend(rest)
            state.removed_unseen[kind] = 0


def auction_counts(state: State) -> tuple[int, int]:
    """5.3.1-3: how many cards come from the Tank/Airplane deck and from the projects."""
    v, p = AUCTION_CARDS[state.n]
    vehicles, projects = state.decks["vehicles"], state.decks["projects"]
    v_avail = len(vehicles["unknown"]) + len(vehicles["bottom"]) - _unseen(state)
    p_avail = len(projects["unknown"]) + len(projects["bottom"])
    v_take = min(v, v_avail)
    return v_take, min(p + v - v_take, p_avail)


def _bidders(state: State) -> list[int]:
    """rd: Auction: every player with at least 10 florins bids."""
    return [s for s in range(state.n) if state.seats[s].florins >= 10]


def _begin_auction(state: State, events: list[Event]) -> None:
    """5.3; rd: Running out of cards: with both decks empty (or nobody able to bid) there is no
    auction, no bids, and the Leonardo card stays with its holder."""
    empty = sum(auction_counts(state)) == 0
    if empty or not _bidders(state):
        events.append({"type": "no_auction", "why": "no cards left" if empty else "nobody can bid",
                       "leonardo": state.leonardo})
        _start_turns(state, events)
        return
    state.phase = Phase.AUCTION_DRAW


def _draw_auction(state: State, cmd: C.DrawAuction, events: list[Event]) -> None:
    _phase(state, Phase.AUCTION_DRAW)
    cards = list(cmd.cards)
    if len(set(cards)) != len(cards):
        raise GameError.of("card_twice")
    unknown = [c for c in cards if c not in state.cards]
    if unknown:
        raise GameError.of("no_card", card=repr(unknown[0]))
    want = dict(zip(("vehicles", "projects"), auction_counts(state)))
    for deck, k in want.items():
        drawn = [c for c in cards if c in state.cards and (state.kind(c) in VEHICLE_KINDS) == (deck == "vehicles")]
        label = msg(f"deck.{deck}")
        if len(drawn) != k:
            raise GameError.of("auction_count", count=k, deck=label, got=len(drawn))
        d = state.decks[deck]
        from_unknown = min(k, len(d["unknown"]) - (_unseen(state) if deck == "vehicles" else 0))
        for c in drawn[:from_unknown]:
            if c not in d["unknown"]:
                raise GameError.of("card_at_bottom" if c in d["bottom"] else "card_not_in_deck", card=c)
        expected = d["bottom"][: k - from_unknown]
        if drawn[from_unknown:] != expected:
            raise GameError.of("next_from_bottom", deck=label, cards=list(expected))
        if deck == "vehicles":
            _draw_vehicles_unseen(state, drawn[:from_unknown])
        else:
            for c in drawn[:from_unknown]:
                d["unknown"].remove(c)
        del d["bottom"][: k - from_unknown]
    state.auction = Auction(drawn=cards, cards=list(cards), bidders=_bidders(state))
    state.phase = Phase.BIDDING
    events.append({"type": "auction_drawn", "cards": cards, "reveal": True})


def _lock_bid(state: State, cmd: C.LockBid, events: list[Event]) -> None:
    """5.3.4: a sealed bid, at least 10, in tens, at most what the bidder holds."""
    _phase(state, Phase.BIDDING)
    seat = _seat(state, cmd.seat)
    a = state.current_auction()
    p = state.seats[seat]
    if seat not in a.bidders:
        raise GameError.of("cannot_bid", name=p.name, florins=p.florins)
    if seat in a.bids:
        raise GameError.of("bid_already_locked", name=p.name)
    amount = check_tens(cmd.amount, msg("what.bid"))
    if amount < 10:
        raise GameError.of("bid_minimum")
    if amount > p.florins:
        raise GameError.of("bid_over_florins", name=p.name, florins=p.florins, bid=amount)
    a.bids[seat] = amount
    events.append({"type": "bid_locked", "seat": seat})
    if len(a.bids) == len(a.bidders):
        a.revealed = True
        state.phase = Phase.CHOOSING
        events.append({"type": "bids_revealed", "bids": {str(s): v for s, v in a.bids.items()}, "reveal": True})
        _advance_choice(state, events)


def _unlock_bid(state: State, cmd: C.UnlockBid, events: list[Event]) -> None:
    _phase(state, Phase.BIDDING)
    seat = _seat(state, cmd.seat)
    a = state.current_auction()
    if seat not in a.bids:
        raise GameError.of("no_locked_bid", name=_name(state, seat))
    del a.bids[seat]
    events.append({"type": "bid_unlocked", "seat": seat})


def next_chooser(state: State) -> int | None:
    """rd: Auction: higher bid first; equal bids from the holder's left, the holder last;
    the holder is whoever holds Leonardo now (the first buyer takes it at once)."""
    a = state.current_auction()
    left = [s for s in a.bidders if s not in a.done]
    if not left:
        return None
    holder = state.holder()

    def key(s: int) -> tuple[int, int]:
        return (-a.bids[s], distance(holder, s, state.n) or state.n)

    return min(left, key=key)


def choice_order(state: State) -> list[int]:
    """The order of choice if everyone from now on buys (for display)."""
    trial = state.copy()
    a = trial.current_auction()
    order = []
    while (s := next_chooser(trial)) is not None:
        order.append(s)
        a.done.append(s)
        if a.first_buyer is None:
            a.first_buyer = s
            trial.leonardo = s
    return order


def buy_reason(state: State, seat: int, card: str) -> Message | None:
    """5.3.8: nobody holds two Tank cards or two Airplane cards."""
    kind = state.kind(card)
    if kind in VEHICLE_KINDS and state.card_in_play(seat, kind):
        return msg(f"already_has_{kind}_card", name=_name(state, seat))
    return None


def _advance_choice(state: State, events: list[Event]) -> None:
    a = state.current_auction()
    while a.cards:
        s = next_chooser(state)
        if s is None:
            break
        if any(buy_reason(state, s, c) is None for c in a.cards):
            return
        a.done.append(s)
        events.append({"type": "choice_passed", "seat": s, "auto": True, "why": "no card they may take"})
    _finish_auction(state, events)


def _chooser(state: State, seat: object) -> int:
    _phase(state, Phase.CHOOSING)
    who = _seat(state, seat)
    s = next_chooser(state)
    if s != who:
        current = "?" if s is None else _name(state, s)  # none left: the auction is over
        raise GameError.of("not_your_choice", current=current, name=_name(state, who))
    return who


def _choose_card(state: State, cmd: C.ChooseCard, events: list[Event]) -> None:
    seat = _chooser(state, cmd.seat)
    a = state.current_auction()
    if cmd.card not in a.cards:
        raise GameError.of("not_on_auction", card=state.card_param(cmd.card) if cmd.card in state.cards else repr(cmd.card))
    reason = buy_reason(state, seat, cmd.card)
    if reason:
        raise GameError(reason)
    p = state.seats[seat]
    _pay(state, seat, a.bids[seat], msg("what.the_bid"))  # 5.3.12
    a.cards.remove(cmd.card)
    a.done.append(seat)
    kind = state.kind(cmd.card)
    (p.in_play if kind in VEHICLE_KINDS else p.store).append(cmd.card)  # 5.3.7
    events.append({"type": "card_bought", "seat": seat, "card": cmd.card, "paid": a.bids[seat],
                   "into": "in_play" if kind in VEHICLE_KINDS else "store"})
    if a.first_buyer is None:  # 5.3.5: the first buyer becomes the Magnifico at once
        a.first_buyer = seat
        if state.leonardo != seat:
            state.leonardo = seat
            events.append({"type": "leonardo", "seat": seat, "why": "auction"})
    _advance_choice(state, events)


def _pass_choice(state: State, cmd: C.PassChoice, events: list[Event]) -> None:
    """5.3.9: the right passes on; the passer pays nothing and cannot take Leonardo."""
    seat = _chooser(state, cmd.seat)
    state.current_auction().done.append(seat)
    events.append({"type": "choice_passed", "seat": seat})
    _advance_choice(state, events)


def _finish_auction(state: State, events: list[Event]) -> None:
    """5.3.13: unsold cards go to the bottom of their deck."""
    a = state.current_auction()
    for c in a.cards:
        deck = "vehicles" if state.kind(c) in VEHICLE_KINDS else "projects"
        state.decks[deck]["bottom"].append(c)
    if a.cards:
        events.append({"type": "unsold", "cards": list(a.cards)})
    state.auction = None
    _start_turns(state, events)


# ---------------------------------------------------------------------------------------
# player turns


def _start_turns(state: State, events: list[Event]) -> None:
    """5.4: from the Leonardo holder clockwise."""
    state.phase = Phase.TURNS
    state.turn_order = clockwise_from(state.holder(), state.n)
    state.turn = Turn(seat=state.turn_order[0])
    events.append({"type": "turn", "seat": state.turn.seat})


def activate_reason(state: State, seat: int, card: str) -> Message | None:
    """6.2-6.3: upgrades need their vehicle card in play; an Airplane takes at most its hooks."""
    p = state.seats[seat]
    if card not in p.store:
        return msg("not_in_store", card_name=state.card_param(card), card=card, name=p.name)
    upgrade = state.cards[card]["upgrade"]
    if upgrade == "tank" and not state.card_in_play(seat, "tank"):
        return msg("tank_upgrade_needs", card_name=state.card_param(card), name=p.name)
    if upgrade == "airplane":
        plane = state.card_in_play(seat, "airplane")
        if not plane:
            return msg("airplane_upgrade_needs", card_name=state.card_param(card), name=p.name)
        hooks = state.printed(plane, "hooks")
        used = sum(1 for c in p.in_play if state.cards[c]["upgrade"] == "airplane")
        if hooks is not None and used >= hooks:
            return msg("hooks_full", name=p.name, hooks=hooks)
    return None


def _activate(state: State, cmd: C.Activate, events: list[Event]) -> None:
    turn = _the_turn(state, cmd.seat)
    seat = turn.seat
    reason = activate_reason(state, seat, cmd.card)
    if reason:
        raise GameError(reason)
    _stage(state, turn, "Activate")
    cost = _discounted(state, seat, _needs(state, cmd.card, "activation"))
    what = msg("what.activating", card=state.card_param(cmd.card))
    # Money first: the table is asked for other printed values only for a move it can pay.
    _can_pay(state, seat, cost, what)
    plane = state.card_in_play(seat, "airplane")
    if state.cards[cmd.card]["upgrade"] == "airplane" and plane is not None:  # activate_reason: it is there
        _needs(state, plane, "hooks")
        reason = activate_reason(state, seat, cmd.card)  # the hooks may be known only now
        if reason:
            raise GameError(reason)
    vp = _needs(state, cmd.card, "vp") if state.kind(cmd.card) == "work_of_art" else 0
    _pay(state, seat, cost, what)
    p = state.seats[seat]
    p.store.remove(cmd.card)
    p.in_play.append(cmd.card)
    events.append({"type": "activated", "seat": seat, "card": cmd.card, "paid": cost})
    _gain_vp(state, seat, vp, events, "work of art")  # 10.7


def _castle_ready(state: State, seat: int, tid: str, done: list[str], what: str) -> Territory:
    """5.4.2-3: only castles built in an earlier turn, once per castle per turn."""
    t = _own(state, seat, tid)
    if not t.castle:
        raise GameError.of("no_castle", territory=state.territory_param(tid))
    if tid in state.current_turn().new_castles:
        raise GameError.of("castle_new", territory=state.territory_param(tid), what=what)
    if tid in done:
        raise GameError.of("castle_once", territory=state.territory_param(tid), what=what)
    return t


def _build_vehicle(state: State, cmd: C.BuildTank | C.BuildAirplane, kind: Literal["tank", "airplane"],
                   events: list[Event]) -> None:
    turn = _the_turn(state, cmd.seat)
    seat = turn.seat
    card = state.card_in_play(seat, kind)
    if not card:
        raise GameError.of(f"no_{kind}_card", name=_name(state, seat))
    t = _castle_ready(state, seat, cmd.territory, turn.produced, msg("do.build_vehicle"))
    piece = kind + "s"
    if state.supply(piece) < 1:
        raise GameError.of(f"box_empty_{piece}", count=BOX[piece])
    _stage(state, turn, "BuildTank")
    cost = _discounted(state, seat, _needs(state, card, "cost", SUGGESTED_VEHICLE_COST))  # rd: Money
    _pay(state, seat, cost, msg(f"what.{kind}"))
    setattr(t, piece, getattr(t, piece) + 1)
    turn.produced.append(cmd.territory)
    events.append({"type": "built", "seat": seat, "piece": kind, "territory": cmd.territory, "paid": cost})
    if state.firsts[kind] is None:  # 10.6 the first wonders
        state.firsts[kind] = seat
        _gain_vp(state, seat, 2, events, f"first {kind}")


def _build_tank(state: State, cmd: C.BuildTank, events: list[Event]) -> None:
    _build_vehicle(state, cmd, "tank", events)


def _build_airplane(state: State, cmd: C.BuildAirplane, events: list[Event]) -> None:
    _build_vehicle(state, cmd, "airplane", events)


def _build_tower(state: State, cmd: C.BuildTower, events: list[Event]) -> None:
    """5.4.3: 20 florins, one per castle per turn, castles from earlier turns, at most 4."""
    turn = _the_turn(state, cmd.seat)
    seat = turn.seat
    t = _castle_ready(state, seat, cmd.territory, turn.towered, msg("do.take_tower"))
    if t.towers >= 4:
        raise GameError.of("four_towers", territory=state.territory_param(cmd.territory))
    if state.supply("towers") < 1:
        raise GameError.of("box_empty_towers", count=BOX["towers"])
    _stage(state, turn, "BuildTower")
    cost = _discounted(state, seat, TOWER_COST)
    _pay(state, seat, cost, msg("what.tower"))
    t.towers += 1
    turn.towered.append(cmd.territory)
    events.append({"type": "built", "seat": seat, "piece": "tower", "territory": cmd.territory, "paid": cost})
    if t.towers == 4 and state.firsts["perfect_city"] is None:
        state.firsts["perfect_city"] = seat
        _gain_vp(state, seat, 2, events, "first perfect city")


def _build_castle(state: State, cmd: C.BuildCastle, events: list[Event]) -> None:
    """5.4.4: 30 florins, an own territory without a castle; it ends the turn (Italian rulebook
    5.4.7 and the reference sheet: the English 5.4.4 does not say so)."""
    turn = _the_turn(state, cmd.seat)
    seat = turn.seat
    t = _own(state, seat, cmd.territory)
    if t.castle:
        raise GameError.of("has_castle", territory=state.territory_param(cmd.territory))
    if state.supply("castles") < 1:
        raise GameError.of("box_empty_castles", count=BOX["castles"])
    cost = _discounted(state, seat, CASTLE_COST)
    _pay(state, seat, cost, msg("what.castle"))
    t.castle = True
    turn.new_castles.append(cmd.territory)
    events.append({"type": "built", "seat": seat, "piece": "castle", "territory": cmd.territory, "paid": cost})
    _end_turn(state, events)


def _raid_limit(state: State, turn: Turn, kind: str) -> None:
    """5.4.6: at most 3 invasions and attacks together (variant: 3 of each)."""
    if state.variants.get("separate_limits"):
        used = turn.invasions if kind == "invasion" else turn.attacks
        if used >= MAX_RAIDS:
            raise GameError.of(f"raids_{kind}s", name=_name(state, turn.seat), count=MAX_RAIDS)
    elif turn.invasions + turn.attacks >= MAX_RAIDS:
        raise GameError.of("raids_total", name=_name(state, turn.seat), count=MAX_RAIDS)


def _reach(state: State, source: str, target: str) -> str | None:
    """'land' if the territories border (sea crossings included), 'sea' if they only share a
    sea zone, else None (7.1.2, 5.4.5)."""
    if target in state.board.land[source]:
        return "land"
    if state.board.share_sea(source, target):
        return "sea"
    return None


def _invade(state: State, cmd: C.Invade, events: list[Event]) -> None:
    """5.4.5: 10 florins, a free territory bordering the source or on the same sea."""
    turn = _the_turn(state, cmd.seat)
    seat = turn.seat
    src = _own(state, seat, cmd.source)
    dst = _territory(state, cmd.target)
    if dst.owner is not None:
        raise GameError.of("not_free", territory=state.territory_param(cmd.target), name=_name(state, dst.owner))
    if cmd.source == cmd.target or not _reach(state, cmd.source, cmd.target):
        raise GameError.of("out_of_reach", target=state.territory_param(cmd.target), source=state.territory_param(cmd.source))
    _check_army(state, seat, src, cmd.source, cmd.soldiers, cmd.tanks, cmd.airplanes, msg("what.invasion"))
    if cmd.soldiers < 1:
        raise GameError.of("invasion_one_soldier")
    _raid_limit(state, turn, "invasion")
    _stage(state, turn, "Invade")
    _pay(state, seat, INVADE_COST, msg("what.invasion"))
    src.soldiers -= cmd.soldiers
    src.tanks -= cmd.tanks
    src.airplanes -= cmd.airplanes
    dst.owner, dst.soldiers, dst.tanks, dst.airplanes = seat, cmd.soldiers, cmd.tanks, cmd.airplanes
    turn.invasions += 1
    events.append({"type": "invaded", "seat": seat, "source": cmd.source, "target": cmd.target,
                   "soldiers": cmd.soldiers, "tanks": cmd.tanks, "airplanes": cmd.airplanes})


def landing_losses(state: State, attacker: int, defender: int) -> int:
    """rd: Battle, sea raid: 1, +1 per defender Submarine, -1 per attacker Armoured Ship."""
    return max(0, 1 + state.count_in_play(defender, "submarine") - state.count_in_play(attacker, "armoured_ship"))


def _side_setup(state: State, seat: int, soldiers: int, tanks: int, airplanes: int) -> dict[str, Any]:
    cards: dict[str, int] = {}
    side: dict[str, Any] = {"soldiers": soldiers, "tanks": tanks, "airplanes": airplanes, "tank_card": None,
                            "airplane_card": None, "cards": cards}
    tank = state.card_in_play(seat, "tank")
    if tank and tanks:
        side["tank_card"] = {"dice": _needs(state, tank, "dice"), "hits": _needs(state, tank, "hits")}
    plane = state.card_in_play(seat, "airplane")
    if plane:
        # Hooks only limit upgrades; null (not entered) is accepted by the battle.
        side["airplane_card"] = {"hooks": state.printed(plane, "hooks")}
    for c in state.seats[seat].in_play:
        kind = state.kind(c)
        if kind in BATTLE_CARD_KINDS:
            cards[kind] = cards.get(kind, 0) + 1
    return side


def battle_setup(state: State, attacker: int, source: str, target: str, soldiers: int, tanks: int,
                 airplanes: int) -> dict[str, Any]:
    """The battle notation's input (without script) for an attack from the game state."""
    t = state.territories[target]
    defender = t.owner
    if defender is None:
        raise GameError.of("target_free", territory=state.territory_param(target))
    att = _side_setup(state, attacker, soldiers, tanks, airplanes)
    dfn = _side_setup(state, defender, t.soldiers, t.tanks, t.airplanes)
    dfn["castle"] = {"towers": t.towers} if t.castle else None
    variants = {"tank_explosion": state.variants.get("tank_explosion", "army")}
    if state.variants.get("only_defender_intercepts"):  # named only when chosen: older setups stay as they were
        variants["intercept"] = "defender"
    return {
        "attacker": att, "defender": dfn,
        "sea_raid": _reach(state, source, target) == "sea",
        "variants": variants,
    }


class BattleSeam(Protocol):
    """What the engine asks of the battle machine (docs/architecture.md, "The battle seam");
    positions and steps are plain JSON."""

    def start(self, setup: dict[str, Any], /) -> dict[str, Any]: ...

    def step(self, position: dict[str, Any], step: dict[str, Any], /) -> dict[str, Any]: ...

    def options(self, position: dict[str, Any], /) -> dict[str, Any]: ...

    def outcome(self, position: dict[str, Any], /) -> dict[str, Any]: ...


def _battle_module() -> BattleSeam:
    from . import battle  # lazy: a game without an attack never loads the battle machine

    return battle


def _attack(state: State, cmd: C.Attack, events: list[Event]) -> None:
    """7.1-7.2: 30 florins; up to 6 soldiers and 6 tanks+airplanes from one territory."""
    turn = _the_turn(state, cmd.seat)
    seat = turn.seat
    src = _own(state, seat, cmd.source)
    dst = _territory(state, cmd.target)
    if dst.owner is None:
        raise GameError.of("target_free", territory=state.territory_param(cmd.target))
    if dst.owner == seat:
        raise GameError.of("own_territory", territory=state.territory_param(cmd.target), name=_name(state, seat))
    defender = dst.owner
    if len(state.owned(defender)) <= 1:
        raise GameError.of("last_territory", territory=state.territory_param(cmd.target), name=_name(state, defender))
    how = _reach(state, cmd.source, cmd.target)
    if not how:
        raise GameError.of("out_of_reach", target=state.territory_param(cmd.target), source=state.territory_param(cmd.source))
    _check_army(state, seat, src, cmd.source, cmd.soldiers, cmd.tanks, cmd.airplanes, msg("what.attack"))
    if cmd.soldiers < 1:
        raise GameError.of("attack_one_soldier")
    if cmd.soldiers > 6:
        raise GameError.of("attack_max_soldiers")
    if cmd.tanks + cmd.airplanes > 6:
        raise GameError.of("attack_max_vehicles")
    if how == "sea":
        loss = landing_losses(state, seat, defender)
        if cmd.soldiers - loss < 1:
            raise GameError.of("sea_raid_loss", loss=loss, soldiers=cmd.soldiers)
    _raid_limit(state, turn, "attack")
    _stage(state, turn, "Attack")
    _can_pay(state, seat, ATTACK_COST, msg("what.attack"))  # before asking for the cards' printed values
    setup = battle_setup(state, seat, cmd.source, cmd.target, cmd.soldiers, cmd.tanks, cmd.airplanes)
    battle = _battle_module()
    _pay(state, seat, ATTACK_COST, msg("what.attack"))
    position = battle.start(setup)
    src.soldiers -= cmd.soldiers
    src.tanks -= cmd.tanks
    src.airplanes -= cmd.airplanes
    turn.attacks += 1
    state.battle = {
        "attacker": seat, "defender": defender, "source": cmd.source, "target": cmd.target,
        "sea_raid": setup["sea_raid"],
        "army": {"soldiers": cmd.soldiers, "tanks": cmd.tanks, "airplanes": cmd.airplanes},
        "setup": setup, "position": position, "steps": [],
    }
    state.phase = Phase.BATTLE
    events.append({"type": "attack", "seat": seat, "defender": defender, "source": cmd.source,
                   "target": cmd.target, "sea_raid": setup["sea_raid"], **state.battle["army"]})
    _battle_maybe_over(state, battle, events)


def _battle_step(state: State, cmd: C.BattleStep, events: list[Event]) -> None:
    _phase(state, Phase.BATTLE)
    if not isinstance(cmd.step, dict):
        raise GameError.of("battle_step_object")
    battle = _battle_module()
    b = state.current_battle()
    b["position"] = battle.step(b["position"], dict(cmd.step))
    b["steps"].append(dict(cmd.step))
    events.append({"type": "battle_step", "step": dict(cmd.step), "reveal": True})
    _battle_maybe_over(state, battle, events)


def _battle_maybe_over(state: State, battle: BattleSeam, events: list[Event]) -> None:
    out = battle.outcome(state.current_battle()["position"])
    if out.get("over"):
        _resolve_battle(state, out, events)


def _resolve_battle(state: State, out: dict[str, Any], events: list[Event]) -> None:
    """7.3.8-7.3.10, 8: the outcome applied to the territory; destroyed pieces to the supply."""
    b = state.current_battle()
    att, dfn = b["attacker"], b["defender"]
    src, tgt = state.territories[b["source"]], state.territories[b["target"]]
    army = b["army"]
    a_left, d_left = out["attacker"], out["defender"]
    captured = out.get("captured") or {"tanks": 0, "airplanes": 0}
    state.seats[att].reserve += army["soldiers"] - a_left["soldiers"]
    state.seats[dfn].reserve += tgt.soldiers - d_left["soldiers"]
    if tgt.castle and out.get("castle") is not None:
        tgt.towers = out["castle"]["towers"]
    winner = out.get("winner")
    if winner == "attacker":
        tgt.owner = att
        tgt.soldiers = a_left["soldiers"]
        tgt.tanks = a_left["tanks"] + captured["tanks"]
        tgt.airplanes = a_left["airplanes"] + captured["airplanes"]
    elif winner == "defender":
        tgt.soldiers = d_left["soldiers"]
        tgt.tanks = d_left["tanks"] + captured["tanks"]
        tgt.airplanes = d_left["airplanes"] + captured["airplanes"]
    else:  # 7.3.10: the attacker retreats; survivors go home
        src.soldiers += a_left["soldiers"]
        src.tanks += a_left["tanks"]
        src.airplanes += a_left["airplanes"]
        tgt.soldiers = d_left["soldiers"]
        tgt.tanks = d_left["tanks"]
        tgt.airplanes = d_left["airplanes"]
    events.append({"type": "battle_over", "winner": winner, "retreated": bool(out.get("retreated")),
                   "source": b["source"], "target": b["target"], "attacker": att, "defender": dfn,
                   "losses": out.get("losses"), "reveal": True})
    state.battle = None
    state.phase = Phase.TURNS
    for s in range(state.n):  # 11.3: the target is checked whenever anything changes
        if state.seats[s].vp >= state.target and state.winner is None:
            state.winner = s
            state.phase = Phase.OVER
            events.append({"type": "game_over", "winner": s, "vp": state.seats[s].vp})


def land_path(state: State, seat: int, source: str, target: str) -> bool:
    """9.3: a continuous chain of the player's own territories by land."""
    seen = {source}
    frontier = [source]
    land = state.board.land
    terr = state.territories
    while frontier:
        here = frontier.pop()
        for nb in land[here]:
            if nb == target:
                return True
            if nb not in seen and terr[nb].owner == seat:
                seen.add(nb)
                frontier.append(nb)
    return False


def _move(state: State, cmd: C.Move, events: list[Event]) -> None:
    """5.4.7, 9: once per turn, up to 3 moves made together."""
    turn = _the_turn(state, cmd.seat)
    seat = turn.seat
    if turn.moved:
        raise GameError.of("already_moved", name=_name(state, seat))
    moves = list(cmd.moves)
    if not 1 <= len(moves) <= 3:
        raise GameError.of("move_count")
    done: list[MoveDone] = []
    for i, m in enumerate(moves, 1):
        if not isinstance(m, dict):
            raise GameError.of("move_object", n=i)
        extra = set(m) - {"source", "target", "soldiers", "tanks", "airplanes", "by"}
        if extra:
            raise GameError.of("move_field", n=i, field=repr(sorted(extra)[0]))
        source = _territory_id(state, m.get("source"))
        src = _own(state, seat, source)
        target = _territory_id(state, m.get("target"))
        dst = _own(state, seat, target)
        if source == target:
            raise GameError.of("move_nowhere", n=i)
        soldiers, tanks, airplanes = m.get("soldiers", 0), m.get("tanks", 0), m.get("airplanes", 0)
        _check_army(state, seat, src, source, soldiers, tanks, airplanes, msg("what.move", n=i))
        if soldiers + tanks + airplanes == 0:
            raise GameError.of("move_nothing", n=i)
        by = m.get("by")
        if by not in (None, "land", "sea"):
            raise GameError.of("move_by", n=i)
        land_ok = by != "sea" and land_path(state, seat, source, target)
        sea_ok = by != "land" and state.board.share_sea(source, target)
        if not (land_ok or sea_ok):
            how = msg(f"how.{by or 'either'}")
            raise GameError.of("move_unreachable", n=i, target=state.territory_param(target), source=state.territory_param(source), how=how)
        src.soldiers -= soldiers
        src.tanks -= tanks
        src.airplanes -= airplanes
        dst.soldiers += soldiers
        dst.tanks += tanks
        dst.airplanes += airplanes
        done.append({"source": source, "target": target, "soldiers": soldiers, "tanks": tanks,
                     "airplanes": airplanes, "by": "land" if land_ok else "sea"})
    turn.moved = True
    events.append({"type": "moved", "seat": seat, "moves": done})


def _end_turn_cmd(state: State, cmd: C.EndTurn, events: list[Event]) -> None:
    _the_turn(state, cmd.seat)
    _end_turn(state, events)


def _end_turn(state: State, events: list[Event]) -> None:
    seat = state.current_turn().seat
    events.append({"type": "turn_ended", "seat": seat})
    i = state.turn_order.index(seat) + 1
    if i < len(state.turn_order):
        state.turn = Turn(seat=state.turn_order[i])
        events.append({"type": "turn", "seat": state.turn.seat})
        return
    _score_round(state, events)
    if state.winner is None:
        _start_round(state, events)


# ---------------------------------------------------------------------------------------
# scoring


def _most(counts: dict[int, int]) -> dict[int, int]:
    """10.2-10.4: most wins 2; two tied 1 each; three or more tied nothing; 0 scores nothing."""
    best = max(counts.values())
    if best == 0:
        return {}
    top = [s for s, c in counts.items() if c == best]
    if len(top) == 1:
        return {top[0]: 2}
    if len(top) == 2:
        return {s: 1 for s in top}
    return {}


def round_points(state: State) -> dict[int, dict[str, int]]:
    """What each player scores at the end of this round, award by award (10.1-10.5)."""
    seats = range(state.n)
    workshop = {s: len(state.seats[s].in_play) for s in seats}
    court = {s: len(state.castles_of(s)) for s in seats}
    crown = {s: len(state.owned(s)) for s in seats}
    out: dict[int, dict[str, int]] = {s: {} for s in seats}
    if state.leonardo is not None:
        out[state.leonardo]["leonardo"] = 2
    for name, counts in (("workshop", workshop), ("great_court", court), ("imperial_crown", crown)):
        for s, vp in _most(counts).items():
            out[s][name] = vp
    for s in seats:
        perfect = sum(1 for tid in state.castles_of(s) if state.territories[tid].towers == 4)
        if perfect:
            out[s]["perfect_cities"] = perfect
    return out


def scoring_order(state: State) -> list[int]:
    """11.2: leader first; equal scores from the Leonardo holder (first) clockwise."""
    holder = state.leonardo or 0
    return sorted(range(state.n), key=lambda s: (-state.seats[s].vp, distance(holder, s, state.n)))


def _score_round(state: State, events: list[Event]) -> None:
    points = round_points(state)
    events.append({"type": "round_scoring", "round": state.round, "points": {str(s): p for s, p in points.items()}})
    for s in scoring_order(state):
        _gain_vp(state, s, sum(points[s].values()), events, "end of round")
        if state.winner is not None:
            return


# ---------------------------------------------------------------------------------------
# ending by agreement


def _end_by_agreement(state: State, cmd: C.EndByAgreement, events: list[Event]) -> None:
    """rd: Running out of cards, and ending by agreement: the most VP wins; equal VP are
    broken by the scoring order (the Leonardo holder first, then clockwise)."""
    reason = cmd.reason.strip()
    if not reason:
        raise GameError.of("agreement_reason")
    order = scoring_order(state)
    winner = order[0]
    state.winner = winner
    state.phase = Phase.OVER
    state.ended = {"by": "agreement", "reason": reason, "round": state.round}
    over: GameOver = {"type": "game_over", "winner": winner, "vp": state.seats[winner].vp, "by": "agreement",
                      "reason": reason, "order": order}
    if state.auction is not None and not state.auction.revealed and state.auction.bids:
        # the game is over: bids locked before it have nothing left to hide, and the record
        # must replay, so the journal opens them (the screen never shows them: no reveal)
        over.update({"reveal": True, "opens": ["bids"]})
    events.append(over)


def outcome(state: State) -> Outcome | None:
    """How the game ended, None while it goes on: the winner, why (``"target_reached"``, 11.3,
    or ``"by_agreement"``, keys of the game's catalogue) and every seat's VP. The reason the
    table gave for ending by agreement is in ``state.ended``."""
    if state.phase != Phase.OVER or state.winner is None:
        return None
    reason = "by_agreement" if state.ended is not None and state.ended.get("by") == "agreement" else "target_reached"
    return Outcome((state.winner,), reason, {"vp": [p.vp for p in state.seats]})


# ---------------------------------------------------------------------------------------
# printed values


def _set_card_value(state: State, cmd: C.SetCardValue, events: list[Event]) -> None:
    if cmd.card not in state.cards:
        raise GameError.of("no_card", card=repr(cmd.card))
    kind = state.kind(cmd.card)
    fields = CARD_FIELDS.get(kind, ("activation",))
    if cmd.field not in fields:
        shown = {**state.card_label(cmd.card), "en": kind}  # English keeps the kind's id
        raise GameError.of("card_no_field", kind=shown, field=repr(cmd.field),
                           fields=[msg(f"field.{f}") for f in fields] or msg("nothing"))
    v = cmd.value
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise GameError.of("printed_whole")
    if cmd.field in ("cost", "activation"):
        check_tens(v, msg("what.printed_cost"))
    if cmd.field == "dice" and not 1 <= v <= 6:
        raise GameError.of("tank_dice")
    if cmd.field == "hits" and v < 1:
        raise GameError.of("tank_hits")
    if cmd.field in ("hits", "hooks", "vp") and v > 10:
        raise GameError.of("implausible_value", value=v, field=msg(f"field.{cmd.field}"))
    if cmd.field == "hooks":
        for seat, p in enumerate(state.seats):
            used = sum(1 for c in p.in_play if state.cards[c]["upgrade"] == "airplane")
            if cmd.card in p.in_play and used > v:
                raise GameError.of("hooks_below_used", name=p.name, used=used, value=v)
    state.card_values = {**state.card_values, cmd.card: {**state.card_values.get(cmd.card, {}), cmd.field: v}}
    events.append({"type": "card_value", "card": cmd.card, "field": cmd.field, "value": v})


_HANDLERS: dict[type[Any], Handler] = {
    C.RemoveCards: _remove_cards, C.StartOrderRoll: _start_order_roll, C.PlaceFirstCastle: _place_first_castle,
    C.Recruit: _recruit, C.DrawAuction: _draw_auction, C.LockBid: _lock_bid, C.UnlockBid: _unlock_bid,
    C.ChooseCard: _choose_card, C.PassChoice: _pass_choice, C.Activate: _activate, C.BuildTank: _build_tank,
    C.BuildAirplane: _build_airplane, C.BuildTower: _build_tower, C.BuildCastle: _build_castle,
    C.Invade: _invade, C.Attack: _attack, C.Move: _move, C.EndTurn: _end_turn_cmd,
    C.BattleStep: _battle_step, C.SetCardValue: _set_card_value,
    C.Correct: corrections.correct, C.EndByAgreement: _end_by_agreement,
}


from .legality import legal as legal  # noqa: E402  (legal() is built on check(); re-exported)
