"""The first screen: resume the last unfinished game (of any game), start a new game of any
installed game, history, settings, language."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.app.screens.base import BaseScreen
from companion.app.screens.games import seats_line


class HomeScreen(BaseScreen):
    resume_text = StringProperty("")

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._listed: list[str] = []  # the games whose buttons are in the box, in order

    def refresh(self) -> None:
        """The resume line and a button per game. The buttons are kept and set again (made
        anew only when the list of games changes): a refresh by news (the journal opened
        behind the first screen landing, a handset's or a phone's) costs less, and a finger on
        a button keeps it. Made anew in the frame of a touch, they were not laid out yet when
        the touch came, and the pick did nothing; the window's touch down now lays a screen
        out first for every screen (``CompanionApp._lay_out``)."""
        s, app = self.session, self.app
        self.resume_text = self.resume_label() if s is not None else ""
        box, names = self.ids.games, list(app.listed_games())
        if names != self._listed:
            box.clear_widgets()
            for name in self._listed:
                self.ids.pop("new_" + name, None)
            for name in names:
                b = Factory.Btn()
                b.bind(on_tap=lambda _b, n=name: app.new_game(n))
                box.add_widget(b)
                self.ids["new_" + name] = b
            self._listed = names
        for name in names:
            game, b = app.games[name], self.ids["new_" + name]
            b.text = app.t("home.new_game_of", game=app.game_title(name), seats=seats_line(app, game))
            b.kind = "normal" if self.resume_text else "primary"
            b.reason = "" if name in app.uis else (app.reason(app.ui_problems.get(name))
                                                   or app.t("home.no_screens", game=app.game_title(name)))

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
