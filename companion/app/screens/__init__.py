"""The shell's screens (each styled by its ``kv/<name>.kv``); a game's screens come from its UI package."""

from companion.app.screens.game_over import GameOverScreen
from companion.app.screens.history import HistoryScreen
from companion.app.screens.home import HomeScreen
from companion.app.screens.new_game import NewGameScreen
from companion.app.screens.phones import PhonesScreen
from companion.app.screens.settings import SettingsScreen

SHELL_SCREENS: dict[str, type] = {
    "home": HomeScreen, "new_game": NewGameScreen, "history": HistoryScreen, "settings": SettingsScreen,
    "game_over": GameOverScreen, "phones": PhonesScreen,
}
SHELL_KV = ("home.kv", "new_game.kv", "history.kv", "settings.kv", "game_over.kv", "phones.kv")  # after app.kv
