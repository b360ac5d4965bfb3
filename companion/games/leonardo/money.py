"""Payments that may force sales, and bankruptcy (leonardo-decisions: Money and the end).

A payment the debtor cannot meet in cash waits for the debtor to sell palaces or bridges
to the bank at half their printed price (``Sell``; the debtor chooses which; works of art
on a sold palace leave the game). When even selling everything could not cover it, the
debtor is bankrupt at once (selling first would change nothing for anyone): its cash goes
to the bank, the bank pays every creditor it still owes in full, its palaces and bridges
return to the bank, its works of art leave the game, its office cards go to the bottom of
their deck and its men-at-arms back to theirs.
"""

from __future__ import annotations

from typing import Any

from . import commands as C
from .common import BANK, half, liquidation, price, seat_of, transfer
from .state import State
from .words import refuse

Events = list[dict[str, Any]]


def settle(state: State, task: dict[str, Any], events: Events) -> bool:
    """Settle the ``pay`` task at the head of the queue if it can be: True when done."""
    debtor, amount = task["debtor"], task["amount"]
    creditor = task["creditor"]
    if creditor is not None and state.seats[creditor].out:
        return True  # nobody left to pay
    p = state.seats[debtor]
    extra = {k: v for k, v in task.items() if k not in ("t", "debtor", "creditor", "amount", "why")}
    if p.cash >= amount:
        transfer(state, debtor, creditor, amount, events, task["why"], **extra)
        return True
    if liquidation(state, debtor) >= amount:
        if not task.get("short"):
            task["short"] = True
            events.append({"type": "must_sell", "seat": debtor, "owed": amount, "cash": p.cash,
                           "creditor": creditor})
        return False  # the debtor sells (Sell) until it has the cash
    bankrupt(state, debtor, events, creditor=creditor)
    return True


def sell(state: State, cmd: C.Sell, events: Events) -> None:
    """A forced sale by the debtor of the payment waiting (leonardo-decisions: Further)."""
    task = state.current["tasks"][0] if state.turn and state.current["tasks"] else None
    seat = seat_of(state, cmd.seat)
    if task is None or task["t"] != "pay" or task["debtor"] != seat or state.seats[seat].cash >= task["amount"]:
        raise refuse("no_sale_needed", name=state.name(seat))
    space = cmd.space
    if isinstance(space, bool) or not isinstance(space, int) or not 1 <= space <= 32 or state.owner[space - 1] != seat:
        raise refuse("not_yours_to_sell", name=state.name(seat), space=repr(space))
    fetch = half(price(state, space))
    gone = state.works[space - 1]
    state.oda_gone.extend(gone)
    state.works[space - 1] = []
    state.owner[space - 1] = None
    events.append({"type": "sold", "seat": seat, "space": space, "amount": fetch, "works": list(gone)})
    transfer(state, BANK, seat, fetch, events, "sale", space=space, quiet=True)


def bankrupt(state: State, seat: int, events: Events, creditor: int | None = None) -> None:
    """``seat`` (a lead: its whole corporation) leaves the game."""
    members = state.members(seat)
    p = state.seats[seat]
    events.append({"type": "bankrupt", "seat": seat, "creditor": creditor, "members": members})
    transfer(state, seat, BANK, p.cash, events, "bankrupt")
    for space in state.holdings(seat):
        state.oda_gone.extend(state.works[space - 1])
        state.works[space - 1] = []
        state.owner[space - 1] = None
    state.offices["bottom"].extend(p.offices)
    p.offices = []
    state.men_deck += p.men
    p.men = 0
    for s in members:
        state.seats[s].out = True
        state.seats[s].space = None
    _clean_tasks(state, seat, events)


def _clean_tasks(state: State, seat: int, events: Events) -> None:
    """What the queue still held for the bankrupt: the bank pays its debts; the rest of
    its turn, its bids, bets, pushes and fights are gone."""
    turn = state.current
    if turn is None:
        return
    kept = []
    for task in turn["tasks"]:
        t = task["t"]
        if t == "pay" and task["debtor"] == seat:
            creditor = task["creditor"]
            if creditor is not None and not state.seats[creditor].out:
                transfer(state, BANK, creditor, task["amount"], events, "bank_pays", debtor=seat, owed=task["why"])
            continue
        if t == "pay" and task["creditor"] == seat:
            continue
        if t in ("encounter", "fight") and seat in (task.get("seat"), task.get("other")):
            continue
        if t == "push":
            task["holders"] = [h for h in task["holders"] if h != seat]
            if task["seat"] == seat or not task["holders"]:
                continue
        if t == "auction":
            task["bidders"] = [b for b in task["bidders"] if b != seat]
        kept.append(task)
    if state.entity(turn["seat"]) == seat:
        kept = [t for t in kept if t["t"] == "pay"]  # the turn ends once they are settled
    turn["tasks"] = kept
