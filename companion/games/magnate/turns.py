"""The turn's clock: the roll, taxation and income (rb a, md Turn 1-2), the draw, both
run-outs, the last turns and the end (rb c, Vittoria; md Turn 5, End), and the small
helpers every handler shares (tokens in and out, a seat checked, a reason raised).
"""

from __future__ import annotations

from typing import Any

from companion.core.i18n import Message
from companion.errors import IllegalCommand

from . import commands as C
from . import rules as R
from . import scoring
from .cards import SUITS, decktet
from .state import Phase, State
from .text import refuse, suits_param

Events = list[dict[str, Any]]


def ok(reason: Message | None) -> None:
    if reason is not None:
        raise IllegalCommand(reason)


def gain(state: State, seat: int, tokens: dict[str, int]) -> None:
    for s, n in tokens.items():
        state.seats[seat].tokens[s] += n


def pay(state: State, seat: int, tokens: dict[str, int]) -> None:
    for s, n in tokens.items():
        state.seats[seat].tokens[s] -= n


def check_seat(state: State, seat: Any) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.n:
        raise refuse("no_seat", seat=repr(seat))
    return seat


# ---------------------------------------------------------------------------------------
# the roll, taxation and income (rb a, md Turn 1-2)


def begin_turn(state: State, seat: int, events: Events) -> None:
    state.turn += 1
    state.current = seat
    state.phase = Phase.ROLL
    state.dice = None
    state.tax = None
    state.played = False
    state.pending = []
    events.append({"type": "turn", "seat": seat, "turn": state.turn, "last": state.final})


def roll(state: State, cmd: C.Roll, events: Events) -> None:
    if state.phase != "roll":
        raise not_now(state, "Roll")
    faces = list(cmd.dice)
    if len(faces) != 2 or any(not 0 <= f <= 10 for f in faces):
        raise refuse("roll_d10", dice=repr(faces))
    dice = [10 if f == 0 else f for f in faces]
    state.dice = dice
    events.append({"type": "rolled", "seat": state.current, "dice": dice, "reveal": True})
    if 1 in dice:
        state.phase = Phase.TAX
        return
    income(state, events)


def tax_roll(state: State, cmd: C.TaxRoll, events: Events) -> None:
    """rb Tassazione: a player with more than one token of the suit keeps one."""
    if state.phase != "tax":
        raise not_now(state, "TaxRoll")
    if not 1 <= cmd.die <= 6:
        raise refuse("tax_d6", die=repr(cmd.die))
    suit = SUITS[cmd.die - 1]
    state.tax = suit
    lost = []
    for p in state.seats:
        over = max(0, p.tokens[suit] - 1)
        p.tokens[suit] -= over
        lost.append(over)
    events.append({"type": "taxed", "die": cmd.die, "suit": suit, "lost": lost, "reveal": True})
    income(state, events)


def income_of(state: State, seat: int, die: int, double_one: bool) -> tuple[dict[str, int], list[str]]:
    """(the tokens ``seat`` earns at once, the deeds whose owner must choose a suit)."""
    tokens: dict[str, int] = {}
    choices: list[str] = []
    if double_one:  # md Further decisions: one token per completed Ace
        for _, _, b in state.buildings(seat):
            info = decktet()[b.card]
            if info.type == "ace" and b.complete:
                tokens[info.suits[0]] = tokens.get(info.suits[0], 0) + 1
    elif die == 10:
        for c in state.seats[seat].crowns:
            s = decktet()[c].suits[0]
            tokens[s] = tokens.get(s, 0) + 1
    else:
        for _, _, b in state.buildings(seat):
            info = decktet()[b.card]
            if info.type != "number" or info.rank != die:
                continue
            if b.complete:
                for s in info.suits:
                    tokens[s] = tokens.get(s, 0) + 1
            else:
                choices.append(b.card)
    return tokens, choices


def income(state: State, events: Events) -> None:
    """rb Ricevi le risorse: on the higher d10, for both players, starting with the player on turn."""
    assert state.dice is not None and state.current is not None
    die = max(state.dice)
    double_one = state.dice == [1, 1]
    order = [state.current, 1 - state.current]
    anything = False
    for seat in order:
        tokens, deeds = income_of(state, seat, die, double_one)
        if tokens:
            anything = True
            gain(state, seat, tokens)
            why = "aces" if double_one else "crowns" if die == 10 else "buildings"
            events.append({"type": "income", "seat": seat, "tokens": tokens, "die": die, "why": why})
        for card in deeds:
            anything = True
            state.pending.append({"seat": seat, "card": card})
            events.append({"type": "income_pending", "seat": seat, "card": card,
                           "suits": R.income_choices(state, card)})
    if not anything:
        events.append({"type": "no_income", "die": die, "double_one": double_one})
    state.phase = Phase.INCOME if state.pending else Phase.ACTIONS


