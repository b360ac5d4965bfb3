"""Magnifico's setup form through touches: seats clockwise with names and army colours."""

from companion.app import harness


def open_form(app):
    harness.tap(harness.find_id("new_magnifico"))
    screen = app.screens["magnifico.new_game"]
    assert app.manager.current == "magnifico.new_game"
    screen.reset()
    screen.refresh()
    harness.frames(2)
    return screen


def test_disabled_button_explains_itself(home):
    screen = open_form(home)
    for _ in range(3):
        harness.tap(harness.find_id("add_seat"))
    assert len(screen.seats) == 5
    assert harness.find_id("add_seat").reason  # looks off...
    harness.tap(harness.find_id("add_seat"))
    assert len(screen.seats) == 5  # ...does nothing...
    assert home.root.ids.toast.text == home.t("new_game.max_seats", n=5)  # ...and says why


def test_new_game_seats(home):
    screen = open_form(home)
    harness.tap(harness.find_id("add_seat"))
    assert len(screen.seats) == 4
    colours = [s["color"] for s in screen.seats]
    assert len(set(colours)) == 4
    harness.tap(harness.find_text("Purple") if "Purple" in harness.texts() else harness.find_text("Yellow"))
    assert len({s["color"] for s in screen.seats}) == 4  # a tap never gives two armies one colour
    harness.tap(harness.find_id("add_seat"))
    harness.tap(harness.find_id("add_seat"))
    assert len(screen.seats) == 5  # rulebook 5.3.3: at most 5 players


def test_back_goes_to_the_game_picker(home):
    open_form(home)
    harness.tap(harness.find_text(home.t("common.back"), root=home.screens["magnifico.new_game"], exact=True))
    assert home.manager.current == "new_game"
