"""History: the games in the journal, with export of a game's record."""

from companion.app.widgets.common import make
from kivy.properties import StringProperty

from companion.app.screens.base import BaseScreen


class HistoryScreen(BaseScreen):
    note = StringProperty("")

    def refresh(self):
        s = self.session
        box = self.ids.games
        box.clear_widgets()
        games = s.games() if s else []
        self.note = "" if games else self.app.t("history.empty")
        for game in games:
            status = (self.app.t("history.won", name=game["winner"]) if game["finished"] and game["winner"]
                      else self.app.t("history.round", n=game["round"]))
            label = f"{game['when']}  {game['players']}  ({status})"
            box.add_widget(make("GameRow", label=label, game_id=game["id"], screen=self))

    def export(self, game_id):
        path = self.session.export(game_id)
        self.app.toast(self.app.t("history.exported", path=path) if path else self.app.reason(self.session.last_reason))

    def show_log(self, game_id):
        """The game's log in the table's language (the journal passes it to the engine's describe)."""
        from companion.app.widgets.dialogs import open_log

        game = next((g for g in self.session.games() if g["id"] == game_id), {})
        open_log(self.app, self.app.t("history.log_title", players=game.get("players", "")),
                 self.session.log(self.app.lang, game_id))

    def open_game(self, game_id):
        if self.session.resume(game_id):
            self.app.go_current()
