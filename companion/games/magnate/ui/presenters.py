"""Magnate's public view (plain dicts) and ``legal()`` turned into what the screens show.

No rules here: what may be done, and why not, is ``legal()``'s and ``check()``'s; totals are
``scoring.district_totals``; a log line is the engine's ``describe``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.app import theme
from companion.games.magnate import scoring
from companion.games.magnate.cards import SUITS, decktet
from companion.games.magnate.game import GAME
from companion.games.magnate.state import State

from . import names
from .names import Texts

SCREEN = "magnate."  # Magnate's screens are "magnate.<screen>" in the app's manager
PHASE_SCREENS = {"setup": "setup", "roll": "roll", "tax": "roll", "income": "roll", "actions": "turn",
                 "over": "end"}


def screen_for(view: Mapping[str, Any], legal: Mapping[str, Any]) -> str:
    """The screen of the phase the game is in."""
    return SCREEN + PHASE_SCREENS.get(str(view.get("phase", "")), "city")


def next_screen(events: Sequence[Mapping[str, Any]], view: Mapping[str, Any], legal: Mapping[str, Any]) -> str:
    """After a command: the phase's screen (the end shows each district's totals first)."""
    return screen_for(view, legal)


def seat_name(view: Mapping[str, Any], seat: Any) -> str:
    try:
        return str(view["seats"][int(seat)]["name"])
    except (KeyError, IndexError, TypeError, ValueError):
        return "?"


def seat_rgba(view: Mapping[str, Any], seat: Any) -> tuple[float, float, float, float]:
    try:
        return theme.army(view["seats"][int(seat)]["color"])
    except (KeyError, IndexError, TypeError, ValueError):
        return theme.army("")


def state_of(view: Mapping[str, Any]) -> State:
    """The engine's state behind a view (Magnate's public view is the whole state)."""
    return GAME.state_from_dict(dict(view))


def action(legal: Mapping[str, Any], type_: str) -> dict[str, Any] | None:
    return next((dict(a) for a in legal.get("actions", []) if a.get("type") == type_), None)


# ---------------------------------------------------------------------------------------
# the top bar


def banner(view: Mapping[str, Any], legal: Mapping[str, Any], lang: str, tr: Texts) -> tuple[str, str]:
    """(who must act now and what, the turn and the deck)."""
    def m(key: str, **kw: Any) -> str:
        return tr.t(lang, "magnate." + key, **kw)

    phase = str(view.get("phase", ""))
    to_act = list(legal.get("to_act", []))
    first = seat_name(view, to_act[0]) if to_act else ""
    if phase == "setup":
        return m("banner.setup"), m("phase.setup")
    if phase == "roll":
        who = m("banner.roll", name=first)
    elif phase == "tax":
        who = m("banner.tax", name=first)
    elif phase == "income":
        who = m("banner.income", names=", ".join(seat_name(view, s) for s in to_act))
    elif phase == "actions":
        end = action(legal, "EndTurn") or action(legal, "Draw") or {}
        if view.get("final"):
            who = m("banner.last_turn", name=first)
        elif end.get("enabled"):
            who = m("banner.draw", name=first)
        else:
            who = m("banner.actions", name=first)
    elif phase == "over":
        return outcome_title(view, lang, tr), m("phase.over")
    else:
        who = ""
    return who, m("banner.turn_deck", turn=view.get("turn", 0), deck=view.get("deck", 0))


def outcome_title(view: Mapping[str, Any], lang: str, tr: Texts) -> str:
    o = view.get("outcome") or {}
    winners = list(o.get("winners", []))
    if len(winners) == 1:
        return tr.t(lang, "magnate.over.winner", name=seat_name(view, winners[0]))
    if winners:
        return tr.t(lang, "magnate.over.both", names=" & ".join(seat_name(view, w) for w in winners))
    return tr.t(lang, "magnate.over.none")


def outcome_detail(view: Mapping[str, Any], lang: str, tr: Texts) -> str:
    """"3 districts to 2, turn 34" and why, when a tie was broken."""
    o = view.get("outcome") or {}
    if not o:
        return ""
    vp = list(o.get("vp", []))
    line = tr.t(lang, "magnate.over.detail", a=vp[0] if vp else 0, b=vp[1] if len(vp) > 1 else 0,
                turn=view.get("turn", 0))
    reason = o.get("reason")
    if reason and reason != "districts":
        from companion.core.i18n import catalog

        line += " · " + (catalog("magnate").format(str(reason), {}, lang) or str(reason))
    return line


# ---------------------------------------------------------------------------------------
# tokens, always in view


def token_rows(view: Mapping[str, Any], legal: Mapping[str, Any], lang: str, tr: Texts) -> list[dict[str, Any]]:
    """One row per seat: name, colour, the six token counts, the hand's size, acting or not."""
    acting = set(legal.get("to_act", []))
    rows = []
    for i, p in enumerate(view.get("seats", [])):
        tokens = p.get("tokens", {})
        rows.append({
            "seat": i, "name": p["name"], "rgba": theme.army(p.get("color", "")), "acting": i in acting,
            "suits": [{"suit": s, "n": int(tokens.get(s, 0)), "label": names.suit_name(s, lang),
                       "fill": names.suit_rgba(s)} for s in SUITS],
            "hand": tr.t(lang, "magnate.hand", n=p.get("hand", 0)),
        })
    return rows


