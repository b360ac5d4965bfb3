"""``legal(state)``: who must act now and what they may do, with reasons for the rest.

A screen shows every action listed; ``allowed: false`` ones are greyed out with ``reason``
(English; ``message`` holds its key and parameters: ``i18n.format_message(message, "it")``).
``to_act`` lists the seats the game waits for; it is empty (and ``"table": true``) when the
game waits for a random input of the whole table (cards removed, cards drawn).
"""

from __future__ import annotations

from companion.core.i18n import msg

from . import commands as C
from . import engine as E
from .state import State


def _entry(type_: str, seat=None, reason=None, **params) -> dict:
    d = {"type": type_, "allowed": reason is None}
    if seat is not None:
        d["seat"] = seat
    if reason is not None:
        d.update(_why(reason))  # the English reason, and its key and parameters for other languages
    d.update(params)
    return d


def _why(reason) -> dict:
    """``{"reason", "message"}`` for a refused option (empty when it is allowed)."""
    if not reason:
        return {}
    return {"reason": reason, **({"message": reason.to_dict()} if hasattr(reason, "to_dict") else {})}


def _pick(state: State, type_: str, seat: int, candidates: list, make, empty_reason: str, key: str = "territories") -> dict:
    """An action over candidates: allowed ones listed, else the first candidate's reason."""
    ok, first_reason = [], None
    for cand in candidates:
        reason = E.check(state, make(cand))
        if reason is None:
            ok.append(cand)
        elif first_reason is None:
            first_reason = reason
    if ok:
        return _entry(type_, seat, **{key: ok})
    return _entry(type_, seat, first_reason or empty_reason)


