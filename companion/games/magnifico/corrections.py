"""Corrections by hand (issue 4): the table sets a counter, with its reason.

Past the last reveal undo cannot help; the table then corrects the books by hand with
``Correct(target, value, reason)``. It is a command like any other (journal, record, log),
taken in any phase, also after the end, and never a reveal. Every correction keeps what
the rules keep: florins in tens up to 300, pieces within the box (castles 16, towers 40,
tanks 20, airplanes 20, each army's soldiers), one owner per territory, every card in one
place, one Leonardo holder.

Targets and values (docs/record-format.md, docs/storage.md):

- ``{"seat": n, "counter": "florins"}``: 0..300 in tens; ``"vp"``: 0 or more;
  ``"soldiers_left"``: the soldiers off the board, 0..(army - score marker - soldiers on
  the board).
- ``{"territory": id, "counter": "soldiers" | "tanks" | "airplanes" | "towers"}``: a number;
  ``"owner"``: a seat or None; ``"castle"``: True/False.
- ``{"card": id, "counter": "place"}``: ``{"seat": n, "in": "store" | "in_play"}``,
  ``"deck"`` or ``"removed"``; the Leonardo card: ``{"seat": n}`` (the holder).

Where the rules and the spec are silent, corrections do this:

- A correction never ends a game nor un-ends one: during play a player's victory points
  can be set up to one below the target; after the end the winner stays the winner.
- Soldiers are conserved: soldiers set on a territory come from its owner's soldiers off
  the board and go back there. A new owner of a free territory puts 1 soldier on it (a
  territory is held by its soldiers); a territory changing hands changes the colour of
  its soldiers (the old owner gets them back off the board, the new one gives as many);
  tanks, airplanes, the castle and its towers stay. An owner set to nobody takes the
  soldiers back off the board, and only a territory without tanks, airplanes or castle
  can become free.
- ``soldiers_left`` is the one correction that changes an army's size in play: lowering
  it puts soldiers aside (lost from the box), raising it brings them back.
- Removing a castle puts its towers back in the supply.
- A card set to ``"deck"`` goes back among its deck's unseen cards; Tank and Airplane
  cards are only ever in play (5.3.7); an upgrade goes into play only beside its Tank or
  Airplane card and within the Airplane's hooks; a Tank or Airplane card leaves play only
  once its upgrades have.
- Not corrected while they are in use: the territories a battle is fought over (until it
  ends), the cards on auction, anything before the setup's cards are removed; a bidder's
  florins while the bid is locked (the refusal must not hint at the sealed amount), a
  bidder's florins below 10 before the reveal, and a chooser's below the revealed bid; a
  player still choosing where to recruit must stay short of soldiers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.i18n import Message, msg
from companion.errors import GameError

from . import commands as C
from .events import Event
from .money import check_tens
from .state import BOX, VEHICLE_KINDS, Deck, Phase, State

Place = dict[str, Any] | str | None
"""Where a card is: ``{"seat", "in"}``, ``"deck"``, ``"removed"``, ``"auction"``; the Leonardo
card: ``{"seat"}`` of its holder, or None."""

MAX_FLORINS = 300  # 5.1.3, rules-decisions: Money (engine.CAP)
MAX_TOWERS = 4  # a perfect city

COUNTERS = {
    "seat": ("florins", "vp", "soldiers_left"),
    "territory": ("soldiers", "tanks", "airplanes", "towers", "owner", "castle"),
    "card": ("place",),
}


def apply(state: State, cmd: C.Correct) -> tuple[State, list[Event]]:
    """``engine.apply`` for a ``Correct`` (any phase): the new state and the event."""
    new = state.copy()
    events: list[Event] = []
    correct(new, cmd, events)
    return new, events


def correct(state: State, cmd: C.Correct, events: list[Event]) -> None:
    """The ``Correct`` handler: set the counter on ``state`` (a copy) or raise GameError."""
    reason = _reason(cmd.reason)
    target = _target(state, cmd.target)
    value = cmd.value
    old: Any
    if "seat" in target:
        old = _SEAT[target["counter"]](state, target["seat"], value)
    elif "territory" in target:
        old = _territory_counter(state, target["territory"], target["counter"], value)
    else:
        old = _card_place(state, target["card"], value)
    _still_playable(state)
    events.append({"type": "corrected", "target": dict(target), "from": old, "to": _plain(value),
                   "reason": reason})


# ---- the command's shape -------------------------------------------------------------


def _reason(reason: object) -> str:
    if not isinstance(reason, str) or not reason.strip():
        raise GameError.of("correct.needs_reason")
    return reason.strip()


def _target(state: State, target: object) -> dict[str, Any]:
    if not isinstance(target, dict):
        raise GameError.of("correct.target_object", example='{"seat": 0, "counter": "florins"}')
    keys = [k for k in COUNTERS if k in target]
    if len(keys) != 1:
        raise GameError.of("correct.target_one")
    what = keys[0]
    extra = set(target) - {what, "counter"}
    if extra:
        raise GameError.of("correct.target_field", field=repr(sorted(extra)[0]))
    counter = target.get("counter")
    if counter not in COUNTERS[what]:
        raise GameError.of(f"correct.no_counter.{what}", counter=repr(counter), counters=", ".join(COUNTERS[what]))
    key = target[what]
    if what == "seat":
        if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key < state.n:
            raise GameError.of("no_seat", seat=repr(key))
    elif what == "territory":
        if not isinstance(key, str) or key not in state.territories:
            raise GameError.of("no_territory", territory=repr(key))
    elif not isinstance(key, str) or key not in state.cards:
        raise GameError.of("no_card", card=repr(key))
    return {what: key, "counter": counter}


def _number(value: object, what: Message) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise GameError.of("correct.not_a_count", what=what, value=repr(value))
    return value


def _plain(value: object) -> object:
    return dict(value) if isinstance(value, dict) else value


def _name(state: State, seat: int) -> str:
    return state.seats[seat].name


# ---- a player's counters -------------------------------------------------------------


def _florins(state: State, seat: int, value: object) -> int:
    """5.1.3, rules-decisions: Money: in tens, nobody ever holds more than 300."""
    p = state.seats[seat]
    value = check_tens(value, msg("correct.what.money", name=p.name))
    if not 0 <= value <= MAX_FLORINS:
        raise GameError.of("correct.florins_range", most=MAX_FLORINS, name=p.name, value=value)
    a = state.auction
    if a is not None and state.phase == Phase.BIDDING and seat in a.bidders:
        if seat in a.bids:
            raise GameError.of("correct.bid_locked", name=p.name)
        if value < 10:
            raise GameError.of("correct.bidder_keeps_10", name=p.name)
    if (a is not None and state.phase == Phase.CHOOSING and seat in a.bidders and seat not in a.done
            and value < a.bids[seat]):
        bid = a.bids[seat]
        raise GameError.of("correct.chooser_keeps_bid", name=p.name, bid=bid)
    old, p.florins = p.florins, value
    return old


def _vp(state: State, seat: int, value: object) -> int:
    """Corrections never end a game (11.3 is left to the rules' own scoring)."""
    p = state.seats[seat]
    value = _number(value, msg("correct.what.vp", name=p.name))
    if state.winner is None and value >= state.target:
        raise GameError.of("correct.vp_below_target", name=p.name, most=state.target - 1, target=state.target)
    old, p.vp = p.vp, value
    return old


def soldiers_on_board(state: State, seat: int) -> int:
    """The seat's soldiers on the map, an attacking army in a battle included."""
    n = sum(t.soldiers for t in state.territories.values() if t.owner == seat)
    if state.battle and state.battle["attacker"] == seat:
        n += state.battle["army"]["soldiers"]
    return n


def _soldiers_left(state: State, seat: int, value: object) -> int:
    """rules-decisions: Pieces are limited by the box: the army's soldiers, one the score marker."""
    p = state.seats[seat]
    value = _number(value, msg("correct.what.soldiers_left", name=p.name))
    most = state.soldiers_per_army - 1 - soldiers_on_board(state, seat)
    if value > most:
        raise GameError.of("correct.army_size", name=p.name, army=state.soldiers_per_army,
                           on_board=soldiers_on_board(state, seat), most=most, value=value)
    # rulebook 4.8: the first castle takes 2 soldiers from the army; they must be there to take
    setup = 2 if state.phase in (Phase.REMOVE_CARDS, Phase.START_ROLL) or seat in state.castle_order else 0
    if value < setup:
        raise GameError.of("correct.first_castle_soldiers", name=p.name, least=setup, value=value)
    old, p.reserve = p.reserve, value
    return old


_SEAT: dict[str, Callable[[State, int, object], int]] = {"florins": _florins, "vp": _vp, "soldiers_left": _soldiers_left}


# ---- a territory's counters ------------------------------------------------------------


def _territory_counter(state: State, tid: str, counter: str, value: object) -> int | bool | None:
    t = state.territories[tid]
    place = state.territory_param(tid)
    b = state.battle
    if b and tid in (b["source"], b["target"]):
        raise GameError.of("correct.in_battle", territory=place)
    if counter == "owner":
        return _owner(state, tid, value)
    if counter == "castle":
        return _castle(state, tid, value)
    value = _number(value, msg(f"correct.what.count.{counter}", territory=place))
    old: int = getattr(t, counter)
    if t.owner is None and (value or counter == "soldiers"):
        raise GameError.of("correct.free_owner_first", territory=place)
    if counter == "soldiers":
        assert t.owner is not None  # a free territory was refused above
        if value < 1:
            raise GameError.of("correct.keep_one_soldier", territory=place)
        _take_soldiers(state, t.owner, value - old, msg("correct.cannot_get_more", territory=place, count=value - old))
        t.soldiers = value
        return old
    if counter == "towers":
        if value and not t.castle:
            raise GameError.of("correct.towers_need_castle", territory=place)
        if value > MAX_TOWERS:
            raise GameError.of("correct.max_towers", most=MAX_TOWERS, value=value)
    piece = counter  # "tanks", "airplanes", "towers": the box's own names
    if value - old > state.supply(piece):
        raise GameError.of(f"correct.box_supply.{piece}", count=BOX[piece], in_use=BOX[piece] - state.supply(piece),
                           territory=place, most=old + state.supply(piece))
    setattr(t, counter, value)
    return old


def _take_soldiers(state: State, seat: int, count: int, what: Message) -> None:
    """Soldiers to the board from the seat's soldiers off it (a negative count: back)."""
    p = state.seats[seat]
    if count > p.reserve:
        raise GameError.of("correct.reserve_short", name=p.name, reserve=p.reserve, what=what)
    p.reserve -= count


def _owner(state: State, tid: str, value: object) -> int | None:
    t = state.territories[tid]
    place = state.territory_param(tid)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < state.n):
        raise GameError.of("correct.owner_value", last=state.n - 1, value=repr(value))
    old = t.owner
    if value == old:
        return old
    if value is None:
        left = [msg(f"correct.left.{w}", count=k) for k, w in ((t.tanks, "tanks"), (t.airplanes, "airplanes")) if k]
        left += [msg("correct.left.castle")] if t.castle else []
        if left:
            pieces = left[0]
            for more in left[1:]:
                pieces = msg("correct.and", first=pieces, then=more)
            raise GameError.of("correct.free_is_empty", territory=place, pieces=pieces)
        assert old is not None  # value == old was answered above
        state.seats[old].reserve += t.soldiers
        t.owner, t.soldiers = None, 0
        return old
    count = t.soldiers if old is not None else 1
    colour = msg("correct.cannot_change_colour", count=count, territory=place, name=_name(state, value))
    _take_soldiers(state, value, count, colour)
    if old is not None:
        state.seats[old].reserve += t.soldiers
    t.owner, t.soldiers = value, count
    return old