# ---------------------------------------------------------------------------------------
# the city


def city(view: Mapping[str, Any], lang: str, tr: Texts) -> list[dict[str, Any]]:
    """Each district left to right: its name and Pawn's suits, and per seat the column of
    buildings (complete) and deeds (with their tokens), with the column's total."""
    districts = list(view.get("districts", []))
    if not districts:
        return []
    totals = scoring.district_totals(state_of(view))
    out = []
    for d in districts:
        sides = []
        for seat, column in enumerate(view["city"][d]):
            cards = []
            for b in column:
                info = decktet()[b["card"]]
                on_it = sum(b.get("tokens", {}).values())
                cards.append({
                    "card": b["card"], "label": names.card_label(b["card"], lang), "complete": b["complete"],
                    "suits": names.suit_markup(info.suits, lang, tr),
                    "deed": "" if b["complete"] else tr.t(lang, "magnate.city.deed", on=on_it, cost=info.cost),
                    "tokens": "" if b["complete"] or not on_it else names.tokens_text(b["tokens"], lang, tr),
                })
            sides.append({"seat": seat, "name": seat_name(view, seat), "rgba": seat_rgba(view, seat),
                          "cards": cards, "total": totals[d][seat]})
        out.append({"district": d, "name": names.card_name(d, lang),
                    "suits": names.suit_markup(names.suits_of(d), lang, tr) or tr.t(lang, "magnate.city.any_suit"),
                    "sides": sides})
    return out


def last_cards(view: Mapping[str, Any], seat: int, lang: str) -> dict[str, str]:
    """District -> the label of ``seat``'s last card there ("" when none): what a new card
    there must share a suit with."""
    out = {}
    for d in view.get("districts", []):
        column = view["city"][d][seat]
        out[d] = names.card_label(column[-1]["card"], lang) if column else ""
    return out


# ---------------------------------------------------------------------------------------
# the end


def end_rows(view: Mapping[str, Any], lang: str, tr: Texts) -> list[dict[str, Any]]:
    """A row per district (its totals and who takes it), then the victory points, the buildings'
    values and the tokens left (the tie-breaks, in order)."""
    o = view.get("outcome") or {}
    rows = []
    for d, result in (o.get("districts") or {}).items():
        winner = result.get("winner")
        rows.append({"label": names.card_name(d, lang), "values": [str(v) for v in result.get("totals", [])],
                     "winner": winner,
                     "note": seat_name(view, winner) if winner is not None else tr.t(lang, "magnate.end.tie")})
    for key in ("vp", "values", "tokens"):
        values = list(o.get(key, []))
        if values:
            rows.append({"label": tr.t(lang, f"magnate.end.{key}"), "values": [str(v) for v in values],
                         "winner": None, "note": "", "sum": True})
    return rows


# ---------------------------------------------------------------------------------------
# lines of the turn


def lines(events: Sequence[Mapping[str, Any]], header: Mapping[str, Any], lang: str,
          skip: tuple[str, ...] = ("turn",)) -> list[str]:
    """The engine's sentence for each event, in ``lang``."""
    return [GAME.describe(dict(e), dict(header), lang) for e in events if e.get("type") not in skip]


def chart_values(view: Mapping[str, Any]) -> dict[str, list[float]]:
    """Per seat: tokens in hand and completed buildings (the game-over charts)."""
    seats = view.get("seats", [])
    built = [0] * len(seats)
    for d in view.get("districts", []):
        for seat, column in enumerate(view["city"][d]):
            built[seat] += sum(1 for b in column if b["complete"])
    return {"tokens": [float(sum(p["tokens"].values())) for p in seats], "buildings": [float(n) for n in built]}
