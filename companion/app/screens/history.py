"""History: every game of the journal (of any game, filterable by game), when it started, who
played and how it stands; its log, open it again, export its record."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.app.screens.base import BaseScreen
from companion.app.screens.games import when
from companion.app.widgets.common import make


class HistoryScreen(BaseScreen):
    note = StringProperty("")
    shown = StringProperty("")  # the game the list is filtered on ("" for every game)

    def refresh(self) -> None:
        app, s = self.app, self.session
        games = s.games() if s is not None else []
        self._filters(sorted({g.game for g in games} | set(app.games)))
        box = self.ids.games
        box.clear_widgets()
        listed = [g for g in games if not self.shown or g.game == self.shown]
        self.note = "" if listed else app.t("history.empty")
        for info in listed:
            box.add_widget(make("GameRow", title=self.title_line(info), detail=self.detail_line(info),
                                game_id=info.id, screen=self))

    def _filters(self, names: list[str]) -> None:
        app, row = self.app, self.ids.filters
        row.clear_widgets()
        for name in ["", *names]:
            label = app.game_title(name) if name else app.t("history.all")
            b = Factory.Btn(text=label, kind="selected" if name == self.shown else "normal")
            b.bind(on_tap=lambda _b, n=name: self.show(n))
            row.add_widget(b)
            self.ids["filter_" + (name or "all")] = b

    def show(self, name: str) -> None:
        self.shown = name
        self.refresh()

    def title_line(self, info: Any) -> str:
        return self.app.t("history.title_line", game=self.app.game_title(info.game),
                          date=when(self.app, info.created_at))

    def detail_line(self, info: Any) -> str:
        app = self.app
        if info.finished and info.winner:
            status = app.t("history.won", name=info.winner)
        elif info.finished:
            status = app.t("history.finished")
        else:
            status = app.t("history.round", n=info.rounds or 0)
        return f"{', '.join(info.players)}  ({status})"

    def export(self, game_id: int) -> None:
        path = self.session.export(game_id)
        self.app.toast(self.app.t("history.exported", path=path) if path else self.app.reason(self.session.last_reason))

    def show_log(self, game_id: int) -> None:
        """The game's log in the table's language (the journal asks the game's describe)."""
        from companion.app.widgets.dialogs import open_log

        info = next((g for g in self.session.games() if g.id == game_id), None)
        players = ", ".join(info.players) if info is not None else ""
        open_log(self.app, self.app.t("history.log_title", players=players), self.session.log(self.app.lang, game_id))

    def open_game(self, game_id: int) -> None:
        self.app.resume(game_id)
