"""A full round of a 3-player game played through touches on the real widgets (issue 6).

Setup (cards out, start-order roll with typed dice, first castles on the map), income,
an auction with sealed bids locked on gpiozero MockFactory handsets, a turn with an
invasion and an attack with typed dice, and the end-of-round scoring. After each step
the screen is checked against the engine's state.
"""

import time

import pytest

from companion.app import harness, theme
from tests.games.magnifico.ui.games import mag, neighbours, tap_territory

SEATS = (("Anna", "red"), ("Bruno", "blue"), ("Carla", "green"))


def tap_die_to(row, index, face):
    """Tap a die until it shows ``face`` (each tap turns it to the next face)."""
    for _ in range(3):
        if row.faces[index] == face:
            return
        harness.tap(row.children[len(row.children) - 1 - index])
    assert row.faces[index] == face


def press(pin, seconds=0.07):
    """A press of a handset button on a MockFactory pin (pressed is low), past the debounce guard."""
    pin.drive_low()
    time.sleep(seconds)
    pin.drive_high()
    time.sleep(seconds)


def set_soldiers(n):
    """Tap the soldiers stepper's '-' or '+' until it shows ``n`` (the screen redraws after each tap)."""
    for _ in range(40):
        step = harness.find_id("step_soldiers")
        if step.value == n:
            return
        minus, plus = step.children[2], step.children[0]
        harness.tap(minus if step.value > n else plus)
    raise AssertionError(f"the stepper never showed {n}")


def shown(texts, *parts):
    return any(all(p in t for p in parts) for t in texts)


@pytest.fixture
def game(home):
    app = home
    harness.tap(harness.find_id("new_magnifico"))
    screen = app.screens["magnifico.new_game"]
    screen.reset()
    screen.refresh()
    harness.frames(2)
    inputs = [w for w in harness.walk(screen) if w.__class__.__name__ == "TextInput"]
    inputs.sort(key=lambda w: -w.to_window(*w.pos)[1])  # top row first
    for field, (name, _colour) in zip(inputs, SEATS):
        field.text = name
    harness.tap(harness.find_id("start"))
    assert app.session.has_game
    return app


