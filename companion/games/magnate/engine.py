"""The Magnate referee: ``new_game``, ``apply`` and ``check``.

``apply(state, command)`` never mutates its input: it works on a copy and returns the copy
with the events, or raises IllegalCommand and the caller keeps the old state. The setup,
trades, developments and the card played are here; the roll, income, the draw and the end
in ``turns``. Rule references: "rb" the Italian rulebook, "md" magnate-decisions.md.

Where both are silent, the engine decides (docs/magnate.md):
- The setup's three entries (districts, Crowns, start player) come in any order, once each.
- A completed deed's tokens go back to the bank (the building is finished).
- Income choices may be made in any order; the turn goes on once all are made.
- A player with no card in hand (only after a correction) skips the play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.i18n import Message
from companion.errors import IllegalCommand

from . import commands as C
from . import corrections
from . import rules as R
from . import turns as T
from .cards import SUITS, decktet
from .state import Building, Player, State, no_tokens
from .text import refuse
from .variants import DEFAULT_VARIANTS as DEFAULT_VARIANTS  # re-exported: the engine's names
from .variants import VARIANTS as VARIANTS

HAND = 3  # rb Preparazione: three cards each
CROWNS_EACH = 3

SEATS = (2, 2)

Events = T.Events


# ---------------------------------------------------------------------------------------
# new game


def new_game(header: Any) -> State:
    """The state right after the box is opened: districts, Crowns and start player to enter."""
    if not isinstance(header, dict):
        raise refuse("header_not_object")
    if header.get("game", "magnate") != "magnate":
        raise refuse("not_magnate", game=repr(header.get("game")))
    seats = header.get("seats")
    if not isinstance(seats, list) or len(seats) != 2:
        raise refuse("seats_count")
    players = []
    for i, s in enumerate(seats):
        if isinstance(s, str):
            s = {"name": s}
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or not s["name"].strip():
            raise refuse("seat_needs_name", seat=i + 1)
        players.append(Player(s["name"], str(s.get("color", "")), no_tokens(), [], HAND))
    variants = dict(DEFAULT_VARIANTS)
    given = header.get("variants") or {}
    if not isinstance(given, dict):
        raise refuse("variants_not_object")
    for k, v in given.items():
        if k not in VARIANTS:
            raise refuse("unknown_variant", variant=repr(k), known=", ".join(VARIANTS))
        if not isinstance(v, bool):
            raise refuse("variant_not_bool", variant=k)
        variants[k] = v
    supply = header.get("token_supply")
    if supply is not None and (isinstance(supply, bool) or not isinstance(supply, int) or supply < 1):
        raise refuse("token_supply")
    state = State(seats=players, variants=variants, token_supply=supply)
    state.deck = len(R.deck_cards(state)) - HAND * state.n
    return state


# ---------------------------------------------------------------------------------------
# apply / check


def apply(state: State, cmd: Any) -> tuple[State, Events]:
    """Check ``cmd`` against the rules and return (new state, events). ``state`` is untouched."""
    if isinstance(cmd, dict):
        cmd = C.from_dict(cmd)
    handler = _HANDLERS.get(type(cmd))
    if handler is None:
        raise refuse("not_a_command", name=type(cmd).__name__)
    C.check_types(cmd)
    if isinstance(cmd, C.Correct):  # any phase, also after the end
        return corrections.apply(state, cmd)
    if state.phase == "over":
        raise refuse("game_over")
    new = state.copy()
    events: Events = []
    handler(new, cmd, events)
    _bank_check(new, events)
    return new, events


def check(state: State, cmd: Any) -> Message | str | None:
    """The reason ``cmd`` is refused now (a Message: ``.localized("it")``), or None if legal."""
    try:
        apply(state, cmd)
    except IllegalCommand as err:
        return err.message  # type: ignore[no-any-return]
    return None


def _bank_check(state: State, events: Events) -> None:
    """md Components: with a token count set, warn when the bank runs short; never refuse."""
    if state.token_supply is None:
        return
    for suit in SUITS:
        out = state.held(suit) + state.on_deeds(suit)
        if out > state.token_supply and any(e["type"] in _GAINS for e in events):
            events.append({"type": "bank_short", "suit": suit, "short": out - state.token_supply})


_GAINS = {"income", "sold", "traded", "crowns", "income_chosen", "corrected"}


# ---------------------------------------------------------------------------------------
# setup (rb Preparazione, md Setup)


def _setup(state: State) -> None:
    if state.phase != "setup":
        raise refuse("setup_done")


def _set_districts(state: State, cmd: C.SetDistricts, events: Events) -> None:
    """The 4 Pawns and the Excuse in a row, the Excuse in the middle."""
    _setup(state)
    if state.districts:
        raise refuse("districts_set")
    pawns = list(cmd.pawns)
    if sorted(pawns) != sorted(decktet().pawns):
        raise refuse("districts_pawns", pawns=[R.card_p(p) for p in decktet().pawns])
    state.districts = pawns[:2] + [R.EXCUSE] + pawns[2:]
    state.city = {d: [[] for _ in state.seats] for d in state.districts}
    events.append({"type": "districts", "districts": list(state.districts)})
    _maybe_start(state, events)


def _deal_crowns(state: State, cmd: C.DealCrowns, events: Events) -> None:
    """Three Crowns to each player, one token per suit of one's Crowns."""
    _setup(state)
    seat = T.check_seat(state, cmd.seat)
    if any(p.crowns for p in state.seats):
        raise refuse("crowns_dealt")
    crowns = list(cmd.crowns)
    all_crowns = decktet().crowns
    if len(crowns) != CROWNS_EACH or len(set(crowns)) != CROWNS_EACH or any(c not in all_crowns for c in crowns):
        raise refuse("crowns_three", crowns=[R.card_p(c) for c in all_crowns])
    other = [c for c in all_crowns if c not in crowns]
    for s, theirs in ((seat, crowns), (1 - seat, other)):
        state.seats[s].crowns = sorted(theirs, key=all_crowns.index)
        tokens = {decktet()[c].suits[0]: 1 for c in theirs}
        T.gain(state, s, tokens)
        events.append({"type": "crowns", "seat": s, "crowns": list(state.seats[s].crowns), "tokens": tokens})
    _maybe_start(state, events)