def legal(state: State) -> dict:
    """``{"phase", "round", "to_act": [seats], "actions": [...]}`` (see the module doc)."""
    out = {"phase": state.phase, "round": state.round, "to_act": [], "actions": []}
    acts = out["actions"]
    phase = state.phase
    if phase == "over":
        out["winner"] = state.winner
    elif phase == "remove_cards":
        out["table"] = True
        k = E.REMOVED_AT_SETUP[state.n]
        acts.append(_entry("RemoveCards", tanks=k, airplanes=k, cards=list(state.decks["vehicles"]["unknown"]),
                           unseen=bool(k)))
    elif phase == "start_roll":
        sr = state.start_roll
        out["to_act"] = [s for s in sr["contenders"] if s not in sr["rolls"]]
        acts += [_entry("StartOrderRoll", s, dice=6) for s in out["to_act"]]
    elif phase == "first_castles":
        s = state.castle_order[0]
        out["to_act"] = [s]
        ok = [t for t in state.board.ids if E.first_castle_reason(state, s, t) is None]
        acts.append(_entry("PlaceFirstCastle", s, None if ok else msg("no_free_territory_for_castle"),
                           territories=ok))
    elif phase == "recruit":
        out["to_act"] = list(state.recruit_pending)
        for s in state.recruit_pending:
            owned = state.owned(s)
            acts.append(_entry("Recruit", s, territories=owned, without=len(owned) - state.seats[s].reserve))
    elif phase == "auction_draw":
        out["table"] = True
        v, p = E.auction_counts(state)
        acts.append(_entry("DrawAuction", vehicles=v, projects=p,
                           vehicle_cards=state.decks["vehicles"]["unknown"] + state.decks["vehicles"]["bottom"],
                           project_cards=state.decks["projects"]["unknown"] + state.decks["projects"]["bottom"]))
    elif phase == "bidding":
        a = state.auction
        out["to_act"] = [s for s in a.bidders if s not in a.bids]
        for s in a.bidders:
            if s in a.bids:
                acts.append(_entry("UnlockBid", s))
            else:
                acts.append(_entry("LockBid", s, min=10, max=state.seats[s].florins // 10 * 10, step=10))
    elif phase == "choosing":
        s = E.next_chooser(state)
        out["to_act"] = [s]
        out["order"] = E.choice_order(state)
        cards = [{"card": c, "allowed": E.buy_reason(state, s, c) is None,
                  **_why(E.buy_reason(state, s, c))} for c in state.auction.cards]
        acts.append(_entry("ChooseCard", s, cards=cards, price=state.auction.bids[s]))
        acts.append(_entry("PassChoice", s))
    elif phase == "turns":
        s = state.turn.seat
        out["to_act"] = [s]
        _turn_actions(state, s, acts)
    elif phase == "battle":
        b = state.battle
        battle = E._battle_module()
        options = battle.options(b["position"])
        sides = {st["side"] for st in options.get("steps", ())}
        out["to_act"] = [b[side] for side in ("attacker", "defender") if side in sides]
        acts.append(_entry("BattleStep", options=options))
    if phase != "over":
        acts.append(_entry("SetCardValue"))
        # rd: ending by agreement, at any moment; the winner is who leads the scoring order now.
        acts.append(_entry("EndByAgreement", leader=E.scoring_order(state)[0]))
    return out


def _turn_actions(state: State, s: int, acts: list) -> None:
    p = state.seats[s]
    cards = []
    for c in p.store:
        reason = E.check(state, C.Activate(s, c))
        cards.append({"card": c, "allowed": reason is None, **_why(reason)})
    if any(c["allowed"] for c in cards):
        acts.append(_entry("Activate", s, cards=cards))
    else:
        acts.append(_entry("Activate", s, cards[0]["reason"] if cards else msg("store_empty", name=p.name), cards=cards))
    castles = state.castles_of(s)
    no_castle = msg("player_no_castle", name=p.name)
    acts.append(_pick(state, "BuildTank", s, castles, lambda t: C.BuildTank(s, t), no_castle))
    acts.append(_pick(state, "BuildAirplane", s, castles, lambda t: C.BuildAirplane(s, t), no_castle))
    acts.append(_pick(state, "BuildTower", s, castles, lambda t: C.BuildTower(s, t), no_castle))
    acts.append(_pick(state, "BuildCastle", s, [t for t in state.owned(s) if not state.territories[t].castle],
                      lambda t: C.BuildCastle(s, t), msg("every_territory_castle", name=p.name)))
    acts.append(_raids(state, s, "Invade"))
    acts.append(_raids(state, s, "Attack"))
    if state.turn.moved:
        acts.append(_entry("Move", s, msg("already_moved", name=p.name)))
    else:
        owned = state.owned(s)
        sources = []
        for src in owned:
            t = state.territories[src]
            if t.soldiers > 1 or t.tanks or t.airplanes:
                targets = [{"target": dst, "land": E.land_path(state, s, src, dst),
                            "sea": state.board.share_sea(src, dst)} for dst in owned if dst != src]
                targets = [x for x in targets if x["land"] or x["sea"]]
                tanks = t.tanks if state.card_in_play(s, "tank") else 0
                planes = t.airplanes if state.card_in_play(s, "airplane") else 0
                if targets and (t.soldiers > 1 or tanks or planes):
                    sources.append({"source": src, "soldiers": t.soldiers - 1, "tanks": tanks,
                                    "airplanes": planes, "targets": targets})
        acts.append(_entry("Move", s, None if sources else msg("no_troops_to_move"),
                           max_moves=3, sources=sources))
    acts.append(_entry("EndTurn", s))


def _raids(state: State, s: int, kind: str) -> dict:
    """Invade/Attack offers: the pair-specific rules here, the rest (turn, money, limits,
    order, battles available) checked once on the first candidate."""
    options = []
    cap = 6 if kind == "Attack" else 99  # 7.2.1: at most 6 tanks + airplanes in an attack
    usable_tanks = state.card_in_play(s, "tank") is not None
    usable_planes = state.card_in_play(s, "airplane") is not None
    for src in state.owned(s):
        t = state.territories[src]
        if t.soldiers < 2:
            continue
        for dst in state.board.ids:
            d = state.territories[dst]
            if dst == src or (d.owner is None) != (kind == "Invade") or d.owner == s:
                continue
            how = E._reach(state, src, dst)
            if not how:
                continue
            least = 1
            if kind == "Attack":
                if len(state.owned(d.owner)) <= 1:
                    continue
                if how == "sea":
                    least += E.landing_losses(state, s, d.owner)
            top = t.soldiers - 1 if kind == "Invade" else min(6, t.soldiers - 1)
            if least > top:
                continue
            options.append({"source": src, "target": dst, "by": how, "min_soldiers": least, "max_soldiers": top,
                            "max_tanks": min(t.tanks, cap) if usable_tanks else 0,
                            "max_airplanes": min(t.airplanes, cap) if usable_planes else 0})
    if not options:
        return _entry(kind, s, msg("no_invasion_target" if kind == "Invade" else "no_attack_target"))
    o = options[0]
    reason = E.check(state, (C.Invade if kind == "Invade" else C.Attack)(s, o["source"], o["target"], o["min_soldiers"]))
    if reason:
        return _entry(kind, s, reason)
    return _entry(kind, s, options=options)
