"""The journal opened behind the first screen (issue 13: a quick start).

Opening the journal imports SQLAlchemy and sqlmodel, about half of the app's start. The home
screen needs only the list of games (what to resume), which ``storage.listing.quick_games``
reads with the stdlib when the file can be taken as it is. Then the session starts over a
``LateJournal``: it answers ``games()`` from that list, while a thread, started once the
first frame is drawn, opens the journal itself (``parts.open_journal``: the same journal, or
the same in-memory one and message when it cannot be opened). The thread hands it to the
main thread through ``post``; the app then puts it in the session's place. Anything else
asked of the ``LateJournal`` before that (a game resumed or started at once) waits for the
thread and goes to the journal it opened: nothing is ever written but by the journal.

When the list cannot be read that way (a repair, a migration, another app holding the file),
``begin`` gives None and the app opens the journal before the first screen, as it always did.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.app.settings import Readable
from companion.storage.listing import GameInfo, quick_games

Opened = tuple[Any, Any]  # (the journal or a MemoryJournal, the home screen's problem or None)


class LateJournal:
    """Stands for the journal until it is open (see the module doc)."""

    def __init__(self, settings: Readable, games: list[GameInfo], path: Path):
        self.settings = settings
        self.path = path  # where the journal's file is (the phones keep their codes beside it)
        self.notices: list[str] = []  # a file with anything to tell never opens late
        self._games = games
        self._opened: Opened | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    @classmethod
    def begin(cls, settings: Readable) -> LateJournal | None:
        """A late journal over the settings' database, or None when it must be opened now."""
        from companion.storage.settings import database_location

        games = quick_games(settings.get("database"))
        if games is None:
            return None
        return cls(settings, games, Path(database_location(settings.get("database"))).expanduser())

    def start(self, post: Callable[[Callable[[], None]], None], landed: Callable[[], None]) -> None:
        """Open the journal in a thread; ``landed`` is posted to the main thread once it is open.
        Opened already on this thread (a tap before the first frame waited for it), ``landed``
        is posted now: else the journal was never handed over, and the app kept waiting for it
        (its notices unsaid, home's work ahead held back)."""
        with self._lock:
            if self._thread is not None:
                if self._thread is threading.current_thread() and self._opened is not None:
                    post(landed)
                return
            self._thread = threading.Thread(target=self._open, args=(post, landed), name="journal-open",
                                            daemon=True)
            self._thread.start()

    def _open(self, post: Callable[[Callable[[], None]], None] | None = None,
              landed: Callable[[], None] | None = None) -> None:
        from companion.app.memory_journal import MemoryJournal
        from companion.app.parts import open_journal

        try:
            opened: Opened = open_journal(self.settings)
        except Exception as err:  # open_journal says every failure; this is a fault of the code
            traceback.print_exc()
            opened = MemoryJournal(), ("home.startup_error", {"error": str(err)})
        self._opened = opened
        if post is not None and landed is not None:
            post(landed)

    @property
    def is_open(self) -> bool:
        return self._opened is not None

    def opened(self) -> Opened:
        """The journal and its problem, opened now (or waited for) if the thread has not done it."""
        with self._lock:
            thread = self._thread
            if thread is None:  # never started (a tap before the first frame): open it here
                self._thread = threading.current_thread()
        if thread is None:
            self._open()
        elif thread is not threading.current_thread():
            thread.join()
        if self._opened is None:
            raise RuntimeError("the journal was closed before it was opened")
        return self._opened

    # -- what the session asks before a game is open -------------------------------------
    def games(self) -> list[GameInfo]:
        if self._opened is not None:
            return list(self._opened[0].games())
        return list(self._games)

    def close(self) -> None:
        """Close the journal once it is open; one never opened is not opened now."""
        with self._lock:
            thread = self._thread
            if thread is None:
                self._thread = threading.current_thread()  # and no thread will start
        if thread is not None and thread is not threading.current_thread():
            thread.join()
        if self._opened is not None:
            self._opened[0].close()

    def __getattr__(self, name: str) -> Any:
        """Anything else goes to the journal itself, waited for."""
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.opened()[0], name)
