"""Magnate's screens in the shared headless app, by real touches (issue 10, screens): both
players' tokens always in view, the card picker offering only the cards still unseen, the
payment proposed as the engine's cheapest split, income said as it happens, the setup of a
second game starting afresh, and the d10s and the tax d6 through the dice desk's reader."""

from __future__ import annotations

import pytest

from companion.app import harness
from companion.games.magnate import commands as C
from companion.games.magnate import payment as P
from companion.games.magnate import rules as R
from companion.games.magnate.cards import SUITS, decktet
from companion.games.magnate.game import GAME
from companion.games.magnate.ui import names

from .touches import play, start_game, tap

M = "magnate."


def token_bar(app):
    """What the token bar of the current screen shows: per player, name and suit -> count."""
    bar = app.screens[app.manager.current].ids.tokens
    out = {}
    for line in reversed(bar.children):
        out[line.name] = {chip.suit: chip.n for chip in reversed(line.ids.chips.children)}
    return out


def held(app):
    return {p["name"]: {s: p["tokens"][s] for s in SUITS} for p in app.session.view()["seats"]}


@pytest.fixture
def game(home):
    start_game(home)
    return home


def test_both_players_tokens_on_every_screen(game):
    """magnate-decisions: Setup (one token per suit of each Crown) and Turn 2 (income): the
    counts shown on the setup, roll, turn, city and end screens are the engine's."""
    app = game
    assert token_bar(app) == held(app)  # setup: nobody holds anything yet
    play(app, until=3)
    assert app.manager.current == M + "roll" and token_bar(app) == held(app)
    assert sum(token_bar(app)["Anna"].values()) == 3  # the Crowns' suits, one token each
    play(app, until=4)
    assert app.manager.current == M + "turn" and token_bar(app) == held(app)
    app.go_table()
    harness.frames(2)
    assert app.manager.current == M + "city" and token_bar(app) == held(app)


def test_income_is_said_as_it_happens(game):
    """magnate-decisions: Turn 2: a 10 pays a token per suit of each own Crown, to both
    players; the roll's lines say who took what before the turn goes on."""
    app = game
    play(app, until=6)  # Bruno's roll of 9 and 10 is next
    before = held(app)
    play(app, until=7)
    after = held(app)
    assert after != before
    lines = app.screens[app.manager.current].lines
    for name in ("Anna", "Bruno"):
        got = {s: after[name][s] - before[name][s] for s in SUITS if after[name][s] != before[name][s]}
        assert got and all(n > 0 for n in got.values())
        assert any(line.startswith(name) and all(names.suit_name(s, "en").lower()[:3] in line.lower() for s in got)
                   for line in lines.splitlines()), lines


def test_the_card_picker_offers_only_unseen_cards(game):
    """magnate-decisions: Further decisions (cards seen) and Record: a card sold or built is
    named once; the picker no longer offers it."""
    app = game
    play(app, until=15)  # the Aces of Knots, Waves and Leaves sold; Bruno's roll and tax: he acts
    tap("act_Sell")
    screen = app.screens[M + "turn"]
    offered = {k[len("card_"):] for k, w in screen.ids.items() if k.startswith("card_") and w.get_root_window()}
    seen = {"ace_knots", "ace_waves", "ace_leaves"}
    assert offered and not offered & seen
    assert offered == set(R.unseen(app.session.state))  # every card a hand may still hold
    assert len(offered) == 6 + 24 - len(seen)  # Courts off: the Aces and ranks 2-9, less the cards sold
    tap("back")


