"""History: every game of the journal with the date it started, filterable by game; export,
the log in the table's language, and resuming an unfinished game after a restart."""

import json
import os
from datetime import datetime

from companion.app import harness
from companion.core import registry
from companion.games.magnifico import commands as C
from tests.family.test_a_new_game import forget_toy, install_toy
from tests.games.magnifico.ui.games import mag, new_game_with_cards_removed

SEATS = [{"name": n, "color": c} for n, c in (("Ada", "red"), ("Bea", "blue"), ("Cyd", "green"))]


def history_row(app, game_id):
    if "history" in app.screens:
        app.screens["history"].shown = ""  # every game: an earlier test may have left a filter on
    app.go("history")
    harness.frames(2)
    screen = app.screens["history"]
    row = next((w for w in harness.walk(screen.ids.games) if getattr(w, "game_id", None) == game_id), None)
    assert row is not None, where_is(app, game_id)
    return row


def where_is(app, game_id):
    """What the app holds when a game's row is missing (a run once missed it in seven tests)."""
    s = app.session
    return (f"no row for game {game_id}: journal {type(s.journal).__name__}, ready {app.journal_ready()},"
            f" filter {app.screens['history'].shown!r}, games {[(g.game, g.id) for g in s.games()][:5]}")


def test_history_lists_and_exports_the_game(home):
    app, s = home, home.session
    assert mag(app).new_game(seats=SEATS, variants={}, target=30, soldiers=40) is None
    assert s.send(C.StartOrderRoll(0, ("hit",) * 6)).ok is False  # cards first: refused, nothing saved
    row = history_row(app, s.game_id)
    assert "Ada, Bea, Cyd" in row.detail
    assert row.detail in harness.texts() and row.title in harness.texts()  # shown, not only stored
    export = next(w for w in harness.walk(row) if getattr(w, "text", "") == app.t("history.export"))
    harness.tap(export)
    toast = app.root.ids.toast.text
    path = toast.split(" ", 2)[-1] if app.lang == "en" else toast.rsplit(" ", 1)[-1]
    with open(path, encoding="utf-8") as f:
        header = json.loads(f.readline())
    assert [seat["name"] for seat in header["seats"]] == ["Ada", "Bea", "Cyd"]
    assert os.stat(path).st_mode & 0o777 == 0o600  # issue 12 item 5: readable by its owner only


def test_each_row_names_the_game_and_the_day_it_started(home):
    app, s = home, home.session
    assert mag(app).new_game(seats=SEATS, variants={}, target=30, soldiers=40) is None
    info = next((g for g in s.games() if g.id == s.game_id), None)
    assert info is not None, where_is(app, s.game_id)
    started = datetime.fromisoformat(info.created_at).astimezone()
    row = history_row(app, s.game_id)
    assert row.title == f"Magnifico · started {started:%Y-%m-%d %H:%M}"
    app.set_lang("it")
    try:
        row = history_row(app, s.game_id)
        assert row.title == f"Magnifico · iniziata il {started:%d/%m/%Y %H:%M}"
    finally:
        app.set_lang("en")


def test_the_list_filters_by_game(home, monkeypatch):
    """Every game of the journal by default; one game's alone when its filter is tapped."""
    app, s = home, home.session
    assert mag(app).new_game(seats=SEATS, variants={}, target=30, soldiers=40) is None
    screen = app.screens["history"]
    history_row(app, s.game_id)
    assert len(screen.ids.games.children) == len(s.games())  # every game, whichever game it is of
    harness.tap(harness.find_id("filter_magnifico"))
    assert screen.shown == "magnifico"
    assert len(screen.ids.games.children) == len([g for g in s.games() if g.game == "magnifico"])
    # a game the journal holds under another name is hidden by the Magnifico filter
    real = s.games
    monkeypatch.setattr(s, "games", lambda: [*real()[:1], *[g.__class__(**{**g.__dict__, "game": "toy"})
                                                              for g in real()[:1]]])
    screen.refresh()
    assert len(screen.ids.games.children) == 1
    harness.tap(harness.find_id("filter_all"))
    assert screen.shown == "" and len(screen.ids.games.children) == 2
    assert "filter_toy" in screen.ids  # a filter for every game the journal holds


def test_resume_after_a_restart(home):
    app = home
    s = new_game_with_cards_removed(app, SEATS)
    game_id, before = s.game_id, s.view()
    app._start_session()  # what a restart of the app does: a fresh session on the same journal
    app.go("home")
    harness.frames(2)
    assert not app.session.has_game
    button = harness.find_id("resume")
    assert not button.reason and "Ada" in button.text and "Magnifico" in button.text
    harness.tap(button)
    assert app.session.game_id == game_id
    assert app.session.view() == before
    assert app.manager.current == "magnifico.setup"


