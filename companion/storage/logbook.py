"""The readable log of a game and its undo labels, told by the game; sealed rows by the journal.

The journal knows no game: each row's events are told by the game's ``describe(event,
header, lang)`` hook (a row without events by ``describe_command(command, header, lang)``),
else by ``describe_event`` below, which reads any event plainly. A row still sealed is
told from the journal's own catalogue: "Anna made a sealed choice", never what it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.storage.errors import tell

SEAT_FIELDS = {"seat", "defender", "attacker", "winner", "holder", "buyer", "chooser"}


def players(header: dict) -> list[str]:
    return [str(s.get("name", f"seat {i}")) for i, s in enumerate(header.get("seats", []))]


def describe_event(event: dict, header: dict) -> str:
    """A plain line for an event: its type in words, seats by name, the other fields.

    ``{"type": "bids_revealed", "bids": {"0": 50, "1": 40}}`` reads "Bids revealed (bids: Anna 50, Bruno 40)".
    """
    seats = [s.get("name", f"seat {i}") for i, s in enumerate(header.get("seats", []))]

    def name(value):
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(seats):
            return seats[value]
        return None

    def words(value) -> str:
        if isinstance(value, dict):
            keyed = [(name(int(k)) if str(k).isdigit() else None) or str(k).replace("_", " ") for k in value]
            return ", ".join(f"{k} {words(v)}" if v not in ({}, None) else k for k, v in zip(keyed, value.values()))
        if isinstance(value, (list, tuple)):
            return ", ".join(words(v) for v in value)
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value).replace("_", " ") if isinstance(value, str) else str(value)

    who = name(event.get("seat"))
    parts = []
    for key, value in event.items():
        if key in ("type", "reveal", "opens") or (key == "seat" and who):
            continue
        shown = name(value) if key in SEAT_FIELDS and name(value) else words(value)
        parts.append(f"{key.replace('_', ' ')}: {shown}")
    kind = str(event.get("type", "event")).replace("_", " ")
    line = f"{who}: {kind}" if who else kind[:1].upper() + kind[1:]
    return line + (f" ({'; '.join(parts)})" if parts else "")


def _hook(rules: Any, name: str) -> Callable[..., str] | None:
    found = getattr(getattr(rules, "module", None), name, None)
    return found if callable(found) else None


def _call(hook: Callable[..., str], thing: Any, header: dict, lang: str) -> str:
    try:
        return hook(thing, header, lang=lang)
    except TypeError:  # a hook without languages
        return hook(thing, header)


def _who(header: dict, seat: Any) -> str | None:
    names = players(header)
    return names[seat] if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names) else None


def sealed_line(header: dict, public: dict, lang: str) -> str:
    who = _who(header, public.get("seat"))
    key = "storage.sealed_choice" if who else "storage.sealed_choice_anyone"
    return tell(key, lang, name=who or "")


class Teller:
    """Tells one game's rows in one language."""

    def __init__(self, rules: Any, header: dict, lang: str = "en"):
        self.header, self.lang = header, lang
        self.event_hook = _hook(rules, "describe")
        self.command_hook = _hook(rules, "describe_command")

    def event(self, event: dict) -> str:
        if self.event_hook is not None:
            return _call(self.event_hook, event, self.header, self.lang)
        return describe_event(event, self.header)

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
        """A command in words (an undo label); a sealed one says only who chose."""
        if sealed:
            who = _who(self.header, command.get("seat"))
            return tell("storage.sealed_label" if who else "storage.sealed_label_anyone", self.lang,
                        name=who or "")
        if self.command_hook is not None:
            try:
                return _call(self.command_hook, command, self.header, self.lang)
            except (TypeError, KeyError, AttributeError, ValueError):  # a hook wanting another shape
                pass
        return describe_event(command, self.header)
