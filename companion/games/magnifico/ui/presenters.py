"""Turn Magnifico's public view (plain dicts) and ``legal()`` into what the screens show.

No rules here: what is allowed, and why not, comes from ``legal()`` and ``check()``; a
price is what the session's preview of the command takes from the player.
"""

from __future__ import annotations

from companion.app import theme
from companion.games.magnifico import battle

SCREEN = "magnifico."  # Magnifico's screens are named "magnifico.<screen>" in the app's manager
PHASE_SCREENS = {
    "remove_cards": "setup", "start_roll": "setup", "first_castles": "setup",
    "recruit": "income", "auction_draw": "auction", "bidding": "auction", "choosing": "auction",
    "turns": "turn", "battle": "battle",
}


def screen_for(view: dict, legal: dict) -> str:
    """The screen of the phase the game is in (game over is the shell's, with the charts)."""
    phase = view.get("phase", "")
    if phase == "over":
        return "game_over"
    return SCREEN + PHASE_SCREENS.get(phase, "table")


def next_screen(events: list, view: dict, legal: dict) -> str:
    """Where the app goes after a command: the scoring and income summaries wait for a tap."""
    types = [e.get("type") for e in events]
    if "game_over" in types:
        return "game_over"
    if "round_scoring" in types:
        return SCREEN + "scoring"
    if "round" in types:
        return SCREEN + "income"
    if "attack" in types or "battle_over" in types:
        return SCREEN + "battle"
    return screen_for(view, legal)


def locked_seats(auction: dict) -> list[int]:
    """Who has locked a bid: the engine's public view lists them, or the revealed bids show them."""
    if "locked" in auction:
        return list(auction["locked"])
    return [int(k) for k in auction.get("bids", {})]


def seat_name(view: dict, seat) -> str:
    try:
        return view["seats"][int(seat)]["name"]
    except (KeyError, IndexError, TypeError, ValueError):
        return "?"


def seat_rgba(view: dict, seat) -> tuple:
    try:
        return theme.army(view["seats"][int(seat)]["color"])
    except (KeyError, IndexError, TypeError, ValueError):
        return theme.army("")


def banner(session, lang: str, tr) -> dict:
    """``{"who": the line saying who must act now and what, "phase": round and phase}``."""
    view, legal = session.view(), session.legal()
    t = lambda key, **kw: tr.t(lang, key, **kw)  # noqa: E731
    phase = view.get("phase", "")
    to_act = legal.get("to_act", [])
    names = ", ".join(seat_name(view, s) for s in to_act)
    first = seat_name(view, to_act[0]) if to_act else ""
    if phase == "remove_cards":
        a = session.action("RemoveCards") or {}
        who = t("banner.remove_cards", n=a.get("tanks", 0))
    elif phase == "start_roll" and len(to_act) > 2:  # five names filled the bar: the one entering now
        who = t("banner.start_roll_next", name=first, n=len(to_act) - 1)
    elif phase == "start_roll":
        who = t("banner.start_roll", names=names)
    elif phase == "first_castles":
        who = t("banner.first_castle", name=first)
    elif phase == "recruit":
        who = t("banner.recruit", name=first)
    elif phase == "auction_draw":
        a = session.action("DrawAuction") or {}
        who = t("banner.auction_draw", v=a.get("vehicles", 0), p=a.get("projects", 0))
    elif phase == "bidding":
        a = view.get("auction") or {}
        who = t("banner.bidding", locked=len(locked_seats(a)), n=len(a.get("bidders", [])))
    elif phase == "choosing":
        who = t("banner.choosing", name=first)
    elif phase == "turns":
        who = t("banner.turn", name=first)
    elif phase == "battle":
        who = t("banner.battle", name=first)
    elif phase == "over":
        who = t("banner.over", name=seat_name(view, view.get("winner")))
    else:
        who = ""
    line = t("phase." + phase) if phase else ""
    if view.get("round"):
        line = t("banner.round", n=view["round"]) + " \u00b7 " + line
    return {"who": who, "phase": line}


def players(ui, lang: str, tr) -> list[dict]:
    """One panel per seat, clockwise, for the table view."""
    session = ui.session
    view = session.view()
    if not view:
        return []
    legal = session.legal()
    acting = set(legal.get("to_act", []))
    out = []
    territories = view.get("territories", {})
    for i, p in enumerate(view["seats"]):
        owned = [tid for tid, tt in territories.items() if tt.get("owner") == i]
        castles = [tid for tid in owned if territories[tid].get("castle")]
        towers = sum(territories[tid].get("towers", 0) for tid in castles)
        soldiers = sum(territories[tid].get("soldiers", 0) for tid in owned)
        out.append({
            "seat": i,
            "name": p["name"],
            "rgba": theme.army(p.get("color", "")),
            "florins": p["florins"],
            "vp": p["vp"],
            "territories": len(owned),
            "castles": len(castles),
            "towers": towers,
            "soldiers_on_board": soldiers,
            "soldiers_left": p.get("reserve", 0),
            "tanks": sum(territories[tid].get("tanks", 0) for tid in owned),
            "airplanes": sum(territories[tid].get("airplanes", 0) for tid in owned),
            "in_play": [ui.card_name(c, lang) for c in p.get("in_play", []) if c != "leonardo"],
            "store": [ui.card_name(c, lang) for c in p.get("store", [])],
            "leonardo": view.get("leonardo") == i,
            "acting": i in acting,
        })
    return out


def map_layers(session) -> dict:
    """What the map draws: owner colours and pieces per territory."""
    view = session.view()
    owners, pieces = {}, {}
    for tid, tt in (view.get("territories") or {}).items():
        if tt.get("owner") is not None:
            owners[tid] = seat_rgba(view, tt["owner"])
        if tt.get("soldiers") or tt.get("castle"):
            pieces[tid] = {k: tt.get(k, 0) for k in ("soldiers", "tanks", "airplanes", "castle", "towers")}
    return {"map_data": view.get("map") or {}, "owners": owners, "pieces": pieces}


