"""The installed games, found by their entry points (group ``companion.games``).

A game package registers itself in its distribution's metadata, as gpiozero's pin
factories do::

    [project.entry-points."companion.games"]
    magnate = "companion.games.magnate.game:GAME"

so the journal, the command line and the app find every game without naming one.
"""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points

from companion.core.game import Game
from companion.core.i18n import CORE
from companion.errors import CompanionError

GROUP = "companion.games"

_loaded: dict[str, Game] = {}


def _points() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def names() -> list[str]:
    """The names of the installed games, sorted."""
    return sorted(set(_points()) | set(_loaded))


def get(name: str) -> Game:
    """The game called ``name``; a ``CompanionError`` when none is installed or it will not load."""
    if name in _loaded:
        return _loaded[name]
    point = _points().get(name) if isinstance(name, str) else None
    if point is None:
        raise CompanionError(CORE.msg("unknown_game", game=str(name), games=", ".join(names()) or "-"))
    game = point.load()
    if not isinstance(game, Game) or game.name != name:
        raise CompanionError(CORE.msg("bad_game", game=name, target=point.value))
    _loaded[name] = game
    return game


def games() -> list[Game]:
    """Every installed game, by name."""
    return [get(name) for name in names()]


def register(game: Game) -> None:
    """Make ``game`` known in this process without an entry point (tests, a game under development)."""
    _loaded[game.name] = game
