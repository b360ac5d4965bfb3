"""Battle odds off the main thread.

Odds in float mode take up to seconds for big battles (docs/battle.md "Speed"), so a worker
thread computes them: the screens show ``PENDING`` meanwhile and a tap is never blocked.
Only the pure odds function runs there; the result comes back through ``post``
(``Clock.schedule_once`` in the app), so the rules stay on the main thread.
"""

from __future__ import annotations

import copy
import sys
import threading
from collections.abc import Callable, Hashable
from typing import Any

from companion.games.magnifico import battle

PENDING: dict[str, Any] = {"pending": True}
SWITCH_INTERVAL = 0.0005  # seconds; see OddsWorker._run

Key = tuple[int, Hashable]  # (the session's state version the odds belong to, what they are of)


class OddsWorker:
    """The latest odds wanted are computed on one daemon thread; stale ones are dropped."""

    def __init__(self, post: Callable[[Callable[[], None]], None], version: Callable[[], int], *,
                 inline: bool = False):
        self.post = post
        self.version = version  # the state version now: odds of an older one are dropped
        self.inline = inline  # no main loop to hand results back to (scripts): compute at once
        self.cache: dict[Key, dict[str, Any] | None] = {}
        self.listeners: list[Callable[[], None]] = []  # told when odds arrive
        self._job: tuple[Key, dict[str, Any]] | None = None  # waiting for the worker
        self._busy: Key | None = None  # what the worker is computing
        self._thread: threading.Thread | None = None
        self._lock = threading.Condition()

    def odds(self, key: Key, position: dict[str, Any]) -> dict[str, Any] | None:
        """The odds of ``position``: a dict, PENDING while the worker computes them, or None when
        they cannot be computed."""
        if key in self.cache:
            return self.cache[key]
        if self.inline:
            try:
                result = battle.odds(position, exact=False)
            except Exception:
                result = None
            self.cache = {**self._current(), key: result}
            return result
        with self._lock:
            if self._busy != key:
                self._job = (key, copy.deepcopy(position))  # the latest wish replaces an older one
                self._lock.notify()
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, daemon=True, name="battle-odds")
                self._thread.start()
        return PENDING

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._job is None:
                    self._lock.wait()
                key, position = self._job
                self._job, self._busy = None, key
            # The odds are pure Python and hold the GIL: a shorter switch interval while they run
            # hands the main thread the GIL sooner (a battle-screen tap with a CPU-bound worker:
            # median 117 ms at the default 5 ms, about 80-97 ms at 0.5 ms; 47-54 ms with no odds).
            before = sys.getswitchinterval()
            sys.setswitchinterval(min(before, SWITCH_INTERVAL))
            try:
                result = battle.odds(position, exact=False)
            except Exception:
                result = None
            finally:
                sys.setswitchinterval(before)
            self.post(lambda key=key, result=result: self._done(key, result))

    def _done(self, key: Key, result: dict[str, Any] | None) -> None:
        """On the main thread: keep the odds unless the game has moved on since they were asked."""
        with self._lock:
            if self._busy == key:
                self._busy = None
        if key[0] != self.version():
            return  # stale: the position changed while they were computed
        self.cache = {**self._current(), key: result}
        for listener in list(self.listeners):
            listener()

    def _current(self) -> dict[Key, dict[str, Any] | None]:
        now = self.version()
        return {k: v for k, v in self.cache.items() if k[0] == now}
