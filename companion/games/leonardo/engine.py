"""The Leonardo referee: ``new_game``, ``apply``, ``check``, ``public_view``, ``describe``.

``apply(state, command)`` never mutates its input: it works on a copy and returns the
copy with the events, or raises IllegalCommand and the caller keeps the old state. A
printed value nobody has entered yet makes ``apply`` raise IllegalCommand with
``needs={"item", "field"}`` (``box.set_value``'s address): the screen asks the table and
sends ``SetPrintedValue(item, field, value)``, then the command again.

Rules: the rulebook (Italian) and leonardo-decisions; the parts are in ``setup``,
``turn``, ``auction``, ``market``, ``offices``, ``event_cards``, ``fights``, ``money``,
``end``, ``corporations`` and ``corrections``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.game import Outcome

from . import auction, corporations, corrections, end, event_cards, fights, market, money, offices, setup, turn
from . import box as B
from . import commands as C
from .setup import new_game
from .state import State
from .variants import DEFAULT_VARIANTS, VARIANTS
from .words import IllegalCommand, refuse

Events = list[dict[str, Any]]

__all__ = ["DEFAULT_VARIANTS", "SECRETS", "VARIANTS", "apply", "check", "describe", "legal", "needs", "new_game",
           "outcome", "public_view"]

# The commands that hold a secret, by group; the event that opens a group says so
# (``"opens": [group]``, ``"reveal": true``) and opens nothing else.
SECRETS: dict[str, frozenset[str]] = {
    "factions": frozenset({"ChooseFaction"}),
    "market_bets": frozenset({"LockBet"}),
}


def _set_printed(state: State, cmd: C.SetPrintedValue, events: Events) -> None:
    """A value printed on the board or a card, read by the table (box.set_value checks it)."""
    if state.phase != "setup" and cmd.item in ("offices", "events", "men_at_arms"):
        raise refuse("printed_count_fixed")
    head, _, tail = cmd.item.partition(".")
    if head == "space" and cmd.field == "kind" and tail.isdigit() and 1 <= int(tail) <= B.SPACES:
        owner = state.owner[int(tail) - 1]
        was_palace = B.kind(state.box, int(tail)) in B.PALACE_KINDS
        if owner is not None and (cmd.value in B.PALACE_KINDS) != was_palace:
            raise refuse("printed_kind_owned", space=int(tail), name=state.name(owner))
    new_box = B.set_value(state.box, cmd.item, cmd.field, cmd.value)
    for p in state.seats:
        for card in p.offices:
            if new_box["offices"][card - 1].get("price") is None or new_box["offices"][card - 1].get("space") is None:
                raise refuse("printed_office_held", card=card, name=p.name)
    state.box = new_box
    events.append({"type": "printed_value", "item": cmd.item, "field": cmd.field, "value": cmd.value})


_HANDLERS: dict[type, Callable[[State, Any, Events], None]] = {
    C.DealPalace: setup.deal_palace, C.ChooseFaction: setup.choose_faction, C.StartSpin: setup.start_spin,
    C.BuyArt: turn.buy_art, C.Spin: turn.spin, C.ChooseSpin: turn.choose_spin,
    C.DrawOffice: offices.draw_office, C.Push: offices.push, C.PassPush: offices.pass_push,
    C.Buy: auction.buy, C.Decline: auction.decline, C.Bid: auction.bid, C.PassBid: auction.pass_bid,
    C.Bet: market.bet, C.LockBet: market.lock_bet, C.UnlockBet: market.unlock_bet, C.MarketSpin: market.market_spin,
    C.DrawEvent: event_cards.draw_event, C.FightSpin: fights.fight_spin, C.Sell: money.sell,
    C.EndByAgreement: end.end_by_agreement, C.FormCorporation: corporations.form,
    C.SetPrintedValue: _set_printed, C.Correct: corrections.correct,
}


def apply(state: State, cmd: Any) -> tuple[State, Events]:
    """Check ``cmd`` against the rules and return (new state, events). ``state`` is untouched."""
    if isinstance(cmd, dict):
        cmd = C.from_dict(cmd)
    handler = _HANDLERS.get(type(cmd))
    if handler is None:
        raise refuse("not_a_command", name=type(cmd).__name__)
    C.check_types(cmd)
    if isinstance(cmd, C.Correct):
        return corrections.apply(state, cmd)
    if state.phase == "over" and not isinstance(cmd, C.SetPrintedValue):
        raise refuse("game_is_over")
    new = state.copy()
    events: Events = []
    handler(new, cmd, events)
    if new.phase == "turns":
        turn.run(new, events)
    return new, events


def check(state: State, cmd: Any) -> Any:
    """The reason ``cmd`` is refused now (an i18n Message), or None if it is legal. A
    command that only lacks a printed value is legal (the table is asked first)."""
    try:
        apply(state, cmd)
    except IllegalCommand as err:
        if err.needs:
            return None
        return err.message
    return None


def needs(state: State, cmd: Any) -> dict[str, Any] | None:
    """The printed value ``cmd`` waits for (``{"item", "field"}``), or None."""
    try:
        apply(state, cmd)
    except IllegalCommand as err:
        return dict(err.needs) if err.needs else None
    return None


def public_view(state: State) -> dict[str, Any]:
    """``state.to_dict()`` safe to show the table: the factions until a faction event
    reveals them, and sealed market bets until the last one is in, are hidden. It adds
    ``capital``: each seat's capital count as it would be now (``end.capital_parts``)."""
    d = state.to_dict()
    d["capital"] = [end.capital_parts(state, seat) for seat in range(state.n)]
    if not state.revealed:
        for seat in d["seats"]:
            seat["faction_chosen"] = seat["faction"] is not None
            seat["faction"] = None
    if d["turn"] is not None:
        for task in d["turn"]["tasks"]:
            if task["t"] == "market" and task["sealed"] and task["stage"] == "bets":
                task["locked"] = sorted(int(s) for s in task["bets"])
                task["bets"] = {}
    return d


def describe(event: dict[str, Any], header: Any, lang: str = "en") -> str:
    """One readable sentence for an event (the journal's log hook): see describe.py."""
    from . import describe as D

    return D.describe_event(event, header, lang)


def outcome(state: State) -> Outcome | None:
    return end.outcome(state)


from .legality import legal
