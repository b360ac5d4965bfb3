"""How the shell names the installed games: title and seats, in the table's language."""

from __future__ import annotations

from typing import Any


def seats_line(app: Any, game: Any) -> str:
    low, high = game.seats
    if low == high:
        return app.t("games.seats_fixed", n=low)
    return app.t("games.seats_range", low=low, high=high)


def when(app: Any, iso: str | None) -> str:
    """A journal time (UTC, ISO 8601) as the table's local date and time."""
    from datetime import datetime

    if not iso:
        return ""
    try:
        moment = datetime.fromisoformat(iso).astimezone()
    except ValueError:
        return iso[:16].replace("T", " ")
    return moment.strftime(app.t("games.date_format"))
