"""What happened in the turn under way and in the one before: the engine's events, kept as
commands are accepted, so a screen can say "Anna paid Bruno 40 florins of rent".

After a resume, an undo or a redo the notes are rebuilt once, when a screen asks, by
replaying the journal's commands through the rules: the screens then show after a restart
what they showed before it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion.app.game_session import Change
from companion.app.replayed import Replay, kept_answers

Event = dict[str, Any]


def taken(current: list[Event], previous: list[Event], events: Iterable[Event]) -> tuple[list[Event], list[Event]]:
    """The events of the turn under way and of the one before, ``events`` taken in order after
    ``current`` and ``previous`` (a ``turn`` event begins a turn; ``current`` grows in place)."""
    for ev in events:
        if ev.get("type") == "turn":
            previous, current = current, []
        current.append(dict(ev))
    return current, previous


class Notes:
    """``current``: the events since the turn under way began; ``previous``: the turn before;
    of the game of ``session()`` (the app's session, or a game read for a rehearsal: home's
    warm-up, which leaves the open game's notes as they are)."""

    def __init__(self, session: Callable[[], Any] | None = None, game: str = "leonardo") -> None:
        self.session, self.game = session, game
        self._current: list[Event] = []
        self._previous: list[Event] = []
        self.stale = False
        self.state: Any = None  # the state the notes lead to
        self.replay = Replay()

    def note(self, change: Change) -> None:
        self.state = change.state
        if change.kind == "new":
            self._current, self._previous, self.stale = [], [], False
        elif change.kind == "command" and not self.stale:
            self._current, self._previous = taken(self._current, self._previous, change.events)
        else:  # resume, undo, redo: rebuilt when asked
            self.stale = True

    def _both(self) -> tuple[list[Event], list[Event]]:
        session = self.session() if self.session is not None else None
        if session is None or kept_answers(self.game, self.state, self.stale, session):
            return self._current, self._previous
        both = taken([], [], self.replay.events(session))
        if session.state is self.state:  # the open game's, rebuilt after a resume, an undo or a redo
            (self._current, self._previous), self.stale = both, False
        return both

    @property
    def current(self) -> list[Event]:
        return list(self._both()[0])

    @property
    def previous(self) -> list[Event]:
        return list(self._both()[1])
