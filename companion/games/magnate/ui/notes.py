"""The events of the turn under way (the roll, the taxation, the income, the trades and the
card played), for the lines the roll and turn screens show as they happen.

Kept from the session's changes; after a resume or an undo they are rebuilt once from the
journal's commands through the rules, so a reopened app shows the same lines.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.app.game_session import Change, GameSession
from companion.app.replayed import Replay, kept_answers

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
    """``turn_events``: the open game's events since its turn began (``state``: the state they
    lead to)."""

    def __init__(self, game: str = "magnate") -> None:
        self.game = game
        self.turn_events: list[Event] = []
        self.stale = False
        self.state: Any = None
        self.replay = Replay()

    def note(self, change: Change) -> None:
        self.state = change.state
        if change.kind in ("resume", "undo"):
            self.stale = True
        elif change.kind == "new":
            self.turn_events, self.stale = [], False
        elif not self.stale:
            self.turn_events = this_turn([*self.turn_events, *change.events])

    def events(self, session: GameSession) -> list[Event]:
        """The turn's events of ``session``'s game: the open game's, or a game read for a
        rehearsal (home's warm-up), which leaves the open game's notes as they are."""
        if kept_answers(self.game, self.state, self.stale, session):
            return list(self.turn_events)
        turn = this_turn(self.replay.events(session))
        if session.state is self.state:  # the open game's, rebuilt after a resume or an undo
            self.turn_events, self.stale = turn, False
        return list(turn)
