"""Stand-ins for the screen manager, a screen and a game's UI package: what the screen book
(``companion/app/screen_book.py``) and the warm-up (``companion/app/warm_up.py``) use of them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class Manager:
    def __init__(self) -> None:
        self.added: list[str] = []
        self.current = ""

    def add_widget(self, screen: Any) -> None:
        self.added.append(screen.name)

    def remove_widget(self, screen: Any) -> None:
        self.added.remove(screen.name)


class FakeScreen:
    def __init__(self, name: str):
        self.name = name
        self.refreshes = 0

    def refresh(self) -> None:
        self.refreshes += 1


class FakeAheadScreen(FakeScreen):
    """A screen that makes its first fill ahead (``ahead()``): counted. It may be filled from a
    game not opened (``rehearses``: a Resume's first screen)."""

    rehearses = True

    def __init__(self, name: str):
        super().__init__(name)
        self.aheads = 0

    def ahead(self) -> None:
        self.aheads += 1


class FakeStaleScreen(FakeScreen):
    """A screen that says when it shows an earlier state (``stale()``): a refresh brings it
    up to date."""

    def __init__(self, name: str):
        super().__init__(name)
        self.behind = False

    def stale(self) -> bool:
        return self.behind

    def refresh(self) -> None:
        super().refresh()
        self.behind = False


@dataclass
class FakeUI:
    """The part of ``GameUI`` the screen book and the warm-up use; ``built`` records each
    time its screens' classes were asked for (the game prepared)."""

    name: str
    names: tuple[str, ...]
    built: list[str] = field(default_factory=list)
    ahead: tuple[str, ...] = ()  # the screens with an ``ahead()``
    stale: tuple[str, ...] = ()  # the screens with a ``stale()``

    @property
    def new_game_screen(self) -> str:
        return f"{self.name}.new_game"

    def kv_files(self) -> list[Any]:
        return []

    def screens(self) -> dict[str, type]:
        self.built.append(self.name)
        return {f"{self.name}.{n}": FakeAheadScreen if n in self.ahead else FakeStaleScreen if n in self.stale
                else FakeScreen for n in self.names}
