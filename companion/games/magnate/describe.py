"""The game log in words: one sentence per engine event or command, in Italian or English.

``describe(event, header, lang)`` and ``describe_command(command, header, lang)`` take the
players' names from a record header (or a State); ``event_message`` / ``command_message``
give the same as a ``Message`` (English text, key and parameters) to store once and show
later in either language.
"""

from __future__ import annotations

from typing import Any

from companion.core.i18n import DEFAULT_LANG, Message, joined

from . import commands as C
from .cards import SUITS
from .rules import card_p, district_p
from .state import State
from .text import msg, suit_param, tokens_param


def seat_names(source: Any) -> list[str]:
    """The players' names from a State, a record header or a list of names."""
    if isinstance(source, State):
        return [p.name for p in source.seats]
    if isinstance(source, dict):
        return [s if isinstance(s, str) else str(s.get("name", "?")) for s in source.get("seats") or ()]
    return [str(s) for s in source]


def _seat(names: list[str], seat: Any) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    return f"#{seat}"


def _e(key: str, **params: Any) -> Message:
    return msg("event." + key, **params)


def _tokens(value: Any) -> Any:
    return tokens_param(value if isinstance(value, dict) else {})


# ---------------------------------------------------------------------------------------
# events


def event_message(event: dict[str, Any], source: Any) -> Message:
    """The event as a Message (English; ``.localized("it")``)."""
    names = seat_names(source)
    t = event.get("type")
    who = _seat(names, event.get("seat"))
    card = event.get("card", "")
    if t == "districts":
        return _e("districts", districts=[card_p(d) for d in event.get("districts", ())])
    if t == "crowns":
        return _e("crowns", name=who, crowns=[card_p(c) for c in event.get("crowns", ())],
                  tokens=_tokens(event.get("tokens")))
    if t == "start_player":
        return _e("start_player", name=who)
    if t == "turn":
        return _e("turn.last" if event.get("last") else "turn", name=who, turn=event.get("turn"))
    if t == "rolled":
        dice = list(event.get("dice") or (0, 0)) + [0, 0]
        return _e("rolled", name=who, a=dice[0], b=dice[1])
    if t == "taxed":
        lost = [_e("lost", name=_seat(names, s), tokens=_tokens({event.get("suit"): n}))
                for s, n in enumerate(event.get("lost") or ()) if n]
        suit = event.get("suit")
        return _e("taxed" if lost else "taxed.nobody", suit=suit_param(suit) if suit in SUITS else str(suit),
                  lost=joined(lost, "; "))
    if t == "income":
        why = event.get("why")
        key = f"income.{why}" if why in ("crowns", "aces", "buildings") else "income.buildings"
        return _e(key, name=who, tokens=_tokens(event.get("tokens")), die=event.get("die"))
    if t == "income_pending":
        return _e("income_pending", name=who, card=card_p(card))
    if t == "income_chosen":
        return _e("income_chosen", name=who, tokens=_tokens({event.get("suit"): 1}), card=card_p(card))
    if t == "no_income":
        return _e("no_income.aces" if event.get("double_one") else "no_income", die=event.get("die"))
    if t == "traded":
        times = event.get("times", 1)
        return _e("traded", name=who, give=_tokens({event.get("give"): 3 * times}),
                  get=_tokens({event.get("get"): times}))
    if t == "developed":
        return _e("developed", name=who, tokens=_tokens({event.get("suit"): event.get("count", 0)}),
                  card=card_p(card, "su"), total=event.get("total"), cost=event.get("cost"))
    if t == "completed":
        return _e("completed", name=who, card=card_p(card), district=district_p(event.get("district", "")))
    if t == "built":
        return _e("built", name=who, card=card_p(card), district=district_p(event.get("district", "")),
                  payment=_tokens(event.get("payment")))
    if t == "founded":
        return _e("founded", name=who, card=card_p(card), district=district_p(event.get("district", "")),
                  fee=_tokens(event.get("fee")))
    if t == "sold":
        return _e("sold", name=who, card=card_p(card), tokens=_tokens(event.get("tokens")))
    if t == "drew":
        return _e("drew", name=who, deck=event.get("deck"))
    if t == "reshuffled":
        return _e("reshuffled", cards=event.get("cards"))
    if t == "deck_out":
        return _e("deck_out", names=[_seat(names, s) for s in event.get("last_turns", ())])
    if t == "turn_ended":
        return _e("turn_ended", name=who)
    if t == "district_scored":
        totals = list(event.get("totals") or (0, 0)) + [0, 0]
        winner = event.get("winner")
        params = {"district": district_p(event.get("district", "")), "a": totals[0], "b": totals[1],
                  "first": _seat(names, 0), "second": _seat(names, 1)}
        if winner is None:
            return _e("district_scored.tie", **params)
        return _e("district_scored", **params, name=_seat(names, winner))
    if t == "game_over":
        return _game_over(event, names)
    if t == "bank_short":
        return _e("bank_short", tokens=_tokens({event.get("suit"): event.get("short", 0)}))
    if t == "corrected":
        return _corrected(event, names)
    return msg("event.unknown", type=str(t))


