"""The game log in words: one readable sentence per engine event or command, in Italian
or English.

``describe_event(event, names, lang)`` and ``describe_command(cmd, names, lang)`` take the
names from a ``State``, a record header, or a ``Names``; ``event_message`` and
``command_message`` give the same as an i18n ``Message`` (English text plus key and
parameters) for a journal that stores the log once and shows it in either language.

Sealed bids stay sealed: ``bid_locked`` and ``LockBid`` never say the amount; only
``bids_revealed`` does (rd: Auction; architecture: sealed bids).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeAlias

from companion.core import dice
from companion.core.i18n import DEFAULT_LANG, Catalog, Message, joined, msg

from . import commands as C
from .state import Board, State, normalize_cards

Param: TypeAlias = Message | dict[str, Any] | str
"""A message parameter: a Message, a joined list (``joined``), names per language, or text."""
NameSource: TypeAlias = "Names | State | dict[str, Any]"


class Names:
    """Seat names and the names of territories and cards in every language."""

    def __init__(self, seats: Iterable[Any], territories: dict[str, dict[str, str]] | None = None,
                 cards: dict[str, dict[str, str]] | None = None):
        self.seats = [str(s) for s in seats]
        self.territories = territories or {}
        self.cards = cards or {}

    @classmethod
    def from_state(cls, state: State) -> Names:
        return cls([p.name for p in state.seats], state.board.labels,
                   {c: state.card_label(c) for c in state.cards})

    @classmethod
    def from_header(cls, header: dict[str, Any]) -> Names:
        seats = [s if isinstance(s, str) else s.get("name", "?") for s in header.get("seats") or ()]
        board = Board(header["map"])
        cards = normalize_cards(header["cards"])
        return cls(seats, board.labels, {c: v.get("names") or {"en": v["name"]} for c, v in cards.items()})

    @classmethod
    def of(cls, source: NameSource) -> Names:
        """``source``: a Names, a State, or a record header."""
        if isinstance(source, Names):
            return source
        if isinstance(source, State):
            return cls.from_state(source)
        if isinstance(source, dict) and "seats" in source and "map" in source:
            return cls.from_header(source)
        raise TypeError("names come from a State, a record header or a Names")

    def seat(self, seat: object) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.seats):
            return self.seats[seat]
        return f"#{seat}"

    def territory(self, tid: Any) -> dict[str, str]:
        return self.territories.get(tid) or {"en": str(tid)}

    def card(self, card: Any) -> dict[str, str]:
        return self.cards.get(card) or {"en": str(card)}


# ---------------------------------------------------------------------------------------
# pieces and dice


def army(soldiers: int = 0, tanks: int = 0, airplanes: int = 0) -> Message | dict[str, Any]:
    """"3 soldiers, 1 tank" as a parameter (nothing: "no troops")."""
    parts = [msg(f"pieces.{what}", n=n) for what, n in
             (("soldiers", soldiers), ("tanks", tanks), ("airplanes", airplanes)) if n]
    return joined(parts) if parts else msg("pieces.none")


def _losses(losses: Mapping[str, Any] | None) -> Message | dict[str, Any]:
    losses = losses or {}
    return army(losses.get("soldiers", 0), losses.get("tanks", 0), losses.get("airplanes", 0))


def _faces(step: Mapping[str, Any]) -> Message | dict[str, Any]:
    faces = list(step.get("dice") or ())
    for roll in step.get("rolls") or ():
        faces += list(roll)
    counts = [msg(f"faces.{face}", n=dice.count(faces, face)) for face in dice.FACES if dice.count(faces, face)]
    return joined(counts) if counts else msg("faces.none")


# ---------------------------------------------------------------------------------------
# events


def _e(key: str, **params: Any) -> Message:
    return msg(f"event.{key}", **params)


def event_message(event: Mapping[str, Any], names: NameSource) -> Message:
    """The event as an i18n Message (English text; ``.localized("it")``)."""
    n = Names.of(names)
    t = event.get("type")
    who = n.seat(event.get("seat"))
    T, K = n.territory, n.card
    if t == "cards_removed":
        return _e("cards_removed", count=event.get("count", 0))
    if t == "start_roll":
        faces = event.get("faces") or ()
        return _e("start_roll", name=who, hits=dice.count(faces, dice.HIT),
                  explosions=dice.count(faces, dice.EXPLOSION))
    if t == "start_roll_tied":
        return _e("start_roll_tied", names=[n.seat(s) for s in event.get("seats", ())])
    if t == "leonardo":
        return _e("leonardo.auction" if event.get("why") == "auction" else "leonardo.start", name=who)
    if t == "first_castle":
        return _e("first_castle", name=who, territory=T(event.get("territory")))
    if t == "florins":
        capped = _e("florins.capped", to_bank=event["to_bank"]) if event.get("to_bank") else ""
        why = event.get("why")
        key = f"florins.{why}" if why in ("start", "income") else "florins"
        return _e(key, name=who, amount=event.get("amount", 0), capped=capped)
    if t == "round":
        return _e("round", round=event.get("round"))
    if t == "recruited":
        got = event.get("territories") or []
        if not got:
            return _e("recruited.short" if event.get("short") else "recruited.none", name=who)
        without = event.get("without") or []
        params = {"name": who, "count": len(got), "territories": [T(x) for x in got]}
        if without:
            return _e("recruited.without", **params, without=[T(x) for x in without])
        return _e("recruited", **params)
    if t == "no_auction":
        if event.get("why") == "nobody can bid":
            return _e("no_auction.no_bidders")
        if isinstance(event.get("leonardo"), int):  # rd: Running out of cards: the Leonardo card stays
            return _e("no_auction.decks_empty", name=n.seat(event["leonardo"]))
        return _e("no_auction.no_cards")
    if t == "auction_drawn":
        return _e("auction_drawn", cards=[K(c) for c in event.get("cards", ())])
    if t == "bid_locked":  # never the amount: it is sealed
        return _e("bid_locked", name=who)
    if t == "bid_unlocked":
        return _e("bid_unlocked", name=who)
    if t == "bids_revealed":
        bids = sorted((int(s), v) for s, v in (event.get("bids") or {}).items())
        return _e("bids_revealed", bids=[_e("bid", name=n.seat(s), amount=v) for s, v in bids])
    if t == "card_bought":
        key = "card_bought.in_play" if event.get("into") == "in_play" else "card_bought.store"
        return _e(key, name=who, card=K(event.get("card")), paid=event.get("paid", 0))
    if t == "choice_passed":
        return _e("choice_passed.auto" if event.get("auto") else "choice_passed", name=who)
    if t == "unsold":
        return _e("unsold", cards=[K(c) for c in event.get("cards", ())])
    if t == "turn":
        return _e("turn", name=who)
    if t == "turn_ended":
        return _e("turn_ended", name=who)
    if t == "activated":
        return _e("activated", name=who, card=K(event.get("card")), paid=event.get("paid", 0))
    if t == "built":
        piece = event.get("piece")
        key = f"built.{piece}" if piece in ("tank", "airplane", "tower", "castle") else "built"
        return _e(key, name=who, territory=T(event.get("territory")), paid=event.get("paid", 0), piece=str(piece))
    if t == "invaded":
        return _e("invaded", name=who, source=T(event.get("source")), target=T(event.get("target")),
                  army=army(event.get("soldiers", 0), event.get("tanks", 0), event.get("airplanes", 0)))
    if t == "attack":
        return _e("attack", name=who, defender=n.seat(event.get("defender")), source=T(event.get("source")),
                  target=T(event.get("target")), by_sea=_e("by_sea") if event.get("sea_raid") else "",
                  army=army(event.get("soldiers", 0), event.get("tanks", 0), event.get("airplanes", 0)))
    if t == "battle_step":
        step = event.get("step") or {}
        if step.get("retreat"):
            return _e("battle_step.retreat")
        side, assault = step.get("side"), step.get("assault")
        return _e("battle_step", side=msg(f"side.{side}") if side in ("attacker", "defender") else str(side),
                  assault=msg(f"assault.{assault}") if assault in _ASSAULTS else str(assault), faces=_faces(step))
    if t == "battle_over":
        winner: Any = event.get("winner")
        key = {"attacker": "battle_over.attacker", "defender": "battle_over.defender"}.get(winner, "battle_over.none")
        if winner is None and event.get("retreated"):
            key = "battle_over.retreat"
        losses = event.get("losses") or {}
        return _e(key, attacker=n.seat(event.get("attacker")), defender=n.seat(event.get("defender")),
                  source=T(event.get("source")), target=T(event.get("target")),
                  attacker_losses=_losses(losses.get("attacker")), defender_losses=_losses(losses.get("defender")))
    if t == "moved":
        moves = [_e("move", army=army(m.get("soldiers", 0), m.get("tanks", 0), m.get("airplanes", 0)),
                    source=T(m.get("source")), target=T(m.get("target")),
                    by=msg("by.sea" if m.get("by") == "sea" else "by.land"))
                 for m in event.get("moves", ())]
        return _e("moved", name=who, moves=joined(moves, "; "))
    if t == "victory_points":
        why = event.get("why")
        reason = msg(f"vp_why.{_VP_WHY[why]}") if why in _VP_WHY else ""
        return _e("victory_points", name=who, vp=event.get("vp", 0), total=event.get("total", 0), why=reason)
    if t == "round_scoring":
        seats = []
        for s, awards in sorted(((int(s), a) for s, a in (event.get("points") or {}).items())):
            parts = [msg(f"award.{k}", vp=v) for k, v in awards.items() if v and k in _AWARDS]
            if parts:
                seats.append(_e("scoring_seat", name=n.seat(s), awards=joined(parts)))
        return _e("round_scoring", round=event.get("round"),
                  awards=joined(seats, "; ") if seats else _e("scoring_nobody"))
    if t == "game_over":
        if event.get("by") == "agreement":  # rd: ending by agreement
            return _e("game_over.agreement", name=n.seat(event.get("winner")), vp=event.get("vp", 0),
                      reason=str(event.get("reason", "")))
        return _e("game_over", name=n.seat(event.get("winner")), vp=event.get("vp", 0))
    if t == "card_value":
        field = event.get("field")
        return _e("card_value", card=K(event.get("card")), value=event.get("value"),
                  field=msg(f"field.{field}") if field in _FIELDS else str(field))
    if t == "corrected":
        return _corrected(event, n)
    return Message("event.unknown", {"type": str(t)})


def _corrected(event: Mapping[str, Any], n: Names) -> Message:
    """Issue 4: a counter set by hand; the table's reason is shown as typed."""
    target = event.get("target") or {}
    counter = target.get("counter")
    common = {"reason": str(event.get("reason", "")), "counter": msg(f"counter.{counter}")
              if counter in _COUNTERS else str(counter)}
    if "seat" in target:
        return _e("corrected.seat", name=n.seat(target["seat"]), old=_value(event.get("from"), counter, n),
                  new=_value(event.get("to"), counter, n), **common)
    if "territory" in target:
        return _e("corrected.territory", territory=n.territory(target["territory"]),
                  old=_value(event.get("from"), counter, n), new=_value(event.get("to"), counter, n), **common)
    return _e("corrected.card", card=n.card(target.get("card")), old=_value(event.get("from"), "place", n),
              new=_value(event.get("to"), "place", n), **common)


