"""The menu is kept and opened again (issue 13: building its ten buttons at each opening was a
fifth of the tap), but it always offers what the table can do now: a game's entries and their
actions as they are at this opening, the language's words, the sizes of the window it opens in."""

from __future__ import annotations

from kivy.core.window import Window

from companion.app import harness
from companion.app.widgets import dialogs
from tests.games.magnifico.ui.games import start


def _open(app):
    app.open_menu()
    harness.frames(2)
    return app.dialog


def _close(app, d):
    d.dismiss(animation=False)
    harness.frames(2)


def _texts(d):
    return [w.text for w in harness.walk(d) if type(w).__name__ == "Btn"]


def test_the_same_menu_opens_again(home):
    app = home
    first = _open(app)
    texts = _texts(first)
    _close(app, first)
    again = _open(app)
    assert again is first and _texts(again) == texts
    _close(app, again)


def test_another_language_builds_its_menu_in_its_words(home):
    app = home
    english = _open(app)
    _close(app, english)
    app.set_lang("it")
    harness.frames(2)
    italian = _open(app)
    assert italian is not english
    assert app.t("menu.history") in _texts(italian)
    _close(app, italian)


def test_a_game_entry_appears_and_goes_with_the_state(home):
    """Magnifico's ending by agreement is an entry only while its game is on (rd: ending by
    agreement): the home menu has none, the game's menu has it, its action is this game's."""
    app = home
    plain = _open(app)
    assert "menu_end_agreement" not in plain.ids
    _close(app, plain)
    s = start(app)
    in_game = _open(app)
    assert in_game is not plain and "menu_end_agreement" in in_game.ids
    harness.tap(in_game.ids["menu_end_agreement"])
    harness.frames(3)
    assert app.dialog is not in_game and "reason" in app.dialog.ids  # the agreement form of this game
    _close(app, app.dialog)
    assert s.view()["phase"] != "over"


def test_each_opening_runs_the_action_of_that_opening(home, monkeypatch):
    """The kept buttons call the actions handed over at this opening, not those of the first."""
    app = home
    first = _open(app)
    _close(app, first)
    called = []
    monkeypatch.setattr(app, "redo", lambda: called.append("redo now"))
    again = _open(app)
    assert again is first
    redo = next(w for w in harness.walk(again) if getattr(w, "text", "") == app.t("menu.redo"))
    harness.tap(redo)
    harness.frames(2)
    assert called == ["redo now"]
    assert again.get_parent_window() is None  # gone with the tap
    assert dialogs._menus[app].actions == []  # closed, it holds nothing of the app (its key is weak)


def test_a_resize_while_closed_is_taken_at_the_next_opening(home):
    app = home
    try:
        d = _open(app)
        small_spacing = list(d.ids.body.children[0].spacing)
        _close(app, d)
        harness.resize((1280, 800))
        d = _open(app)
        assert d.width == Window.width * 0.8
        assert d.ids.body.children[0].spacing[0] > small_spacing[0]  # the grid's spacing follows app.u
        _close(app, d)
    finally:
        harness.resize((800, 480))


def test_a_menu_opened_while_the_last_one_fades_out_opens(home):
    """A tap beside the menu closes it with a short fade; the kept dialog does not open again
    until it is gone, so a menu asked for meanwhile is a new one, and it shows."""
    app = home
    first = _open(app)
    first.dismiss()  # as a tap outside it does: animated
    again = _open(app)
    assert again is not first and again.get_parent_window() is not None
    harness.frames(20)  # the first one's fade is over
    assert first.get_parent_window() is None and again.get_parent_window() is not None
    _close(app, again)
    third = _open(app)
    assert third is again  # kept from then on
    _close(app, third)