def _start_player(state: State, cmd: C.StartPlayer, events: Events) -> None:
    _setup(state)
    seat = T.check_seat(state, cmd.seat)
    if state.start is not None:
        raise refuse("start_set", name=R.seat_name(state, state.start))
    state.start = seat
    events.append({"type": "start_player", "seat": seat})
    _maybe_start(state, events)


def setup_missing(state: State) -> list[str]:
    """The setup commands still to come."""
    out = []
    if not state.districts:
        out.append("SetDistricts")
    if not any(p.crowns for p in state.seats):
        out.append("DealCrowns")
    if state.start is None:
        out.append("StartPlayer")
    return out


def _maybe_start(state: State, events: Events) -> None:
    if state.phase == "setup" and not setup_missing(state):
        assert state.start is not None
        T.begin_turn(state, state.start, events)


# ---------------------------------------------------------------------------------------
# trades and developments (md Turn 3)


def _trade(state: State, cmd: C.Trade, events: Events) -> None:
    T.ok(R.trade_reason(state, cmd.seat, cmd.give, cmd.get, cmd.times))
    T.pay(state, cmd.seat, {cmd.give: 3 * cmd.times})
    T.gain(state, cmd.seat, {cmd.get: cmd.times})
    events.append({"type": "traded", "seat": cmd.seat, "give": cmd.give, "get": cmd.get, "times": cmd.times})


def _develop(state: State, cmd: C.Develop, events: Events) -> None:
    T.ok(R.develop_reason(state, cmd.seat, cmd.card, cmd.suit, cmd.count))
    where = state.find(cmd.card)
    assert where is not None
    district, _, building = where
    T.pay(state, cmd.seat, {cmd.suit: cmd.count})
    building.tokens[cmd.suit] = building.tokens.get(cmd.suit, 0) + cmd.count
    cost = decktet()[cmd.card].cost
    events.append({"type": "developed", "seat": cmd.seat, "card": cmd.card, "suit": cmd.suit, "count": cmd.count,
                   "total": building.on_it, "cost": cost})
    if building.on_it >= cost:
        _complete(building)
        events.append({"type": "completed", "seat": cmd.seat, "card": cmd.card, "district": district})


def _complete(building: Building) -> None:
    """A deed whose tokens reach its value is a building; its tokens go back to the bank."""
    building.complete = True
    building.tokens = {}


# ---------------------------------------------------------------------------------------
# the card played (rb b, md Turn 4)


def _named(state: State, seat: int, card: str, how: str) -> None:
    state.seats[seat].hand -= 1
    state.played = True
    state.plays.append({"seat": seat, "card": card, "as": how, "turn": state.turn})


def _build(state: State, cmd: C.Build, events: Events) -> None:
    T.ok(R.build_reason(state, cmd.seat, cmd.card, cmd.district, cmd.payment))
    paid = {s: n for s, n in cmd.payment.items() if n}
    T.pay(state, cmd.seat, paid)
    state.city[cmd.district][cmd.seat].append(Building(cmd.card, True, {}))
    _named(state, cmd.seat, cmd.card, "build")
    events.append({"type": "built", "seat": cmd.seat, "card": cmd.card, "district": cmd.district, "payment": paid})


def _found(state: State, cmd: C.Found, events: Events) -> None:
    T.ok(R.found_reason(state, cmd.seat, cmd.card, cmd.district))
    fee = decktet()[cmd.card].fee
    T.pay(state, cmd.seat, fee)
    state.city[cmd.district][cmd.seat].append(Building(cmd.card, False, {}))
    _named(state, cmd.seat, cmd.card, "found")
    events.append({"type": "founded", "seat": cmd.seat, "card": cmd.card, "district": cmd.district, "fee": fee})


def _sell(state: State, cmd: C.Sell, events: Events) -> None:
    T.ok(R.sell_reason(state, cmd.seat, cmd.card))
    tokens = decktet()[cmd.card].sale
    T.gain(state, cmd.seat, tokens)
    state.discards.append(cmd.card)
    _named(state, cmd.seat, cmd.card, "sell")
    events.append({"type": "sold", "seat": cmd.seat, "card": cmd.card, "tokens": tokens})


_HANDLERS: dict[type, Callable[[State, Any, Events], None]] = {
    C.SetDistricts: _set_districts, C.DealCrowns: _deal_crowns, C.StartPlayer: _start_player, C.Roll: T.roll,
    C.TaxRoll: T.tax_roll, C.ChooseIncome: T.choose_income, C.Trade: _trade, C.Develop: _develop,
    C.Build: _build, C.Found: _found, C.Sell: _sell, C.Draw: T.draw, C.EndTurn: T.end_turn,
    C.Correct: corrections.correct,
}
