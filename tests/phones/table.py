"""A fake table for the phone tests: Magnifico's real engine and journal, a phone server,
and a "main thread" that runs what the server posts (as Kivy's Clock does in the app).

``sealed_of`` is the Magnifico adapter the app shell uses too (docs/phones.md): what the
phones may know of a Magnifico state.
"""

from __future__ import annotations

import queue
import time
from pathlib import Path
from typing import Any, Callable

from companion.errors import CompanionError
from companion.games.magnifico import commands as C
from companion.games.magnifico.demo import demo_header
from companion.games.magnifico.game import GAME
from companion.phones import Sealed
from companion.phones.limits import Limits
from companion.phones.server import PhoneServer

FLORINS = {"en": "florins", "it": "fiorini"}
SEED = 3


def sealed_of(state: Any, header: dict) -> Sealed:
    """Magnifico: money is florins, the group is "bids", locked bids until the reveal."""
    a = state.auction
    open_ = a is not None and not a.revealed
    return Sealed.from_game(
        GAME, state, header, money={i: p.florins for i, p in enumerate(state.seats)},
        locked=dict(a.bids) if open_ else {}, revealed=dict(a.bids) if a is not None and a.revealed else None,
        revealed_group="bids" if a is not None and a.revealed else None, group="bids" if open_ else None,
        money_unit=FLORINS)


class Table:
    """One game of Magnifico at the bidding, with phones."""

    def __init__(self, tmp: Path, players: int = 5, limits: Limits | None = None, journal: bool = True):
        self.inbox: queue.Queue[Callable[[], None]] = queue.Queue()
        self.header = demo_header(players)
        self.journal = None
        if journal:
            from companion.storage import Journal

            self.journal = Journal(tmp / "journal.sqlite3", key_file=tmp / "journal.key")
            self.game_id = self.journal.new_game(self.header)
        self.state = GAME.new_game(self.header)
        self.screen: list[tuple[float, dict]] = []  # (when, public view): what the table screen was told
        self.presence: dict[int, bool] = {}
        self.refusals: list[tuple[int, str]] = []
        self.server = PhoneServer(post=self.inbox.put, on_lock=self.on_lock, on_unlock=self.on_unlock,
                                  on_presence=self.on_presence, host="127.0.0.1", port=0,
                                  public_host="127.0.0.1", limits=limits)
        self.server.start()
        self.server.new_game(players, sealed_of(self.state, self.header))
        index = 0
        while self.state.phase != "bidding":
            self.send(GAME.demo_move(self.state, SEED, index))
            index += 1

    # the shell's side
    last_submit = 0.0  # seconds the engine and the journal took for the last command

    def send(self, command: Any) -> CompanionError | None:
        start = time.perf_counter()
        try:
            if self.journal is not None:
                self.state, _ = self.journal.submit(self.game_id, command)
            else:
                self.state, _ = GAME.apply(self.state, command)
        except CompanionError as err:
            return err
        self.last_submit = time.perf_counter() - start
        self.screen.append((time.time(), GAME.public_view(self.state)))
        self.server.update(sealed_of(self.state, self.header))
        return None

    def undo(self) -> None:
        assert self.journal is not None
        self.state = self.journal.undo(self.game_id)
        self.server.update(sealed_of(self.state, self.header))

    def on_lock(self, seat: int, value: Any) -> None:
        err = self.send(C.LockBid(seat, value))
        if err is not None:
            self.refusals.append((seat, err.key or ""))
            self.server.refused(seat, err)

    def on_unlock(self, seat: int) -> None:
        err = self.send(C.UnlockBid(seat))
        if err is not None:
            self.server.refused(seat, err)

    def on_presence(self, seat: int, connected: bool) -> None:
        self.presence[seat] = connected

    # the main loop
    def pump(self, until: Callable[[], bool] = lambda: False, timeout: float = 10.0) -> bool:
        """Run what the server posted until ``until()`` holds (True) or ``timeout`` passes (False)."""
        end = time.monotonic() + timeout
        while True:
            if until():
                return True
            left = end - time.monotonic()
            if left <= 0:
                return False
            try:
                self.inbox.get(timeout=min(left, 0.05))()
            except queue.Empty:
                pass

    def drain(self) -> None:
        """Run everything posted so far."""
        while True:
            try:
                self.inbox.get_nowait()()
            except queue.Empty:
                return

    def close(self) -> None:
        self.server.stop()
        if self.journal is not None:
            self.journal.close()

    def journal_bytes(self, tmp: Path) -> bytes:
        return b"".join(p.read_bytes() for p in tmp.glob("journal.sqlite3*"))
