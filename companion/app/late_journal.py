"""The journal opened behind the first screen (issue 13: a quick start).

Opening the journal imports SQLAlchemy and sqlmodel, about half of the app's start. The home
screen needs only the list of games (what to resume), which ``storage.listing.quick_games``
reads with the stdlib when the file can be taken as it is. Then the session starts over a
``LateJournal``: it answers ``games()`` from that list, while a thread, started once the
first frame is drawn, opens the journal itself (``parts.open_journal``: the same journal, or
the same in-memory one and message when it cannot be opened). The thread hands it to the
main thread through ``post``; the app then puts it in the session's place. Anything else
asked of the ``LateJournal`` before that (a game started at once, a command) waits for the
thread and goes to the journal it opened: nothing is ever written but by the journal.

A game resumed before that is read alone from the file, as the command line reads one
(``JournalReader.focused``: its rows and its lines of the shadow, checked, when both copies
agree on them and on the shadow's last line): its header, state, commands and log, so the
Resume does not wait for SQLAlchemy and the check of every row (a second or more on a Pi,
more with a long journal). Once the journal is open it answers for the game, which the thread
has opened in it before handing it over. When the two copies disagree on the game, the Resume
waits for the journal, which repairs it.

When the list cannot be read that way (a repair, a migration, another app holding the file),
``begin`` gives None and the app opens the journal before the first screen, as it always did.
"""

from __future__ import annotations

import sys
import threading
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.app.settings import Readable
from companion.errors import CompanionError
from companion.storage.listing import GameInfo, quick_games
from companion.storage.precheck import Precheck

Opened = tuple[Any, Any]  # (the journal or a MemoryJournal, the home screen's problem or None)
HANDOVER = 0.0002  # seconds: Python's switch interval while a game is read alone (5 ms by default)


@contextmanager
def quick_handover() -> Iterator[None]:
    """Python's switch interval shortened while a game is read alone beside the opening
    thread. Each row SQLite reads lets go of Python's lock, and taking it back waited for the
    thread's turn to end, up to 5 ms a row: 110 to 190 ms for 40 ms of reading here, 50 to 80
    with this (bench_handover.py). Set back at once: for the journal's whole opening it gained
    nothing beyond the noise (docs/performance.md)."""
    was = sys.getswitchinterval()
    sys.setswitchinterval(HANDOVER)
    try:
        yield
    finally:
        sys.setswitchinterval(was)


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
        self._early: dict[int, Any] = {}  # game id -> its JournalReader, or None: wait for the journal
        self._states: dict[int, Any] = {}  # the state of a game read early, as the journal keeps it
        self._precheck: Precheck | None = None  # the whole check in another process (storage/precheck.py)

    @classmethod
    def begin(cls, settings: Readable) -> LateJournal | None:
        """A late journal over the settings' database, or None when it must be opened now."""
        from companion.storage.settings import database_location

        games = quick_games(settings.get("database"))
        if games is None:
            return None
        location = database_location(settings.get("database"))
        late = cls(settings, games, Path(location).expanduser())
        late._precheck = Precheck.start(location)  # a long journal's check under way while the first screen is made
        return late

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
            opened: Opened = open_journal(self.settings, precheck=self._precheck)
        except Exception as err:  # open_journal says every failure; this is a fault of the code
            traceback.print_exc()
            opened = MemoryJournal(), ("home.startup_error", {"error": str(err)})
        with self._lock:  # a game resumed meanwhile is opened here, not in the frame that hands it over
            self._opened = opened
            early, self._early, self._states = self._early, {}, {}
        for game_id in early:
            try:
                opened[0].state(game_id)
            except Exception:  # (the session asks again, and is told)
                pass
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

    def header(self, game_id: int) -> dict[str, Any]:
        return self._ask("header", game_id)  # type: ignore[no-any-return]

    def state(self, game_id: int) -> Any:
        """The game's state; read early, kept (the journal keeps its games' states too: home's
        warm-up reads the game to resume ahead, and the Resume then finds it read)."""
        kept = self._states.get(game_id) if self._opened is None else None
        if kept is None:
            kept = self._ask("state", game_id)
            if self._opened is None and self._early.get(game_id) is not None:
                self._states[game_id] = kept
        return kept

    def reads_alone(self, game_id: int) -> bool:
        """The game can be read alone while the journal opens (``_reader``): reading it then
        waits for nothing. Once the journal is open, it answers instead."""
        return self._reader(game_id) is not None

    def commands(self, game_id: int) -> list[dict[str, Any]]:
        return self._ask("commands", game_id)  # type: ignore[no-any-return]

    def log(self, game_id: int, lang: str = "en") -> list[str]:
        return self._ask("log", game_id, lang)  # type: ignore[no-any-return]

    def release(self, game_id: int) -> None:
        """The table left the game: its early reading goes (the journal's own once open)."""
        self._early.pop(game_id, None)
        self._states.pop(game_id, None)
        if self._opened is not None:
            release = getattr(self.opened()[0], "release", None)  # (waits for the thread's last work)
            if callable(release):
                release(game_id)

    def _ask(self, name: str, game_id: int, *args: Any) -> Any:
        """The journal's answer, or while it opens the game's own reading (see the module doc)."""
        reader = self._reader(game_id)
        if reader is not None:
            try:
                return getattr(reader, name)(game_id, *args)
            except CompanionError:  # (a sealed row without its key...): the journal answers, and says
                self._early[game_id] = None
        return getattr(self.opened()[0], name)(game_id, *args)

    def _reader(self, game_id: int) -> Any:
        """The game read alone while the journal opens; None once it is open, or when the two
        copies of the file must be read whole first (they disagree on the game)."""
        if self._opened is not None or type(game_id) is not int:
            return None
        if game_id not in self._early:
            from companion.storage.reader import JournalReader, one

            try:
                with quick_handover():
                    reader = JournalReader.focused(self.path, one(game_id), key_file=self.settings.get("key_file"))
            except Exception:  # noqa: BLE001 - the journal itself answers then, and says what is wrong
                reader = None
            with self._lock:
                if self._opened is not None:  # landed meanwhile: the journal has the game
                    return None
                self._early[game_id] = reader if reader is not None and reader.holds(game_id) else None
        return self._early.get(game_id)

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
