"""The game session: the one game at the table, as the screens see it, over any ``Game``.

Screens never call the rules. They ask the session for the view (the game's public view:
sealed secrets hidden) and what is legal, send commands, and show the reason when one is
refused. Every accepted command is journalled before anyone is told. Hardware callbacks
arrive through the app's ``post`` (Kivy's main thread), so one thread calls the rules.

Who needs to know of a new state registers: ``observers`` get the ``Change`` (the game's UI
notes its events, the round history its rows), then ``listeners`` redraw.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.app.settings import Readable
from companion.core import registry
from companion.core.game import Event, Game
from companion.core.i18n import Domain
from companion.errors import CompanionError
from companion.storage import box_profile

T = Domain("app")
_VERSIONS = itertools.count(1)


def _reason(err: CompanionError) -> str:
    """The error's message: a ``Message`` (a str that keeps its key, so a screen shows it in
    the table's language)."""
    message: str = err.message
    return message



@dataclass
class Result:
    """What happened to a command: accepted (with its events) or refused with a reason."""

    ok: bool
    reason: str = ""
    needs: dict[str, Any] | None = None
    events: list[Event] = field(default_factory=list)


@dataclass(frozen=True)
class Change:
    """A new state of the open game: after a command, an undo, a new game or a resume."""

    game: Game
    before: Any  # the state it replaces (None after a new game or a resume)
    state: Any
    events: tuple[Event, ...]
    kind: str  # "command", "undo", "redo", "new", "resume"
    before_view: Callable[[], dict[str, Any]]  # the public view of ``before`` ({} when None)


