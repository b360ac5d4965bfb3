"""The first screen: resume the last unfinished game (of any game), start a new game of any
installed game, history, settings, language."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.app.screens.base import BaseScreen
from companion.app.screens.games import seats_line


class HomeScreen(BaseScreen):
    resume_text = StringProperty("")

    def refresh(self) -> None:
        s, app = self.session, self.app
        self.resume_text = self.resume_label() if s is not None else ""
        box = self.ids.games
        box.clear_widgets()
        for name in app.listed_games():
            game = app.games[name]
            b = Factory.Btn(text=app.t("home.new_game_of", game=app.game_title(name), seats=seats_line(app, game)),
                            kind="normal" if self.resume_text else "primary")
            if name not in app.uis:
                b.reason = app.reason(app.ui_problems.get(name)) or app.t("home.no_screens",
                                                                          game=app.game_title(name))
            b.bind(on_tap=lambda _b, n=name: app.new_game(n))
            box.add_widget(b)
            self.ids["new_" + name] = b

    def resume_label(self) -> str:
        """The label of the resume button, or "" when there is no game to resume."""
        s, app = self.session, self.app
        if s.has_game and not s.finished and app.ui is not None:
            return app.t("home.continue", game=app.game_title(s.game.name))
        info = s.unfinished(playable=app.uis)
        if info is None:
            return ""
        return app.t("home.resume", game=app.game_title(info.game), players=", ".join(info.players),
                     round=info.rounds or 0)

    def resume(self) -> None:
        self.app.resume()
