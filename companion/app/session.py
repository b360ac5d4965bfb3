"""The one controller between the screens and the rest: engine, journal, hardware.

Screens never import the engine. They ask the session what is legal, send it commands and
show the reason when one is refused. Every accepted command is journalled before the
screens are told to refresh. Hardware callbacks arrive through ``post`` (Kivy's main
thread in the app), so only one thread ever calls the engine.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Callable

from companion.errors import GameError


def _optional(module: str):
    """A module of another part of the project, or None while that part is not in this build."""
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


@dataclass
class Result:
    """What happened to a command: accepted (with its events) or refused with a reason."""

    ok: bool
    reason: str = ""
    needs: dict | None = None
    events: list = field(default_factory=list)


class MemoryJournal:
    """Keeps the commands of one game in memory (when the storage part is missing or broken)."""

    def __init__(self):
        self.header: dict | None = None
        self.done: list = []
        self.undone: list = []

    def start(self, header: dict) -> None:
        self.header, self.done, self.undone = header, [], []

    def submit(self, command) -> None:
        self.done.append(command)
        self.undone.clear()

    def undo(self):
        if not self.done:
            return None
        cmd = self.done.pop()
        self.undone.append(cmd)
        return cmd

    def redo(self):
        if not self.undone:
            return None
        cmd = self.undone.pop()
        self.done.append(cmd)
        return cmd

    def close(self) -> None:
        pass


class Session:
    """One game at the table, as the screens see it."""

    def __init__(self, settings, journal, *, post: Callable[[Callable[[], None]], None] | None = None,
                 problem: tuple[str, dict] | None = None):
        self.settings = settings
        self.journal = journal
        self.post = post or (lambda fn: fn())
        self.problem = problem  # (translation key, fields) shown on the home screen
        self.listeners: list[Callable[[], None]] = []
        self.engine = _optional("companion.games.magnifico.engine")
        self.commands = _optional("companion.games.magnifico.commands")
        self.state = None
        self._dict: dict | None = None
        self._legal: dict | None = None
        self.last_events: list = []
        self.history: list[dict] = []  # per round: VP and florins per seat, for the charts

    # -- opening --------------------------------------------------------------------------
    @classmethod
    def open(cls, settings, post=None) -> "Session":
        """The journal of the settings' database; raises when the database cannot be opened."""
        storage = _optional("companion.storage")
        if storage is None or not hasattr(storage, "Journal"):
            return cls(settings, MemoryJournal(), post=post, problem=("home.no_storage", {}))
        journal = storage.Journal(settings.get("database")) if settings.get("database") else storage.Journal()
        return cls(settings, journal, post=post)

    @classmethod
    def open_memory(cls, settings, post=None) -> "Session":
        return cls(settings, MemoryJournal(), post=post)

    def close(self) -> None:
        try:
            self.journal.close()
        except Exception:  # closing must never crash the exit
            pass

    # -- reading ------------------------------------------------------------------------
    @property
    def available(self) -> bool:
        return self.engine is not None

    @property
    def has_game(self) -> bool:
        return self.state is not None

    def view(self) -> dict:
        """The state as plain data (cached until the next change)."""
        if self._dict is None and self.state is not None:
            self._dict = self.state.to_dict()
        return self._dict or {}

    def legal(self) -> dict:
        if self._legal is None and self.state is not None:
            self._legal = self.engine.legal(self.state)
        return self._legal or {}

    def check(self, command) -> str | None:
        if self.state is None:
            return None
        try:
            return self.engine.check(self.state, command)
        except GameError as err:
            return err.reason

    def screen_for_phase(self) -> str:
        from companion.app import presenters

        return presenters.screen_for(self.view(), self.legal())

    def hardware_status(self) -> dict:
        return {}

    # -- changing -----------------------------------------------------------------------
    def _changed(self) -> None:
        self._dict = None
        self._legal = None
        for listener in list(self.listeners):
            listener()

    # -- games --------------------------------------------------------------------------
    def variant_names(self) -> list[str]:
        """The house-rule toggles the engine offers (rules-decisions: every **variant**)."""
        variants = getattr(self.engine, "VARIANTS", None) if self.engine else None
        if variants:
            return list(variants)
        return ["strict_order", "separate_limits", "tank_explosion_capture"]

    def box_line(self, lang: str, tr) -> str:
        return tr.t(lang, "new_game.box_default")

    def files_line(self, lang: str, tr) -> str:
        where = getattr(self.journal, "path", None) or tr.t(lang, "settings.memory")
        return tr.t(lang, "settings.files", database=str(where))

    def resume_label(self, lang: str, tr) -> str:
        """The label of the resume button, or "" when there is no unfinished game."""
        return ""

    def resume(self, game_id=None) -> bool:
        return False

    def games(self) -> list[dict]:
        return []

    def export(self, game_id):
        self.last_reason = "export is not available in this build"
        return None

    def restart_hardware(self) -> None:
        pass
