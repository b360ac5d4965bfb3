"""Why a move is refused: one function per rule, each returning None (allowed) or a Message.

The engine raises these reasons; ``legal()`` lists them beside the options it greys out.
Rule references: "rb" is the Italian rulebook's section, "md" magnate-decisions.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.i18n import Message

from .cards import SUITS, Card, decktet
from .state import Building, State
from .text import msg, name_param, suits_param, tokens_param


EXCUSE = "excuse"


# ---------------------------------------------------------------------------------------
# names for messages


def card_p(card: str, prep: str | None = None) -> dict[str, str]:
    """A card's name for a message (``prep``: the Italian preposition joined to its article)."""
    deck = decktet()
    if card in deck:
        return name_param(deck[card].name, card, prep)
    return {"en": str(card), "id": str(card)}


def district_p(district: str) -> dict[str, str]:
    """"the district of the Harvest" / "distretto del Raccolto" name part (used after "in the
    district of" / "nel distretto")."""
    return card_p(district, "di")


def seat_name(state: State, seat: int) -> str:
    return state.seats[seat].name


# ---------------------------------------------------------------------------------------
# cards and suits


def card_of(card: str) -> Card | None:
    deck = decktet()
    return deck[card] if isinstance(card, str) and card in deck else None


def deck_cards(state: State) -> list[str]:
    """The cards of this game's draw deck (the Courts only when used)."""
    return decktet().deck(bool(state.variants.get("courts", True)))


def suit_reason(suit: Any) -> Message | None:
    if suit not in SUITS:
        return msg("no_suit", suit=repr(suit))
    return None


def named_reason(state: State, card: Any) -> Message | None:
    """md Record / Further decisions: a card named from a hand is a card of the deck that is
    neither on the table nor discarded since the last reshuffle."""
    info = card_of(card)
    if info is None:
        return msg("no_card", card=repr(card))
    if card not in deck_cards(state):
        if info.type == "court":
            return msg("courts_off", card=card_p(card))
        return msg("not_in_deck", card=card_p(card))
    where = state.find(card)
    if where is not None:
        return msg("card_on_table", card=card_p(card), district=district_p(where[0]))
    if card in state.discards:
        return msg("card_discarded", card=card_p(card))
    return None


def unseen(state: State) -> list[str]:
    """The cards a hand may hold now (deck order): what a card picker offers."""
    seen = state.seen()
    return [c for c in deck_cards(state) if c not in seen]


# ---------------------------------------------------------------------------------------
# the turn