def _castle(state: State, tid: str, value: object) -> bool:
    t = state.territories[tid]
    place = state.territory_param(tid)
    if not isinstance(value, bool):
        raise GameError.of("correct.castle_value", value=repr(value))
    old = t.castle
    if value and not old:
        if t.owner is None:
            raise GameError.of("correct.free_owner_first", territory=place)
        if state.supply("castles") < 1:
            raise GameError.of("box_empty_castles", count=BOX["castles"])
    t.castle = value
    if not value:
        t.towers = 0  # back to the supply
    return old


# ---- a card's place ------------------------------------------------------------------


def card_place(state: State, card: str) -> Place:
    """Where a card is: ``{"seat", "in"}``, ``"deck"``, ``"removed"`` or ``"auction"``
    (the Leonardo card: ``{"seat"}`` of the holder, or None before the start roll)."""
    if state.kind(card) == "leonardo":
        return None if state.leonardo is None else {"seat": state.leonardo}
    for seat, p in enumerate(state.seats):
        for part in ("store", "in_play"):
            if card in getattr(p, part):
                return {"seat": seat, "in": part}
    if card in state.removed:
        return "removed"
    if state.auction and card in state.auction.cards:
        return "auction"
    return "deck"


def _card_place(state: State, card: str, value: object) -> Place:
    name = state.card_param(card)
    if state.kind(card) == "leonardo":
        return _leonardo(state, value)
    if state.phase == Phase.REMOVE_CARDS:
        raise GameError.of("correct.cards_after_setup")
    old = card_place(state, card)
    if old == "auction":
        raise GameError.of("correct.card_on_auction", card_name=name, card=card)
    new: Place
    if value == "deck" or value == "removed":
        new = value
    elif isinstance(value, dict) and set(value) == {"seat", "in"} and value["in"] in ("store", "in_play"):
        seat = value["seat"]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
            raise GameError.of("no_seat", seat=repr(seat))
        new = {"seat": seat, "in": value["in"]}
    else:
        raise GameError.of("correct.card_place_value", store='{"seat": n, "in": "store"}',
                           in_play='{"seat": n, "in": "in_play"}', value=repr(value))
    if new == old:
        return old
    _leave(state, card, old)
    _enter(state, card, new, name)
    return old


