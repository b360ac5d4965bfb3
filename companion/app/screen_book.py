"""The app's screens, each built the first time it is shown or asked for (issue 13: a quick start).

The home screen is built at start; another shell screen (with its kv file) when it is first
opened; a game's layouts and screens when one of its screens is first wanted (the game
picked on home, resumed, or a screen named by its code), all of that game's at once, since
its kv files may share rules. The shell still knows no game by name: a game's screens are named
``"<game>.<screen>"`` (``game_ui.py``), so the UI package of that name is asked first, then
each other one, the open game's first, until one has the screen. Asking in the open game's
order alone built every game's screens and kv rules before Magnifico's on a new table (the
UIs come in name order): 15 screens of Leonardo and Magnate, about 14 MB, for a Magnifico
game (issue 13, memory).
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
        self.loaded: set[str] = set()  # the games whose layouts and screens are built

    def __missing__(self, name: str) -> Any:
        if name in self.shell:
            layout = self.layouts.pop(name, None)
            if layout is not None:
                Builder.load_file(str(layout))
            return self._add(name, self.shell[name])
        game = name.partition(".")[0]
        for ui in sorted(self.uis(), key=lambda u: u.name != game):  # stable: the open game's next
            if ui.name not in self.loaded:
                self.load(ui)
                if name in self:
                    return dict.__getitem__(self, name)
        raise KeyError(name)

    def load(self, ui: GameUI) -> None:
        """Load ``ui``'s kv files and build every screen of it (once)."""
        if ui.name in self.loaded:
            return
        self.loaded.add(ui.name)
        for path in ui.kv_files():
            Builder.load_file(str(path))
        for name, cls in ui.screens().items():
            self._add(name, cls)
        # as at start (CompanionApp.on_start): what lives as long as the app is kept out of
        # the collector's sight, so a full collection does not walk it during a tap
        gc.freeze()

    def _add(self, name: str, cls: type) -> Any:
        screen = cls(name=name)
        self[name] = screen
        self.manager.add_widget(screen)
        return screen
