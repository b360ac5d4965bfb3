"""Magnifico's sealed bids at the table: the handsets while the bidding is open, or a seat's
private keypad on the screen.

The handsets open when the bidding starts and close after the reveal. Opened again (after a
restart of the app or of the devices) they show every seat as the rules hold it: a seat whose
bid the rules keep sealed shows locked, its amount hidden (``locked=``), and a press of its
lock button unlocks it as before the restart (issue 12: "locked seats locked, amounts hidden").
"""

from __future__ import annotations

from typing import Any

from companion.app.game_session import Change, GameSession
from companion.app.hardware_hub import HardwareHub
from companion.core.i18n import Domain
from companion.errors import CompanionError
from companion.games.magnifico import commands as C
from companion.phones.arbiter import KEYPAD

from .presenters import locked_seats

T = Domain("app")  # the shell's words for a seat held by another device


class Bids:
    """Opens and closes the handsets with the bidding; sends their locks to the rules."""

    def __init__(self, session: GameSession, hardware: HardwareHub):
        self.session = session
        self.hardware = hardware
        self.opened: tuple[int | None, int | None] | None = None  # (game, round) of the auction on the handsets

    # -- following the game -------------------------------------------------------------
    def on_change(self, change: Change) -> None:
        self.sync()

    def reopen(self) -> None:
        """The devices were reopened: open the bidding on them again if it is on."""
        self.opened = None
        self.sync()

    def sync(self) -> None:
        """Open the handsets when the bidding starts, close them after the reveal."""
        s = self.session
        d = s.view() if s.has_game and s.game is not None and s.game.name == "magnifico" else {}
        bidding = d.get("phase") == "bidding"
        if bidding:  # the phones' locks come through the hub's handler even without handsets
            self.hardware.sealed = self
        hs = self.hardware.handsets
        if hs is None:
            return
        here = (s.game_id, d.get("round"))
        try:
            if bidding and self.opened != here:
                a = d["auction"]
                florins = {i: p["florins"] for i, p in enumerate(d["seats"])}
                names = {i: p["name"] for i, p in enumerate(d["seats"])}
                hs.start_auction(florins, a["bidders"], names=names, locked=locked_seats(a))
                self.opened = here
                self.hardware.sealed = self
            elif not bidding and self.opened is not None:
                hs.close_auction()
                self.opened = None
        except CompanionError as err:
            self.hardware.problem = err.reason

    # -- the handsets' locks: on the main thread (they come through ``post``) -----------
    def locked(self, seat: int, value: Any) -> Any:
        """A lock from a handset, the keypad or a phone; the engine's reason when refused."""
        result = self.session.send(C.LockBid(seat, int(value)))  # a phone's value was checked against the request
        return None if result.ok else result.reason

    def unlocked(self, seat: int) -> Any:
        result = self.session.send(C.UnlockBid(seat))
        return None if result.ok else result.reason

    # -- a seat without a handset display: the private keypad ---------------------------
    def enter(self, seat: int, amount: int) -> str | None:
        """A bid from the seat's private keypad, then locked; the reason when refused."""
        hs = self.hardware.handsets
        if hs is None:
            holder = self.hardware.arbiter.take(seat, KEYPAD)
            if holder is not None:
                return T.msg(f"held_{holder}", seat=seat + 1)
            result = self.session.send(C.LockBid(seat, amount))
            if not result.ok:
                self.hardware.arbiter.release(seat, KEYPAD)
            return None if result.ok else result.reason
        try:
            hs.set_amount(seat, amount)
            self.hardware.from_keypad(seat)
            hs.lock(seat)
        except CompanionError as err:
            return err.message
        return None

    def unlock(self, seat: int) -> str | None:
        hs = self.hardware.handsets
        if hs is None:
            holder = self.hardware.arbiter.may_unlock(seat, KEYPAD)
            if holder is not None:
                return T.msg(f"held_{holder}", seat=seat + 1)
            result = self.session.send(C.UnlockBid(seat))
            if result.ok:
                self.hardware.arbiter.release(seat, KEYPAD)
            return None if result.ok else result.reason
        try:
            self.hardware.from_keypad(seat)
            hs.unlock(seat)
        except CompanionError as err:
            return err.message
        return None
