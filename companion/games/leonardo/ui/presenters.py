"""Leonardo's public view and ``legal()`` turned into what the screens show (plain data).

No rules here: who may act and what is allowed come from ``legal()``; amounts paid come
from the engine's ``money`` events; the capital is the engine's count (``view["capital"]``).
The head of the turn's queue (``view["turn"]["tasks"][0]``) is read only to name what
the table is resolving (which space is auctioned, who opened the market).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.app import theme
from companion.games.leonardo import box as B

from .texts import name_in, word

SCREEN = "leonardo."  # Leonardo's screens are named "leonardo.<screen>" in the app's manager
LANDING = {"Buy", "Decline", "DrawOffice", "DrawEvent", "Push", "PassPush", "FightSpin", "Sell"}
MARKET = {"Bet", "LockBet", "UnlockBet", "MarketSpin"}
AUCTION = {"Bid", "PassBid"}
TURN = {"BuyArt", "Spin", "ChooseSpin"}
SEAT_COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")

View = Mapping[str, Any]


# ---------------------------------------------------------------------------------------
# where the app goes


def screen_for(view: View, legal: Mapping[str, Any]) -> str:
    """The screen of the phase the game is in (from what ``legal`` offers)."""
    phase = view.get("phase", "")
    if phase == "over":
        return SCREEN + "capital"
    if phase in ("setup", "start_spin"):
        return SCREEN + "setup"
    types = {a["type"] for a in legal.get("actions", [])}
    if types & AUCTION:
        return SCREEN + "auction"
    if types & MARKET:
        return SCREEN + "market"
    if types & LANDING:
        return SCREEN + "landing"
    return SCREEN + "turn"


def next_screen(events: Sequence[Mapping[str, Any]], view: View, legal: Mapping[str, Any]) -> str:
    return screen_for(view, legal)


def action(legal: Mapping[str, Any], type_: str, seat: int | None = None) -> dict[str, Any] | None:
    for a in legal.get("actions", []):
        if a["type"] == type_ and (seat is None or a.get("seat") == seat):
            return dict(a)
    return None


def actions(legal: Mapping[str, Any], type_: str) -> list[dict[str, Any]]:
    return [dict(a) for a in legal.get("actions", []) if a["type"] == type_]


def head_task(view: View) -> dict[str, Any] | None:
    """The task the table is resolving now (an auction, a market ...), None at a turn's start."""
    turn = view.get("turn")
    if not turn or not turn.get("tasks"):
        return None
    return dict(turn["tasks"][0])


# ---------------------------------------------------------------------------------------
# names


def seat_name(view: View, seat: Any) -> str:
    try:
        return str(view["seats"][int(seat)]["name"])
    except (KeyError, IndexError, TypeError, ValueError):
        return "?"


def seat_rgba(view: View, seat: Any) -> tuple[float, float, float, float]:
    try:
        return theme.army(view["seats"][int(seat)]["color"])
    except (KeyError, IndexError, TypeError, ValueError):
        return theme.army("")


def names(view: View, seats: Sequence[int]) -> str:
    return ", ".join(seat_name(view, s) for s in seats)


def space_name(view: View, n: int, lang: str) -> str:
    """A space's printed name in ``lang`` (its number when nobody entered it)."""
    box = view.get("box") or {}
    try:
        return name_in(B.name(box, n), lang)
    except (KeyError, TypeError):
        return str(n)


def space_label(view: View, n: int, lang: str) -> str:
    """"12 Via dei Tintori": number and name, for lists and buttons."""
    name = space_name(view, n, lang)
    return name if name.split(" ")[-1] == str(n) else f"{n} {name}"


def kind_of(view: View, n: int) -> str | None:
    try:
        return B.kind(view.get("box") or {}, n)
    except (KeyError, TypeError):
        return None


def printed_price(view: View, n: int) -> int | None:
    try:
        value = B.space(view["box"], n).get("price")
    except (KeyError, TypeError):
        return None
    return int(value) if isinstance(value, int) else None


def faction_text(view: View, seat: int, lang: str, tr: Any) -> str:
    """A seat's faction as the shared screen may show it: never before the reveal."""
    p = view["seats"][seat]
    if view.get("revealed") and p.get("faction"):
        return word(f"faction.{p['faction']}", lang)
    if p.get("faction_chosen") or p.get("faction"):
        return tr.t(lang, "leonardo.faction_sealed")
    return tr.t(lang, "leonardo.faction_to_choose")


def corporation_of(view: View, seat: int) -> dict[str, Any] | None:
    p = view["seats"][seat]
    lead = seat if p.get("member_of") is None else p["member_of"]
    for c in view.get("corporations", []):
        if c["lead"] == lead:
            return dict(c)
    return None