def _game_over(event: dict[str, Any], names: list[str]) -> Message:
    winners = list(event.get("winners") or ())
    reason = event.get("reason")
    vp, values, tokens = (list(event.get(k) or (0, 0)) for k in ("vp", "values", "tokens"))
    if len(winners) != 1:
        return _e("game_over.shared", names=[_seat(names, s) for s in range(len(names))], vp=vp[0],
                  value=values[0], tokens=tokens[0])
    w = winners[0]
    o = 1 - w if len(vp) == 2 else w
    key = reason if reason in ("districts", "building_values", "tokens") else "districts"
    return _e(f"game_over.{key}", name=_seat(names, w), vp=vp[w], other_vp=vp[o], value=values[w],
              other_value=values[o], tokens=tokens[w], other_tokens=tokens[o])


def _corrected(event: dict[str, Any], names: list[str]) -> Message:
    target = event.get("target") or {}
    counter = target.get("counter")
    common = {"reason": str(event.get("reason", "")), "old": event.get("from"), "new": event.get("to")}
    suit = target.get("suit")
    suit_name = suit_param(suit) if suit in SUITS else str(suit)
    if "seat" in target:
        who = _seat(names, target["seat"])
        if counter == "hand":
            return _e("corrected.hand", name=who, **common)
        return _e("corrected.tokens", name=who, suit=suit_name, **common)
    card = str(target.get("card", ""))
    if counter == "tokens":
        return _e("corrected.deed", card=card_p(card, "su"), suit=suit_name, **common)
    if counter == "complete":
        return _e("corrected.complete" if event.get("to") else "corrected.deed_again", card=card_p(card),
                  reason=common["reason"])
    return _e("corrected.card", card=card_p(card), other=card_p(str(event.get("to"))), reason=common["reason"])


def describe_event(event: dict[str, Any], source: Any, lang: str = DEFAULT_LANG) -> str:
    """One readable sentence for an engine event, in ``lang`` ("en" or "it")."""
    return event_message(event, source).localized(lang)


def describe(event: dict[str, Any], header: Any, lang: str = DEFAULT_LANG) -> str:
    """The contract's log hook: ``describe(event, header, lang)``."""
    return describe_event(event, header, lang)


# ---------------------------------------------------------------------------------------
# commands (undo labels)


def command_message(cmd: Any, source: Any) -> Message:
    """What a command does, as a short phrase ("Anna builds the Mill")."""
    if isinstance(cmd, dict):
        cmd = C.from_dict(cmd)
    names = seat_names(source)
    kind = type(cmd).__name__
    name = _seat(names, getattr(cmd, "seat", None))
    if isinstance(cmd, C.Roll):
        dice = [10 if f == 0 else f for f in cmd.dice] + [0, 0]
        return msg("cmd.Roll", a=dice[0], b=dice[1])
    if isinstance(cmd, C.TaxRoll):
        suit = SUITS[cmd.die - 1] if 1 <= cmd.die <= 6 else None
        return msg("cmd.TaxRoll", suit=suit_param(suit) if suit else str(cmd.die))
    if isinstance(cmd, C.ChooseIncome):
        return msg("cmd.ChooseIncome", name=name, tokens=_tokens({cmd.suit: 1}), card=card_p(cmd.card))
    if isinstance(cmd, C.Trade):
        return msg("cmd.Trade", name=name, give=_tokens({cmd.give: 3 * cmd.times}), get=_tokens({cmd.get: cmd.times}))
    if isinstance(cmd, C.Develop):
        return msg("cmd.Develop", name=name, tokens=_tokens({cmd.suit: cmd.count}), card=card_p(cmd.card, "su"))
    if isinstance(cmd, (C.Build, C.Found, C.Sell)):
        return msg(f"cmd.{kind}", name=name, card=card_p(cmd.card))
    if isinstance(cmd, C.Correct):
        return msg("cmd.Correct", reason=str(cmd.reason))
    return msg(f"cmd.{kind}", name=name)


def describe_command(cmd: Any, source: Any, lang: str = DEFAULT_LANG, *, undo: bool = False) -> str:
    """The command in words; ``undo=True`` gives the undo button's label ("Undo: ...")."""
    m = command_message(cmd, source)
    if undo:
        m = msg("undo", what=m)
    return m.localized(lang)


EVENT_TYPES = (
    "districts", "crowns", "start_player", "turn", "rolled", "taxed", "income", "income_pending",
    "income_chosen", "no_income", "traded", "developed", "completed", "built", "founded", "sold", "drew",
    "reshuffled", "deck_out", "turn_ended", "district_scored", "game_over", "bank_short", "corrected",
)
