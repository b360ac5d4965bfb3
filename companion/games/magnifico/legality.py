"""``legal(state)``: who must act now and what they may do, with reasons for the rest.

A screen shows every action listed; ``allowed: false`` ones are greyed out with ``reason``
(English; ``message`` holds its key and parameters: ``i18n.format_message(message, "it")``).
``to_act`` lists the seats the game waits for; it is empty (and ``"table": true``) when the
game waits for a random input of the whole table (cards removed, cards drawn). The shapes
of the answer and its entries: actions.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from companion.core.i18n import msg
from companion.errors import IllegalCommand

from . import commands as C
from . import engine as E
from .actions import (
    Action, ActivateEntry, BuildEntry, CardOption, Entry, Legal, MoveEntry, MoveSource, MoveTarget,
    PlaceFirstCastleEntry, RaidEntry, RaidOption,
)
from .state import Phase, State


def _refuse(entry: Entry, reason: str | None) -> None:
    """Adds ``reason`` and ``message`` (its key and parameters) to a refused entry; nothing
    when ``reason`` is None or empty."""
    if not reason:
        return
    entry["reason"] = reason
    if hasattr(reason, "to_dict"):
        entry["message"] = reason.to_dict()


def _pick(state: State, type_: Literal["BuildTank", "BuildAirplane", "BuildTower", "BuildCastle"], seat: int,
          candidates: list[str], make: Callable[[str], C.Command], empty_reason: str) -> BuildEntry:
    """An action over candidates: allowed ones listed, else the first candidate's reason."""
    ok, first_reason = [], None
    for cand in candidates:
        reason = E.check(state, make(cand))
        if reason is None:
            ok.append(cand)
        elif first_reason is None:
            first_reason = reason
    if ok:
        return {"type": type_, "allowed": True, "seat": seat, "territories": ok}
    refused: BuildEntry = {"type": type_, "allowed": False, "seat": seat}
    _refuse(refused, first_reason or empty_reason)
    return refused


