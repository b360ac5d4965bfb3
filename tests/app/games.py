"""Games the app tests start through the session (not through touches)."""

SEATS = [{"name": n, "color": c} for n, c in (("Anna", "red"), ("Bruno", "blue"), ("Carla", "green"))]
ANNA_LEADS = ((0, ["hit"] * 6), (1, ["blank"] * 6), (2, ["blank"] * 5 + ["explosion"]))


def new_game_with_cards_removed(s, seats=SEATS):
    """A new game whose Tank/Airplane cards left by name (4.2): the first two of each kind."""
    assert s.new_game(seats=seats, variants={}, target=30, soldiers=40) is None
    a = s.action("RemoveCards")
    kinds = s.view()["cards"]
    out = [c for c in a["cards"] if kinds[c]["kind"] == "tank"][:2] + [
        c for c in a["cards"] if kinds[c]["kind"] == "airplane"][:2]
    assert s.send(s.cmd("RemoveCards", tuple(out))).ok


def roll_start_order(s, rolls=ANNA_LEADS):
    for seat, faces in rolls:
        assert s.send(s.cmd("StartOrderRoll", seat, tuple(faces))).ok
