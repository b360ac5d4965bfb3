"""The phones in the shell (docs/phones.md): the server on or off as the settings say, fed
what the open game's UI package lets the phones see after every change of the game, and the
phones' locks sent to the rules on the main thread.

It knows no game: the UI package's optional ``sealed(session) -> Sealed | None`` says what
the phones may know; a game without it gives the phones nothing to do. The ``Arbiter`` is
the hub's, shared with the handsets and the keypad (one device per seat).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.app.game_session import Change, GameSession
from companion.app.hardware_hub import HardwareHub, Post
from companion.app.settings import Readable
from companion.core.i18n import Domain
from companion.phones.model import Sealed

T = Domain("app")
DEFAULT_PORT = 8765


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
        if server is not None:
            server.stop()

    def switch(self, on: bool) -> None:
        """Phones on or off (the Settings button); kept in the settings."""
        set_ = getattr(self.settings, "set", None)
        if set_ is not None:
            set_("phones", on)
        self.stop()
        self.problem = ""
        if on:
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
            self._game = game_id
            self.presence = {}
            self._changed()
        else:
            server.update(sealed or Sealed())

    def kick(self, seat: int) -> None:
        """"Kick this phone": the seat gets a new code; the phone on it is sent away."""
        if self.server is not None:
            self.server.kick(seat)
            self.presence.pop(seat, None)
            self._changed()

    def seats(self) -> int:
        return int(self.server.tokens.seats) if self.server is not None else 0

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
