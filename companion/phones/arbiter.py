"""One device at a time per seat: a handset, the private keypad or a phone.

A seat may answer a sealed request from any of its devices, but the device that locks
holds the seat: until it unlocks (or the request ends, or the screen takes the lock
back), another device of that seat can neither lock nor unlock. So a phone left on the
table cannot undo what its player locked on the handset, and the other way round.

The shell's handset and keypad callbacks and the phone server share one ``Arbiter``;
it is thread-safe (the server asks from its own thread). Stdlib only.
"""

from __future__ import annotations

import threading

HANDSET, KEYPAD, PHONE = "handset", "keypad", "phone"
SOURCES = (HANDSET, KEYPAD, PHONE)


class Arbiter:
    """Which device holds each seat's lock."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._holders: dict[int, str] = {}

    def take(self, seat: int, source: str) -> str | None:
        """Hold ``seat`` for ``source`` (to lock it): None when granted, else the holder."""
        if source not in SOURCES:
            raise ValueError(f"unknown source {source!r}")
        with self._lock:
            holder = self._holders.get(seat)
            if holder is not None and holder != source:
                return holder
            self._holders[seat] = source
            return None

    def may_unlock(self, seat: int, source: str) -> str | None:
        """None when ``source`` may unlock ``seat`` (it holds it, or nobody does), else the holder."""
        with self._lock:
            holder = self._holders.get(seat)
            return None if holder in (None, source) else holder

    def release(self, seat: int, source: str | None = None) -> None:
        """Free ``seat`` (only if ``source`` holds it, when given): after an unlock or a refusal."""
        with self._lock:
            if source is None or self._holders.get(seat) == source:
                self._holders.pop(seat, None)

    def holder(self, seat: int) -> str | None:
        with self._lock:
            return self._holders.get(seat)

    def reset(self) -> None:
        """A new request (or an undo that took locks back): every seat free."""
        with self._lock:
            self._holders.clear()

    def keep_only(self, seats: set[int]) -> None:
        """Free every seat not in ``seats`` (the seats still locked after an update)."""
        with self._lock:
            for seat in [s for s in self._holders if s not in seats]:
                del self._holders[seat]