def turn_reason(state: State, seat: Any) -> Message | None:
    """The player on turn, after the income and before the draw (rb b, md Turn 3)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
        return msg("no_seat", seat=repr(seat))
    if state.phase == "over":
        return msg("game_over")
    if state.phase == "setup":
        return msg("setup_first")
    if state.current != seat:
        return msg("not_your_turn", current=seat_name(state, state.current or 0), name=seat_name(state, seat))
    if state.phase == "roll":
        return msg("roll_first")
    if state.phase == "tax":
        return msg("tax_first")
    if state.phase == "income":
        names = sorted({seat_name(state, p["seat"]) for p in state.pending})
        return msg("income_first", names=names)
    return None


def play_reason(state: State, seat: Any) -> Message | None:
    """rb b: exactly one card played per turn (build, found or sell)."""
    reason = turn_reason(state, seat)
    if reason:
        return reason
    if state.played:
        return msg("already_played", name=seat_name(state, seat))
    if state.seats[seat].hand <= 0:
        return msg("empty_hand", name=seat_name(state, seat))
    return None


def short_reason(state: State, seat: int, need: Mapping[str, int]) -> Message | None:
    """The tokens ``seat`` lacks to pay ``need``, as a refusal."""
    have = state.seats[seat].tokens
    missing = {s: n - have[s] for s, n in need.items() if n > have[s]}
    if missing:
        return msg("short", name=seat_name(state, seat), missing=tokens_param(missing))
    return None


# ---------------------------------------------------------------------------------------
# placement (rb: Costruzione, Fondare; md Turn 4)


def placement_reason(state: State, seat: int, card: str, district: Any) -> Message | None:
    """The first card of a player in a district shares a suit with its Pawn (any card by the
    Excuse); a later one shares a suit with that player's previous card there; never while
    that player has an unfinished deed there."""
    if district not in state.city:
        return msg("no_district", district=repr(district))
    column = state.city[district][seat]
    info = decktet()[card]
    if column:
        last = column[-1]
        if not last.complete:
            return msg("unfinished_deed", name=seat_name(state, seat), deed=card_p(last.card),
                       district=district_p(district))
        if not set(info.suits) & set(decktet()[last.card].suits):
            return msg("no_suit_with_previous", card=card_p(card), previous=card_p(last.card),
                       district=district_p(district))
        return None
    if district == EXCUSE:
        return None
    if not set(info.suits) & set(decktet()[district].suits):
        return msg("no_suit_with_pawn", card=card_p(card), pawn=card_p(district))
    return None


def places(state: State, seat: int, card: str) -> list[str]:
    """The districts where ``seat`` may put ``card`` now (placement only)."""
    return [d for d in state.districts if placement_reason(state, seat, card, d) is None]


# ---------------------------------------------------------------------------------------
# paying


def payment_reason(state: State, seat: int, card: str, payment: Any) -> Message | None:
    """rb: a building costs its value, only in the card's suits, at least one of each (an Ace
    3 of its suit, a Court 10)."""
    info = decktet()[card]
    if not isinstance(payment, Mapping) or any(
            isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in payment.values()):
        return msg("payment_shape")
    paid = {s: n for s, n in payment.items() if n}
    for s in paid:
        if s not in info.suits:
            return msg("payment_suit", card=card_p(card), suits=suits_param(info.suits))
    total = sum(paid.values())
    if total != info.cost:
        return msg("payment_total", card=card_p(card), cost=info.cost, paid=total)
    if any(not paid.get(s) for s in info.suits):
        return msg("payment_each_suit", card=card_p(card), suits=suits_param(info.suits))
    return short_reason(state, seat, paid)


def build_reason(state: State, seat: int, card: Any, district: Any, payment: Any) -> Message | None:
    return (play_reason(state, seat) or named_reason(state, card) or placement_reason(state, seat, card, district)
            or payment_reason(state, seat, card, payment))


def found_reason(state: State, seat: int, card: Any, district: Any) -> Message | None:
    """rb Fondare: one token per suit to the bank (an Ace one, a Court three)."""
    return (play_reason(state, seat) or named_reason(state, card) or placement_reason(state, seat, card, district)
            or short_reason(state, seat, decktet()[card].fee))


def sell_reason(state: State, seat: int, card: Any) -> Message | None:
    """rb Vendere: always allowed, with a card in hand."""
    return play_reason(state, seat) or named_reason(state, card)


# ---------------------------------------------------------------------------------------
# developing and trading (md Turn 3)


def own_deed(state: State, seat: int, card: Any) -> tuple[Building | None, Message | None]:
    where = state.find(card) if isinstance(card, str) else None
    if where is None:
        return None, msg("not_on_table", card=card_p(card) if isinstance(card, str) else repr(card))
    _, owner, building = where
    if owner != seat:
        return None, msg("not_your_deed", card=card_p(card), name=seat_name(state, seat))
    if building.complete:
        return None, msg("already_complete", card=card_p(card))
    return building, None


def develop_reason(state: State, seat: int, card: Any, suit: Any, count: Any) -> Message | None:
    """Tokens of one of the deed's suits moved onto it, at most up to its value; with the
    "each suit" variant, never completing it without a token of each of its suits."""
    reason = turn_reason(state, seat) or suit_reason(suit)
    if reason:
        return reason
    building, reason = own_deed(state, seat, card)
    if building is None:
        return reason
    info = decktet()[card]
    if suit not in info.suits:
        return msg("develop_suit", card=card_p(card), suits=suits_param(info.suits))
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        return msg("count_positive")
    left = info.cost - building.on_it
    if count > left:
        return msg("develop_over", card=card_p(card), left=left)
    reason = short_reason(state, seat, {suit: count})
    if reason:
        return reason
    if state.variants.get("deed_each_suit") and count == left:
        after = dict(building.tokens)
        after[suit] = after.get(suit, 0) + count
        missing = [s for s in info.suits if not after.get(s)]
        if missing:
            return msg("develop_each_suit", card=card_p(card), suits=suits_param(missing))
    return None


def trade_reason(state: State, seat: int, give: Any, get: Any, times: Any) -> Message | None:
    """rb Scambia: 3 tokens of one suit for 1 of another, as often as the player can pay."""
    reason = turn_reason(state, seat) or suit_reason(give) or suit_reason(get)
    if reason:
        return reason
    if give == get:
        return msg("trade_same_suit")
    if isinstance(times, bool) or not isinstance(times, int) or times < 1:
        return msg("count_positive")
    return short_reason(state, seat, {give: 3 * times})


def income_choices(state: State, card: str) -> list[str]:
    """The suits a deed's owner may take as its income (md Turn 2; variant: any suit)."""
    if state.variants.get("deed_any_suit"):
        return list(SUITS)
    return list(decktet()[card].suits)
