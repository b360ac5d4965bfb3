"""History: every game of the journal (of any game, filterable by game), when it started, who
played and how it stands; its log, open it again, export its record."""

from __future__ import annotations

from typing import Any

from kivy.properties import StringProperty

from companion.app.screens.base import BaseScreen
from companion.app.screens.games import when
from companion.app.widgets.common import keyed_buttons, make


class HistoryScreen(BaseScreen):
    note = StringProperty("")
    shown = StringProperty("")  # the game the list is filtered on ("" for every game)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._games: list[Any] = []  # the journal's games at the last refresh
        self._rows: dict[tuple[str, int], Any] = {}  # (game, id) -> its row, kept while the game is listed

    def refresh(self) -> None:
        s = self.session
        self._games = s.games() if s is not None else []
        self._filters(sorted({g.game for g in self._games} | set(self.app.games)))
        self._list()

    def _list(self) -> None:
        """The rows of the games shown: each game's row made once, then kept (a filter tapped
        shows other rows, a redraw gives them their new texts)."""
        app, box = self.app, self.ids.games
        listed = [g for g in self._games if not self.shown or g.game == self.shown]
        self.note = "" if listed else app.t("history.empty")
        known = {(g.game, g.id) for g in self._games}
        for key in [k for k in self._rows if k not in known]:
            del self._rows[key]  # gone from the journal
        rows = []
        for info in listed:
            row = self._rows.get((info.game, info.id))
            if row is None:
                row = self._rows[info.game, info.id] = make("GameRow", game_id=info.id, screen=self)
            row.title, row.detail = self.title_line(info), self.detail_line(info)
            rows.append(row)
        if list(reversed(box.children)) != rows:
            box.clear_widgets()
            for row in rows:
                box.add_widget(row)

    def _filters(self, names: list[str]) -> None:
        app, row = self.app, self.ids.filters
        for b in keyed_buttons(row, ["", *names], lambda btn: self.show(btn.key), ids=self.ids,
                               id_of=lambda name: "filter_" + (name or "all")):
            b.text = app.game_title(b.key) if b.key else app.t("history.all")
            b.kind = "selected" if b.key == self.shown else "normal"

    def show(self, name: str) -> None:
        """The list filtered on one game (or every game): the games read at the last refresh."""
        self.shown = name
        for b in self.ids.filters.children:
            b.kind = "selected" if b.key == name else "normal"
        self._list()

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
