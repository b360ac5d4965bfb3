"""The toy's picks on the table's handsets: each round opens a sealed request of 1 to 3 for
every seat (the seats that picked already show locked, their number hidden), and a lock is
sent as the seat's ``Pick``. The pick screen's secret dialog goes through the same handsets,
so a seat enters on one device at a time (``HardwareHub.arbiter``)."""

from __future__ import annotations

from typing import Any

from companion.app.game_session import GameSession
from companion.app.hardware_hub import HardwareHub
from companion.errors import CompanionError
from companion.phones.arbiter import KEYPAD
from hardware.asks import Ask

from . import GAME, Pick

ASK = Ask(minimum=1, maximum=3, step=1)
FINAL = "A pick is final: Undo takes it back"


class Picks:
    """Opens the handsets for each round of a toy game; sends their locks to the rules."""

    def __init__(self, session: GameSession, hardware: HardwareHub):
        self.session, self.hardware = session, hardware
        self.opened: tuple[int | None, int | None] | None = None  # (game, round) on the handsets

    def reopen(self) -> None:
        """The devices were reopened (or a press was refused): show the rules' locks again."""
        self.opened = None
        self.sync()

    def sync(self) -> None:
        s = self.session
        view = s.view() if s.has_game and s.game is not None and s.game.name == GAME.name else {}
        playing = bool(view) and view.get("winner") is None
        if playing:
            self.hardware.sealed = self
        elif self.hardware.sealed is self:
            self.hardware.sealed = None
        hs = self.hardware.handsets
        if hs is None:
            return
        here = (s.game_id, view.get("round"))
        try:
            if playing and self.opened != here:
                names = dict(enumerate(view["names"]))
                hs.start_sealed({seat: ASK for seat in names}, names=names, locked=view["picked"])
                self.opened = here
            elif not playing and self.opened is not None:
                hs.close_sealed()
                self.opened = None
        except CompanionError as err:
            self.hardware.problem = err.reason

    # -- the hub's handler: on the main thread ------------------------------------------------
    def locked(self, seat: int, value: Any) -> Any:
        result = self.session.send(Pick(seat, int(value)))
        return None if result.ok else result.reason

    def unlocked(self, seat: int) -> Any:
        self.hardware.post(self.reopen)  # the rules keep the pick: its handset shows it locked again
        return FINAL

    # -- the secret dialog on the screen --------------------------------------------------------
    def enter(self, seat: int, number: int) -> str | None:
        """A pick from the screen, locked on the seat's handset (sent at once without handsets)."""
        hs = self.hardware.handsets
        if hs is None:
            holder = self.hardware.arbiter.take(seat, KEYPAD)
            if holder is not None:
                return f"{holder} holds this seat"
            result = self.session.send(Pick(seat, number))
            if not result.ok:
                self.hardware.arbiter.release(seat, KEYPAD)
            return None if result.ok else result.reason
        try:
            hs.set_value(seat, number)
            self.hardware.from_keypad(seat)
            hs.lock(seat)
        except CompanionError as err:
            return err.message
        return None