class GameSession:
    """One game at a time over one journal (the real one, or ``MemoryJournal``)."""

    def __init__(self, journal: Any, settings: Readable):
        self.journal = journal
        self.settings = settings
        self.game: Game | None = None
        self.game_id: int | None = None
        self.state: Any = None
        self.version = 0  # changes with every state, across sessions too: a screen redraws when it differs
        self.listeners: list[Callable[[], None]] = []
        self.observers: list[Callable[[Change], None]] = []
        self.last_events: list[Event] = []
        self.last_reason = ""
        self.profile_problem = ""  # why the last printed value could not be kept in the box profile
        self._view: dict[str, Any] | None = None
        self._legal: dict[str, Any] | None = None
        self._previews: dict[tuple[int, str], dict[str, Any] | None] = {}

    def close(self) -> None:
        try:
            self.journal.close()
        except Exception:  # closing must never crash the exit
            pass

    # -- reading ------------------------------------------------------------------------
    @property
    def has_game(self) -> bool:
        return self.state is not None and self.game is not None

    @property
    def header(self) -> dict[str, Any]:
        return self.journal.header(self.game_id) if self.game_id is not None else {}

    def view(self) -> dict[str, Any]:
        """The game's public view of the state (cached until the next change)."""
        if self._view is None and self.has_game:
            assert self.game is not None
            self._view = self.game.public_view(self.state)
        return self._view or {}

    def legal(self) -> dict[str, Any]:
        if self._legal is None and self.has_game:
            assert self.game is not None
            self._legal = self.game.legal(self.state)
        return self._legal or {}

    def action(self, type_: str, seat: int | None = None) -> dict[str, Any] | None:
        """The legal() entry of a command type (for ``seat`` when given)."""
        for a in self.legal().get("actions", []):
            if a["type"] == type_ and (seat is None or a.get("seat") in (None, seat)):
                return dict(a)
        return None

    def check(self, command: Any) -> Any:
        """The reason the rules would refuse ``command`` now, None when they would take it."""
        if not self.has_game:
            return None
        assert self.game is not None
        try:
            return self.game.check(self.state, command)
        except CompanionError as err:
            return err.message

    def preview(self, command: Any) -> dict[str, Any] | None:
        """The public view after ``command``, nothing saved (None if the rules refuse it): what
        a button shows before it is tapped (a price, a battle's odds)."""
        if not self.has_game:
            return None
        assert self.game is not None
        key = (self.version, repr(command))
        if key not in self._previews:
            if self._previews and next(iter(self._previews))[0] != self.version:
                self._previews = {}
            try:
                after, _events = self.game.apply(self.state, command)
                self._previews[key] = self.game.public_view(after)
            except CompanionError:
                self._previews[key] = None
        return self._previews[key]

    # -- changing -----------------------------------------------------------------------
    def _set_state(self, state: Any, events: Sequence[Event] = (), kind: str = "command") -> None:
        assert self.game is not None
        game = self.game
        before = self.state if kind in ("command", "undo", "redo") else None
        old_view = self._view
        self.version = next(_VERSIONS)
        self.state = state
        self.last_events = list(events)
        self._view = None
        self._legal = None

        def before_view() -> dict[str, Any]:
            if before is None:
                return {}
            return old_view if old_view is not None else game.public_view(before)

        change = Change(game, before, state, tuple(events), kind, before_view)
        for observer in list(self.observers):
            observer(change)
        self.changed()

    def changed(self) -> None:
        """Tell the listeners to redraw (also when only the hardware changed)."""
        for listener in list(self.listeners):
            listener()

    def send(self, command: Any) -> Result:
        """Journal and apply one command; a refusal leaves everything as it was."""
        if not self.has_game:
            return Result(False, T.msg("no_game"))
        try:
            state, events = self.journal.submit(self.game_id, command)
        except CompanionError as err:
            self.last_reason = err.message
            return Result(False, err.message, err.needs)
        except Exception as err:  # storage failures: nothing was saved, say so
            self.last_reason = str(err)
            return Result(False, str(err))
        self._set_state(state, events)
        self._remember(command)
        return Result(True, events=list(events))

    def _remember(self, command: Any) -> None:
        """Keep a printed value in the box profile (rules-decisions: asked once, remembered, the
        table may correct it later); a failure is said, never breaks the game."""
        self.profile_problem = ""
        assert self.game is not None
        try:
            box_profile.remember(self.game, command, self.profile_path(self.game.name))
        except CompanionError as err:
            self.profile_problem = _reason(err)  # keeps its key: shown in the table's language
        except Exception as err:  # a read-only folder, a full card: the game goes on
            self.profile_problem = str(err)

    def undo(self) -> str | None:
        """Take back the last command; the reason when that is not possible."""
        if not self.has_game:
            return T.msg("no_game")
        try:
            state = self.journal.undo(self.game_id)
        except CompanionError as err:
            return _reason(err)
        self._set_state(state, kind="undo")
        return None

    def redo(self) -> str | None:
        if not self.has_game:
            return T.msg("no_game")
        try:
            state, events = self.journal.redo(self.game_id)
        except CompanionError as err:
            return _reason(err)
        self._set_state(state, events, kind="redo")
        return None

    def correct(self, target: dict[str, Any], value: Any, reason: str) -> str | None:
        """Set a counter by hand with the table's reason (the journal keeps it)."""
        if not self.has_game:
            return T.msg("no_game")
        try:
            state, events = self.journal.correct(self.game_id, target, value, reason)
        except CompanionError as err:
            return _reason(err)
        self._set_state(state, events)
        return None

    # -- games --------------------------------------------------------------------------
    def box(self, game: Game) -> dict[str, Any]:
        """What ``game``'s header carries of this table's box (profile merged), or CompanionError."""
        return box_profile.load_box(game, self.profile_path(game.name))

    def profile_path(self, game: str) -> str | None:
        """The box profile file the settings name for ``game`` (None: the default search).
        The older single ``box_profile`` names Magnifico's file only, never another game's."""
        return box_profile.configured(game, self.settings.get("box_profiles"), self.settings.get("box_profile"))

    def new_game(self, game: Game, header: dict[str, Any]) -> str | None:
        """Start a game of ``game`` from its setup form's header; the reason when it cannot start."""
        try:
            game_id = self.journal.new_game(header, meta={"app": "table-companion"})
            state = self.journal.state(game_id)
        except CompanionError as err:
            return _reason(err)
        except Exception as err:
            return str(err)
        self._leave(game_id)
        self.game, self.game_id = game, game_id
        self._set_state(state, kind="new")
        return None

    def unfinished(self, playable: Collection[str] | None = None) -> Any | None:
        """The latest unfinished game of the journal (a GameInfo) of an installed game (of one
        of ``playable`` when given: the games the app has screens for)."""
        try:
            infos = self.journal.games()
        except Exception:
            return None
        games = set(registry.names()) if playable is None else set(playable)
        for info in infos:
            if not info.finished and info.id != self.game_id and info.game in games:
                return info
        return None

    def resume(self, game_id: int | None = None, playable: Collection[str] | None = None) -> bool:
        """Open a game of the journal (the latest unfinished one of ``playable`` by default);
        False (with ``last_reason``) when it cannot be opened."""
        if game_id is None and self.has_game and not self.finished:
            return True
        try:
            if game_id is None:
                info = self.unfinished(playable)
                if info is None:
                    return False
                game_id = info.id
            game, state = self._read(game_id)
        except Exception as err:
            self.last_reason = getattr(err, "message", None) or str(err)
            return False
        self._leave(game_id)
        self.game, self.game_id = game, game_id
        self._set_state(state, kind="resume")
        return True

    def peek(self, game_id: int) -> tuple[dict[str, Any], dict[str, Any]]:
        """A game of the journal read without opening it (the journal keeps it read, so opening
        it next does not read it again): its public view and its legal actions."""
        game, state = self._read(game_id)
        return game.public_view(state), game.legal(state)

    def rehearsal(self, game_id: int) -> GameSession:
        """A game of the journal read without opening it, as a session of its own that nobody
        listens to and that refuses to play: what home's warm-up fills the screen a Resume opens
        on with (``BaseScreen.rehearse``)."""
        rehearsal = Rehearsal(self.journal, self.settings)
        (rehearsal.game, rehearsal.state), rehearsal.game_id = self._read(game_id), game_id
        rehearsal.version = next(_VERSIONS)
        return rehearsal

    def opening(self, header: dict[str, Any]) -> GameSession:
        """The game a Start with ``header`` would begin, not started (nothing reaches the
        journal): a rehearsal carrying that header, what a game's setup form fills the screen
        its Start opens on with, ahead (CompanionError when the rules refuse the header)."""
        game = registry.get(str(header.get("game")))
        rehearsal = Rehearsal(self.journal, self.settings, header)
        rehearsal.game, rehearsal.state = game, game.new_game(header)  # as the journal begins it
        rehearsal.version = next(_VERSIONS)
        return rehearsal

    def _read(self, game_id: int) -> tuple[Game, Any]:
        """A game of the journal: its rules and its state (kept read by the journal)."""
        return registry.get(str(self.journal.header(game_id).get("game"))), self.journal.state(game_id)

    def _leave(self, game_id: int) -> None:
        """The table moves to ``game_id``: the journal lets go of the game it leaves (its
        state and undo's kept states), which would otherwise stay in memory game after game."""
        release = getattr(self.journal, "release", None)
        if self.game_id is not None and self.game_id != game_id and callable(release):
            release(self.game_id)

    @property
    def finished(self) -> bool:
        if not self.has_game:
            return True
        assert self.game is not None
        return self.game.history(self.state).finished

    def games(self) -> list[Any]:
        """Every game of the journal (GameInfo), the latest first; [] when it cannot be read."""
        try:
            return list(self.journal.games())
        except Exception:
            return []

    def export(self, game_id: int) -> str | None:
        """Write the game's record next to the journal; the path, or None (``last_reason``)."""
        try:
            info = next((g for g in self.games() if g.id == game_id), None)
            folder = Path(self.journal.path).parent if self.journal.path else Path.cwd()
            path = folder / f"{getattr(info, 'game', None) or 'game'}-game-{game_id}.jsonl"
            self.journal.export_to(game_id, path)  # owner-only (0600); a choice still sealed stays sealed
        except CompanionError as err:
            self.last_reason = err.message
            return None
        except Exception as err:
            self.last_reason = str(err)
            return None
        return str(path)

    def commands(self) -> list[dict[str, Any]]:
        """The open game's commands in effect (the charts rebuild their rows from them)."""
        return list(self.journal.commands(self.game_id)) if self.game_id is not None else []

    def log(self, lang: str = "en", game_id: int | None = None) -> list[str]:
        """A game's log from the journal, told in ``lang``."""
        game_id = self.game_id if game_id is None else game_id
        if game_id is None:
            return []
        try:
            return list(self.journal.log(game_id, lang=lang))
        except Exception:
            return []