def test_the_payment_proposed_is_the_cheapest(game):
    """Issue 10 and magnate-decisions: Turn 4 (pay the value in the card's suits, at least one
    of each): the steppers start at the engine's cheapest split, and Build pays it."""
    app = game
    play(app, until=18)  # Anna builds the Sailor in the Borderland next
    s = app.session
    command = GAME.demo_move(s.state, 23, 18)
    assert isinstance(command, C.Build)
    proposal = P.propose_payment(s.state, 0, command.card)
    assert proposal is not None and not proposal["trades"]
    tap("act_Build")
    tap("card_" + command.card)
    tap("district_" + command.district)
    screen = app.screens[M + "turn"]
    shown = {x: screen.ids["pay_" + x].value for x in decktet()[command.card].suits}
    assert {k: v for k, v in shown.items() if v} == proposal["payment"]
    assert sum(shown.values()) == decktet()[command.card].cost
    before = {k: v for k, v in held(app)["Anna"].items()}
    tap("confirm")
    assert s.commands()[-1]["type"] == "Build"
    paid = {x: before[x] - held(app)["Anna"][x] for x in proposal["payment"]}
    assert paid == proposal["payment"]


def test_a_second_game_starts_its_setup_afresh(game):
    """A new game opens the districts first with empty places, whatever the last game left."""
    app = game
    play(app, until=2)  # the districts and the Crowns entered; who starts is open
    assert app.screens[M + "setup"].opened == "start"
    start_game(app)
    setup = app.screens[M + "setup"]
    assert setup.opened == "districts" and setup.slots == [None] * 4
    assert harness.find_id("pawn_watchman").reason == ""


def test_undo_takes_back_a_build_but_not_the_roll(game):
    """Undo (the top bar) takes back the last command; a roll is information made public
    (the contract's ``reveal``), so undo stops there (magnate-decisions: Record)."""
    app = game
    play(app, until=19)  # Anna's roll, then her Sailor built
    s = app.session
    built = held(app)["Anna"]
    tap("top_undo")
    assert len(s.commands()) == 18 and app.manager.current == M + "turn"
    assert held(app)["Anna"] != built and token_bar(app) == held(app)
    assert not any(b["card"] == "sailor" for d in s.view()["districts"] for b in s.view()["city"][d][0])
    tap("top_undo")  # the roll stays: it was seen by the table
    assert len(s.commands()) == 18
    play(app, until=20)  # and the game goes on from there as the bots meant


def test_a_correction_sets_a_count_by_hand(game):
    """magnate-decisions via docs/magnate.md (Corrections): a counter set by hand with the
    table's reason; the token bar shows it at once and the log keeps the reason."""
    from companion.games.magnate.ui import drive

    app = game
    play(app, until=4)  # Anna acts; she holds a token of each of her Crowns' suits
    before = held(app)["Bruno"]["waves"]
    tap("top_menu")
    tap("menu_correction")
    tap("kind_tokens")
    tap("seat_1")
    tap("suit_waves")
    drive.enter(("step", "value", before + 2), harness.find_id, harness.tap)
    harness.find_id("reason").text = "a token fell off the table"
    tap("apply")
    assert held(app)["Bruno"]["waves"] == before + 2 and token_bar(app) == held(app)
    assert any("a token fell off the table" in line for line in app.session.log("en"))


def test_the_apps_roll_and_the_history(game):
    """magnate-decisions: Components (dice entered like any roll, the app's included, then
    confirmed by the table); the shell's history lists the game under Magnate."""
    app = game
    play(app, until=3)
    tap("app_roll")
    faces = app.uis["magnate"].roll.faces
    assert len(faces) == 2 and all(1 <= f <= 10 for f in faces)
    assert harness.find_id("shown").text == "The app rolled: " + " + ".join(str(f) for f in faces)
    assert len(app.session.commands()) == 3  # nothing sent before the table confirms
    tap("roll_ok")
    assert app.session.commands()[-1] == {"type": "Roll", "dice": faces}
    game_id = app.session.game_id
    app.go("history")
    harness.frames(2)
    tap("filter_magnate")  # an earlier visit may have left another game's filter on
    rows = [w for w in harness.walk(app.screens["history"]) if getattr(w, "game_id", None) == game_id]
    assert len(rows) == 1 and rows[0].title.startswith("Magnate") and rows[0].detail.startswith("Anna, Bruno")


