"""``legal(state)``: who acts now and every action with ``enabled`` and, if not, its reason;
``expects(state)``: what the table must enter next (a roll, a choice).

A screen shows every action listed; ``enabled: false`` ones are greyed out with ``reason``
(English; ``message`` holds its key and parameters: ``text.localized(message, "it")``).
Hands are hidden, so the card actions list every card a hand may hold (the unseen cards),
each with the districts it may go to and, for a building, the cheapest payment.
"""

from __future__ import annotations

from typing import Any

from companion.core.game import Expect, ExpectKind
from companion.core.i18n import Message

from . import engine as E
from . import payment as P
from . import rules as R
from .cards import SUITS, decktet
from .state import State
from .text import msg, suits_param


def _why(reason: Message | str | None) -> dict[str, Any]:
    if not reason:
        return {}
    out: dict[str, Any] = {"reason": str(reason)}
    if isinstance(reason, Message):
        out["message"] = reason.to_dict()
    return out


def _entry(type_: str, seat: int | None = None, reason: Message | str | None = None, **params: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"type": type_, "enabled": reason is None}
    if seat is not None:
        d["seat"] = seat
    d.update(_why(reason))
    d.update(params)
    return d


def legal(state: State) -> dict[str, Any]:
    """``{"phase", "turn", "current", "to_act": [seats], "actions": [...]}``."""
    out: dict[str, Any] = {"phase": str(state.phase), "turn": state.turn, "current": state.current, "to_act": [],
                           "actions": []}
    acts: list[dict[str, Any]] = out["actions"]
    phase = state.phase
    if phase == "setup":
        out["table"] = True
        missing = E.setup_missing(state)
        done = msg("already_entered")
        acts.append(_entry("SetDistricts", None, None if "SetDistricts" in missing else done,
                           pawns=decktet().pawns))
        acts.append(_entry("DealCrowns", None, None if "DealCrowns" in missing else done,
                           seats=list(range(state.n)), crowns=decktet().crowns, count=E.CROWNS_EACH))
        acts.append(_entry("StartPlayer", None, None if "StartPlayer" in missing else done,
                           seats=list(range(state.n))))
    elif phase == "roll":
        out["to_act"] = [state.current]
        acts.append(_entry("Roll", state.current, dice="d10", count=2))
    elif phase == "tax":
        out["to_act"] = [state.current]
        acts.append(_entry("TaxRoll", state.current, dice="d6", count=1, suits=list(SUITS)))
    elif phase == "income":
        out["to_act"] = sorted({p["seat"] for p in state.pending})
        for p in state.pending:
            acts.append(_entry("ChooseIncome", p["seat"], card=p["card"], suits=R.income_choices(state, p["card"])))
    elif phase == "actions":
        assert state.current is not None
        out["to_act"] = [state.current]
        _turn_actions(state, state.current, acts)
    else:
        out["outcome"] = state.outcome
    acts.append(_entry("Correct"))
    return out


