"""Leonardo's game log in words: one sentence per engine event or command, in Italian or
English (templates in ``data/translations/leonardo.LANG.json``).

``describe_event(event, names, lang)`` and ``describe_command(cmd, names, lang)`` take the
names from a ``State``, a record header or a ``Names``; ``event_message`` and
``command_message`` give the same as an i18n ``Message`` (English text, key, parameters).

Secrets stay secret: ``faction_chosen`` and ``ChooseFaction`` never say which faction,
``bet_locked`` and ``LockBet`` never say the product nor the amount; only
``factions_revealed`` and ``bets_revealed`` do. A ``money`` event marked ``"quiet"``
repeats what the event beside it already tells (a purchase, a sale): a log may skip it.
"""

from __future__ import annotations

from typing import Any

from companion.core.i18n import DEFAULT_LANG, Message, joined

from . import box as B
from . import commands as C
from .state import State
from .words import m


class Names:
    """Seat names and the box's space names in every language."""

    def __init__(self, seats: list[str], profile: dict[str, Any]):
        self.seats = seats
        self.box = profile

    @classmethod
    def of(cls, source: Any) -> Names:
        if isinstance(source, Names):
            return source
        if isinstance(source, State):
            return cls([p.name for p in source.seats], source.box)
        if isinstance(source, dict) and "seats" in source:
            seats = [s if isinstance(s, str) else str(s.get("name", "?")) for s in source.get("seats") or ()]
            return cls(seats, B.normalize(source.get("box")))
        raise TypeError("names come from a State, a record header or a Names")

    def seat(self, seat: Any) -> Any:
        if isinstance(seat, int) and 0 <= seat < len(self.seats):
            return self.seats[seat]
        if seat is None:
            return m("bank")
        return f"#{seat}"

    def space(self, space: Any) -> dict[str, Any]:
        if isinstance(space, int) and 1 <= space <= B.SPACES:
            return {**B.name(self.box, space), "id": space}
        return {"en": str(space)}


_cache: tuple[Any, Names] | None = None


def _names(source: Any) -> Names:
    """One game's names, kept while the same header is asked about."""
    global _cache
    if isinstance(source, dict):
        if _cache is None or _cache[0] is not source:
            _cache = (source, Names.of(source))
        return _cache[1]
    return Names.of(source)


def _e(key: str, **params: Any) -> Message:
    return m(f"event.{key}", **params)


def _product(p: Any) -> Any:
    return m(f"product.{p}") if p in B.PRODUCTS else str(p)


def _faction(f: Any) -> Any:
    return m(f"faction.{f}") if f in ("guelph", "ghibelline") else str(f)


def _bets(n: Names, bets: dict[str, Any]) -> dict[str, Any]:
    return joined([_e("bet_entry", name=n.seat(int(s)), amount=b["amount"], product=_product(b["product"]))
                   for s, b in bets.items()], "; ")


