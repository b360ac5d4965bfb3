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
        raise GameError("a correction needs a reason, so the log can tell why")
    return reason.strip()


def _target(state: State, target: object) -> dict[str, Any]:
    if not isinstance(target, dict):
        raise GameError('a correction\'s target is an object such as {"seat": 0, "counter": "florins"}')
    keys = [k for k in COUNTERS if k in target]
    if len(keys) != 1:
        raise GameError("a correction's target names one seat, one territory or one card")
    what = keys[0]
    extra = set(target) - {what, "counter"}
    if extra:
        raise GameError(f"a correction's target has no field {sorted(extra)[0]!r}")
    counter = target.get("counter")
    if counter not in COUNTERS[what]:
        raise GameError(f"a {what} has no counter {counter!r} to correct (it has: {', '.join(COUNTERS[what])})")
    key = target[what]
    if what == "seat":
        if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key < state.n:
            raise GameError(f"there is no seat {key!r}")
    elif what == "territory":
        if not isinstance(key, str) or key not in state.territories:
            raise GameError(f"there is no territory {key!r} on this map")
    elif not isinstance(key, str) or key not in state.cards:
        raise GameError(f"there is no card {key!r} in this box")
    return {what: key, "counter": counter}


def _number(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise GameError(f"{what} must be a whole number, 0 or more, not {value!r}")
    return value


def _plain(value: object) -> object:
    return dict(value) if isinstance(value, dict) else value


def _name(state: State, seat: int) -> str:
    return state.seats[seat].name


# ---- a player's counters -------------------------------------------------------------


def _florins(state: State, seat: int, value: object) -> int:
    """5.1.3, rules-decisions: Money: in tens, nobody ever holds more than 300."""
    p = state.seats[seat]
    value = check_tens(value, f"{p.name}'s money")
    if not 0 <= value <= MAX_FLORINS:
        raise GameError(f"a player holds 0 to {MAX_FLORINS} florins (5.1.3): {p.name} cannot hold {value}")
    a = state.auction
    if a is not None and state.phase == Phase.BIDDING and seat in a.bidders:
        if seat in a.bids:
            raise GameError(
                f"{p.name}'s bid is locked: correct {p.name}'s florins after the reveal, or unlock the bid first"
            )
        if value < 10:
            raise GameError(f"{p.name} is bidding and keeps at least 10 florins until the bids are revealed")
    if (a is not None and state.phase == Phase.CHOOSING and seat in a.bidders and seat not in a.done
            and value < a.bids[seat]):
        bid = a.bids[seat]
        raise GameError(f"{p.name} bid {bid} and has still to choose a card: {p.name}'s florins cannot go below {bid}")
    old, p.florins = p.florins, value
    return old


def _vp(state: State, seat: int, value: object) -> int:
    """Corrections never end a game (11.3 is left to the rules' own scoring)."""
    p = state.seats[seat]
    value = _number(value, f"{p.name}'s victory points")
    if state.winner is None and value >= state.target:
        raise GameError(
            f"a correction does not end the game: {p.name}'s victory points can be set to at most "
            f"{state.target - 1} (the target is {state.target})"
        )
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
    value = _number(value, f"{p.name}'s soldiers off the board")
    most = state.soldiers_per_army - 1 - soldiers_on_board(state, seat)
    if value > most:
        raise GameError(
            f"{p.name}'s army has {state.soldiers_per_army} soldiers, one the score marker and "
            f"{soldiers_on_board(state, seat)} on the board: at most {most} can be off the board, not {value}"
        )
    # rulebook 4.8: the first castle takes 2 soldiers from the army; they must be there to take
    setup = 2 if state.phase in (Phase.REMOVE_CARDS, Phase.START_ROLL) or seat in state.castle_order else 0
    if value < setup:
        raise GameError(
            f"{p.name} still places a first castle with 2 soldiers: at least {setup} must stay off the board, "
            f"not {value}"
        )
    old, p.reserve = p.reserve, value
    return old


_SEAT: dict[str, Callable[[State, int, object], int]] = {"florins": _florins, "vp": _vp, "soldiers_left": _soldiers_left}


# ---- a territory's counters ------------------------------------------------------------


def _territory_counter(state: State, tid: str, counter: str, value: object) -> int | bool | None:
    t = state.territories[tid]
    place = state.board.name(tid)
    b = state.battle
    if b and tid in (b["source"], b["target"]):
        raise GameError(f"a battle is being fought from or over {place}: correct it once the battle is over")
    if counter == "owner":
        return _owner(state, tid, value)
    if counter == "castle":
        return _castle(state, tid, value)
    value = _number(value, f"the number of {counter} in {place}")
    old: int = getattr(t, counter)
    if t.owner is None and (value or counter == "soldiers"):
        raise GameError(f"{place} is free: set its owner first")
    if counter == "soldiers":
        assert t.owner is not None  # a free territory was refused above
        if value < 1:
            raise GameError(
                f"a territory is held by its soldiers: {place} keeps at least 1 (to free it, set its owner to nobody)"
            )
        _take_soldiers(state, t.owner, value - old, f"{place} cannot get {value - old} more")
        t.soldiers = value
        return old
    if counter == "towers":
        if value and not t.castle:
            raise GameError(f"{place} has no castle: towers stand only on a castle")
        if value > MAX_TOWERS:
            raise GameError(f"a castle has at most {MAX_TOWERS} towers, not {value}")
    piece = counter  # "tanks", "airplanes", "towers": the box's own names
    if value - old > state.supply(piece):
        raise GameError(
            f"the box has {BOX[piece]} {piece} and {BOX[piece] - state.supply(piece)} are in use: "
            f"{place} can have at most {old + state.supply(piece)}"
        )
    setattr(t, counter, value)
    return old


def _take_soldiers(state: State, seat: int, count: int, what: str) -> None:
    """Soldiers to the board from the seat's soldiers off it (a negative count: back)."""
    p = state.seats[seat]
    if count > p.reserve:
        raise GameError(f"{p.name} has only {p.reserve} soldiers off the board: {what}")
    p.reserve -= count


def _owner(state: State, tid: str, value: object) -> int | None:
    t = state.territories[tid]
    place = state.board.name(tid)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < state.n):
        raise GameError(f"the owner is a seat (0 to {state.n - 1}) or nobody (null), not {value!r}")
    old = t.owner
    if value == old:
        return old
    if value is None:
        left = [f"{k} {w}" for k, w in ((t.tanks, "tank(s)"), (t.airplanes, "airplane(s)")) if k]
        left += ["a castle"] if t.castle else []
        if left:
            raise GameError(f"{place} still has {' and '.join(left)}: correct those first, a free territory is empty")
        assert old is not None  # value == old was answered above
        state.seats[old].reserve += t.soldiers
        t.owner, t.soldiers = None, 0
        return old
    count = t.soldiers if old is not None else 1
    colour = f"the {count} soldier(s) in {place} cannot change to {_name(state, value)}'s colour"
    _take_soldiers(state, value, count, colour)
    if old is not None:
        state.seats[old].reserve += t.soldiers
    t.owner, t.soldiers = value, count
    return old