def _value(value: Any, counter: object, n: Names) -> Param:
    """A corrected counter's value in words: numbers as they are, seats by name, places."""
    if counter == "owner":
        return msg("value.nobody") if value is None else n.seat(value)
    if counter == "castle":
        return msg("value.yes" if value else "value.no")
    if counter == "place":
        if value is None:
            return msg("value.nobody")
        if isinstance(value, dict):
            where = value.get("in")
            key = f"place.{where}" if where in ("store", "in_play") else "place.holder"
            return msg(key, name=n.seat(value.get("seat")))
        if value in ("deck", "removed", "auction"):
            return msg(f"place.{value}")
    return str(value)


_COUNTERS = ("florins", "vp", "soldiers_left", "soldiers", "tanks", "airplanes", "towers", "owner", "castle", "place")


_ASSAULTS = ("infantry", "tanks", "airplanes", "automaton")
_FIELDS = ("cost", "dice", "hits", "hooks", "activation", "vp")
_AWARDS = ("leonardo", "workshop", "great_court", "imperial_crown", "perfect_cities")
_VP_WHY = {"end of round": "round", "first tank": "first_tank", "first airplane": "first_airplane",
           "first perfect city": "first_perfect_city", "work of art": "work_of_art"}

# Every event type the engine emits (docs/record-format.md; "corrected" from corrections.py).
EVENT_TYPES = (
    "cards_removed", "start_roll", "start_roll_tied", "leonardo", "first_castle", "florins", "round",
    "recruited", "no_auction", "auction_drawn", "bid_locked", "bid_unlocked", "bids_revealed", "card_bought",
    "choice_passed", "unsold", "turn", "turn_ended", "activated", "built", "invaded", "attack", "battle_step",
    "battle_over", "moved", "victory_points", "round_scoring", "game_over", "card_value", "corrected",
)


