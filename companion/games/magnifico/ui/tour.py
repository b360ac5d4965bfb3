"""Play a short demo game of Magnifico through its screens, stopping on each one (for the
screenshots; the shell's ``companion.app.tour`` shows its own screens around it).

Every step goes through the same screen methods a tap calls; choices are the first legal
ones, dice come from a seeded generator, so the tour is the same every time.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence

from companion.app import harness
from companion.games.magnifico import commands as C

M = "magnifico."  # Magnifico's screens in the app's manager

NAMES = (("Anna", "red"), ("Bruno", "blue"), ("Carla", "green"))
MORE = (("Dario", "yellow"), ("Elena", "purple"))  # the fourth and fifth seats, when asked for


def _distances(game_map: dict, start: str) -> dict:
    nb: dict = {t["id"]: set() for t in game_map["territories"]}
    for a, b in game_map["borders"]:
        nb[a].add(b)
        nb[b].add(a)
    dist, todo = {start: 0}, deque([start])
    while todo:
        t = todo.popleft()
        for n in nb[t]:
            if n not in dist:
                dist[n] = dist[t] + 1
                todo.append(n)
    return dist


def _show(app, name):
    app.go(name)
    harness.frames(2)


def _dismiss(app):
    from kivy.core.window import Window

    for child in list(Window.children):
        if child is not app.root and hasattr(child, "dismiss"):
            child.dismiss()
    harness.frames(2)


def _screen(app, name):
    return app.screens[M + name]


def visit(app, seed: int = 7, target: int = 8, seats: int | None = None, names: Sequence[str] | None = None):
    """Each screen once: the first time the demo game reaches it, with ``seats`` players
    (``NAMES``' by default) seated under ``names`` where given."""
    seated = harness.named([{"name": n, "color": c} for n, c in (NAMES + MORE)[: seats or len(NAMES)]], names)
    seen = set()
    for name in _play(app, seed, target, seated):
        if name not in seen:
            seen.add(name)
            yield name


def _play(app, seed: int, target: int, seated: list[dict]):
    rng = random.Random(seed)
    s, ui = app.session, app.uis["magnifico"]
    ng = _screen(app, "new_game")
    ng.reset()
    ng.seats = seated
    _show(app, M + "new_game")
    yield "02-new-game-magnifico"
    reason = ui.new_game(seats=ng.seat_list(), variants={}, target=target, soldiers=40)
    if reason:
        raise RuntimeError(reason)
    app.go_current()
    harness.frames(2)
    yield "03-setup-cards"
    _screen(app, "setup").remove_cards()
    harness.frames(2)
    first = True
    while s.view()["phase"] == "start_roll":
        seat = s.legal()["to_act"][0]
        row = _screen(app, "setup").ids.dice
        row.roll(rng)
        harness.frames(1)
        if first:
            yield "04-setup-roll"
            first = False
        app.send(C.StartOrderRoll(seat, tuple(row.faces)))
        harness.frames(1)
    # first castles: the first two players two borders apart (a war is possible in round 1)
    game_map = s.view()["map"]
    placed = []
    while s.view()["phase"] == "first_castles":
        allowed = s.action("PlaceFirstCastle")["territories"]
        if not placed:
            pick = "milano" if "milano" in allowed else allowed[0]
        elif len(placed) == 1:
            d = _distances(game_map, placed[0])
            pick = next((t for t in allowed if d.get(t) == 2), allowed[0])
        else:
            d = _distances(game_map, placed[0])
            pick = max(allowed, key=lambda t: d.get(t, 0))
        placed.append(pick)
        if len(placed) == 2:
            harness.frames(1)
            yield "05-setup-castles"
        _screen(app, "setup").on_map_select(pick, True)
        harness.frames(1)
    yield "06-income"
    while s.view()["phase"] != "over":
        yield from _round(app, s, rng, True)
    _show(app, "game_over")
    yield "20-game-over"
    _show(app, M + "table")
    yield "21-table-final"


def _round(app, s, rng, shots: bool):
    auction = _screen(app, "auction")
    if s.view()["phase"] == "recruit":
        while s.view()["phase"] == "recruit":
            a = s.action("Recruit")
            app.send(C.Recruit(a["seat"], tuple(a["territories"][: a["without"]])))
    if s.view()["phase"] == "auction_draw":
        app.go_current()
        a = s.action("DrawAuction")
        view = s.view()
        picked = []
        for deck, k in (("vehicles", a["vehicles"]), ("projects", a["projects"])):
            unknown, bottom = view["decks"][deck]["unknown"], view["decks"][deck]["bottom"]
            take = rng.sample(unknown, min(k, len(unknown)))
            picked += take + bottom[: k - len(take)]
        auction.picked = picked
        auction.refresh()
        harness.frames(1)
        if shots:
            yield "07-auction-cards"
        auction.confirm_draw()
        harness.frames(2)
    if s.view()["phase"] == "bidding":
        bidders = list(s.view()["auction"]["bidders"])
        for i, seat in enumerate(bidders):
            florins = s.view()["seats"][seat]["florins"]
            amount = min(florins // 10 * 10, 10 * rng.randint(1, 4))
            if shots and i == 1:
                _show(app, M + "auction")
                yield "08-auction-bids"
                auction.open_keypad(seat)
                app.dialog.ids.keypad.value = str(amount)
                harness.frames(2)
                yield "09-auction-keypad"
                _dismiss(app)
            reason = app.uis["magnifico"].bids.enter(seat, amount)
            if reason:
                raise RuntimeError(reason)
            harness.frames(2)
    first_choice = True
    while s.view()["phase"] == "choosing":
        a = s.action("ChooseCard")
        if shots and first_choice:
            _show(app, M + "auction")
            yield "10-auction-choose"
            first_choice = False
        ok = [c["card"] for c in a["cards"] if c["allowed"]]
        if ok:
            app.send(C.ChooseCard(a["seat"], ok[0]))
        else:
            app.send(C.PassChoice(a["seat"]))
    while s.view()["phase"] in ("turns", "battle"):
        yield from _turn(app, s, rng, shots)
        if s.view()["phase"] == "over":
            return
    if s.view()["phase"] != "over":
        if shots:
            _show(app, M + "scoring")
            _screen(app, "scoring").finish_animation()
            harness.frames(1)
            yield "17-scoring"
            _show(app, M + "table")
            yield "18-table"


def _turn(app, s, rng, shots: bool):
    seat = s.legal()["to_act"][0]
    turn = _screen(app, "turn")
    if shots:
        _show(app, M + "turn")
        yield "11-turn"
    invade = s.action("Invade", seat)
    if invade["allowed"]:
        view = s.view()
        near = {}
        for a, b in view["map"]["borders"]:
            near.setdefault(a, set()).add(b)
            near.setdefault(b, set()).add(a)

        def enemy_next_door(option):
            owners = {view["territories"][n]["owner"] for n in near.get(option["target"], ())}
            return bool(owners - {None, seat})

        o = next((o for o in invade["options"] if enemy_next_door(o)), invade["options"][0])
        turn.mode, turn.pick = "Invade", {"source": o["source"], "target": o["target"]}
        _show(app, M + "turn")
        if shots:
            yield "12-turn-invade"
        command = C.Invade(seat, o["source"], o["target"], o["min_soldiers"])
        turn.mode, turn.pick = "", {}
        app.send(command)
    attack = s.action("Attack", seat) if s.view()["phase"] == "turns" else None
    if attack and attack["allowed"]:
        o = attack["options"][0]
        turn.mode, turn.pick = "Attack", {"source": o["source"], "target": o["target"]}
        _show(app, M + "turn")
        if shots:
            yield "13-turn-attack"
        turn.mode, turn.pick = "", {}
        app.send(C.Attack(seat, o["source"], o["target"], o["max_soldiers"]))
        rolls = 0
        while s.view()["phase"] == "battle":
            options = app.uis["magnifico"].battle_view()["options"]
            st = options["steps"][0]
            battle = _screen(app, "battle")
            battle._choose(st)
            harness.frames(1)
            for i in range(8):
                try:
                    row = battle.ids[f"dice_{i}"]
                except KeyError:
                    break
                row.roll(rng)
            harness.frames(1)
            if shots and rolls == 1:
                yield "14-battle-dice"
            battle._send_roll([battle.ids[f"dice_{i}"] for i in range(8) if f"dice_{i}" in battle.ids
                               and battle.ids[f"dice_{i}"].parent is not None])
            harness.frames(1)
            rolls += 1
            if shots and rolls == 1 and s.view()["phase"] == "battle":
                yield "15-battle"
        if shots:
            yield "16-battle-result"
    if s.view()["phase"] == "turns" and s.legal()["to_act"] == [seat]:
        app.send(C.EndTurn(seat))