def test_the_setup_screen_makes_its_first_fill_ahead(home, monkeypatch):
    """While the setup form waits, the app's warm-up has the setup screen make its token bar
    and buttons (issue 13: making them cost about 10 ms of a game's first Start); the first
    fill then makes none, and shows the game's names and counts."""
    from kivy.uix.widget import Widget

    app = home
    cls = app.screens.prepare(app.uis["magnate"])[M + "setup"]
    screen = cls(name=M + "setup")  # a screen never filled, as in a fresh app (not shown)
    screen.ahead()
    bar = screen.ids.tokens
    lines = list(bar.children)
    chips = [list(line.ids.chips.children) for line in lines]
    assert len(lines) == GAME.seats[1] and all(len(c) == len(SUITS) for c in chips)
    spare = list(screen._spare)
    assert spare
    start_game(app)
    made: list[str] = []
    plain = Widget.__init__

    def counted(self, **kwargs):
        made.append(type(self).__name__)
        plain(self, **kwargs)

    monkeypatch.setattr(Widget, "__init__", counted)
    screen.refresh()
    monkeypatch.undo()
    assert not {"Btn", "MagnateSeatTokens", "MagnateSuitChip"} & set(made)
    assert list(bar.children) == lines and [list(line.ids.chips.children) for line in lines] == chips
    assert [line.name for line in reversed(lines)] == [p["name"] for p in app.session.view()["seats"]]
    assert set(screen._pool.values()) <= set(spare)  # the buttons shown are those made ahead


def test_the_city_is_made_again_while_the_table_is_idle(game, monkeypatch):
    """Issue 13 (every tap under 50 ms): the table view after a command made every district
    panel and card again inside its tap (72 ms here). Now the app's warm-up brings the city
    up to date in the first idle pause after the command, and the tap that opens it makes
    nothing; it shows the new state."""
    from companion.games.magnate.ui.screens import city as city_module

    def sailors():
        return [c for c in city.walk() if type(c).__name__ == "MagnateCardChip" and "Sailor" in c.label]

    app = game
    play(app, until=18)  # Anna's roll: her Sailor is built next
    city = app.screens[M + "city"]
    app.go_table()
    harness.frames(2)
    app.go_current()
    harness.frames(2)
    assert not city.stale()
    play(app, until=19)  # the Sailor built on the turn screen
    assert city.stale() and sailors() == []
    made = []
    real_make = city_module.make

    def counted(*args, **kwargs):
        made.append(args[0])
        return real_make(*args, **kwargs)

    monkeypatch.setattr(city_module, "make", counted)
    for _ in range(len(app.screens.prepared["magnate"]) + 2):  # every other piece ahead first
        app.collector.last_touch -= 10.0
        app._idle_tick(0)
        harness.frames(1)
    assert not city.stale() and len(sailors()) == 1  # up to date before the tap
    made.clear()
    tap("top_table")
    assert app.manager.current == M + "city" and made == []  # nothing made in the tap
    assert len(sailors()) == 1 and sailors()[0].get_root_window() is not None


def test_the_city_keeps_its_panels_and_cards_from_state_to_state(game):
    """The city after a command sets its kept district panels and card chips to the new state
    (a build is one chip more); after an undo the chip is gone from the column, and a column
    with no card says it is empty."""
    app = game
    play(app, until=19)  # Anna's Sailor built
    app.go_table()
    harness.frames(2)
    city = app.screens[M + "city"]

    def chips():
        return [c for c in city.walk() if type(c).__name__ == "MagnateCardChip"]

    panels = {d: city.ids["district_" + d] for d in app.session.view()["districts"]}
    shown = chips()
    assert [c for c in shown if "Sailor" in c.label]
    app.go_current()
    harness.frames(2)
    tap("top_undo")
    app.go_table()
    harness.frames(2)
    assert {d: city.ids["district_" + d] for d in panels} == panels  # the same panels
    assert not [c for c in chips() if "Sailor" in c.label] and len(chips()) == len(shown) - 1
    assert set(chips()) <= set(shown)  # no chip made for a smaller city
    view = app.session.view()
    for d in view["districts"]:
        for seat, column in enumerate(view["city"][d]):
            texts = harness.texts(city.ids[f"side_{d}_{seat}"])
            assert (app.t("magnate.city.empty") in texts) == (not column)
