"""``legal(state)``: who must act now and what they may do, with reasons for the rest.

``{"phase", "round", "to_act": [seats], "actions": [...]}``. Each action is ``{"type",
"seat"?, "enabled": bool, ...the parameters allowed...}``; a disabled one carries
``reason`` (English) and ``message`` (its key and parameters, for either language:
``i18n.format_message(action["message"], "it")``). ``"table": true`` marks an input of
the whole table (a card drawn, the end agreed, a printed value, a correction).
"""

from __future__ import annotations

from typing import Any

from companion.core.i18n import Message

from . import auction, market
from . import box as B
from . import commands as C
from . import engine as E
from . import turn as T
from .common import drawable, half, head
from .state import FACTIONS, State
from .words import m

Action = dict[str, Any]


def _entry(type_: str, seat: int | None = None, reason: Any = None, **params: Any) -> Action:
    d: Action = {"type": type_, "enabled": reason is None, "allowed": reason is None}
    if seat is not None:
        d["seat"] = seat
    if reason is not None:
        d["reason"] = str(reason)
        if isinstance(reason, Message):
            d["message"] = reason.to_dict()
    d.update(params)
    return d


def legal(state: State) -> dict[str, Any]:
    out: dict[str, Any] = {"phase": str(state.phase), "round": state.round, "to_act": [], "actions": []}
    acts: list[Action] = out["actions"]
    if state.phase == "over":
        out["outcome"] = state.outcome
    elif state.phase == "setup":
        _setup(state, out, acts)
    elif state.phase == "start_spin":
        out["to_act"] = [s for s in state.start["contenders"] if s not in state.start["spins"]]
        acts += [_entry("StartSpin", s, min=1, max=12) for s in out["to_act"]]
    else:
        _turns(state, out, acts)
        acts.append(_entry("EndByAgreement", None, E.check(state, C.EndByAgreement()), table=True))
    acts.append(_entry("SetPrintedValue", table=True))
    acts.append(_entry("Correct", table=True))
    return out


def _setup(state: State, out: dict[str, Any], acts: list[Action]) -> None:
    free = [n for n in range(1, B.SPACES + 1)
            if state.owner[n - 1] is None and state.kind(n) in (*B.PALACE_KINDS, None)]
    for s in range(state.n):
        if state.dealt[s] is None:
            acts.append(_entry("DealPalace", s, None if free else m("no_palace_left"), spaces=free))
        chosen = state.seats[s].faction is not None
        acts.append(_entry("ChooseFaction", s, choices=list(FACTIONS), chosen=chosen))
        if state.dealt[s] is None or not chosen:
            out["to_act"].append(s)


def _turns(state: State, out: dict[str, Any], acts: list[Action]) -> None:
    turn = state.current
    lead = turn["seat"]
    task = head(state, "office_draw", "buy", "auction", "market", "event_draw", "push", "fight", "pay")
    if task is None:
        _start_of_turn(state, out, acts, lead)
        return
    t = task["t"]
    if t in ("office_draw", "event_draw"):
        out["table"] = True
        cards = drawable(state.offices if t == "office_draw" else state.events)
        acts.append(_entry("DrawOffice" if t == "office_draw" else "DrawEvent", None, cards=cards, table=True))
    elif t == "buy":
        seat = task["seat"]
        out["to_act"] = [seat]
        reason = auction.buy_reason(state, seat) if B.space(state.box, task["space"]).get("price") is not None else None
        acts.append(_entry("Buy", seat, reason, space=task["space"], price=B.space(state.box, task["space"]).get("price")))
        acts.append(_entry("Decline", seat, space=task["space"]))
    elif t == "auction":
        out["to_act"] = list(task["bidders"])
        for seat in task["bidders"]:
            least = task["high"] + auction.STEP
            most = state.seats[seat].cash // auction.STEP * auction.STEP
            reason = auction.bid_reason(state, seat, least)
            acts.append(_entry("Bid", seat, reason, min=least, max=most, step=auction.STEP, space=task["space"],
                               high=task["high"], leader=task["leader"]))
            acts.append(_entry("PassBid", seat, m("leader_cannot_pass", name=state.name(seat), amount=task["high"])
                               if seat == task["leader"] else None))
    elif t == "market":
        _market(state, out, acts, task)
    elif t == "push":
        holder = task["holders"][0]
        out["to_act"] = [holder]
        acts.append(_entry("Push", holder, steps=[x for x in range(-5, 6) if x], pushed=task["seat"],
                           space=task["space"]))
        acts.append(_entry("PassPush", holder))
    elif t == "fight":
        out["to_act"] = [s for s in (task["seat"], task["other"]) if s not in task["spins"]]
        acts += [_entry("FightSpin", s, min=1, max=12) for s in out["to_act"]]
    else:  # a payment waiting for forced sales
        debtor = task["debtor"]
        out["to_act"] = [debtor]
        fetch = {}  # what each sale brings (half the printed price; None: the price is not entered)
        for n in state.holdings(debtor):
            printed = B.space(state.box, n).get("price")
            fetch[str(n)] = half(printed) if printed is not None else None
        acts.append(_entry("Sell", debtor, spaces=state.holdings(debtor), owed=task["amount"],
                           cash=state.seats[debtor].cash, creditor=task["creditor"], fetch=fetch))


def _start_of_turn(state: State, out: dict[str, Any], acts: list[Action], lead: int) -> None:
    turn = state.current
    corp = state.corporation(lead)
    spinners = [s for s in state.members(lead) if s not in turn["spins"]] if corp else [lead]
    out["to_act"] = spinners or [lead]
    rooms = [n for n in state.palaces(lead) if len(state.works[n - 1]) < B.MAX_WORKS]
    probe = next((v for v in sorted(set(state.box["oda"])) if state.oda_available(v)), 0)
    reason = T.art_reason(state, lead, rooms[0] if rooms else None, probe)
    if reason is not None and reason.key == "art_value_gone":
        reason = None  # only the value is unknown here: the table reads it from the tile
    acts.append(_entry("BuyArt", lead, reason, spaces=rooms, price=T.ART_PRICE, bought=turn["bought"]))
    for s in spinners:
        acts.append(_entry("Spin", s, min=1, max=12))
    if corp and not spinners:
        acts.append(_entry("ChooseSpin", lead, choices=sorted(set(turn["spins"].values()))))
    if state.variants.get("corporations"):
        reason = None
        if turn["bought"] or turn["spins"]:
            reason = m("corporation_between_turns")
        elif len(state.active()) < 2:
            reason = m("corporation_members")
        acts.append(_entry("FormCorporation", None, reason, seats=state.active(), choices=list(FACTIONS),
                           table=True))


def _market(state: State, out: dict[str, Any], acts: list[Action], task: dict[str, Any]) -> None:
    if task["stage"] == "spin":
        out["to_act"] = [task["seat"]]
        acts.append(_entry("MarketSpin", task["seat"], min=1, max=12))
        return
    kind = "LockBet" if task["sealed"] else "Bet"
    waiting = [s for s in task["bettors"] if s not in task["bets"]]
    out["to_act"] = waiting
    for s in waiting:
        acts.append(_entry(kind, s, products=list(B.PRODUCTS), min=market.MIN_BET, max=state.seats[s].cash))
    if task["sealed"]:
        acts += [_entry("UnlockBet", s) for s in task["bettors"] if s in task["bets"]]
