"""The screenshots' walk: the shell's screens, each installed game's own tour between them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from companion.app import harness


def _show(app: Any, name: str) -> None:
    app.go(name)
    harness.frames(2)


def visit(app: Any, seed: int = 7, games: list[str] | None = None) -> Iterator[str]:
    """Open each screen once, yielding its picture's name (``01-home``, ``02-new-game``...)."""
    _show(app, "home")
    yield "01-home"
    _show(app, "new_game")
    yield "02-new-game"
    for name, ui in app.uis.items():
        if games is None or name in games:
            yield from ui.tour(app, seed)
    _show(app, "history")
    yield "91-history"
    _show(app, "settings")
    yield "90-settings"
    _show(app, "home")
