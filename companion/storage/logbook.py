"""The readable log of a game and its undo labels, told by the game; sealed rows by the journal.

The journal knows no game: each row's events are told by the game's ``describe(event,
header, lang)`` hook (a row without events by ``describe_command(command, header, lang)``),
else by ``rules.describe_event``, which reads any event plainly. A row still sealed is
told from the journal's own catalogue: "Anna made a sealed choice", never what it was.
"""

from __future__ import annotations

from typing import Any

from companion.storage.errors import tell
from companion.storage.rules import describe_event


def players(header: dict) -> list[str]:
    return [str(s.get("name", f"seat {i}")) for i, s in enumerate(header.get("seats", []))]


def _who(header: dict, seat: Any) -> str | None:
    names = players(header)
    return names[seat] if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names) else None


def sealed_line(header: dict, public: dict, lang: str) -> str:
    who = _who(header, public.get("seat"))
    key = "sealed_choice" if who else "sealed_choice_anyone"
    return tell(key, lang, name=who or "")


class Teller:
    """Tells one game's rows in one language, through the rules' describe hooks."""

    def __init__(self, rules: Any, header: dict, lang: str = "en"):
        self.rules, self.header, self.lang = rules, header, lang

    def event(self, event: dict) -> str:
        return self.rules.describe(event, self.header, self.lang)

    def row(self, body: dict) -> list[str]:
        """The lines of one row (``{"command", "events", "sealed"?}``)."""
        command = body.get("command") if isinstance(body.get("command"), dict) else {}
        if body.get("sealed"):
            return [sealed_line(self.header, command, self.lang)]
        events = [e for e in body.get("events", []) if isinstance(e, dict)]
        if events:
            return [self.event(e) for e in events]
        return [self.command(command)]

    def command(self, command: dict, *, sealed: bool = False) -> str:
        """A command in words (an undo label); a sealed one says only whose choice it is."""
        if sealed:
            who = _who(self.header, command.get("seat"))
            return tell("sealed_label" if who else "sealed_label_anyone", self.lang, name=who or "")
        try:
            words = self.rules.describe_command(command, self.header, self.lang)
        except (TypeError, KeyError, AttributeError, ValueError):  # a hook wanting another shape
            words = None
        return words if words else describe_event(command, self.header)
