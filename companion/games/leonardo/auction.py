"""A free palace or bridge: the lander buys it at its price, or it is auctioned openly
among the others in steps of 5 (leonardo-decisions: Turn and moves; Further decisions).

Any bidder may raise at any time by a multiple of 5 (the first bid from 5), never above
its cash; a bidder who passes is out of this auction, and one who could not raise any
more drops out by itself. The last bidder left buys at its bid; nobody bids: the bank
keeps the space (the next lander may buy it).
"""

from __future__ import annotations

from typing import Any

from . import commands as C
from .common import BANK, head, others_in_order, phase, price, seat_of, sl, transfer
from .state import State
from .words import IllegalCommand, m, refuse

Events = list[dict[str, Any]]
STEP = 5


def offer(state: State, seat: int, space: int) -> None:
    state.current["tasks"].insert(0, {"t": "buy", "seat": seat, "space": space})


def buy_reason(state: State, seat: int) -> Any:
    task = head(state, "buy")
    if task is None:
        return m("nothing_to_buy")
    if seat != task["seat"]:
        return m("not_your_offer", name=state.name(seat), lander=state.name(task["seat"]))
    cost = price(state, task["space"])
    cash = state.seats[seat].cash
    if cash < cost:
        return m("no_cash_for", name=state.name(seat), cash=cash, cost=cost, space=sl(state, task["space"]))
    return None


def buy(state: State, cmd: C.Buy, events: Events) -> None:
    phase(state, "turns")
    seat = seat_of(state, cmd.seat)
    reason = buy_reason(state, seat)
    if reason:
        raise IllegalCommand(reason)
    task = state.current["tasks"].pop(0)
    space, cost = task["space"], price(state, task["space"])
    state.owner[space - 1] = seat
    events.append({"type": "bought", "seat": seat, "space": space, "price": cost})
    transfer(state, seat, BANK, cost, events, "buy", space=space, quiet=True)


def decline(state: State, cmd: C.Decline, events: Events) -> None:
    phase(state, "turns")
    seat = seat_of(state, cmd.seat)
    task = head(state, "buy")
    if task is None:
        raise refuse("nothing_to_buy")
    if seat != task["seat"]:
        raise refuse("not_your_offer", name=state.name(seat), lander=state.name(task["seat"]))
    state.current["tasks"].pop(0)
    space = task["space"]
    events.append({"type": "declined", "seat": seat, "space": space})
    bidders = [s for s in others_in_order(state, seat) if state.seats[s].cash >= STEP]
    events.append({"type": "auction_opened", "space": space, "bidders": bidders})
    auction = {"t": "auction", "seat": seat, "space": space, "bidders": bidders, "high": 0, "leader": None}
    state.current["tasks"].insert(0, auction)
    _maybe_end(state, auction, events)


def bid_reason(state: State, seat: int, amount: Any) -> Any:
    task = head(state, "auction")
    if task is None:
        return m("no_auction")
    if seat not in task["bidders"]:
        return m("not_bidding", name=state.name(seat))
    if seat == task["leader"]:
        return m("already_leads", name=state.name(seat), amount=task["high"])
    if isinstance(amount, bool) or not isinstance(amount, int) or amount % STEP or amount <= 0:
        return m("bid_step", step=STEP)
    if amount <= task["high"]:
        return m("bid_too_low", amount=amount, high=task["high"])
    cash = state.seats[seat].cash
    if amount > cash:
        return m("bid_over_cash", name=state.name(seat), cash=cash, amount=amount)
    return None


def bid(state: State, cmd: C.Bid, events: Events) -> None:
    phase(state, "turns")
    seat = seat_of(state, cmd.seat)
    reason = bid_reason(state, seat, cmd.amount)
    if reason:
        raise IllegalCommand(reason)
    task = state.current["tasks"][0]
    task["high"], task["leader"] = cmd.amount, seat
    events.append({"type": "bid", "seat": seat, "amount": cmd.amount, "space": task["space"]})
    for s in list(task["bidders"]):
        if s != seat and state.seats[s].cash < cmd.amount + STEP:
            task["bidders"].remove(s)
            events.append({"type": "bid_passed", "seat": s, "auto": True})
    _maybe_end(state, task, events)


def pass_bid(state: State, cmd: C.PassBid, events: Events) -> None:
    phase(state, "turns")
    seat = seat_of(state, cmd.seat)
    task = head(state, "auction")
    if task is None:
        raise refuse("no_auction")
    if seat not in task["bidders"]:
        raise refuse("not_bidding", name=state.name(seat))
    if seat == task["leader"]:
        raise refuse("leader_cannot_pass", name=state.name(seat), amount=task["high"])
    task["bidders"].remove(seat)
    events.append({"type": "bid_passed", "seat": seat})
    _maybe_end(state, task, events)


def _maybe_end(state: State, task: dict[str, Any], events: Events) -> None:
    leader, space = task["leader"], task["space"]
    rest = [s for s in task["bidders"] if s != leader]
    if rest:
        return
    if leader is None and not task["bidders"]:
        state.current["tasks"].remove(task)
        events.append({"type": "bank_keeps", "space": space})
    elif leader is not None:
        state.current["tasks"].remove(task)
        state.owner[space - 1] = leader
        events.append({"type": "auction_won", "seat": leader, "space": space, "amount": task["high"]})
        transfer(state, leader, BANK, task["high"], events, "auction", space=space, quiet=True)
