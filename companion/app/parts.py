"""What the shell builds at start: the journal and the installed games' UIs.

Plain imports only: the journal is ``companion.storage.Journal`` (imported by ``open_journal``:
SQLAlchemy loads behind the first screen, see late_journal.py); the games come from the
registry (entry points), each bringing its UI package through ``Game.ui()``.
"""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING, Any

from companion.app.game_ui import GameUI
from companion.app.memory_journal import MemoryJournal
from companion.app.settings import Readable
from companion.core import registry
from companion.core.game import Game
from companion.core.i18n import joined
from companion.storage.precheck import Precheck

if TYPE_CHECKING:
    from companion.storage.journal import Journal

Problem = tuple[str, dict[str, Any]]  # a translation key of the home screen and its fields



def open_journal(settings: Readable, precheck: Precheck | None = None,
                 **args: Any) -> tuple[Journal | MemoryJournal, Problem | None]:
    """The journal of the settings' database; in memory (and said) when it cannot be opened.
    A long journal is checked by another process while SQLAlchemy loads here (``precheck``,
    started now unless given: storage/precheck.py)."""
    if settings.get("database") and "db" not in args:
        args["db"] = settings.get("database")
    if settings.get("key_file") and "key_file" not in args:
        args["key_file"] = settings.get("key_file")
    if precheck is None and not args.get("readonly"):
        from companion.storage.settings import database_location

        try:
            precheck = Precheck.start(database_location(args.get("db")))
        except Exception:  # noqa: BLE001 - the journal then checks its file itself
            traceback.print_exc()
    from companion.storage.journal import Journal

    try:
        journal = Journal(**args, precheck=precheck)
    except Exception as err:  # never crash at startup: say what is wrong on screen
        traceback.print_exc()
        return MemoryJournal(), ("home.startup_error", {"error": getattr(err, "reason", None) or str(err)})
    if journal.notices:
        return journal, ("home.journal_notice", {"notice": joined(journal.notices, " ")})  # each in the table's language
    return journal, None


def installed_games() -> list[Game]:
    """Every installed game, by name (a game that will not load is left out, and printed)."""
    out = []
    for name in registry.names():
        try:
            out.append(registry.get(name))
        except Exception:
            traceback.print_exc()
    return out


def game_uis(games: list[Game]) -> tuple[dict[str, GameUI], dict[str, str]]:
    """Each game's UI package entry, and why a game has none (it failed to load)."""
    uis: dict[str, GameUI] = {}
    problems: dict[str, str] = {}
    for game in games:
        try:
            ui = game.ui()
        except Exception as err:  # the real error is printed and shown on the game's button
            traceback.print_exc()
            problems[game.name] = f"{type(err).__name__}: {err}"
            continue
        if ui is None:
            continue
        missing = missing_members(ui)
        if missing:  # said on the game's button, so its author sees what to add
            problems[game.name] = f"{type(ui).__name__} lacks {', '.join(missing)} (companion.app.game_ui.GameUI)"
            continue
        uis[game.name] = ui
    return uis, problems


def missing_members(ui: object) -> list[str]:
    """The members of the UI contract ``ui`` lacks."""
    members = [name for name in GameUI.__annotations__] + [
        name for name, value in vars(GameUI).items() if callable(value) and not name.startswith("_")]
    return sorted({name for name in members if not hasattr(ui, name)})
