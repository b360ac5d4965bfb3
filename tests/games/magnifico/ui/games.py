"""Helpers of Magnifico's UI tests: games started through the UI package (not through touches),
taps on the map."""

from companion.app import harness
from companion.games.magnifico import commands as C

SEATS = [{"name": n, "color": c} for n, c in (("Anna", "red"), ("Bruno", "blue"), ("Carla", "green"))]
ANNA_LEADS = ((0, ["hit"] * 6), (1, ["blank"] * 6), (2, ["blank"] * 5 + ["explosion"]))


def mag(app):
    """Magnifico's UI package entry in the running app (names, odds, bids, notes)."""
    return app.uis["magnifico"]


def start(app, seats=SEATS, *, target=30, soldiers=40):
    """A new game from the setup form's values; the app's session."""
    assert mag(app).new_game(seats=seats, variants={}, target=target, soldiers=soldiers) is None
    return app.session


def new_game_with_cards_removed(app, seats=SEATS):
    """A new game whose Tank/Airplane cards left by name (4.2): the first two of each kind."""
    s = start(app, seats)
    a = s.action("RemoveCards")
    kinds = s.view()["cards"]
    out = [c for c in a["cards"] if kinds[c]["kind"] == "tank"][:2] + [
        c for c in a["cards"] if kinds[c]["kind"] == "airplane"][:2]
    assert s.send(C.RemoveCards(tuple(out))).ok
    return s


def roll_start_order(s, rolls=ANNA_LEADS):
    for seat, faces in rolls:
        assert s.send(C.StartOrderRoll(seat, tuple(faces))).ok


def tap_territory(screen, tid):
    """A real touch on a territory's node of the screen's map."""
    m = screen.ids.map
    harness.frames(1)
    x, y = m.to_window(*m.centre_of(tid))
    touch = harness.Touch(x, y)
    touch.down()
    harness.frames(1)
    touch.up()
    harness.frames(2)


def neighbours(view):
    near = {t["id"]: set() for t in view["map"]["territories"]}
    for a, b in view["map"]["borders"]:
        near[a].add(b)
        near[b].add(a)
    return near
