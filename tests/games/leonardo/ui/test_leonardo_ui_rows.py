"""The auction's bidder rows and the market's bettor rows, made ahead and kept (issue 13: the
first auction of a session made each bidder's row inside the landing's tap, 6 ms a bidder
here, and every refresh of a market made every bettor's row again, 2 to 3 ms each)."""

from __future__ import annotations

from leonardo_ui_helpers import L, new_game, play_until

from companion.app import harness
from companion.games.leonardo.game import GAME
from companion.games.leonardo.ui.presenters import head_task
from companion.games.leonardo.ui.screens import auction as auction_screen
from companion.games.leonardo.ui.screens import market as market_screen


def task_is(kind, stage=None):
    return lambda view: (head_task(view) or {}).get("t") == kind and (
        stage is None or head_task(view).get("stage") == stage)


def test_the_auction_rows_are_made_ahead_and_serve_game_after_game(home, monkeypatch):
    app = home
    screen = app.screens[L + "auction"]
    screen._rows_key = None  # as built: no row made yet
    screen.ahead()
    rows = dict(screen._rows)
    assert sorted(rows) == list(range(GAME.seats[1]))
    made = []
    real = auction_screen._Row
    monkeypatch.setattr(auction_screen, "_Row", lambda screen, seat: made.append(seat) or real(screen, seat))
    for _game in range(2):
        new_game(app)
        task = head_task(play_until(app, task_is("auction")))
        assert app.manager.current == L + "auction" and made == []  # the rows made ahead, filled
        shown = [r for r in screen.ids.controls.children if any(r is m.row for m in rows.values())]
        assert sorted(shown, key=id) == sorted((rows[b].row for b in task["bidders"]), key=id)
        assert {rows[b].row.name for b in task["bidders"]} == {app.session.view()["seats"][b]["name"]
                                                               for b in task["bidders"]}


def test_the_market_keeps_its_bettor_rows_and_each_button_acts_for_its_seat(home, monkeypatch):
    app = home
    screen = app.screens[L + "market"]
    screen.__dict__.pop("_bet_rows", None)
    screen.ahead()
    assert sorted(seat for seat, *_ in screen._bet_rows) == list(range(GAME.seats[1]))
    made = []
    real = market_screen.make
    monkeypatch.setattr(market_screen, "make", lambda cls, **kw: made.append(cls) or real(cls, **kw))
    new_game(app)
    task = head_task(play_until(app, task_is("market", "bets")))
    assert app.manager.current == L + "market" and "LeonardoBetRow" not in made
    first, *others = task["bettors"]
    rows = {seat: row for (seat, *_), row in screen._bet_rows.items()}
    opened = []
    monkeypatch.setattr(screen, "open_bet", lambda seat, sealed, handset=False: opened.append(seat))
    harness.tap(rows[first].ids.action)
    assert opened == [first]  # its own seat's bet
    assert app.send(GAME.command_from_dict({"type": "Bet", "seat": first, "product": "gold", "amount": 5})), app.session.last_reason
    harness.frames(2)
    assert "LeonardoBetRow" not in made  # the bet refreshed the market: the same rows
    assert rows[first].ids.action.disabled and rows[first].ids.action.opacity == 0  # bet: no button
    if others:
        harness.tap(rows[others[0]].ids.action)
        assert opened == [first, others[0]]


def test_each_screen_that_takes_a_spin_makes_its_pad_ahead_and_the_spin_uses_it(home):
    """The first spin entered on a screen made its pad of 14 buttons inside the tap that showed
    it (about 10 ms of a Resume on Leonardo's turn here); each screen that takes a spin now makes
    it ahead, and its first spin shows that pad."""
    app = home
    spinning = {L + n for n in ("setup", "turn", "market", "landing")}
    for name in app.screens.prepare(app.uis["leonardo"]):
        screen = app.screens[name]
        if not hasattr(screen, "spins"):
            continue
        screen.__dict__.pop("_pad", None)
        screen.ahead()
        assert (getattr(screen, "_pad", None) is not None) == (name in spinning), name
    turn = app.screens[L + "turn"]
    pad = turn._pad
    new_game(app)
    play_until(app, lambda v: v["round"] >= 2 and head_task(v) is None and app.session.action("Spin") is not None)
    assert app.manager.current == L + "turn" and turn.ids.spin is pad  # the pad made ahead
