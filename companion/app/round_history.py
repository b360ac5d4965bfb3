"""Round by round values of the open game, for the game-over charts; the game says what they are.

Rows are noted as commands are accepted (the game's ``chart_rows`` reads the views only when
an event closes a round). After a resume or an undo the rows are rebuilt once, when a
chart asks, from the journal's commands.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.app.game_session import Change, GameSession
from companion.app.game_ui import GameUI, Values


class RoundHistory:
    """``rows()``: ``[{"round": n, "final": bool, key: [value per seat], ...}]``, oldest first."""

    def __init__(self, session: GameSession, ui_of: Callable[[str], GameUI | None]):
        self.session = session
        self.ui_of = ui_of
        self.closed: dict[int, Values] = {}
        self.stale = False
        session.observers.append(self.on_change)

    def on_change(self, change: Change) -> None:
        if change.kind == "new":
            self.closed, self.stale = {}, False
        elif change.kind in ("resume", "undo"):
            self.stale = True
        elif not self.stale:
            ui = self.ui_of(change.game.name)
            if ui is not None:
                view = self.session.view
                self.closed.update(ui.chart_rows(change.events, change.before_view, view))

    def rows(self) -> list[dict[str, Any]]:
        s = self.session
        ui = self.ui_of(s.game.name) if s.game is not None else None
        if ui is None:
            return []
        if self.stale:
            self._rebuild(ui)
        rows: dict[int, dict[str, Any]] = {n: {"round": n, "final": True, **v} for n, v in self.closed.items()}
        now = ui.chart_now(s.view())
        if now is not None:
            n, values = now
            rows = {r: row for r, row in rows.items() if r <= n}  # an undo may have taken rounds back
            if n not in rows:
                rows[n] = {"round": n, "final": s.finished, **values}
        return [rows[n] for n in sorted(rows)]

    def _rebuild(self, ui: GameUI) -> None:
        """Replay the journal's commands through the rules, noting the closed rounds."""
        s = self.session
        game = s.game
        assert game is not None
        self.closed, self.stale = {}, False
        try:
            state = game.new_game(s.header)
            for command in s.commands():
                before = state
                state, events = game.apply(state, game.command_from_dict(dict(command)))
                after = state
                self.closed.update(ui.chart_rows(events, _lazy(game.public_view, before),
                                                 _lazy(game.public_view, after)))
        except Exception:
            self.closed = {}


def _lazy(fn: Callable[[Any], Mapping[str, Any]], state: Any) -> Callable[[], Mapping[str, Any]]:
    cache: list[Mapping[str, Any]] = []

    def get() -> Mapping[str, Any]:
        if not cache:
            cache.append(fn(state))
        return cache[0]

    return get