def _turn_actions(state: State, s: int, acts: list[dict[str, Any]]) -> None:
    tokens = state.seats[s].tokens
    give = [x for x in SUITS if tokens[x] >= 3]
    acts.append(_entry("Trade", s, None if give else msg("trade_none", name=R.seat_name(state, s)),
                       give={x: tokens[x] // 3 for x in give}, get=list(SUITS)))
    acts.append(_develop(state, s))
    reason = R.play_reason(state, s)
    if reason is not None:
        for kind in ("Build", "Found", "Sell"):
            acts.append(_entry(kind, s, reason, cards=[]))
    else:
        acts.extend(_card_actions(state, s))
    over = None if state.played or state.seats[s].hand <= 0 else msg("must_play", name=R.seat_name(state, s))
    if state.final:
        acts.append(_entry("EndTurn", s, over, last=True))
    else:
        acts.append(_entry("Draw", s, over, deck=state.deck))


def _develop(state: State, s: int) -> dict[str, Any]:
    deeds = []
    first: Message | None = None
    for district, _, b in state.buildings(s):
        if b.complete:
            continue
        info = decktet()[b.card]
        allowed: dict[str, int] = {}
        reason: Message | None = None
        for x in info.suits:
            most = min(state.seats[s].tokens[x], info.cost - b.on_it)
            if most == 0:
                continue
            refused = R.develop_reason(state, s, b.card, x, most)
            if refused is None:
                allowed[x] = most
            elif most > 1 and R.develop_reason(state, s, b.card, x, most - 1) is None:
                allowed[x] = most - 1  # the "each suit" variant: all but the completing token
            else:
                reason = reason or refused
        if not allowed:
            reason = reason or msg("develop_no_tokens", card=R.card_p(b.card), suits=suits_param(info.suits))
            first = first or reason
        deeds.append({"card": b.card, "district": district, "on_it": b.on_it, "cost": info.cost,
                      "tokens": dict(b.tokens), "suits": allowed, "enabled": bool(allowed),
                      **_why(None if allowed else reason)})
    if any(d["enabled"] for d in deeds):
        return _entry("Develop", s, deeds=deeds)
    return _entry("Develop", s, first or msg("no_deeds", name=R.seat_name(state, s)), deeds=deeds)


def _card_actions(state: State, s: int) -> list[dict[str, Any]]:
    build, found, sell = [], [], []
    for card in R.unseen(state):
        info = decktet()[card]
        districts, placeable, first = [], False, None
        for d in state.districts:
            reason = R.placement_reason(state, s, card, d)
            districts.append({"district": d, "enabled": reason is None, **_why(reason)})
            placeable = placeable or reason is None
            first = first or reason
        proposal = P.propose_payment(state, s, card)
        direct = proposal if proposal and not proposal["trades"] else None
        b_reason = first if not placeable else None
        if b_reason is None and direct is None:
            b_reason = R.short_reason(state, s, _cheapest_need(state, s, card)) or msg("cannot_pay_any")
        build.append({"card": card, "enabled": b_reason is None, **_why(b_reason), "districts": districts,
                      "cost": info.cost, "payment": direct["payment"] if direct else None,
                      "plan": proposal if proposal and proposal["trades"] else None})
        f_reason = (first if not placeable else None) or R.short_reason(state, s, info.fee)
        found.append({"card": card, "enabled": f_reason is None, **_why(f_reason), "districts": districts,
                      "fee": info.fee})
        sell.append({"card": card, "enabled": True, "tokens": info.sale})
    out = []
    for kind, cards in (("Build", build), ("Found", found), ("Sell", sell)):
        entry = _entry(kind, s, cards=cards)
        if not any(c["enabled"] for c in cards):
            refused = next((c for c in cards if c.get("reason")), None)
            entry["enabled"] = False
            entry.update({k: refused[k] for k in ("reason", "message") if k in refused} if refused
                         else _why(msg("no_card_left")))
        out.append(entry)
    return out


def _cheapest_need(state: State, s: int, card: str) -> dict[str, int]:
    """The split that lacks the fewest tokens (for the refusal's "short of ...")."""
    have = state.seats[s].tokens
    return min(P.splits(card), key=lambda need: sum(max(0, n - have[x]) for x, n in need.items()))


def expects(state: State) -> list[Expect]:
    """What the table must enter next: the setup's entries (open choices of the whole
    table), the two d10, the d6 of the taxation, each deed's income choice."""
    phase = state.phase
    if phase == "setup":
        out = []
        for command in E.setup_missing(state):
            if command == "SetDistricts":
                out.append(Expect(ExpectKind.CHOICE, command, choices=tuple(decktet().pawns), count=4))
            elif command == "DealCrowns":
                out.append(Expect(ExpectKind.CHOICE, command, choices=tuple(decktet().crowns), count=E.CROWNS_EACH))
            else:
                out.append(Expect(ExpectKind.CHOICE, command, choices=tuple(range(state.n)), count=1))
        return out
    if phase == "roll":
        return [Expect(ExpectKind.ROLL, "Roll", state.current, dice="d10", count=2)]
    if phase == "tax":
        return [Expect(ExpectKind.ROLL, "TaxRoll", state.current, dice="d6", count=1)]
    if phase == "income":
        return [Expect(ExpectKind.CHOICE, "ChooseIncome", p["seat"], count=1,
                       choices=tuple(R.income_choices(state, p["card"])), params={"card": p["card"]})
                for p in state.pending]
    return []