def _leonardo(state: State, value: object) -> Place:
    """rules-decisions: Setup, Auction: exactly one holder, once the start roll has one."""
    if state.leonardo is None:
        raise GameError.of("correct.leonardo_before_roll")
    if not isinstance(value, dict) or set(value) != {"seat"}:
        raise GameError.of("correct.leonardo_place_value", holder='{"seat": n}', value=repr(value))
    seat = value["seat"]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
        raise GameError.of("no_seat", seat=repr(seat))
    old = {"seat": state.leonardo}
    state.leonardo = seat
    return old


def _leave(state: State, card: str, old: Place) -> None:
    if old == "removed":
        state.removed.remove(card)
    elif old == "deck":
        deck = _deck(state, card)
        for part in (deck["unknown"], deck["bottom"]):
            if card in part:
                part.remove(card)
    elif isinstance(old, dict):
        p = state.seats[old["seat"]]
        kind = state.kind(card)
        if kind in VEHICLE_KINDS and old["in"] == "in_play":
            upgrades = [state.card_param(c) for c in p.in_play if state.cards[c]["upgrade"] == kind]
            if upgrades:
                raise GameError.of(f"correct.upgrades_first.{kind}", name=p.name, cards=upgrades)
        getattr(p, old["in"]).remove(card)


