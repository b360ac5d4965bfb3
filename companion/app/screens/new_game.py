"""New game: pick the game (every installed game, with its seats); its setup form follows."""

from __future__ import annotations

from companion.app.screens.base import BaseScreen
from companion.app.screens.games import seats_line
from companion.app.widgets.common import make


class NewGameScreen(BaseScreen):
    def refresh(self) -> None:
        app = self.app
        box = self.ids.games
        box.clear_widgets()
        for name, game in sorted(app.games.items(), key=lambda item: app.game_title(item[0])):
            row = make("GameChoice", title=app.game_title(name), seats=seats_line(app, game), name=name)
            if name not in app.uis:
                row.ids.pick.reason = app.reason(app.ui_problems.get(name)) or app.t(
                    "home.no_screens", game=app.game_title(name))
            box.add_widget(row)
            self.ids["pick_" + name] = row.ids.pick
