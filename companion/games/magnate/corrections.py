"""Corrections by hand: the table sets a counter, with its reason (as Magnifico's ``Correct``).

Past the last reveal (a roll, a draw) undo cannot help; the table then corrects the books
with ``Correct(target, value, reason)``, a command like any other (journal, record, log),
taken in any phase, also after the end, and never a reveal. Targets and values:

- ``{"seat": n, "counter": "tokens", "suit": s}``: the tokens of a suit a player holds, 0 or more.
- ``{"seat": n, "counter": "hand"}``: a hand's size, 0 or more; the deck's count changes the
  other way (the card went back to the deck, or came from it), so it cannot go below 0.
- ``{"card": id, "counter": "tokens", "suit": s}``: the tokens of one of its suits on a deed,
  at most its value in all; reaching the value completes it.
- ``{"card": id, "counter": "complete"}``: ``True`` completes a deed (its tokens go back to
  the bank), ``False`` makes a building a deed with no tokens.
- ``{"card": id, "counter": "card"}``: the card on the table or in the discards was in fact
  another one, not seen yet: it takes its place (a deed keeps its tokens if the new card
  has their suits and a higher value).

Refused: a card whose income is being chosen. After the end, the scoring is done again on
the corrected table (the end's result follows the books).
"""

from __future__ import annotations

from typing import Any

from . import rules as R
from . import scoring
from .cards import SUITS, decktet
from .state import Building, State
from .text import refuse, suits_param, tokens_param

COUNTERS = {"seat": ("tokens", "hand"), "card": ("tokens", "complete", "card")}


def apply(state: State, cmd: Any) -> tuple[State, list[dict[str, Any]]]:
    """``engine.apply`` for a ``Correct``: the new state and its event."""
    new = state.copy()
    events: list[dict[str, Any]] = []
    correct(new, cmd, events)
    return new, events


def correct(state: State, cmd: Any, events: list[dict[str, Any]]) -> None:
    """Set the counter on ``state`` (a copy) or raise IllegalCommand."""
    if not isinstance(cmd.reason, str) or not cmd.reason.strip():
        raise refuse("correct_reason")
    target = dict(cmd.target)
    counter = target.get("counter")
    old: Any
    if "seat" in target:
        seat = target["seat"]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
            raise refuse("no_seat", seat=repr(seat))
        if counter == "tokens":
            old = _seat_tokens(state, seat, target.get("suit"), cmd.value)
        elif counter == "hand":
            old = _hand(state, seat, cmd.value)
        else:
            raise refuse("correct_counter", counter=repr(counter), counters=", ".join(COUNTERS["seat"]))
    elif "card" in target:
        card = target["card"]
        if not isinstance(card, str) or card not in decktet():
            raise refuse("no_card", card=repr(card))
        if any(p["card"] == card for p in state.pending):
            raise refuse("correct_pending", card=R.card_p(card))
        if counter == "tokens":
            old = _deed_tokens(state, card, target.get("suit"), cmd.value, events)
        elif counter == "complete":
            old = _complete(state, card, cmd.value)
        elif counter == "card":
            old = _identity(state, card, cmd.value)
        else:
            raise refuse("correct_counter", counter=repr(counter), counters=", ".join(COUNTERS["card"]))
    else:
        raise refuse("correct_target")
    events.insert(0, {"type": "corrected", "target": target, "from": old, "to": cmd.value, "reason": cmd.reason})
    if state.phase == "over":
        state.outcome = scoring.final_scores(state)


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise refuse("correct_count", value=repr(value))
    return value


def _suit(suit: Any) -> str:
    if suit not in SUITS:
        raise refuse("no_suit", suit=repr(suit))
    return str(suit)


def _seat_tokens(state: State, seat: int, suit: Any, value: Any) -> int:
    suit = _suit(suit)
    old = state.seats[seat].tokens[suit]
    state.seats[seat].tokens[suit] = _count(value)
    return old


def _hand(state: State, seat: int, value: Any) -> int:
    value = _count(value)
    old = state.seats[seat].hand
    deck = state.deck - (value - old)
    floor = 0 if state.run_outs == 2 else 1  # before the last turns the deck never lies empty
    if deck < floor:
        raise refuse("correct_hand_deck", name=R.seat_name(state, seat), deck=state.deck - floor)
    state.seats[seat].hand, state.deck = value, deck
    return old


def _on_table(state: State, card: str) -> tuple[str, int, Building]:
    where = state.find(card)
    if where is None:
        raise refuse("not_on_table", card=R.card_p(card))
    return where


def _deed_tokens(state: State, card: str, suit: Any, value: Any, events: list[dict[str, Any]]) -> int:
    district, seat, building = _on_table(state, card)
    suit = _suit(suit)
    value = _count(value)
    info = decktet()[card]
    if building.complete:
        raise refuse("already_complete", card=R.card_p(card))
    if suit not in info.suits:
        raise refuse("develop_suit", card=R.card_p(card), suits=suits_param(info.suits))
    old = building.tokens.get(suit, 0)
    total = building.on_it - old + value
    if total > info.cost:
        raise refuse("correct_deed_over", card=R.card_p(card, "su"),
                     most=tokens_param({suit: info.cost - building.on_it + old}))
    building.tokens[suit] = value
    if total == info.cost:
        building.complete, building.tokens = True, {}
        events.append({"type": "completed", "seat": seat, "card": card, "district": district})
    return old


def _complete(state: State, card: str, value: Any) -> bool:
    _, _, building = _on_table(state, card)
    if not isinstance(value, bool):
        raise refuse("correct_bool", value=repr(value))
    old = building.complete
    building.complete = value
    building.tokens = {}
    return old


def _identity(state: State, card: str, value: Any) -> str:
    if not isinstance(value, str) or value == card:
        raise refuse("correct_same_card", card=R.card_p(card))
    reason = R.named_reason(state, value)
    if reason is not None:
        raise refuse("correct_card_seen", reason=reason)
    where = state.find(card)
    new_info = decktet()[value]
    if where is not None:
        building = where[2]
        if not building.complete:
            bad = [s for s, n in building.tokens.items() if n and s not in new_info.suits]
            if bad or building.on_it >= new_info.cost:
                raise refuse("correct_card_tokens", card=R.card_p(value))
        building.card = value
    elif card in state.discards:
        state.discards[state.discards.index(card)] = value
    else:
        raise refuse("correct_card_where", card=R.card_p(card))
    last = max(i for i, p in enumerate(state.plays) if p["card"] == card) if any(
        p["card"] == card for p in state.plays) else None
    if last is not None:  # the latest time it was named (an earlier one may precede a reshuffle)
        state.plays[last] = dict(state.plays[last], card=value)
    return card
