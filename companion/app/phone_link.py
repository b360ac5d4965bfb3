"""The phones in the shell (docs/phones.md): the server on or off as the settings say, fed
what the open game's UI package lets the phones see after every change of the game, and the
phones' locks sent to the rules on the main thread.

It knows no game: the UI package's optional ``sealed(session) -> Sealed | None`` says what
the phones may know; a game without it gives the phones nothing to do. The ``Arbiter`` is
the hub's, shared with the handsets and the keypad (one device per seat). The open game's
codes are kept beside the journal's file (``<journal>.phones.json``, owner-only), so after a
restart, a crash or a pulled plug the resumed game's phones join again without a new scan; a
new game or "kick this phone" replaces them.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.app.game_session import Change, GameSession
from companion.app.hardware_hub import HardwareHub, Post
from companion.app.settings import Readable
from companion.core.i18n import Domain
from companion.phones.model import Sealed

T = Domain("app")
DEFAULT_PORT = 8765
SERVER_MODULE = "companion.phones.server"


def _server_loaded() -> bool:
    return SERVER_MODULE in sys.modules


def _load_server() -> None:
    """The server's module, and aiohttp with it (0.15 to 0.2 s, about 19 MB): imported only
    when the table first switches the phones on, in a thread of its own (it touches neither
    Kivy nor the engine)."""
    import companion.phones.server  # noqa: F401


class PhoneLink:
    """Owns the ``PhoneServer`` while phones are on; follows the session."""

    def __init__(self, settings: Readable, session: GameSession, hardware: HardwareHub, post: Post,
                 sealed_of: Callable[[], Sealed | None], lang: Callable[[], str]):
        self.settings, self.session, self.hardware, self.post = settings, session, hardware, post
        self.sealed_of = sealed_of  # what the open game's UI lets the phones see now (None: nothing)
        self.lang = lang
        self.server: Any = None
        self.problem: Any = ""  # why the server is not listening (a taken port)
        self.presence: dict[int, bool] = {}
        self.listeners: list[Callable[[], None]] = []  # redraw: a phone joined or left
        self._game: int | None = None  # the game the tokens were made for
        self.starting = False  # switched on, the server's module still loading (``switch``)

    # -- life -----------------------------------------------------------------------------
    @property
    def on(self) -> bool:
        return self.server is not None

    def start(self) -> None:
        """Listen if the settings switch phones on (a taken port becomes ``problem``)."""
        if self.server is not None or not self.settings.get("phones"):
            return
        from companion.phones.server import PhoneServer

        given = self.settings.get("phones_port")
        port = DEFAULT_PORT if given is None else int(given)  # 0: any free port (tests)
        server = PhoneServer(post=self.post, on_lock=self._locked, on_unlock=self._unlocked,
                             on_presence=self._presence, arbiter=self.hardware.arbiter, port=port,
                             lang=self.lang())
        try:
            server.start()
        except OSError as err:
            self.problem = T.msg("phones_port_taken", port=port, error=err.strerror or str(err))
            return
        self.problem, self.server, self.presence, self._game = "", server, {}, None
        self.follow()

    def stop(self) -> None:
        server, self.server = self.server, None
        self.presence = {}
        self.starting = False  # a module still loading starts no server for a link let go of
        if server is not None:
            server.stop()

    def switch(self, on: bool) -> None:
        """Phones on or off (the Settings button); kept in the settings. The first switch-on
        of the app loads the server's module in a thread and starts the server on the main
        thread once it is loaded (``starting`` meanwhile): the tap shows the switch on at once."""
        set_ = getattr(self.settings, "set", None)
        if set_ is not None:
            set_("phones", on)
        self.stop()
        self.problem = ""
        self.starting = on and not _server_loaded()
        if self.starting:
            threading.Thread(target=self._load, name="phones-import", daemon=True).start()
        elif on:
            self.start()
        self._changed()

    def _load(self) -> None:
        try:
            _load_server()
        except Exception:  # noqa: BLE001 - ``start`` imports it again on the main thread, which says why
            pass
        self.post(self._loaded)

    def _loaded(self) -> None:
        if not self.starting:  # switched off (or on again, with its own load) meanwhile
            return
        self.starting = False
        self.start()
        self._changed()

    # -- following the game -----------------------------------------------------------------
    def on_change(self, change: Change) -> None:
        """A session observer: after every command, undo, redo, new game and resume."""
        self.follow(new=change.kind == "new")

    def follow(self, new: bool = False) -> None:
        """Tell the phones the table's sealed state; a game other than the tokens' gets new ones."""
        server = self.server
        if server is None:
            return
        s = self.session
        game_id = s.game_id if s.has_game else None
        sealed = self.sealed_of() if game_id is not None else None
        if new or game_id != self._game:
            seats = len(s.header.get("seats", [])) if game_id is not None else 0
            server.new_game(seats, sealed or Sealed())
            kept = None if new or game_id is None else self._kept(game_id, seats)
            if kept is not None:  # the same game after a restart: the phones' codes still work
                try:
                    server.tokens.restore(kept)
                except ValueError:
                    pass  # not a token book: the fresh codes stand
            self._game = game_id
            self._keep()
            self.presence = {}
            self._changed()
        else:
            server.update(sealed or Sealed())

    def kick(self, seat: int) -> None:
        """"Kick this phone": the seat gets a new code; the phone on it is sent away."""
        if self.server is not None:
            self.server.kick(seat)
            self._keep()
            self.presence.pop(seat, None)
            self._changed()

    def seats(self) -> int:
        return int(self.server.tokens.seats) if self.server is not None else 0

    # -- the codes kept across a restart --------------------------------------------------------
    def _keep_file(self) -> Path | None:
        """Beside the journal's file (readable by its owner only); none for a journal in memory."""
        where = getattr(self.session.journal, "path", None)
        return Path(f"{where}.phones.json") if where else None

    def _kept(self, game_id: int, seats: int) -> dict[str, Any] | None:
        """The tokens kept for this game of this journal, if they fit its seats."""
        path = self._keep_file()
        try:
            data = json.loads(path.read_text(encoding="utf-8")) if path is not None else None
        except (OSError, ValueError):
            return None  # nothing kept, or unreadable: fresh codes, as for a new game
        if not isinstance(data, dict) or data.get("game") != game_id:
            return None
        tokens = data.get("tokens")
        return data if isinstance(tokens, dict) and len(tokens) == seats else None

    def _keep(self) -> None:
        """Write the open game's tokens (a failure only costs the phones a new scan after a restart)."""
        path, server = self._keep_file(), self.server
        if path is None or server is None or self._game is None:
            return
        data = {"game": self._game, **server.tokens.export()}
        tmp = path.with_name(path.name + ".tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f)
            os.replace(tmp, path)
        except OSError:
            pass

    # -- from the phones (main thread, through ``post``) -------------------------------------
    def _locked(self, seat: int, value: Any) -> None:
        self._answer(seat, "locked", value)

    def _unlocked(self, seat: int) -> None:
        self._answer(seat, "unlocked")

    def _answer(self, seat: int, what: str, *args: Any) -> None:
        server, handler = self.server, self.hardware.sealed
        if server is None:
            return
        reason = getattr(handler, what)(seat, *args) if handler is not None else T.msg("no_game")
        if reason:
            server.refused(seat, reason)
            self.follow()
        # accepted: the session's observers called ``follow`` already

    def _presence(self, seat: int, connected: bool) -> None:
        self.presence[seat] = connected
        self._changed()

    def _changed(self) -> None:
        for fn in list(self.listeners):
            fn()