# ---------------------------------------------------------------------------------------
# the top bar


def banner(view: View, legal: Mapping[str, Any], lang: str, tr: Any) -> dict[str, str]:
    """``{"who": who must act now and what, "phase": the round and the phase}``."""
    def say(key: str, **kw: Any) -> str:
        return str(tr.t(lang, "leonardo." + key, **kw))

    phase = view.get("phase", "")
    to_act = list(legal.get("to_act", []))
    first = seat_name(view, to_act[0]) if to_act else ""
    task = head_task(view)
    who = ""
    if phase == "setup":
        chosen = sum(1 for p in view["seats"] if p.get("faction_chosen") or p.get("faction"))
        dealt = sum(1 for d in view.get("dealt", []) if d is not None)
        who = say("banner.setup", dealt=dealt, chosen=chosen, n=len(view["seats"]))
    elif phase == "start_spin":
        who = say("banner.start_spin", names=names(view, to_act))
    elif phase == "over":
        winners = (view.get("outcome") or {}).get("winners", [])
        who = say("banner.over", names=names(view, winners), count=len(winners))
    elif phase == "turns":
        kind = task["t"] if task else None
        if kind is None:
            who = say("banner.turn", name=seat_name(view, view["turn"]["seat"]))
        elif kind == "office_draw":
            who = say("banner.office_draw", name=seat_name(view, task["seat"]))
        elif kind == "event_draw":
            who = say("banner.event_draw", name=seat_name(view, task["seat"]))
        elif kind == "buy":
            who = say("banner.buy", name=first, space=space_name(view, task["space"], lang))
        elif kind == "auction":
            if task.get("leader") is None:
                who = say("banner.auction_open", space=space_name(view, task["space"], lang))
            else:
                who = say("banner.auction", space=space_name(view, task["space"], lang),
                        name=seat_name(view, task["leader"]), amount=task["high"])
        elif kind == "market":
            if task["stage"] == "spin":
                who = say("banner.market_spin", name=seat_name(view, task["seat"]))
            else:
                who = say("banner.market_bets", names=names(view, to_act))
        elif kind == "push":
            who = say("banner.push", name=first, pushed=seat_name(view, task["seat"]))
        elif kind == "fight":
            who = say("banner.fight", a=seat_name(view, task["seat"]), b=seat_name(view, task["other"]))
        elif kind == "pay":
            who = say("banner.sell", name=seat_name(view, task["debtor"]), amount=task["amount"])
    line = say(f"phase.{phase}") if phase else ""
    if view.get("round"):
        line = say("banner.round", n=view["round"])
    if view.get("end_agreed") and phase == "turns":
        line += " \u00b7 " + say("banner.last_turn")
    return {"who": who, "phase": line}


# ---------------------------------------------------------------------------------------
# the players


def players(view: View, legal: Mapping[str, Any], lang: str, tr: Any) -> list[dict[str, Any]]:
    """One row per seat: cash, capital, palaces, bridges, works, offices, men-at-arms, faction."""
    acting = set(legal.get("to_act", []))
    owner = view.get("owner", [])
    works = view.get("works", [])
    capital = view.get("capital") or [{}] * len(view.get("seats", []))
    out = []
    for i, p in enumerate(view.get("seats", [])):
        lead = i if p.get("member_of") is None else p["member_of"]
        held = [n + 1 for n, o in enumerate(owner) if o == lead]
        bridges = [n for n in held if kind_of(view, n) == "bridge"]
        palaces = [n for n in held if n not in bridges]
        offices = [view["box"]["offices"][c - 1] for c in view["seats"][lead].get("offices", [])]
        corp = corporation_of(view, i)
        out.append({
            "seat": i, "name": p["name"], "rgba": seat_rgba(view, i), "cash": view["seats"][lead]["cash"],
            "capital": capital[i].get("total", 0), "capital_unknown": capital[i].get("unknown", 0),
            "palaces": palaces, "bridges": bridges, "works": sum(len(works[n - 1]) for n in palaces),
            "offices": [(o.get("space"), o.get("price")) for o in offices],
            "men": view["seats"][lead].get("men", 0), "space": view["seats"][lead].get("space"),
            "faction": faction_text(view, i, lang, tr), "out": bool(p.get("out")),
            "member_of": p.get("member_of"), "corporation": corp, "acting": i in acting,
            "turn": bool(view.get("turn")) and view["turn"].get("seat") == lead,
        })
    return out