def _enter(state: State, card: str, new: Place, name: dict[str, str]) -> None:
    if new == "removed":
        state.removed.append(card)
        return
    if new == "deck":
        _deck(state, card)["unknown"].append(card)  # back among the unseen cards
        return
    assert isinstance(new, dict)  # _card_place allows no other place
    p = state.seats[new["seat"]]
    kind = state.kind(card)
    if kind in VEHICLE_KINDS:
        if new["in"] == "store":
            raise GameError.of(f"correct.vehicle_not_in_store.{kind}", card_name=name, card=card)
        if state.card_in_play(new["seat"], kind):
            raise GameError.of(f"correct.already_has.{kind}", name=p.name)
    upgrade = state.cards[card]["upgrade"]
    if new["in"] == "in_play" and upgrade:
        vehicle = state.card_in_play(new["seat"], upgrade)
        if not vehicle:
            raise GameError.of(f"correct.upgrade_needs.{upgrade}", card_name=name, card=card, name=p.name)
        hooks = state.printed(vehicle, "hooks") if upgrade == "airplane" else None
        used = sum(1 for c in p.in_play if state.cards[c]["upgrade"] == "airplane")
        if hooks is not None and used >= hooks:
            raise GameError.of("correct.hooks_full", name=p.name, hooks=hooks)
    getattr(p, new["in"]).append(card)


def _deck(state: State, card: str) -> Deck:
    return state.decks["vehicles" if state.kind(card) in VEHICLE_KINDS else "projects"]


# ---- what the next commands need ---------------------------------------------------------


def _still_playable(state: State) -> None:
    """A player still choosing where to recruit (5.2.3) must stay short of soldiers, or the
    choice could never be made."""
    if state.phase != Phase.RECRUIT:
        return
    for seat in state.recruit_pending:
        owned = len(state.owned(seat))
        if state.seats[seat].reserve >= owned:
            raise GameError.of("correct.recruit_pending", name=_name(state, seat), owned=owned)
