"""The screenshots' walk: the shell's screens, each installed game's own tour between them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from companion.app import harness


def _show(app: Any, name: str) -> None:
    app.go(name)
    harness.frames(2)


# six names of the longest the new-game form takes (``seats.NAME_LENGTH``), for ``long_names``
LONG_NAMES = ("Massimilian Wolf", "Guglielmo Mazzon", "Bartolomeo Mowat", "Wilhelmina Marzo", "Mariagrazia Momo",
              "Maddalena Woolfe")


def visit(app: Any, seed: int = 7, games: list[str] | None = None, seats: int | None = None,
          long_names: bool = False) -> Iterator[str]:
    """Open each screen once, yielding its picture's name (``01-home``, ``02-new-game``...).

    ``seats``: each game's demo seats that many players, or the nearest count the game takes;
    ``long_names``: its players have ``LONG_NAMES``. Neither given: each game's own demo table."""
    _show(app, "home")
    yield "01-home"
    _show(app, "new_game")
    yield "02-new-game"
    for name, ui in app.uis.items():
        if games is None or name in games:
            options: dict[str, Any] = {}
            if seats is not None:
                least, most = app.games[name].seats
                options["seats"] = min(max(seats, least), most)
            if long_names:
                options["names"] = LONG_NAMES
            yield from ui.tour(app, seed, **options)
    _show(app, "history")
    yield "91-history"
    _show(app, "settings")
    yield "90-settings"
    _show(app, "home")
