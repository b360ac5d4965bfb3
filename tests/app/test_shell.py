"""The app shell through real touches: the start screen lists every installed game with its
seats, the new game picker leads to a game's setup form, language, menu, settings."""

from companion.app import harness
from tests.family.toygame import Toy


def test_starts_on_the_home_screen(home):
    assert home.manager.current == "home"
    assert "Magnifico · 3–5 players" in harness.texts()


def test_home_lists_every_installed_game_with_its_seats(home, monkeypatch):
    """A game is found by its entry point (issue 9); one without screens says so on a tap."""
    app = home
    monkeypatch.setitem(app.games, "toy", Toy())
    app.screens["home"].refresh()
    harness.frames(2)
    toy = harness.find_id("new_toy")
    assert toy.text == "Toy · 2–3 players"
    assert toy.reason == app.t("home.no_screens", game="Toy")  # looks off...
    harness.tap(toy)
    assert app.manager.current == "home"  # ...stays...
    assert app.root.ids.toast.text == toy.reason  # ...and says why
    app.set_lang("it")
    try:
        assert harness.find_id("new_toy").text == "Giocattolo · da 2 a 3 giocatori"
    finally:
        app.set_lang("en")


def test_a_game_whose_screens_fail_to_load_shows_the_error(home, monkeypatch):
    app = home
    monkeypatch.setitem(app.games, "toy", Toy())
    monkeypatch.setitem(app.ui_problems, "toy", "ImportError: No module named 'kivy_garden.toy'")
    app.screens["home"].refresh()
    assert harness.find_id("new_toy").reason == "ImportError: No module named 'kivy_garden.toy'"


def test_the_new_game_picker_opens_the_games_setup_form(home):
    app = home
    app.go("new_game")
    harness.frames(2)
    assert "Magnifico" in harness.texts() and "3–5 players" in harness.texts()
    harness.tap(harness.find_id("pick_magnifico"))
    assert app.manager.current == "magnifico.new_game"


def test_home_starts_a_game_of_the_game_tapped(home):
    harness.tap(harness.find_id("new_magnifico"))
    assert home.manager.current == "magnifico.new_game"


def test_language_switch_changes_every_text(home):
    harness.tap(harness.find_id("lang_it"))
    assert home.lang == "it"
    assert "Nuova partita" in harness.texts()
    assert "New game" not in harness.texts()
    harness.tap(harness.find_id("lang_en"))
    assert "New game" in harness.texts()


def test_settings_shows_which_hardware(home):
    harness.tap(harness.find_id("settings"))
    assert home.manager.current == "settings"
    harness.tap(harness.find_id("hw_sim"))
    assert home.settings.get("hardware") == "simulated"
    shown = " ".join(harness.texts())
    status = home.hardware.status()
    assert home.reason(status["handsets"]) in shown and home.reason(status["dice"]) in shown  # said once, no label repeated
    assert "Pin factory:" in shown


def test_touch_targets_at_800x480(home):
    harness.resize((800, 480))
    button = harness.find_id("new_magnifico")
    assert button.height >= 44
    harness.resize((1280, 800))
    assert harness.find_id("new_magnifico").height > 1.5 * 44  # scaled with the window
    harness.resize((800, 480))


def test_a_ui_package_missing_part_of_the_contract_is_named():
    """A game's author sees what the shell still needs (companion.app.game_ui.GameUI)."""
    from companion.app.parts import game_uis

    class HalfDone:
        name = "toy"

        def kv_files(self):
            return []

    toy = Toy()
    toy.ui = HalfDone  # ui() returns the half-done entry
    uis, problems = game_uis([toy])
    assert uis == {} and problems["toy"].startswith("HalfDone lacks after_command, ask, attach, banner")
    assert "screens" in problems["toy"] and "kv_files" not in problems["toy"]


def test_settings_says_each_label_once(home):
    """Issue 15: a status that starts with its own label ("handsets: simulated") is not shown
    as "Handsets: handsets: simulated"."""
    for lang in ("en", "it"):
        home.set_lang(lang)
        home.go("settings")
        harness.frames(2)
        for line in home.screens["settings"].status_lines:
            label, _, rest = line.partition(":")
            assert not rest.strip().lower().startswith(label.strip().lower() + ":"), line
    home.set_lang("en")


def test_a_setup_forms_start_does_not_refresh_the_form_it_leaves(home, monkeypatch):
    """The game started by Start changes nothing a setup form shows, and the tap leaves the
    form at once: its refresh in that tap was wasted (2 to 6 ms of the first Start). The form
    is still refreshed on its next visit, and on a change that is not a new game."""
    app = home
    harness.tap(harness.find_id("new_magnate"))
    form = app.screens["magnate.new_game"]
    refreshes: list[str] = []
    real = form.refresh
    monkeypatch.setattr(form, "refresh", lambda: (refreshes.append(app.manager.current), real())[1])
    app.refresh()  # a change on the form that is not a new game redraws it
    assert refreshes == ["magnate.new_game"]
    harness.tap(harness.find_id("start"))
    assert app.manager.current != "magnate.new_game" and app.session.game.name == "magnate"
    assert refreshes == ["magnate.new_game"] and not app._game_started
    app.go("magnate.new_game")
    assert len(refreshes) == 2
