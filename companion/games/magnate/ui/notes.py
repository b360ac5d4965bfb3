"""The events of the turn under way (the roll, the taxation, the income, the trades and the
card played), for the lines the roll and turn screens show as they happen.

Kept from the session's changes; after a resume or an undo they are rebuilt once from the
journal's commands through the rules, so a reopened app shows the same lines.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.app.game_session import Change, GameSession

Event = dict[str, Any]


def this_turn(events: Iterable[Event]) -> list[Event]:
    """The events from the last ``turn`` event on (all of them if none)."""
    out: list[Event] = []
    for e in events:
        if e.get("type") == "turn":
            out = []
        out.append(e)
    return out


class Notes:
    """``turn_events``: the open game's events since its turn began."""

    def __init__(self) -> None:
        self.turn_events: list[Event] = []
        self.stale = False

    def note(self, change: Change) -> None:
        if change.kind in ("resume", "undo"):
            self.stale = True
        elif change.kind == "new":
            self.turn_events, self.stale = [], False
        elif not self.stale:
            self.turn_events = this_turn([*self.turn_events, *change.events])

    def events(self, session: GameSession) -> list[Event]:
        if self.stale:
            self.turn_events = this_turn(replayed(session))
            self.stale = False
        return list(self.turn_events)


def replayed(session: GameSession) -> list[Event]:
    """Every event of the open game, from its header and the journal's commands in effect."""
    game = session.game
    if game is None or not session.has_game:
        return []
    out: list[Event] = []
    try:
        state = game.new_game(session.header)
        for command in session.commands():
            state, events = game.apply(state, game.command_from_dict(dict(command)))
            out.extend(events)
    except Exception:  # a journal the rules no longer read: no lines rather than a crash
        return []
    return out