def test_a_full_round_through_the_screens(game):
    app, s = game, game.session
    view = s.view()
    assert [p["name"] for p in view["seats"]] == ["Anna", "Bruno", "Carla"]
    assert [p["color"] for p in view["seats"]] == ["red", "blue", "green"]

    # -- setup: the Tank/Airplane cards leave unseen (rules-decisions: Deck; 3 players: 2 of each)
    assert app.manager.current == "magnifico.setup"
    harness.tap(harness.find_id("removed"))
    assert s.view()["removed"] == [] and sum(s.view()["removed_unseen"].values()) == 4

    # -- start order (rulebook 4.7): Anna rolls most hits and takes the Leonardo card
    for seat, hits in ((0, 5), (1, 2), (2, 1)):
        assert app.banner.startswith(s.view()["seats"][seat]["name"]) or s.view()["seats"][seat]["name"] in app.banner
        row = harness.find_id("dice")
        for i in range(hits):
            tap_die_to(row, i, "hit")
        harness.tap(harness.find_id("confirm"))
    assert s.view()["leonardo"] == 0
    assert s.view()["phase"] == "first_castles"

    # -- first castles (4.8) on the map: Bruno two borders from Anna, Carla far away
    near = neighbours(s.view())
    setup = app.screens["magnifico.setup"]
    anna = s.action("PlaceFirstCastle")["territories"][0]
    tap_territory(setup, anna)
    middle = sorted(near[anna])[0]
    bruno = next(t for t in sorted(near[middle]) if t != anna and t not in near[anna])
    assert bruno in s.action("PlaceFirstCastle")["territories"]
    tap_territory(setup, bruno)
    carla = next(t for t in s.action("PlaceFirstCastle")["territories"]
                 if t not in near[anna] | near[bruno] | near[middle] and t != middle)
    tap_territory(setup, carla)
    terr = s.view()["territories"]
    assert (terr[anna]["owner"], terr[bruno]["owner"], terr[carla]["owner"]) == (0, 1, 2)
    assert setup.ids.map.owners[anna] == theme.army("red")

    # -- income and recruitment (5.1, 5.2): 100 to start + 10 territory + 10 castle, one more soldier
    assert app.manager.current == "magnifico.income"
    texts = harness.texts()
    for p in s.view()["seats"]:
        assert p["florins"] == 120
        assert shown(texts, app.t("table.florins", n=p["florins"]))
    assert s.view()["territories"][anna]["soldiers"] == 3  # 2 at setup (4.8) + 1 recruited (5.2.1)
    harness.tap(harness.find_id("go"))
    assert app.manager.current == "magnifico.auction"

    # -- the auction: turn up one Tank/Airplane card and one project (5.3.1)
    draw = s.action("DrawAuction")
    vehicle = draw["vehicle_cards"][0]
    project = draw["project_cards"][0]
    harness.tap(harness.find_text(mag(app).card_name(vehicle, app.lang), exact=True))
    harness.tap(harness.find_text(mag(app).card_name(project, app.lang) + " ("))
    harness.tap(harness.find_id("draw_ok"))
    assert s.view()["phase"] == "bidding"
    assert sorted(s.view()["auction"]["cards"]) == sorted([vehicle, project])

    # sealed bids on the handsets: Anna 30, Bruno 10, Carla 10 (up from 10, then lock)
    hs = app.hardware.handsets
    assert hs is not None and hs.factory_label == "MockFactory"
    assert "simulated" in app.hardware_line.lower() or "simulat" in app.hardware_line.lower()
    for seat, ups in ((0, 2), (1, 0), (2, 0)):
        for _ in range(ups):
            press(hs.buttons[(seat, "up")].pin)
        press(hs.buttons[(seat, "lock")].pin)
        harness.frames(3)
        if seat < 2:
            # the screen shows who has locked, never an amount, and the engine holds the bid sealed
            assert s.view()["phase"] == "bidding"
            assert app.banner == app.t("banner.bidding", locked=seat + 1, n=3)
            assert not any("30" in t for t in harness.texts(app.screens["magnifico.auction"].ids.seats))
    assert s.view()["phase"] == "choosing"
    assert s.view()["auction"]["bids"] == {"0": 30, "1": 10, "2": 10}

    # the Leonardo card is drawn on its holder's row
    harness.frames(2)
    auction = app.screens["magnifico.auction"]
    rows = list(reversed(auction.ids.seats.children))
    assert auction.ids.leo.opacity == 1
    assert abs(auction.ids.leo.center_y - rows[s.view()["leonardo"]].center_y) < 2

    # choice (5.3.6): Anna bid most and takes the project; Bruno and Carla pass
    harness.tap(harness.find_id("take_" + project))
    assert project in s.view()["seats"][0]["store"]
    assert s.view()["seats"][0]["florins"] == 90
    for _ in range(2):
        harness.tap(harness.find_id("pass"))
    assert s.view()["phase"] == "turns"
    assert s.view()["leonardo"] == 0

    # -- Anna's turn (from the Leonardo holder): invade the territory between her and Bruno
    assert app.manager.current == "magnifico.turn"
    assert app.banner == app.t("banner.turn", name="Anna")
    build = harness.find_id("act_BuildTank")
    assert build.reason == s.action("BuildTank", 0)["reason"]  # off, and says why on a tap
    harness.tap(build)
    assert app.root.ids.toast.text == build.reason
    harness.tap(harness.find_id("act_Invade"))
    turn = app.screens["magnifico.turn"]
    tap_territory(turn, anna)
    tap_territory(turn, middle)
    set_soldiers(1)
    harness.tap(harness.find_id("confirm"))
    assert s.view()["territories"][middle]["owner"] == 0
    assert s.view()["seats"][0]["florins"] == 80  # an invasion costs 10 (5.4.5), no Leonardo discount
    harness.tap(harness.find_id("act_EndTurn"))

    # -- Bruno: an invasion, then an attack on Anna's new territory with typed dice
    assert app.banner == app.t("banner.turn", name="Bruno")
    harness.tap(harness.find_id("act_Invade"))
    free = next(o for o in s.action("Invade", 1)["options"] if o["source"] == bruno and o["target"] != middle)
    tap_territory(turn, bruno)
    tap_territory(turn, free["target"])
    set_soldiers(1)
    harness.tap(harness.find_id("confirm"))
    assert s.view()["territories"][free["target"]]["owner"] == 1
    harness.tap(harness.find_id("act_Attack"))
    tap_territory(turn, bruno)
    tap_territory(turn, middle)
    harness.tap(harness.find_id("confirm"))
    assert s.view()["phase"] == "battle"
    assert app.manager.current == "magnifico.battle"
    battle = app.screens["magnifico.battle"]
    harness.tap(harness.find_id("assault_attacker_infantry"))
    row = battle.ids["dice_0"]
    tap_die_to(row, 0, "hit")
    harness.tap(harness.find_id("roll_ok"))
    # one hit kills Anna's only soldier there: Bruno takes the territory (7.3)
    assert s.view()["phase"] == "turns"
    assert s.view()["territories"][middle]["owner"] == 1
    assert app.screens["magnifico.battle"].title == app.t("battle.won_attacker", attacker="Bruno",
                                                target=mag(app).territory_name(middle, app.lang))
    log = app.screens["magnifico.battle"].log  # the running log, in the table's language
    assert "Bruno (attacker)" in log and "1 hit, 0 blanks, 0 explosions" in log and "Anna -1 soldier" in log
    harness.tap(harness.find_id("continue"))
    assert app.manager.current == "magnifico.turn"
    assert turn.ids.map.owners[middle] == theme.army("blue")
    harness.tap(harness.find_id("act_EndTurn"))

    # -- Carla ends her turn: the round is scored (10.1-10.5)
    harness.tap(harness.find_id("act_EndTurn"))
    assert app.manager.current == "magnifico.scoring"
    vps = [p["vp"] for p in s.view()["seats"]]
    assert vps[0] >= 2  # Leonardo holder scores 2
    texts = harness.texts()
    for p in s.view()["seats"]:
        assert p["name"] in texts
        assert str(p["vp"]) in texts
    scoring = app.screens["magnifico.scoring"]
    scoring.finish_animation()
    assert [m[0] for m in scoring.ids.track.markers] == vps

    # -- the table view agrees with the engine
    harness.tap(harness.find_id("top_table"))
    assert app.manager.current == "magnifico.table"
    texts = harness.texts()
    for p in s.view()["seats"]:
        assert app.t("table.florins", n=p["florins"]) in texts
        assert app.t("table.vp", n=p["vp"]) in texts


def test_the_cards_removed_tap_builds_the_start_roll_once(game, monkeypatch):
    """Issue 13 (every tap under 50 ms): a command redraws the setup screen twice (the session's
    news, then the move to the next screen); the second redraw of the same moment keeps the
    start roll's dice and buttons instead of making them again (rulebook 4.2, then 4.7)."""
    from companion.app.widgets.dice import DiceRow

    app = game
    made = []
    original = DiceRow.__init__

    def counted(self, **kwargs):
        made.append(self)
        original(self, **kwargs)

    monkeypatch.setattr(DiceRow, "__init__", counted)
    harness.tap(harness.find_id("removed"))
    assert app.session.view()["phase"] == "start_roll"
    assert len(made) == 1 and harness.find_id("dice") is made[0]  # was 2: the first row thrown away
    app.screens["magnifico.setup"].refresh()  # another redraw of the same moment: the same row
    assert len(made) == 1 and harness.find_id("dice") is made[0]
    tap_die_to(made[0], 0, "hit")
    harness.tap(harness.find_id("confirm"))  # the next seat's roll: a new row
    assert len(made) == 2 and harness.find_id("dice") is made[1]