def test_a_games_log_in_the_tables_language(home):
    """The history's log of a game is told in the table's language (the journal passes it to
    the game's describe hook)."""
    app = home
    s = new_game_with_cards_removed(app, SEATS)
    assert s.correct({"seat": 1, "counter": "vp"}, 3, "punti dimenticati") is None
    english = s.log("en")
    app.set_lang("it")
    try:
        row = history_row(app, s.game_id)
        harness.tap(next(w for w in harness.walk(row) if getattr(w, "text", "") == app.t("history.log")))
        shown = app.dialog.ids["log"].text
    finally:
        app.dialog.dismiss()
        app.set_lang("en")
    italian = s.log("it")
    assert shown == "\n".join(italian)
    assert len(italian) == len(english) and italian != english
    assert any("punti dimenticati" in line and "Bea" in line for line in italian)
    assert any("Correction" in line and "punti dimenticati" in line for line in english)  # told by the game


def test_a_game_without_screens_is_listed_but_never_opened(home, tmp_path, monkeypatch):
    """The toy game (installed after the app started: the app has no screens for it) has the
    newest unfinished game: Resume offers the Magnifico game instead; History lists the toy's
    and says why it does not open it."""
    monkeypatch.syspath_prepend(str(install_toy(tmp_path / "site")))
    try:
        toy = registry.get("toy")
        monkeypatch.setitem(home.games, "toy", toy)
        app = home
        magnifico_id = new_game_with_cards_removed(app, SEATS).game_id
        assert app.session.new_game(toy, {"game": "toy", "format": 1, "seats": [{"name": "Ada"}, {"name": "Bo"}]}) is None
        toy_id = app.session.game_id
        app._start_session()
        app.go("home")
        harness.frames(2)
        assert app.screens["home"].resume_text.startswith("Resume Magnifico: Ada, Bea, Cyd")
        row = history_row(app, toy_id)
        assert row.title.startswith("Toy · started")
        harness.tap(next(w for w in harness.walk(row) if getattr(w, "text", "") == app.t("history.open")))
        assert app.root.ids.toast.text == app.t("home.no_screens", game="Toy")
        assert not app.session.has_game and app.manager.current == "history"
        harness.tap(harness.find_id("filter_magnifico"))
        assert toy_id not in [w.game_id for w in app.screens["history"].ids.games.children]
        assert magnifico_id in [w.game_id for w in app.screens["history"].ids.games.children]
    finally:
        registry._loaded.pop("toy", None)
        forget_toy()


def test_five_long_names_keep_the_games_state_in_view(home):
    """Five 16-letter names overflow a row at 800x480: the list loses its middle, the state at
    its end (round, winner) stays shown (the quality sweep: it read '... Wilhelmina Marzo, Mari...')."""
    from companion.app.screens.seats import NAME_LENGTH

    names = ("Massimilian Wolf", "Guglielmo Mazzon", "Bartolomeo Mowat", "Wilhelmina Marzo", "Mariagrazia Momo")
    assert all(len(n) == NAME_LENGTH for n in names)
    seats = [{"name": n, "color": c} for n, c in zip(names, ("red", "blue", "green", "yellow", "purple"))]
    app = home
    assert mag(app).new_game(seats=seats, variants={}, target=30, soldiers=40) is None
    row = history_row(app, app.session.game_id)
    label = next(w for w in harness.walk(row) if getattr(w, "text", None) == row.detail)
    label.texture_update()
    shown = label._label.shorten(row.detail)
    assert shown != row.detail  # it does overflow
    assert shown.startswith(names[0][:8]) and shown.endswith(row.detail[-12:])


def test_a_filter_tap_reads_no_journal_and_keeps_the_rows(home, monkeypatch):
    """Issue 13 (every tap under 50 ms): a filter shows the games read when the screen was
    drawn, with the rows made then (the journal read and every row made anew on each tap)."""
    import companion.app.screens.history as history

    app, s = home, home.session
    assert mag(app).new_game(seats=SEATS, variants={}, target=30, soldiers=40) is None
    screen = app.screens["history"]
    screen.shown = ""  # every game (an earlier test may have left a filter on)
    history_row(app, s.game_id)
    rows = {row.game_id: row for row in screen.ids.games.children}
    reads, made = [], []
    real_games, real_make = s.games, history.make
    monkeypatch.setattr(s, "games", lambda: (reads.append(1), real_games())[1])
    monkeypatch.setattr(history, "make", lambda *a, **k: (made.append(a), real_make(*a, **k))[1])
    filters = list(screen.ids.filters.children)
    harness.tap(harness.find_id("filter_magnate"))
    assert screen.shown == "magnate" and all(row.game_id not in rows for row in screen.ids.games.children)
    harness.tap(harness.find_id("filter_all"))
    assert screen.shown == "" and {row.game_id: row for row in screen.ids.games.children} == rows
    assert reads == [] and made == []  # was a journal read and every row made on each tap
    assert list(screen.ids.filters.children) == filters
    assert screen.ids.filter_all.kind == "selected" and screen.ids.filter_magnate.kind == "normal"