def legal(state: State) -> Legal:
    """``{"phase", "round", "to_act": [seats], "actions": [...]}`` (see the module doc)."""
    acts: list[Action] = []
    out: Legal = {"phase": state.phase.value, "round": state.round, "to_act": [], "actions": acts}
    phase = state.phase
    if phase == Phase.OVER:
        out["winner"] = state.winner
    elif phase == Phase.REMOVE_CARDS:
        out["table"] = True
        k = E.REMOVED_AT_SETUP[state.n]
        acts.append({"type": "RemoveCards", "allowed": True, "tanks": k, "airplanes": k,
                     "cards": list(state.decks["vehicles"]["unknown"]), "unseen": bool(k)})
    elif phase == Phase.START_ROLL:
        sr = state.start_roll
        out["to_act"] = [s for s in sr["contenders"] if s not in sr["rolls"]]
        acts += [{"type": "StartOrderRoll", "allowed": True, "seat": s, "dice": 6} for s in out["to_act"]]
    elif phase == Phase.FIRST_CASTLES:
        s = state.castle_order[0]
        out["to_act"] = [s]
        ok = [t for t in state.board.ids if E.first_castle_reason(state, s, t) is None]
        reason = None if ok else msg("no_free_territory_for_castle")
        castle: PlaceFirstCastleEntry = {"type": "PlaceFirstCastle", "allowed": reason is None, "seat": s,
                                         "territories": ok}
        _refuse(castle, reason)
        acts.append(castle)
    elif phase == Phase.RECRUIT:
        out["to_act"] = list(state.recruit_pending)
        for s in state.recruit_pending:
            owned = state.owned(s)
            acts.append({"type": "Recruit", "allowed": True, "seat": s, "territories": owned,
                         "without": len(owned) - state.seats[s].reserve})
    elif phase == Phase.AUCTION_DRAW:
        out["table"] = True
        v, p = E.auction_counts(state)
        vehicles, projects = state.decks["vehicles"], state.decks["projects"]
        acts.append({"type": "DrawAuction", "allowed": True, "vehicles": v, "projects": p,
                     "vehicle_cards": vehicles["unknown"] + vehicles["bottom"],
                     "project_cards": projects["unknown"] + projects["bottom"]})
    elif phase == Phase.BIDDING:
        a = state.current_auction()
        out["to_act"] = [s for s in a.bidders if s not in a.bids]
        for s in a.bidders:
            if s in a.bids:
                acts.append({"type": "UnlockBid", "allowed": True, "seat": s})
            else:
                acts.append({"type": "LockBid", "allowed": True, "seat": s, "min": 10,
                             "max": state.seats[s].florins // 10 * 10, "step": 10})
    elif phase == Phase.CHOOSING:
        a = state.current_auction()
        chooser = E.next_chooser(state)
        if chooser is None:  # the auction ends as soon as nobody is left to choose
            raise IllegalCommand.of("not_a_state", detail="nobody is left to choose in phase choosing")
        out["to_act"] = [chooser]
        out["order"] = E.choice_order(state)
        cards: list[CardOption] = []
        for c in a.cards:
            option: CardOption = {"card": c, "allowed": E.buy_reason(state, chooser, c) is None}
            _refuse(option, E.buy_reason(state, chooser, c))
            cards.append(option)
        acts.append({"type": "ChooseCard", "allowed": True, "seat": chooser, "cards": cards,
                     "price": a.bids[chooser]})
        acts.append({"type": "PassChoice", "allowed": True, "seat": chooser})
    elif phase == Phase.TURNS:
        s = state.current_turn().seat
        out["to_act"] = [s]
        _turn_actions(state, s, acts)
    elif phase == Phase.BATTLE:
        b = state.current_battle()
        battle = E._battle_module()
        options = battle.options(b["position"])
        sides = {st["side"] for st in options.get("steps", ())}
        out["to_act"] = [b["attacker"] if side == "attacker" else b["defender"]
                         for side in ("attacker", "defender") if side in sides]
        acts.append({"type": "BattleStep", "allowed": True, "options": options})
    if phase != Phase.OVER:
        acts.append({"type": "SetCardValue", "allowed": True})
        # rd: ending by agreement, at any moment; the winner is who leads the scoring order now.
        acts.append({"type": "EndByAgreement", "allowed": True, "leader": E.scoring_order(state)[0]})
    return out


def _turn_actions(state: State, s: int, acts: list[Action]) -> None:
    p = state.seats[s]
    cards: list[CardOption] = []
    for c in p.store:
        reason = E.check(state, C.Activate(s, c))
        option: CardOption = {"card": c, "allowed": reason is None}
        _refuse(option, reason)
        cards.append(option)
    activate: ActivateEntry = {"type": "Activate", "allowed": any(c["allowed"] for c in cards), "seat": s,
                               "cards": cards}
    if not activate["allowed"]:
        _refuse(activate, cards[0]["reason"] if cards else msg("store_empty", name=p.name))
    acts.append(activate)
    castles = state.castles_of(s)
    no_castle = msg("player_no_castle", name=p.name)
    acts.append(_pick(state, "BuildTank", s, castles, lambda t: C.BuildTank(s, t), no_castle))
    acts.append(_pick(state, "BuildAirplane", s, castles, lambda t: C.BuildAirplane(s, t), no_castle))
    acts.append(_pick(state, "BuildTower", s, castles, lambda t: C.BuildTower(s, t), no_castle))
    acts.append(_pick(state, "BuildCastle", s, [t for t in state.owned(s) if not state.territories[t].castle],
                      lambda t: C.BuildCastle(s, t), msg("every_territory_castle", name=p.name)))
    acts.append(_raids(state, s, "Invade"))
    acts.append(_raids(state, s, "Attack"))
    if state.current_turn().moved:
        moved: MoveEntry = {"type": "Move", "allowed": False, "seat": s}
        _refuse(moved, msg("already_moved", name=p.name))
        acts.append(moved)
    else:
        owned = state.owned(s)
        sources: list[MoveSource] = []
        for src in owned:
            t = state.territories[src]
            if t.soldiers > 1 or t.tanks or t.airplanes:
                targets: list[MoveTarget] = [
                    {"target": dst, "land": E.land_path(state, s, src, dst), "sea": state.board.share_sea(src, dst)}
                    for dst in owned if dst != src]
                targets = [x for x in targets if x["land"] or x["sea"]]
                tanks = t.tanks if state.card_in_play(s, "tank") else 0
                planes = t.airplanes if state.card_in_play(s, "airplane") else 0
                if targets and (t.soldiers > 1 or tanks or planes):
                    sources.append({"source": src, "soldiers": t.soldiers - 1, "tanks": tanks,
                                    "airplanes": planes, "targets": targets})
        reason = None if sources else msg("no_troops_to_move")
        move: MoveEntry = {"type": "Move", "allowed": reason is None, "seat": s, "max_moves": 3, "sources": sources}
        _refuse(move, reason)
        acts.append(move)
    acts.append({"type": "EndTurn", "allowed": True, "seat": s})


def _raids(state: State, s: int, kind: Literal["Invade", "Attack"]) -> RaidEntry:
    """Invade/Attack offers: the pair-specific rules here, the rest (turn, money, limits,
    order, battles available) checked once on the first candidate."""
    options: list[RaidOption] = []
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
            if kind == "Attack" and d.owner is not None:
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
    refused: RaidEntry = {"type": kind, "allowed": False, "seat": s}
    if not options:
        _refuse(refused, msg("no_invasion_target" if kind == "Invade" else "no_attack_target"))
        return refused
    o = options[0]
    make = C.Invade if kind == "Invade" else C.Attack
    reason = E.check(state, make(s, o["source"], o["target"], o["min_soldiers"]))
    if reason:
        _refuse(refused, reason)
        return refused
    return {"type": kind, "allowed": True, "seat": s, "options": options}
