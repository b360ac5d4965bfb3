"""Home (companion/app/screens/home.py): its game buttons are kept from refresh to refresh, so
a touch that comes with a refresh finds the button where the table sees it."""

from __future__ import annotations

from companion.app import harness


def test_a_touch_in_the_frame_of_a_refresh_finds_its_button(home):
    """The journal landing, a handset's or the dice reader's news refresh the screen shown at
    any moment, before the frame dispatches the touches; home made its buttons anew then, not
    laid out yet, and the touch found no button: the tap did nothing."""
    app = home
    screen = app.screens["home"]
    button = screen.ids["new_leonardo"]
    finger = harness.Touch(*button.to_window(*button.center))
    app._post(app.refresh_current)  # news handed over to the frame that takes the touch
    finger.down()
    harness.frames(1)
    assert screen.ids["new_leonardo"] is button and button.state == "down"
    finger.up()
    harness.frames(2)
    assert app.manager.current == "leonardo.new_game"
    app.go("home")


def test_kept_buttons_take_the_language_and_the_resume_line(home):
    """The same buttons, set again: another language's words (and order), a quieter look while
    a game waits to be resumed."""
    app = home
    screen = app.screens["home"]
    before = {name: screen.ids["new_" + name] for name in app.listed_games()}
    english = {name: b.text for name, b in before.items()}
    app.set_lang("it")
    harness.frames(2)
    try:
        after = {name: screen.ids["new_" + name] for name in app.listed_games()}
        assert set(after) == set(before)
        assert all(after[name].text != english[name] for name in after)
        assert [b for b in reversed(screen.ids.games.children)] == [after[n] for n in app.listed_games()]
        kind = "normal" if screen.resume_text else "primary"
        assert all(b.kind == kind and b.reason == "" for b in after.values())
    finally:
        app.set_lang("en")
        harness.frames(2)
    assert {name: screen.ids["new_" + name].text for name in app.listed_games()} == english