def describe_event(event: Mapping[str, Any], names: NameSource, lang: str = DEFAULT_LANG,
                   catalog: Catalog | None = None) -> str:
    """One readable sentence for an engine event, in ``lang`` ("en" or "it")."""
    return event_message(event, names).localized(lang, catalog)


# ---------------------------------------------------------------------------------------
# commands (for undo buttons and the journal)


def command_message(cmd: C.Command | dict[str, Any], names: NameSource) -> Message:
    """What a command does, as a short noun phrase ("Anna's tower in Milan")."""
    if isinstance(cmd, dict):
        cmd = C.from_dict(cmd)
    n = Names.of(names)
    name = n.seat(getattr(cmd, "seat", None))
    kind = type(cmd).__name__
    if isinstance(cmd, (C.PlaceFirstCastle, C.BuildTank, C.BuildAirplane, C.BuildTower, C.BuildCastle)):
        return msg(f"cmd.{kind}", name=name, territory=n.territory(cmd.territory))
    if isinstance(cmd, (C.ChooseCard, C.Activate)):
        return msg(f"cmd.{kind}", name=name, card=n.card(cmd.card))
    if isinstance(cmd, (C.Invade, C.Attack)):
        return msg(f"cmd.{kind}", name=name, source=n.territory(cmd.source), target=n.territory(cmd.target))
    if isinstance(cmd, C.SetCardValue):
        return msg("cmd.SetCardValue", card=n.card(cmd.card),
                   field=msg(f"field.{cmd.field}") if cmd.field in _FIELDS else cmd.field)
    if isinstance(cmd, C.Correct):
        return msg("cmd.Correct", reason=str(cmd.reason))
    if isinstance(cmd, C.EndByAgreement):
        return msg("cmd.EndByAgreement", reason=str(cmd.reason))
    if isinstance(cmd, C.BattleStep):
        step = cmd.step
        if step.get("retreat"):
            return msg("cmd.BattleStep.retreat")
        assault = step.get("assault")
        return msg("cmd.BattleStep", assault=msg(f"assault.{assault}") if assault in _ASSAULTS else str(assault))
    # LockBid: the amount is sealed and never described.
    return msg(f"cmd.{kind}", name=name)


def describe_command(cmd: C.Command | dict[str, Any], names: NameSource, lang: str = DEFAULT_LANG, *,
                     undo: bool = False, catalog: Catalog | None = None) -> str:
    """The command in words; ``undo=True`` gives the undo button's label ("Undo: ...")."""
    m = command_message(cmd, names)
    if undo:
        m = msg("undo", what=m)
    return m.localized(lang, catalog)