def choose_income(state: State, cmd: C.ChooseIncome, events: Events) -> None:
    if state.phase != "income":
        raise not_now(state, "ChooseIncome")
    seat = check_seat(state, cmd.seat)
    wanted = {"seat": seat, "card": cmd.card}
    if wanted not in state.pending:
        raise refuse("no_income_choice", name=R.seat_name(state, seat), card=R.card_p(cmd.card))
    if cmd.suit not in R.income_choices(state, cmd.card):
        raise refuse("income_suit", card=R.card_p(cmd.card), suits=suits_param(R.income_choices(state, cmd.card)))
    state.pending.remove(wanted)
    gain(state, seat, {cmd.suit: 1})
    events.append({"type": "income_chosen", "seat": seat, "card": cmd.card, "suit": cmd.suit})
    if not state.pending:
        state.phase = Phase.ACTIONS


def not_now(state: State, what: str) -> IllegalCommand:
    """The refusal for a roll or a choice that is not awaited now."""
    if state.phase == "over":
        return refuse("game_over")
    if state.phase == "setup":
        return refuse("setup_first")
    if state.phase == "roll":
        return refuse("roll_first")
    if state.phase == "tax":
        return refuse("tax_first")
    if state.phase == "income":
        return refuse("income_first", names=sorted({R.seat_name(state, p["seat"]) for p in state.pending}))
    return refuse("not_awaited", what=what)


# ---------------------------------------------------------------------------------------
# the draw, the run-outs and the end (rb c, Vittoria; md Turn 5, End)


def turn_over(state: State, seat: int) -> None:
    ok(R.turn_reason(state, seat))
    if not state.played and state.seats[seat].hand > 0:
        raise refuse("must_play", name=R.seat_name(state, seat))


def draw(state: State, cmd: C.Draw, events: Events) -> None:
    seat = check_seat(state, cmd.seat)
    turn_over(state, seat)
    if state.final:
        raise refuse("no_draw_last_turn", name=R.seat_name(state, seat))
    state.deck -= 1
    state.drawn += 1
    state.seats[seat].hand += 1
    events.append({"type": "drew", "seat": seat, "deck": state.deck, "reveal": True})
    if state.deck == 0:
        run_out(state, seat, events)
    next_turn(state, seat, events)


def run_out(state: State, drawer: int, events: Events) -> None:
    """md Turn 5: the first run-out reshuffles the discards at once (none: it counts as the
    second); at the second each player has one last turn, the drawer's opponent first."""
    if state.run_outs == 0 and state.discards:
        state.run_outs = 1
        state.deck = len(state.discards)
        state.discards = []
        events.append({"type": "reshuffled", "cards": state.deck, "reveal": True})
        return
    state.run_outs = 2
    state.last_turns = [1 - drawer, drawer]
    events.append({"type": "deck_out", "last_turns": list(state.last_turns)})


def end_turn(state: State, cmd: C.EndTurn, events: Events) -> None:
    seat = check_seat(state, cmd.seat)
    turn_over(state, seat)
    if not state.final:
        raise refuse("draw_to_end", name=R.seat_name(state, seat))
    next_turn(state, seat, events)


def next_turn(state: State, seat: int, events: Events) -> None:
    events.append({"type": "turn_ended", "seat": seat})
    if state.last_turns is None:
        begin_turn(state, 1 - seat, events)
        return
    if not state.last_turns:
        game_over(state, events)
        return
    state.final = True
    begin_turn(state, state.last_turns.pop(0), events)


def game_over(state: State, events: Events) -> None:
    state.phase = Phase.OVER
    state.current = None
    state.final = False
    state.outcome = scoring.final_scores(state)
    for district, result in state.outcome["districts"].items():
        events.append({"type": "district_scored", "district": district, **result})
    events.append({"type": "game_over", **{k: v for k, v in state.outcome.items() if k != "districts"}})
