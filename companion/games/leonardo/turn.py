"""A player's turn: works of art, the spin, the move, the landing, and the queue of what
follows from it.

leonardo-decisions: Turn and moves. At the start of its turn a player may buy 0-4 works
of art (50 each, placed at once on its palaces, at most 4 a palace, never a bridge). Then
it spins: a 1 or a 2 takes a man-at-arms before moving (at most 2, while the deck has
one). The pawn moves forward, space 32 followed by 1; on a pawn's first move the starting
square counts (INCLUSA), so a spin of r lands on space r (r = 1 stays: it counts as
stopping there). Passing or stopping on space 1 pays 100 (corporations: nothing);
passing or stopping on another player's bridge pays its owner 5. The landed space is
resolved first; an office holder's push comes after; then tribute and fights.

What follows a spin is a queue of tasks in ``state.current["tasks"]``; ``run`` works
through the ones the engine settles by itself (payments in cash, a landing, the
encounters) and stops at the first one that needs the table (a card drawn, a choice,
bids, bets, a spin, a forced sale). The turn ends when the queue is empty.
"""

from __future__ import annotations

from typing import Any

from . import auction, end, event_cards, fights, market, money, offices
from . import box as B
from . import commands as C
from .common import (
    BANK,
    half,
    kind,
    others_in_order,
    owe,
    phase,
    price,
    rent_value,
    seat_of,
    spin_number,
    transfer,
    whole_quarter,
)
from .state import State
from .words import IllegalCommand, m, refuse

Events = list[dict[str, Any]]
ART_PRICE, MAX_ART = 50, 4
MAX_MEN = 2
TOLL = 5


# ---------------------------------------------------------------------------------------
# beginning and end


def begin(state: State, seat: int, events: Events) -> None:
    state.turn = {"seat": seat, "step": "art", "bought": 0, "spins": {}, "tasks": []}
    events.append({"type": "turn", "seat": seat, "round": state.round})


def finish_turn(state: State, events: Events) -> None:
    """The queue is empty: the agreed end, or the next player's turn."""
    seat = state.current["seat"]
    events.append({"type": "turn_ended", "seat": seat})
    if state.end_agreed:
        end.finish(state, "agreement", events)
        return
    following = others_in_order(state, seat)
    if not following:
        end.finish(state, "elimination", events)
        return
    nxt = following[0]
    first = state.first if state.first is not None else 0
    if (nxt - first) % state.n <= (seat - first) % state.n:  # back past the start player
        state.round += 1
        events.append({"type": "round", "round": state.round})
    begin(state, nxt, events)


def run(state: State, events: Events) -> None:
    """Settle what the engine can by itself; stop where the table must act."""
    while state.phase == "turns" and state.turn is not None:
        if len(state.active()) <= 1:
            end.finish(state, "elimination", events)
            return
        tasks = state.current["tasks"]
        if not tasks:
            if state.current["step"] == "art":
                return  # waits for the works of art and the spin
            finish_turn(state, events)
            continue
        task = tasks[0]
        t = task["t"]
        if t == "pay":
            if not money.settle(state, task, events):
                return
            if tasks and tasks[0] is task:
                tasks.pop(0)
        elif t == "land":
            tasks.pop(0)
            land(state, task, events)
        elif t == "push_check":
            tasks.pop(0)
            offices.push_check(state, task["seat"], task["space"])
        elif t == "encounters":
            tasks.pop(0)
            tasks[0:0] = fights.encounters(state, task["seat"])
        elif t == "encounter":
            tasks.pop(0)
            tasks[0:0] = fights.encounter(state, task, events)
        else:
            return  # office_draw, buy, auction, market, event_draw, push, fight: the table acts


# ---------------------------------------------------------------------------------------
# works of art


def _turn_of(state: State, seat: Any) -> tuple[int, dict[str, Any]]:
    """The seat acting for the player whose turn it is (a corporation's member acts for it)."""
    phase(state, "turns")
    seat = seat_of(state, seat)
    turn = state.current
    if state.seats[seat].out or state.entity(seat) != turn["seat"]:
        raise refuse("not_your_turn", name=state.name(seat), current=state.name(turn["seat"]))
    return seat, turn


def art_reason(state: State, seat: int, space: Any, value: Any) -> Any:
    """Why this work of art cannot be bought now (None: it can)."""
    turn = state.current
    lead = state.entity(seat)
    if turn["step"] != "art":
        return m("art_after_spin")
    if turn["bought"] >= MAX_ART:
        return m("art_four", most=MAX_ART)
    if state.seats[lead].cash < ART_PRICE:
        return m("no_cash", name=state.name(seat), cash=state.seats[lead].cash, cost=ART_PRICE)
    if not state.oda_left():
        return m("art_none_left")
    if isinstance(space, bool) or not isinstance(space, int) or not 1 <= space <= B.SPACES \
            or state.owner[space - 1] != lead:
        return m("art_own_palace", name=state.name(seat))
    if state.kind(space) not in B.PALACE_KINDS:
        return m("art_not_bridge")
    if len(state.works[space - 1]) >= B.MAX_WORKS:
        return m("art_palace_full", most=B.MAX_WORKS)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        return m("art_value")
    if not state.oda_available(value):
        return m("art_value_gone", value=value)
    return None


