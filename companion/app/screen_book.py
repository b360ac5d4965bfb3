"""The app's screens, each built the first time it is shown or asked for (issue 13: a quick start).

The home screen is built at start; another shell screen (with its kv file) when it is first
opened. A game is prepared when one of its screens is first wanted: its kv files loaded, all
of them at once since they may share rules, and its screens' classes imported; each of its
screens is then built when it is first wanted, or ahead of that while the table is idle
(``build_next``, run by the app's warm-up). The shell still knows no game by name: a game's
screens are named ``"<game>.<screen>"`` (``game_ui.py``), so the UI package of that name is
asked first, then each other one, the open game's first, until one has the screen. Asking in
the open game's order alone built every game's screens and kv rules before Magnifico's on a
new table (the UIs come in name order): 15 screens of Leonardo and Magnate, about 14 MB, for
a Magnifico game (issue 13, memory).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from kivy.lang import Builder

from companion.app.game_ui import GameUI


class Screens(dict[str, Any]):
    """Screens by name, as the ScreenManager holds them; a missing one is built on the spot."""

    def __init__(self, manager: Any, shell: Mapping[str, type], uis: Callable[[], Iterable[GameUI]],
                 layouts: Mapping[str, Path] | None = None):
        super().__init__()
        self.manager = manager
        self.shell = dict(shell)
        self.layouts = dict(layouts or {})  # a shell screen's kv file, loaded with the screen
        self.uis = uis  # the games' UI packages, the open game's first
        self.prepared: dict[str, dict[str, type]] = {}  # a game's screens by name, its kv loaded

    def __missing__(self, name: str) -> Any:
        if name in self.shell:
            layout = self.layouts.pop(name, None)
            if layout is not None:
                Builder.load_file(str(layout))
            return self._build(name, self.shell[name])
        game = name.partition(".")[0]
        for ui in sorted(self.uis(), key=lambda u: u.name != game):  # stable: the open game's next
            cls = self.prepare(ui).get(name)
            if cls is not None:
                return self._build(name, cls)
        raise KeyError(name)

    def prepare(self, ui: GameUI) -> dict[str, type]:
        """Load ``ui``'s kv files and import its screens' classes (once); nothing is built."""
        classes = self.prepared.get(ui.name)
        if classes is None:
            for path in ui.kv_files():
                Builder.load_file(str(path))
            classes = self.prepared[ui.name] = dict(ui.screens())
            # as at start (CompanionApp.on_start): the modules and kv rules live as long as the
            # app, so they are kept out of the collector's sight. Not the screens: one built in
            # the middle of a game would freeze that game's objects with it, and those left
            # behind later could never be collected (25 MB more after a second game).
            gc.freeze()
        return classes

    def unbuilt(self, ui: GameUI) -> list[str]:
        """``ui``'s screens not built yet (all of them if it is not prepared)."""
        return [name for name in self.prepare(ui) if not dict.__contains__(self, name)]

    def build_next(self, ui: GameUI) -> str | None:
        """Build one of ``ui``'s screens not built yet; its name, or None if all are."""
        for name in self.unbuilt(ui):
            self._build(name, self.prepared[ui.name][name])
            return name
        return None

    def drop(self, name: str) -> bool:
        """Let go of the built screen ``name`` unless it is shown: built again when next wanted."""
        screen = dict.get(self, name)
        if screen is None or getattr(self.manager, "current", None) == name:
            return False
        del self[name]
        self.manager.remove_widget(screen)
        return True

    def load(self, ui: GameUI) -> None:
        """Prepare ``ui`` and build every screen of it."""
        while self.build_next(ui) is not None:
            pass

    def _build(self, name: str, cls: type) -> Any:
        screen = cls(name=name)
        size = getattr(self.manager, "size", None)
        if size is not None:  # laid out at the screen's size now, not at Kivy's 100 px first
            screen.size = size
        self[name] = screen
        self.manager.add_widget(screen)
        return screen
