"""The auction screen's rows made ahead (issue 13: the Resume or the Start that first opens the
auction made every seat's row inside the tap, 2 to 3 ms each here)."""

from companion.app import harness
from companion.app.widgets import common
from companion.games.magnifico import commands as C
from companion.games.magnifico.game import GAME
from tests.games.magnifico.ui.games import new_game_with_cards_removed, roll_start_order


def to_the_auction(app):
    """A new game of three through its setup: the cards out, the start roll, the first castles."""
    s = app.session
    new_game_with_cards_removed(app)
    roll_start_order(s)
    for seat in range(3):
        assert s.send(C.PlaceFirstCastle(seat, s.action("PlaceFirstCastle")["territories"][seat * 7])).ok


def test_the_seats_rows_are_made_ahead_for_the_most_players_and_the_auction_makes_none(home, monkeypatch):
    app, s = home, home.session
    screen = app.screens["magnifico.auction"]
    screen.__dict__.pop("_rows", None)  # as built: no row made yet
    screen.ahead()
    assert sorted(seat for seat, *_ in screen._rows) == list(range(GAME.seats[1]))  # five, nobody's yet
    to_the_auction(app)
    draw = s.action("DrawAuction")
    assert s.send(C.DrawAuction((draw["vehicle_cards"][0], draw["project_cards"][0]))).ok
    made: list[str] = []
    real = common.make
    monkeypatch.setattr("companion.games.magnifico.ui.screens.auction.make",
                        lambda cls, **kw: made.append(cls) or real(cls, **kw))
    app.go_current()
    harness.frames(2)
    assert app.manager.current == "magnifico.auction"
    assert "MagSeatBidRow" not in made
    names = [row.name for row in reversed(screen.ids.seats.children) if hasattr(row, "locked")]
    assert names == ["Anna", "Bruno", "Carla"]  # the rows made ahead, filled with the game's seats


def test_the_cards_picker_is_kept_from_pick_to_pick(home, monkeypatch):
    """Each card tapped while the table turns up the auction's cards draws the picker again:
    it made its grid of about 26 buttons each time (about 20 ms a tap here); now they are kept,
    each acting for its own card, and only their labels and looks change."""
    app, s = home, home.session
    to_the_auction(app)
    app.go_current()
    harness.frames(2)
    screen = app.screens["magnifico.auction"]
    assert app.manager.current == "magnifico.auction" and s.view()["phase"] == "auction_draw"
    grid = screen._picker()["grid"]
    before = list(grid.children)
    made: list[str] = []
    real = common.make
    monkeypatch.setattr("companion.games.magnifico.ui.screens.auction.make",
                        lambda cls, **kw: made.append(cls) or real(cls, **kw))
    vehicle = s.action("DrawAuction")["vehicle_cards"][0]
    button = next(b for b in grid.children if b.text == app.uis["magnifico"].card_name(vehicle, app.lang))
    harness.tap(button)
    assert screen.picked == [vehicle] and button.kind == "selected"
    assert list(grid.children) == before and made == []  # the same buttons, none made
    assert screen.ids.draw_ok.text == app.t("auction.turned_up", v=1, p=0)
    harness.tap(button)  # again: put back
    assert screen.picked == [] and button.kind == "normal" and made == []


def test_the_picker_is_made_ahead_for_a_first_rounds_cards(home, monkeypatch):
    """The income's Go opens the picker for the round: its first opening made every button
    inside that tap (65 to 80 ms at a table's pace here); the auction's ``ahead()`` makes them."""
    app, s = home, home.session
    screen = app.screens["magnifico.auction"]
    screen.__dict__.pop("_picker_kept", None)
    screen.ahead()
    ahead = list(screen._picker()["cards"])
    made: list[str] = []
    real = common.make
    monkeypatch.setattr("companion.games.magnifico.ui.screens.auction.make",
                        lambda cls, **kw: made.append(cls) or real(cls, **kw))
    to_the_auction(app)
    app.go_current()
    harness.frames(2)
    assert s.view()["phase"] == "auction_draw" and made == []
    shown = list(reversed(screen._picker()["grid"].children))
    assert shown == ahead[:len(shown)] and len(shown) <= len(ahead)