def player_lines(row: Mapping[str, Any], view: View, lang: str, tr: Any) -> tuple[str, str]:
    """Two short lines under a player's name: holdings, then offices, men-at-arms, faction."""
    def say(key: str, **kw: Any) -> str:
        return str(tr.t(lang, "leonardo." + key, **kw))

    if row["out"]:
        return say("player.out"), ""
    if row["member_of"] is not None:
        return say("player.member", name=seat_name(view, row["member_of"])), row["faction"]
    one = say("player.holdings", palaces=len(row["palaces"]), bridges=len(row["bridges"]), works=row["works"])
    offices = ", ".join(f"{space_label(view, s, lang) if s else '?'} ({p or '?'})" for s, p in row["offices"])
    two = say("player.men", n=row["men"]) + " \u00b7 " + row["faction"]
    if row["corporation"]:
        two += " \u00b7 " + say("player.corporation", names=names(view, row["corporation"]["members"]),
                                faction=word(f"faction.{row['corporation']['faction']}", lang))
    if offices:
        one += " \u00b7 " + say("player.offices", offices=offices)
    return one, two


# ---------------------------------------------------------------------------------------
# the board


def ring(view: View, lang: str) -> list[dict[str, Any]]:
    """The 32 spaces as the ring draws them: kind, role, name, owner colour, works, pawns."""
    box = view.get("box") or {}
    owner = view.get("owner", [None] * B.SPACES)
    works = view.get("works", [[] for _ in range(B.SPACES)])
    pawns: dict[int, list[tuple[float, float, float, float]]] = {}
    for i, p in enumerate(view.get("seats", [])):
        if p.get("space") and not p.get("out") and p.get("member_of") is None:
            pawns.setdefault(p["space"], []).append(seat_rgba(view, i))
    cells = []
    for n in range(1, B.SPACES + 1):
        o = owner[n - 1]
        cells.append({
            "n": n, "kind": kind_of(view, n), "role": B.role(n), "name": space_name(view, n, lang),
            "owner": o, "rgba": seat_rgba(view, o) if o is not None else None, "works": list(works[n - 1]),
            "pawns": pawns.get(n, []), "price": printed_price(view, n) if box else None,
        })
    return cells


def space_info(view: View, n: int, lang: str, tr: Any) -> str:
    """What a tap on a space tells: its name, kind, owner, price, works of art and rent table."""
    def say(key: str, **kw: Any) -> str:
        return str(tr.t(lang, "leonardo." + key, **kw))

    kind = kind_of(view, n)
    parts = [space_label(view, n, lang), word(f"kind.{kind}", lang) if kind else say("space.unknown_kind")]
    owner = view.get("owner", [None] * B.SPACES)[n - 1]
    if kind in B.OPEN_KINDS:
        parts.append(say("space.owner", name=seat_name(view, owner)) if owner is not None else say("space.free"))
        price = printed_price(view, n)
        parts.append(say("space.price", n=price) if price is not None else say("space.no_price"))
    if kind in B.PALACE_KINDS:
        rent = B.space(view["box"], n).get("rent") or []
        if any(r is not None for r in rent):
            parts.append(say("space.rents", rents="/".join("?" if r is None else str(r) for r in rent)))
        if view.get("works", [])[n - 1]:
            parts.append(say("space.works", values=", ".join(str(v) for v in view["works"][n - 1])))
    return " \u00b7 ".join(parts)


# ---------------------------------------------------------------------------------------
# the end


def capital_rows(view: View, lang: str) -> list[dict[str, Any]]:
    """The capital count per player still in the game (the engine's figures), best first;
    the winners marked. Before the end it is the count as it would be now."""
    outcome = view.get("outcome") or {}
    winners = set(outcome.get("winners", []))
    rows = []
    for i, p in enumerate(view.get("seats", [])):
        if p.get("out") or p.get("member_of") is not None:
            continue
        c = (view.get("capital") or [{}] * (i + 1))[i]
        corp = corporation_of(view, i)
        rows.append({"seat": i, "name": p["name"] if not corp else names(view, corp["members"]),
                     "rgba": seat_rgba(view, i), "winner": i in winners, **{k: c.get(k, 0) for k in (
                         "cash", "holdings", "works", "offices", "total", "unknown")}})
    rows.sort(key=lambda r: (-r["total"], -r["cash"], r["seat"]))
    return rows


def capital_values(view: View) -> list[float]:
    """Each seat's capital (0 once out), for the charts."""
    return [float(c.get("total", 0)) for c in view.get("capital") or []]


def cash_values(view: View) -> list[float]:
    seats = view.get("seats", [])
    return [float(seats[i if p.get("member_of") is None else p["member_of"]]["cash"]) if not p.get("out") else 0.0
            for i, p in enumerate(seats)]