def event_message(event: dict[str, Any], names: Any) -> Message:
    """The event as an i18n Message (English text; ``.localized("it")``)."""
    n = _names(names)
    t = event.get("type")
    who = n.seat(event.get("seat"))
    S = n.space
    simple = {"faction_chosen", "setup_done", "first_player", "turn_ended", "declined", "bid_passed", "push_passed",
              "bet_locked", "bet_unlocked", "fight_tied", "end_agreed"}
    if t in simple:
        key = t
        if t == "faction_chosen" and event.get("again"):
            key = "faction_chosen.again"
        if t == "bid_passed" and event.get("auto"):
            key = "bid_passed.auto"
        return _e(key, name=who, other=n.seat(event.get("other")), space=S(event.get("space")))
    if t == "palace_dealt":
        return _e(t, name=who, space=S(event.get("space")))
    if t in ("start_spin", "spin", "fight_spin"):
        return _e(t, name=who, number=event.get("number"))
    if t == "start_tied":
        return _e(t, names=[n.seat(s) for s in event.get("seats", ())], number=event.get("number"))
    if t in ("turn", "round"):
        return _e(t, name=who, round=event.get("round"))
    if t == "art_bought":
        return _e(t, name=who, value=event.get("value"), space=S(event.get("space")))
    if t == "spin_chosen":
        return _e(t, name=who, number=event.get("number"))
    if t == "man_at_arms":
        return _e(t, name=who, men=event.get("men"))
    if t == "moved":
        key = "moved.first" if event.get("first") else "moved"
        return _e(key, name=who, start=S(event.get("from")), dest=S(event.get("to")), number=event.get("number"))
    if t == "money":
        return _money(event, n)
    if t == "landed":
        return _e("landed.pushed" if event.get("pushed") else "landed", name=who, space=S(event.get("space")))
    if t == "office_drawn":
        key = "office_drawn" if event.get("taken") else "office_drawn.bottom"
        return _e(key, name=who, card=event.get("card"), space=S(event.get("space")), price=event.get("price"))
    if t == "bought":
        return _e(t, name=who, space=S(event.get("space")), price=event.get("price"))
    if t == "auction_opened":
        bidders = event.get("bidders") or []
        if not bidders:
            return _e("auction_opened.nobody", space=S(event.get("space")))
        return _e(t, space=S(event.get("space")), names=[n.seat(s) for s in bidders])
    if t == "bid":
        return _e(t, name=who, amount=event.get("amount"))
    if t in ("auction_won", "bank_keeps"):
        return _e(t, name=who, space=S(event.get("space")), amount=event.get("amount"))
    if t == "market_opened":
        key = "market_opened" if event.get("bettors") else "market_opened.nobody"
        return _e(key, name=who, space=S(event.get("space")))
    if t == "bet":
        return _e(t, name=who, amount=event.get("amount"), product=_product(event.get("product")))
    if t in ("bets_closed", "bets_revealed"):
        return _e(t, bets=_bets(n, event.get("bets") or {}))
    if t == "market_spin":
        if event.get("lose_all"):
            return _e("market_spin.lose_all", name=who, number=event.get("number"))
        return _e(t, name=who, number=event.get("number"), product=_product(event.get("product")))
    if t == "event_drawn":
        kind = event.get("kind")
        key = f"event_drawn.{kind}" if kind in B.EVENT_KINDS else "event_drawn.nothing"
        return _e(key, name=who, card=event.get("card"))
    if t == "factions_revealed":
        factions = event.get("factions") or {}
        return _e(t, factions=joined([_e("faction_entry", name=n.seat(int(s)), faction=_faction(f))
                                      for s, f in factions.items()], "; "))
    if t == "pushed":
        return _e(t, name=who, other=n.seat(event.get("pushed")), start=S(event.get("from")),
                  dest=S(event.get("to")))
    if t == "man_taken":
        return _e("man_taken" if event.get("kept") else "man_taken.deck", name=who, other=n.seat(event.get("from")))
    if t == "tribute":
        key = "tribute" if event.get("palaces") else "tribute.none"
        return _e(key, name=who, other=n.seat(event.get("to")), amount=event.get("amount"),
                  palaces=event.get("palaces"))
    if t == "fight":
        return _e(t, name=who, other=n.seat(event.get("other")))
    if t == "fight_round":
        return _e(t, name=n.seat(event.get("winner")), other=n.seat(event.get("loser")), men=event.get("men"))
    if t == "must_sell":
        return _e(t, name=who, amount=event.get("owed"), cash=event.get("cash"))
    if t == "sold":
        key = "sold.works" if event.get("works") else "sold"
        return _e(key, name=who, space=S(event.get("space")), amount=event.get("amount"),
                  works=len(event.get("works") or ()))
    if t == "bankrupt":
        return _e(t, name=who)
    if t == "corporation_formed":
        return _e(t, name=who, names=[n.seat(s) for s in event.get("members", ())],
                  faction=_faction(event.get("faction")))
    if t == "game_over":
        winners = event.get("winners") or []
        key = "game_over.agreement" if event.get("reason") == "agreement" else "game_over.elimination"
        scores = event.get("scores") or {}
        best = max(scores.values(), default=0)
        return _e(key, names=[n.seat(s) for s in winners], count=len(winners), capital=best)
    if t == "printed_value":
        return _e(t, item=str(event.get("item")), field=str(event.get("field")), value=str(event.get("value")))
    if t == "corrected":
        return _e(t, target=_target(event.get("target") or {}, n), old=str(event.get("from")),
                  new=str(event.get("to")), reason=str(event.get("reason", "")))
    return _e("unknown", type=str(t))


