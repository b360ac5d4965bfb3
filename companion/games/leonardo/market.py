"""The markets (spaces 3, 11, 24): bets on the four products, the opener's spin.

leonardo-decisions: Markets. Every opponent with at least 5 florins bets on a product,
from 5 to all it holds: openly (``Bet``) or, in the sealed-bets variant, on its handset
(``LockBet``, sealed in group "market_bets" until the last bet is in). The opener spins:
a bet on the product of that number wins 3 times its stake and keeps it (variant: 3
times in all, stake included); every other stake goes to the opener; on a lose-all
number the opener takes every stake. Stakes stay with the bettors until the spin (a
sealed amount must not show in anyone's cash), then the money moves as payments.
"""

from __future__ import annotations

from typing import Any

from . import box as B
from . import commands as C
from .common import head, others_in_order, owe, phase, product, seat_of, spin_number
from .state import State
from .words import IllegalCommand, m, refuse

Events = list[dict[str, Any]]
MIN_BET = 5
PAYS = {"three_plus_stake": 3, "three_in_all": 2}  # what a winner gains, times its stake


def open_market(state: State, seat: int, space: int, events: Events) -> None:
    """The pawn of ``seat`` landed on a market: the task that collects the bets."""
    bettors = [s for s in others_in_order(state, seat) if state.seats[s].cash >= MIN_BET]
    events.append({"type": "market_opened", "seat": seat, "space": space, "bettors": bettors})
    if not bettors:
        return
    state.current["tasks"].insert(0, {"t": "market", "seat": seat, "space": space, "bettors": bettors, "bets": {},
                                   "sealed": bool(state.variants.get("sealed_bets")), "stage": "bets"})


def bet_reason(state: State, seat: int, product: Any, amount: Any, sealed: bool) -> Any:
    """Why this bet is refused now (None: it is fine)."""
    task = head(state, "market")
    if task is None or task["stage"] != "bets":
        return m("no_market")
    if task["sealed"] != sealed:
        return m("bets_sealed" if task["sealed"] else "bets_open")
    if seat not in task["bettors"]:
        return m("not_a_bettor", name=state.name(seat))
    if seat in task["bets"]:
        return m("already_bet", name=state.name(seat))
    if product not in B.PRODUCTS:
        return m("no_product", product=repr(product), products=[m(f"product.{p}") for p in B.PRODUCTS])
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < MIN_BET:
        return m("bet_min", least=MIN_BET)
    cash = state.seats[seat].cash
    if amount > cash:
        return m("bet_over_cash", name=state.name(seat), cash=cash, amount=amount)
    return None


def bet(state: State, cmd: C.Bet, events: Events) -> None:
    phase(state, "turns")
    seat = seat_of(state, cmd.seat)
    reason = bet_reason(state, seat, cmd.product, cmd.amount, sealed=False)
    if reason:
        raise IllegalCommand(reason)
    task = state.current["tasks"][0]
    task["bets"][seat] = {"product": cmd.product, "amount": cmd.amount}
    events.append({"type": "bet", "seat": seat, "product": cmd.product, "amount": cmd.amount})
    _maybe_close(state, task, events)


def lock_bet(state: State, cmd: C.LockBet, events: Events) -> None:
    phase(state, "turns")
    seat = seat_of(state, cmd.seat)
    reason = bet_reason(state, seat, cmd.product, cmd.amount, sealed=True)
    if reason:
        raise IllegalCommand(reason)
    task = state.current["tasks"][0]
    task["bets"][seat] = {"product": cmd.product, "amount": cmd.amount}
    events.append({"type": "bet_locked", "seat": seat})  # never the product nor the amount
    _maybe_close(state, task, events)


def unlock_bet(state: State, cmd: C.UnlockBet, events: Events) -> None:
    phase(state, "turns")
    seat = seat_of(state, cmd.seat)
    task = head(state, "market")
    if task is None or task["stage"] != "bets" or not task["sealed"] or seat not in task["bets"]:
        raise refuse("no_locked_bet", name=state.name(seat))
    del task["bets"][seat]
    events.append({"type": "bet_unlocked", "seat": seat})


def _maybe_close(state: State, task: dict[str, Any], events: Events) -> None:
    if len(task["bets"]) < len(task["bettors"]):
        return
    task["stage"] = "spin"
    bets = {str(s): dict(b) for s, b in sorted(task["bets"].items())}
    if task["sealed"]:
        events.append({"type": "bets_revealed", "seat": task["seat"], "bets": bets, "opens": ["market_bets"],
                       "reveal": True})
    else:
        events.append({"type": "bets_closed", "seat": task["seat"], "bets": bets})


def market_spin(state: State, cmd: C.MarketSpin, events: Events) -> None:
    """The opener's spin settles the market (payments at the head of the queue)."""
    phase(state, "turns")
    seat = seat_of(state, cmd.seat)
    task = head(state, "market")
    if task is None or task["stage"] != "spin":
        raise refuse("no_market_spin")
    if seat != task["seat"]:
        raise refuse("not_the_opener", name=state.name(seat), opener=state.name(task["seat"]))
    number = spin_number(cmd.number)
    lose_all = number in state.box["lose_all"]
    won = None if lose_all else product(state, number)
    events.append({"type": "market_spin", "seat": seat, "number": number, "product": won, "lose_all": lose_all,
                   "reveal": True, "opens": []})
    state.current["tasks"].pop(0)
    times = PAYS[state.variants.get("market_pays", "three_plus_stake")]
    losers, winners = [], []
    for bettor in [s for s in task["bettors"] if s in task["bets"]]:
        b = task["bets"][bettor]
        if b["product"] == won:
            winners.append((bettor, b))
        else:
            losers.append((bettor, b))
    # Queue: the stakes lost come in first, then the opener pays the winners in turn order.
    for bettor, b in reversed(winners):
        owe(state, seat, bettor, times * b["amount"], "winnings", product=b["product"], stake=b["amount"])
    for bettor, b in reversed(losers):
        owe(state, bettor, seat, b["amount"], "stake", product=b["product"], lose_all=lose_all)