def buy_art(state: State, cmd: C.BuyArt, events: Events) -> None:
    seat, turn = _turn_of(state, cmd.seat)
    reason = art_reason(state, seat, cmd.space, cmd.value)
    if reason:
        raise IllegalCommand(reason)
    lead = state.entity(seat)
    known_left = state.box["oda"].count(cmd.value) > state.oda_drawn.count(cmd.value)
    state.works[cmd.space - 1].append(cmd.value)
    state.oda_drawn.append(cmd.value)
    turn["bought"] += 1
    events.append({"type": "art_bought", "seat": lead, "space": cmd.space, "value": cmd.value,
                   "new_tile": not known_left, "reveal": True, "opens": []})
    transfer(state, lead, BANK, ART_PRICE, events, "art", space=cmd.space, quiet=True)


# ---------------------------------------------------------------------------------------
# the spin and the move


def spin(state: State, cmd: C.Spin, events: Events) -> None:
    seat, turn = _turn_of(state, cmd.seat)
    if turn["step"] != "art":
        raise refuse("already_moved", name=state.name(turn["seat"]))
    number = spin_number(cmd.number)
    if state.corporation(turn["seat"]) is None:
        move(state, turn["seat"], number, events)
        return
    if seat in turn["spins"]:
        raise refuse("already_spun", name=state.name(seat))
    turn["spins"][seat] = number
    events.append({"type": "spin", "seat": seat, "number": number, "reveal": True, "opens": []})


def choose_spin(state: State, cmd: C.ChooseSpin, events: Events) -> None:
    """Corporations: once every member has spun, they pick the result that moves the pawn."""
    _, turn = _turn_of(state, cmd.seat)
    lead = turn["seat"]
    if state.corporation(lead) is None or turn["step"] != "art":
        raise refuse("no_spins_to_choose")
    waiting = [s for s in state.members(lead) if s not in turn["spins"]]
    if waiting:
        raise refuse("members_to_spin", names=[state.name(s) for s in waiting])
    if cmd.number not in turn["spins"].values():
        raise refuse("not_a_spin", number=repr(cmd.number), spins=sorted(set(turn["spins"].values())))
    events.append({"type": "spin_chosen", "seat": lead, "number": cmd.number})
    move(state, lead, cmd.number, events, announced=True)


def wrap(space: int) -> int:
    return (space - 1) % B.SPACES + 1


def path_of(state: State, seat: int, number: int) -> tuple[list[int], int]:
    """(spaces passed, space reached) for a spin of ``number`` (INCLUSA on a first move)."""
    p = state.seats[seat]
    here = p.space if p.space is not None else B.START
    if not p.moved:
        return list(range(2, number)), number
    return [wrap(here + i) for i in range(1, number)], wrap(here + number)


def move(state: State, seat: int, number: int, events: Events, announced: bool = False) -> None:
    turn = state.current
    p = state.seats[seat]
    turn["step"] = "moved"
    if not announced:
        events.append({"type": "spin", "seat": seat, "number": number, "reveal": True, "opens": []})
    if number <= 2 and p.men < MAX_MEN and state.men_deck:
        p.men += 1
        state.men_deck -= 1
        events.append({"type": "man_at_arms", "seat": seat, "men": p.men})
    passed, dest = path_of(state, seat, number)
    start, first = p.space, not p.moved
    p.moved, p.space = True, dest
    events.append({"type": "moved", "seat": seat, "from": start, "to": dest, "number": number, "first": first})
    corporation = state.corporation(seat) is not None
    tolls = []
    for sp in [*passed, dest]:
        if sp == B.START and not corporation:
            transfer(state, BANK, seat, offices.PASSAGE, events, "passage", space=sp)
        owner = state.owner[sp - 1]
        if owner is not None and owner != seat and state.kind(sp) == "bridge":
            tolls.append({"t": "pay", "debtor": seat, "creditor": owner, "amount": TOLL, "why": "toll", "space": sp})
    turn["tasks"] = [*tolls, {"t": "land", "seat": seat, "space": dest, "pushed": False},
                     {"t": "push_check", "seat": seat, "space": dest}, {"t": "encounters", "seat": seat}]


# ---------------------------------------------------------------------------------------
# the landed space


def rent(state: State, space: int) -> tuple[int, int, bool]:
    """(rent, works of art, doubled) of an owned palace (leonardo-decisions: Further)."""
    owner = state.owner[space - 1]
    assert owner is not None
    works = len(state.works[space - 1])
    base = half(price(state, space)) if works == 0 else rent_value(state, space, works)
    doubled = whole_quarter(state, owner, space)
    return base * (2 if doubled else 1), works, doubled


def land(state: State, task: dict[str, Any], events: Events) -> None:
    seat, space = task["seat"], task["space"]
    if state.seats[seat].out:
        return
    k = kind(state, space)
    role = B.role(space)
    events.append({"type": "landed", "seat": seat, "space": space, "pushed": task["pushed"]})
    if role == "start":
        offices.draw_on_start(state, seat)
    elif role == "market":
        market.open_market(state, seat, space, events)
    elif role == "event":
        event_cards.draw_on_square(state, seat)
    elif k in B.OPEN_KINDS:
        owner = state.owner[space - 1]
        if owner is None:
            auction.offer(state, seat, space)
        elif owner != seat and k in B.PALACE_KINDS:
            amount, works, doubled = rent(state, space)
            owe(state, seat, owner, amount, "rent", space=space, works=works, doubled=doubled)
