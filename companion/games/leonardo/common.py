"""Helpers every part of the Leonardo engine shares: reading inputs, printed values the
table has still to enter (``needs``), money moving between seats and the bank, decks."""

from __future__ import annotations

from typing import Any, NoReturn

from . import box as B
from .state import State
from .words import m, refuse

BANK = None  # a money event's ``from``/``to`` when the bank pays or receives


def seat_of(state: State, seat: Any) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
        raise refuse("no_seat", seat=repr(seat))
    return int(seat)


def spin_number(number: Any) -> int:
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 12:
        raise refuse("spin_range", number=repr(number))
    return number


def sl(state: State, space: int) -> dict[str, Any]:
    """A space's name per language and its number, for a message parameter."""
    return {**B.name(state.box, space), "id": space}


def phase(state: State, *phases: str) -> None:
    if state.phase not in phases:
        raise refuse("not_now", phase=m(f"phase.{state.phase}"))


# ---------------------------------------------------------------------------------------
# printed values


def need(state: State, item: str, field: str, what: Any) -> NoReturn:
    """Raise the IllegalCommand that makes the screen ask the table for a printed value."""
    raise refuse("needs_value", needs={"item": item, "field": field}, what=what)


def kind(state: State, space: int) -> str:
    value = B.kind(state.box, space)
    if value is None:
        need(state, f"space.{space}", "kind", m("what.kind", space=space))
    return str(value)


def price(state: State, space: int) -> int:
    value = B.space(state.box, space).get("price")
    if value is None:
        need(state, f"space.{space}", "price", m("what.price", space=sl(state, space)))
    return int(value)


def quarter(state: State, space: int) -> int:
    value = B.space(state.box, space).get("quarter")
    if value is None:
        need(state, f"space.{space}", "quarter", m("what.quarter", space=sl(state, space)))
    return int(value)


def rent_value(state: State, space: int, works: int) -> int:
    rent = B.space(state.box, space).get("rent") or [None] * B.MAX_WORKS
    value = rent[works - 1]
    if value is None:
        need(state, f"space.{space}", f"rent.{works}", m("what.rent", space=sl(state, space), works=works))
    return int(value)


def office_card(state: State, card: int) -> tuple[int, int]:
    """(space, price) of office card ``card``."""
    entry = state.box["offices"][card - 1]
    for f in ("space", "price"):
        if entry.get(f) is None:
            need(state, f"office.{card}", f, m(f"what.office_{f}", card=card))
    return int(entry["space"]), int(entry["price"])


def event_kind(state: State, card: int) -> str:
    value = state.box["events"][card - 1]
    if value is None:
        need(state, f"event.{card}", "kind", m("what.event_kind", card=card))
    return str(value)


def product(state: State, number: int) -> str:
    value = B.product_of(state.box, number)
    if value is None:
        need(state, f"number.{number}", "product", m("what.product", number=number))
    return value


def whole_quarter(state: State, owner: int, space: int) -> bool:
    """Whether ``owner`` holds every palace of ``space``'s quarter (asks the table for a
    quarter or a kind only while the answer still depends on it)."""
    q = quarter(state, space)
    unknown = []
    for n in range(1, B.SPACES + 1):
        k = B.kind(state.box, n)
        if k in ("square", "market", "bridge"):
            continue
        if k is None or B.space(state.box, n).get("quarter") is None:
            if state.owner[n - 1] != owner:
                unknown.append(n)  # if it is in the quarter, the owner lacks it
            continue
        if B.space(state.box, n)["quarter"] == q and state.owner[n - 1] != owner:
            return False
    for n in unknown:
        if kind(state, n) in B.PALACE_KINDS and quarter(state, n) == q:
            return False
    return True


def half(value: int) -> int:
    return value // 2  # prices are even (box profile)


# ---------------------------------------------------------------------------------------
# money


def transfer(state: State, payer: int | None, payee: int | None, amount: int, events: list[dict[str, Any]],
             why: str, **detail: Any) -> None:
    """Move florins now (the payer has them); ``None`` is the bank. One ``money`` event."""
    if amount <= 0:
        return
    if payer is None:
        state.bank["paid"] += amount
    else:
        p = state.seats[payer]
        assert p.cash >= amount, (payer, p.cash, amount)
        p.cash -= amount
    if payee is None:
        state.bank["received"] += amount
    else:
        state.seats[payee].cash += amount
    events.append({"type": "money", "from": payer, "to": payee, "amount": amount, "why": why, **detail})


def owe(state: State, debtor: int, creditor: int | None, amount: int, why: str, *, front: bool = True,
        **detail: Any) -> None:
    """A payment the debtor may have to sell for: a ``pay`` task (money.py settles it)."""
    if amount <= 0 or state.turn is None:
        return
    task = {"t": "pay", "debtor": debtor, "creditor": creditor, "amount": amount, "why": why, **detail}
    if front:
        state.current["tasks"].insert(0, task)
    else:
        state.current["tasks"].append(task)


def liquidation(state: State, seat: int) -> int:
    """Cash plus what the seat's palaces and bridges fetch at a forced sale."""
    return state.seats[seat].cash + sum(half(price(state, s)) for s in state.holdings(seat))


# ---------------------------------------------------------------------------------------
# decks of cards: the unseen part first, then the cards put at the bottom, in order


def drawable(deck: dict[str, list[int]]) -> list[int]:
    """The cards that may be the top one now."""
    if deck["unknown"]:
        return sorted(deck["unknown"])
    return deck["bottom"][:1]


def draw(deck: dict[str, list[int]], card: Any, which: Any) -> int:
    if isinstance(card, bool) or not isinstance(card, int):
        raise refuse("no_card", card=repr(card), deck=which)
    if deck["unknown"]:
        if card not in deck["unknown"]:
            raise refuse("card_not_in_deck", card=card, deck=which)
        deck["unknown"].remove(card)
    else:
        if not deck["bottom"]:
            raise refuse("deck_empty", deck=which)
        if deck["bottom"][0] != card:
            raise refuse("card_not_on_top", card=card, top=deck["bottom"][0], deck=which)
        deck["bottom"].pop(0)
    return int(card)


def deck_size(deck: dict[str, list[int]]) -> int:
    return len(deck["unknown"]) + len(deck["bottom"])


def others_in_order(state: State, seat: int) -> list[int]:
    """The other seats still playing with a pawn, in turn order after ``seat``."""
    active = set(state.active())
    return [s for s in ((seat + i) % state.n for i in range(1, state.n)) if s in active]


def head(state: State, *kinds: str) -> dict[str, Any] | None:
    """The task waiting at the head of the turn's queue, if it is of one of ``kinds``."""
    if state.phase != "turns" or state.turn is None or not state.current["tasks"]:
        return None
    task = state.current["tasks"][0]
    return task if task["t"] in kinds else None
