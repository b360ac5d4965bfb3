"""The app shell through real touches: start screen, language, new game seats, menu, settings."""

from companion.app import harness


def test_starts_on_the_home_screen(home):
    assert home.manager.current == "home"
    assert "New game" in harness.texts()


def test_language_switch_changes_every_text(home):
    harness.tap(harness.find_id("lang_it"))
    assert home.lang == "it"
    assert "Nuova partita" in harness.texts()
    assert "New game" not in harness.texts()
    harness.tap(harness.find_id("lang_en"))
    assert "New game" in harness.texts()


def test_disabled_button_explains_itself(home):
    harness.tap(harness.find_id("new_game"))
    screen = home.screens["new_game"]
    screen.reset()
    screen.refresh()
    for _ in range(3):
        harness.tap(harness.find_id("add_seat"))
    assert len(screen.seats) == 5
    assert harness.find_id("add_seat").reason  # looks off...
    harness.tap(harness.find_id("add_seat"))
    assert len(screen.seats) == 5  # ...does nothing...
    assert home.root.ids.toast.text == home.t("new_game.max_seats", n=5)  # ...and says why


def test_new_game_seats(home):
    harness.tap(harness.find_id("new_game"))
    screen = home.screens["new_game"]
    assert home.manager.current == "new_game"
    screen.reset()
    screen.refresh()
    harness.frames(2)
    harness.tap(harness.find_id("add_seat"))
    assert len(screen.seats) == 4
    colours = [s["color"] for s in screen.seats]
    assert len(set(colours)) == 4
    harness.tap(harness.find_text("Purple") if "Purple" in harness.texts() else harness.find_text("Yellow"))
    assert len({s["color"] for s in screen.seats}) == 4  # a tap never gives two armies one colour
    harness.tap(harness.find_id("add_seat"))
    harness.tap(harness.find_id("add_seat"))
    assert len(screen.seats) == 5  # rulebook 5.3.3: at most 5 players


def test_settings_shows_which_hardware(home):
    harness.tap(harness.find_id("settings"))
    assert home.manager.current == "settings"
    harness.tap(harness.find_id("hw_sim"))
    assert home.settings.get("hardware") == "simulated"
    shown = " ".join(harness.texts())
    assert "Handsets:" in shown and "Dice reader:" in shown


def test_touch_targets_at_800x480(home):
    harness.resize((800, 480))
    button = harness.find_id("new_game")
    assert button.height >= 44
    harness.resize((1280, 800))
    assert harness.find_id("new_game").height > 1.5 * 44  # scaled with the window
    harness.resize((800, 480))