def vp_markers(session) -> list:
    view = session.view()
    return [(p["vp"], theme.army(p.get("color", ""))) for p in view.get("seats", [])]


def price(session, command) -> int | None:
    """What the acting player would pay for ``command`` (None if the rules refuse it): the
    florins before, less those in the session's preview of the command."""
    seat = getattr(command, "seat", None)
    after = session.preview(command) if seat is not None else None
    if after is None:
        return None
    return session.view()["seats"][seat]["florins"] - after["seats"][seat]["florins"]


def income(session, notes, lang: str, tr) -> list[dict]:
    """Per seat: what the round's income paid and where the new soldiers went."""
    view = session.view()
    paid = {i: 0 for i in range(len(view.get("seats", [])))}
    recruited = {i: None for i in paid}
    for e in notes.round_events:
        if e.get("type") == "florins" and e.get("why") == "income":
            paid[e["seat"]] = paid.get(e["seat"], 0) + e["amount"] - e.get("to_bank", 0)
        if e.get("type") == "recruited":
            recruited[e["seat"]] = e
    rows = []
    for i, p in enumerate(view.get("seats", [])):
        r = recruited.get(i)
        if r is None:
            placed = tr.t(lang, "income.pending")
        elif r.get("short") and not r.get("territories"):
            placed = tr.t(lang, "income.no_soldiers")
        else:
            placed = tr.t(lang, "income.placed", n=len(r.get("territories", [])))
        rows.append({"seat": i, "name": p["name"], "rgba": theme.army(p.get("color", "")), "income": paid.get(i, 0),
                     "florins": p["florins"], "placed": placed, "soldiers_left": p.get("reserve", 0)})
    return rows


AWARDS = ("leonardo", "workshop", "great_court", "imperial_crown", "perfect_cities")


def scoring(session, notes, lang: str, tr) -> list[dict]:
    """The last end-of-round awards, award by award, per seat."""
    view = session.view()
    points = (notes.last_scoring or {}).get("points", {})
    rows = []
    for i, p in enumerate(view.get("seats", [])):
        got = points.get(str(i), {})
        rows.append({"seat": i, "name": p["name"], "rgba": theme.army(p.get("color", "")),
                     "awards": {a: got.get(a, 0) for a in AWARDS}, "total": sum(got.values()), "vp": p["vp"]})
    return rows


def _tank_why(setup_side: dict, roll, index: int, t) -> str:
    """One tank's shot and why it scores what it does (rulebook 7.5.3: no explosion, full power;
    one, half; two, nothing; three, the tank explodes)."""
    from companion.games.magnifico.battle.machine import tank_hits, tank_power

    explosions = list(roll).count("explosion")
    try:
        power = tank_power(setup_side)
    except (KeyError, TypeError):
        power = 0
    hits = tank_hits(power, explosions)
    if hits is None:
        why = t("battle.tank_explodes", e=explosions)
    elif explosions == 0:
        why = t("battle.tank_full", hits=hits)
    elif explosions == 1:
        why = t("battle.tank_half", hits=hits)
    else:
        why = t("battle.tank_none", e=explosions)
    return t("battle.tank_line", n=index + 1, why=why)


def battle_log(record: dict, names: dict, lang: str, tr) -> list[str]:
    """The battle told step by step in the table's language: each roll's faces and what each
    army lost. Re-runs the steps through the battle seam (``start``/``step``) to see the losses."""
    if not record or "setup" not in record:
        return []
    t = lambda key, **kw: tr.t(lang, key, **kw)  # noqa: E731
    try:
        pos = battle.start(record["setup"])
    except Exception:
        return []
    lines = []
    first = battle.outcome(pos)
    landing = (first.get("losses") or {}).get("attacker", {}).get("soldiers", 0)
    if record["setup"].get("sea_raid"):
        lines.append(t("battle.log_landing", n=landing))
    for step in record.get("steps", []):
        before = battle.outcome(pos)
        try:
            pos = battle.step(pos, step)
        except Exception:
            break
        after = battle.outcome(pos)
        side = step.get("side", "attacker")
        who = f"{names.get(side, side)} ({t('battle.' + side)})"
        if step.get("retreat"):
            lines.append(t("battle.log_retreat", who=who))
            continue
        faces = list(step.get("dice", [])) + [f for roll in step.get("rolls", []) for f in roll]
        dice = t("battle.log_dice", hits=faces.count("hit"), blanks=faces.count("blank"),
                 explosions=faces.count("explosion"))
        if step.get("assault") == "tanks" and step.get("rolls"):
            dice = "; ".join(_tank_why(pos["setup"].get(side) or {}, roll, i, t)
                             for i, roll in enumerate(step["rolls"]))
        losses = []
        for s_ in ("attacker", "defender"):
            lost = {k: after["losses"][s_][k] - before["losses"][s_][k] for k in ("soldiers", "tanks", "airplanes")}
            parts = [t("battle.log_" + k, n=v) for k, v in lost.items() if v]
            if parts:
                losses.append(f"{names.get(s_, s_)} -" + ", -".join(parts))
        lines.append(t("battle.log_line", who=who, assault=t("battle." + step.get("assault", "infantry")),
                       dice=dice, losses="; ".join(losses) or t("battle.log_no_losses")))
    final = battle.outcome(pos)
    if final.get("over"):
        winner = final.get("winner")
        lines.append(t("battle.log_winner", name=names.get(winner, "")) if winner else t("battle.log_no_winner"))
    return lines