def _money(event: dict[str, Any], n: Names) -> Message:
    why = event.get("why")
    params = {"name": n.seat(event.get("from")), "to": n.seat(event.get("to")), "amount": event.get("amount"),
              "space": n.space(event.get("space"))}
    if why == "rent":
        key = "money.rent.empty" if not event.get("works") else "money.rent"
        key += ".doubled" if event.get("doubled") else ""
        return _e(key, **params, works=event.get("works", 0))
    if why == "event":
        return _e("money.event", **params, faction=_faction(event.get("faction")))
    if why == "office":
        return _e("money.office", **params, card=event.get("card"))
    if why == "bank_pays":
        return _e("money.bank_pays", **params, debtor=n.seat(event.get("debtor")))
    if why in _MONEY:
        return _e(f"money.{why}", **params)
    return _e("money", **params)


_MONEY = ("passage", "toll", "art", "buy", "auction", "stake", "winnings", "tribute", "sale", "bankrupt", "pooled")


def _target(target: dict[str, Any], n: Names) -> Message:
    counter = str(target.get("counter"))
    what = m(f"counter.{counter}") if counter in ("cash", "men", "space", "owner", "works") else counter
    if "seat" in target:
        return _e("target.seat", name=n.seat(target["seat"]), counter=what)
    return _e("target.space", space=n.space(target.get("space")), counter=what)


def describe_event(event: dict[str, Any], names: Any, lang: str = DEFAULT_LANG) -> str:
    """One readable sentence for an engine event, in ``lang`` ("en" or "it")."""
    return event_message(event, names).localized(lang)


# ---------------------------------------------------------------------------------------
# commands (undo labels)


def command_message(cmd: Any, names: Any) -> Message:
    """What a command does, as a short phrase ("Anna's spin: 7"); sealed values never shown."""
    if isinstance(cmd, dict):
        cmd = C.from_dict(cmd)
    n = _names(names)
    kind = type(cmd).__name__
    name = n.seat(getattr(cmd, "seat", None))
    if isinstance(cmd, (C.DealPalace, C.BuyArt, C.Sell)):
        return m(f"cmd.{kind}", name=name, space=n.space(cmd.space), value=getattr(cmd, "value", ""))
    if isinstance(cmd, (C.StartSpin, C.Spin, C.ChooseSpin, C.MarketSpin, C.FightSpin)):
        return m(f"cmd.{kind}", name=name, number=cmd.number)
    if isinstance(cmd, (C.DrawOffice, C.DrawEvent)):
        return m(f"cmd.{kind}", card=cmd.card)
    if isinstance(cmd, C.Bid):
        return m("cmd.Bid", name=name, amount=cmd.amount)
    if isinstance(cmd, C.Bet):
        return m("cmd.Bet", name=name, amount=cmd.amount, product=_product(cmd.product))
    if isinstance(cmd, C.Push):
        return m("cmd.Push", name=name, steps=cmd.steps)
    if isinstance(cmd, C.FormCorporation):
        return m("cmd.FormCorporation", names=[n.seat(s) for s in cmd.members])
    if isinstance(cmd, C.SetPrintedValue):
        return m("cmd.SetPrintedValue", item=str(cmd.item), field=str(cmd.field))
    if isinstance(cmd, C.Correct):
        return m("cmd.Correct", reason=str(cmd.reason))
    # ChooseFaction, LockBet: the choice is sealed and never described.
    return m(f"cmd.{kind}", name=name)


def describe_command(cmd: Any, names: Any, lang: str = DEFAULT_LANG, *, undo: bool = False) -> str:
    """The command in words; ``undo=True`` gives the undo button's label."""
    msg = command_message(cmd, names)
    if undo:
        msg = m("undo", what=msg)
    return msg.localized(lang)