class Rehearsal(GameSession):
    """A game read but not open (``GameSession.rehearsal``): it shows, it never plays (each way
    to play writes to the journal, or lets go of a game, before it changes the state); or a
    game not begun yet (``GameSession.opening``), which carries its own header."""

    def __init__(self, journal: Any, settings: Readable, header: dict[str, Any] | None = None):
        super().__init__(journal, settings)
        self._header = header

    @property
    def header(self) -> dict[str, Any]:
        return self._header if self._header is not None else super().header

    def send(self, command: Any) -> Result:
        raise RuntimeError("a rehearsal never plays")

    def undo(self) -> str | None:
        raise RuntimeError("a rehearsal never plays")

    def redo(self) -> str | None:
        raise RuntimeError("a rehearsal never plays")

    def correct(self, target: dict[str, Any], value: Any, reason: str) -> str | None:
        raise RuntimeError("a rehearsal never plays")

    def new_game(self, game: Game, header: dict[str, Any]) -> str | None:
        raise RuntimeError("a rehearsal never plays")

    def resume(self, game_id: int | None = None, playable: Collection[str] | None = None) -> bool:
        raise RuntimeError("a rehearsal never plays")  # (before the journal lets go of a game)

    def close(self) -> None:
        """The journal is the app's session's: it stays open."""