def _castle(state: State, tid: str, value: object) -> bool:
    t = state.territories[tid]
    place = state.board.name(tid)
    if not isinstance(value, bool):
        raise GameError(f"a castle is there (true) or not (false), not {value!r}")
    old = t.castle
    if value and not old:
        if t.owner is None:
            raise GameError(f"{place} is free: set its owner first")
        if state.supply("castles") < 1:
            raise GameError(f"all {BOX['castles']} castles of the box are in use")
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
    name = f"{state.card_name(card)} ({card})"
    if state.kind(card) == "leonardo":
        return _leonardo(state, value)
    if state.phase == Phase.REMOVE_CARDS:
        raise GameError("the cards are corrected once the setup's Tank and Airplane cards are removed (4.2)")
    old = card_place(state, card)
    if old == "auction":
        raise GameError(f"{name} is on auction: correct its place once the auction is over")
    new: Place
    if value == "deck" or value == "removed":
        new = value
    elif isinstance(value, dict) and set(value) == {"seat", "in"} and value["in"] in ("store", "in_play"):
        seat = value["seat"]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
            raise GameError(f"there is no seat {seat!r}")
        new = {"seat": seat, "in": value["in"]}
    else:
        raise GameError(
            'a card\'s place is {"seat": n, "in": "store"} or {"seat": n, "in": "in_play"}, '
            f'"deck" or "removed", not {value!r}'
        )
    if new == old:
        return old
    _leave(state, card, old, name)
    _enter(state, card, new, name)
    return old


def _leonardo(state: State, value: object) -> Place:
    """rules-decisions: Setup, Auction: exactly one holder, once the start roll has one."""
    if state.leonardo is None:
        raise GameError("nobody holds Leonardo before the start-order roll is decided: roll first")
    if not isinstance(value, dict) or set(value) != {"seat"}:
        raise GameError(f'the Leonardo card\'s place is its holder, {{"seat": n}}, not {value!r}')
    seat = value["seat"]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
        raise GameError(f"there is no seat {seat!r}")
    old = {"seat": state.leonardo}
    state.leonardo = seat
    return old


def _leave(state: State, card: str, old: Place, name: str) -> None:
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
            upgrades = [state.card_name(c) for c in p.in_play if state.cards[c]["upgrade"] == kind]
            if upgrades:
                raise GameError(
                    f"{p.name} has {kind.title()} upgrades in play ({', '.join(upgrades)}): "
                    f"correct their place before the {kind.title()} card's"
                )
        getattr(p, old["in"]).remove(card)


def _enter(state: State, card: str, new: Place, name: str) -> None:
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
            raise GameError(f"{name} is a {kind.title()} card: those go straight into play, never into a store (5.3.7)")
        if state.card_in_play(new["seat"], kind):
            raise GameError(f"{p.name} already has a{'n' if kind == 'airplane' else ''} {kind.title()} card (5.3.8)")
    upgrade = state.cards[card]["upgrade"]
    if new["in"] == "in_play" and upgrade:
        vehicle = state.card_in_play(new["seat"], upgrade)
        if not vehicle:
            raise GameError(f"{name} is a{'n' if upgrade == 'airplane' else ''} {upgrade.title()} upgrade: "
                            f"{p.name} needs a {upgrade.title()} card in play first (6.2)")
        hooks = state.printed(vehicle, "hooks") if upgrade == "airplane" else None
        used = sum(1 for c in p.in_play if state.cards[c]["upgrade"] == "airplane")
        if hooks is not None and used >= hooks:
            raise GameError(f"{p.name}'s Airplane has {hooks} hooks, all in use (6.3)")
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
            raise GameError(
                f"{_name(state, seat)} is choosing which territories go without recruits: this correction "
                f"would leave soldiers for all {owned} of them; correct it after recruitment"
            )
