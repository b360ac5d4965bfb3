"""The turn screen's other actions through touches: a card whose printed value nobody has
entered yet (the engine's GameError.needs asks the table), and moving troops."""

import pytest

from companion.app import harness
from companion.games.magnifico import commands as C
from tests.games.magnifico.ui.games import mag, new_game_with_cards_removed, roll_start_order, tap_territory


@pytest.fixture
def first_turn(home):
    """A 3-player game set up through the session: Anna holds Leonardo and bought Walls."""
    app = home
    s = app.session
    new_game_with_cards_removed(app)
    roll_start_order(s)
    for seat in range(3):
        allowed = s.action("PlaceFirstCastle")["territories"]
        assert s.send(C.PlaceFirstCastle(seat, allowed[seat * 7])).ok
    draw = s.action("DrawAuction")
    assert "walls_1" in draw["project_cards"]
    assert s.send(C.DrawAuction((draw["vehicle_cards"][0], "walls_1"))).ok
    for seat, amount in ((0, 20), (1, 10), (2, 10)):
        assert s.send(C.LockBid(seat, amount)).ok
    assert s.send(C.ChooseCard(0, "walls_1")).ok
    assert s.send(C.PassChoice(1)).ok
    assert s.send(C.PassChoice(2)).ok
    assert s.view()["phase"] == "turns" and s.legal()["to_act"] == [0]
    app.go_current()
    harness.frames(2)
    return app


def test_a_printed_value_is_asked_the_first_time(first_turn):
    app, s = first_turn, first_turn.session
    assert s.state.printed("walls_1", "activation") is None  # rules-decisions: not published
    harness.tap(harness.find_id("act_activate"))
    harness.tap(harness.find_id("card_walls_1"))
    dialog = app.dialog
    assert dialog is not None and dialog.get_root_window() is not None
    assert app.t("needs.field.activation") in " ".join(harness.texts(dialog))
    pad = dialog.ids.keypad
    for key in ("2", "0"):
        harness.tap(harness.find_text(key, root=pad, exact=True))
    assert pad.value == "20"
    harness.tap(harness.find_text("OK", root=pad, exact=True))
    # the value is recorded like any command, then the activation goes through
    assert s.state.printed("walls_1", "activation") == 20
    assert "walls_1" in s.view()["seats"][0]["in_play"]
    assert s.view()["seats"][0]["florins"] == 100 - 20 + 10  # Leonardo pays 10 less (rules-decisions: Money)


def test_moving_troops(first_turn):
    app, s = first_turn, first_turn.session
    home = next(t for t, tt in s.view()["territories"].items() if tt["owner"] == 0)
    free = next(o["target"] for o in s.action("Invade", 0)["options"] if o["source"] == home)
    assert s.send(C.Invade(0, home, free, 1)).ok  # now Anna has two territories: 2 and 1 soldiers
    app.go("magnifico.turn")
    harness.tap(harness.find_id("act_Move"))
    turn = app.screens["magnifico.turn"]
    tap_territory(turn, home)
    tap_territory(turn, free)
    assert harness.find_id("step_soldiers").value == 1  # a territory is never left empty
    harness.tap(harness.find_id("add_move"))
    harness.tap(harness.find_id("confirm"))
    terr = s.view()["territories"]
    assert (terr[home]["soldiers"], terr[free]["soldiers"]) == (1, 2)
    assert s.view()["turn"]["moved"]
    assert harness.find_id("act_Move").reason  # once per turn (rules-decisions: Movement)


def test_short_of_soldiers_picks_territories_on_the_map(home):
    """5.2.3: an army short of soldiers chooses which territories get none (on the map)."""
    app, s = home, home.session
    assert mag(app).new_game(seats=[{"name": n, "color": c} for n, c in (("Anna", "red"), ("Bruno", "blue"),
                                                                   ("Carla", "green"))],
                      variants={}, target=30, soldiers=5) is None  # 4 soldiers and the score marker
    a = s.action("RemoveCards")
    kinds = s.view()["cards"]
    out = [c for c in a["cards"] if kinds[c]["kind"] == "tank"][:2] + [
        c for c in a["cards"] if kinds[c]["kind"] == "airplane"][:2]
    assert s.send(C.RemoveCards(tuple(out))).ok
    roll_start_order(s, ((0, ["hit"] * 6), (1, ["blank"] * 6), (2, ["blank"] * 6)))
    for seat in range(3):
        allowed = s.action("PlaceFirstCastle")["territories"]
        assert s.send(C.PlaceFirstCastle(seat, allowed[seat * 9])).ok
    draw = s.action("DrawAuction")
    assert s.send(C.DrawAuction((draw["vehicle_cards"][0], draw["project_cards"][0]))).ok
    for seat in range(3):
        assert s.send(C.LockBid(seat, 10)).ok
    while s.view()["phase"] == "choosing":
        assert s.send(C.PassChoice(s.legal()["to_act"][0])).ok
    home_t = next(t for t, tt in s.view()["territories"].items() if tt["owner"] == 0)
    o = next(o for o in s.action("Invade", 0)["options"] if o["source"] == home_t)
    assert s.send(C.Invade(0, home_t, o["target"], 1)).ok
    for seat in range(3):
        assert s.send(C.EndTurn(s.legal()["to_act"][0])).ok
    assert s.view()["phase"] == "recruit" and s.legal()["to_act"] == [0]
    app.go("magnifico.income")
    harness.frames(2)
    go = harness.find_id("go")
    assert go.reason  # nothing picked yet: the button says what is missing
    income = app.screens["magnifico.income"]
    tap_territory(income, o["target"])
    assert income.without == [o["target"]]
    harness.tap(harness.find_id("go"))
    terr = s.view()["territories"]
    assert s.view()["phase"] != "recruit"
    assert terr[o["target"]]["soldiers"] == 1 and terr[home_t]["soldiers"] == 3  # the soldier went home


def test_refusals_in_the_tables_language(first_turn):
    from companion.core.i18n import localized

    app, s = first_turn, first_turn.session
    reason = s.action("BuildTank", 0)["reason"]
    assert hasattr(reason, "key")  # a keyed message of the engine's catalogue
    app.set_lang("it")
    try:
        harness.frames(2)
        shown = harness.find_id("act_BuildTank").reason
        assert shown == localized(reason, "it") and shown != str(reason)
        harness.tap(harness.find_id("act_BuildTank"))
        assert app.root.ids.toast.text == shown
    finally:
        app.set_lang("en")
