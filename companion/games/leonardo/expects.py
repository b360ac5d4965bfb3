"""``expects(state)``: what the table must enter next, for the input devices.

A spin of the machina is ``Expect("roll", dice="d12")`` (typed 1-12, read by a reader
that reports ``d12``, or spun by the app with the table's configured faces); a secret
faction is a sealed choice in group "factions" with its two choices; a bid on the
handsets steps by 5 (``step``, ``minimum``, ``maximum``); a sealed bet is a sealed choice in group "market_bets" (product on
the private keypad, amount on the handset). Optional moves (works of art, pushes that a
holder may pass) are in ``legal``; this lists what the game waits for.
"""

from __future__ import annotations

from companion.core.game import Expect, ExpectKind

from . import auction, market
from . import box as B
from .common import drawable, head
from .state import FACTIONS, State

ROLL, SEALED, CHOICE = ExpectKind.ROLL, ExpectKind.SEALED, ExpectKind.CHOICE


def _roll(command: str, seat: int) -> Expect:
    return Expect(ROLL, command, seat, dice="d12", count=1, minimum=1, maximum=12)


def expects(state: State) -> list[Expect]:
    if state.phase == "setup":
        out = []
        free = tuple(n for n in range(1, B.SPACES + 1)
                     if state.owner[n - 1] is None and state.kind(n) in (*B.PALACE_KINDS, None))
        for s in range(state.n):
            if state.dealt[s] is None:
                out.append(Expect(CHOICE, "DealPalace", s, choices=free))
            if state.seats[s].faction is None:
                out.append(Expect(SEALED, "ChooseFaction", s, group="factions", choices=FACTIONS))
        return out
    if state.phase == "start_spin":
        return [_roll("StartSpin", s) for s in state.start["contenders"] if s not in state.start["spins"]]
    if state.phase != "turns":
        return []
    turn = state.current
    task = head(state, "office_draw", "buy", "auction", "market", "event_draw", "push", "fight", "pay")
    if task is None:
        lead = turn["seat"]
        if state.corporation(lead) is None:
            return [_roll("Spin", lead)]
        waiting = [s for s in state.members(lead) if s not in turn["spins"]]
        if waiting:
            return [_roll("Spin", s) for s in waiting]
        return [Expect(CHOICE, "ChooseSpin", lead, choices=tuple(sorted(set(turn["spins"].values()))))]
    t = task["t"]
    if t in ("office_draw", "event_draw"):
        deck = state.offices if t == "office_draw" else state.events
        return [Expect(CHOICE, "DrawOffice" if t == "office_draw" else "DrawEvent", choices=tuple(drawable(deck)))]
    if t == "buy":
        return [Expect(CHOICE, "Buy", task["seat"], choices=("Buy", "Decline"))]
    if t == "auction":
        return [Expect(CHOICE, "Bid", s, step=auction.STEP, minimum=task["high"] + auction.STEP,
                       maximum=state.seats[s].cash // auction.STEP * auction.STEP)
                for s in task["bidders"] if s != task["leader"]]
    if t == "market":
        if task["stage"] == "spin":
            return [_roll("MarketSpin", task["seat"])]
        sealed = task["sealed"]
        return [Expect(SEALED if sealed else CHOICE, "LockBet" if sealed else "Bet", s,
                       group="market_bets" if sealed else None, choices=B.PRODUCTS, step=1, minimum=market.MIN_BET,
                       maximum=state.seats[s].cash)
                for s in task["bettors"] if s not in task["bets"]]
    if t == "push":
        return [Expect(CHOICE, "Push", task["holders"][0], choices=("Push", "PassPush"), minimum=-5, maximum=5)]
    if t == "fight":
        return [_roll("FightSpin", s) for s in (task["seat"], task["other"]) if s not in task["spins"]]
    return [Expect(CHOICE, "Sell", task["debtor"], choices=tuple(state.holdings(task["debtor"])))]
