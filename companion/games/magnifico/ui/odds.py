"""Battle odds in a separate process.

Odds in float mode can take a while for big battles (docs/battle.md "Speed"). Pure Python
holds the GIL, so a worker *thread* slowed every tap while it ran (80-117 ms against 47-54
ms idle); a child process leaves the main interpreter alone. The child is started lazily
(``spawn``: Kivy's window and GL state must never be forked), runs only the pure odds
function, and its answers come back through ``post`` (``Clock.schedule_once`` in the app),
so the rules and the cache stay on the main thread. ``stop`` ends the child with the app.
The child lowers its own CPU priority (``NICE``): on a busy machine the screen wins the core.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import traceback
from collections.abc import Callable, Hashable
from multiprocessing.connection import Connection
from typing import Any

PENDING: dict[str, Any] = {"pending": True}
CACHE_SIZE = 64  # odds kept per state version (an attack preview steps through a few armies)

Key = tuple[int, Hashable]  # (the session's state version the odds belong to, what they are of)
Compute = Callable[[dict[str, Any]], dict[str, Any]]


def float_odds(position: dict[str, Any]) -> dict[str, Any]:
    """What the child computes: the float odds of ``position`` (exact fractions only on request)."""
    from companion.games.magnifico import battle

    return battle.odds(position, exact=False)


NICE = 10  # the child's CPU priority below the app's: on a busy machine the screen wins the core


def serve(conn: Connection, nice: int = NICE) -> None:
    """The child's loop: a job is ``(key, compute, position)``, the answer ``(key, result)``."""
    if nice:
        try:
            os.nice(nice)
        except (AttributeError, OSError):  # not on this system: odds at the app's priority
            pass
    while True:
        try:
            key, compute, position = conn.recv()
        except (EOFError, OSError):
            return
        try:
            result = compute(position)
        except Exception:
            result = None
        conn.send((key, result))


class OddsWorker:
    """The latest odds wanted are computed in one child process; stale ones are dropped."""

    def __init__(self, post: Callable[[Callable[[], None]], None], version: Callable[[], int], *,
                 inline: bool = False, compute: Compute = float_odds):
        self.post = post
        self.version = version  # the state version now: odds of an older one are dropped
        self.inline = inline  # no main loop to hand results back to (scripts): compute at once
        self.compute = compute  # a picklable module-level function: it runs in the child
        self.nice = NICE  # how much lower the child's CPU priority is (read when it starts)
        self.cache: dict[Key, dict[str, Any] | None] = {}
        self.listeners: list[Callable[[], None]] = []  # told when odds arrive
        self._job: tuple[Key, dict[str, Any]] | None = None  # waiting for the child
        self._busy: Key | None = None  # what the child is computing
        self._process: multiprocessing.process.BaseProcess | None = None
        self._conn: Connection | None = None
        self._lock = threading.Lock()

    @property
    def pid(self) -> int | None:
        """The child's process id while it runs (None before the first odds and after ``stop``)."""
        p = self._process
        return p.pid if p is not None and p.is_alive() else None

    def odds(self, key: Key, position: dict[str, Any]) -> dict[str, Any] | None:
        """The odds of ``position``: a dict, PENDING while the child computes them, or None when
        they cannot be computed."""
        if key in self.cache:
            return self.cache[key]
        if self.inline:
            try:
                result: dict[str, Any] | None = self.compute(position)
            except Exception:
                result = None
            self._keep(key, result)
            return result
        with self._lock:
            if self._busy != key:
                self._job = (key, position)  # the latest wish replaces an older one
            try:
                self._send_next()
            except Exception:  # no child can be started here (a script without a main guard)
                traceback.print_exc()
                self._job = None
                return None
        return PENDING

    def stop(self) -> None:
        """End the child (the app stops): it is gone when this returns."""
        with self._lock:
            process, conn = self._process, self._conn
            self._process = self._conn = None
            self._job = self._busy = None
        if process is not None:
            process.terminate()
            process.join(5)
            if process.is_alive():
                process.kill()
                process.join(5)
        if conn is not None:  # after the child: the reader thread sees the end of the pipe
            conn.close()

    # -- the child and its answers ----------------------------------------------------
    def _send_next(self) -> None:
        """Under the lock: hand the waiting job to the child if it is free (started on demand)."""
        if self._busy is not None or self._job is None:
            return
        if self._process is None or not self._process.is_alive():
            self._start()
        assert self._conn is not None
        key, position = self._job
        try:
            self._conn.send((key, self.compute, position))
        except (OSError, ValueError):
            return  # the child died: the next wish starts another
        self._job, self._busy = None, key

    def _start(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        ours, theirs = ctx.Pipe()
        process = ctx.Process(target=serve, args=(theirs, self.nice), daemon=True, name="battle-odds")
        process.start()
        theirs.close()
        self._process, self._conn = process, ours
        threading.Thread(target=self._read, args=(ours,), daemon=True, name="battle-odds-reader").start()

    def _read(self, conn: Connection) -> None:
        """A parent thread blocked on the pipe (without the GIL) until an answer comes."""
        while True:
            try:
                key, result = conn.recv()
            except (EOFError, OSError, ValueError):
                with self._lock:
                    if self._conn is conn:  # the child died mid-job: forget the job
                        self._busy = None
                return
            with self._lock:
                if self._busy == key:
                    self._busy = None
                self._send_next()
            self.post(lambda key=key, result=result: self._done(key, result))

    def _done(self, key: Key, result: dict[str, Any] | None) -> None:
        """On the main thread: keep the odds unless the game has moved on since they were asked."""
        if key[0] != self.version():
            return  # stale: the position changed while they were computed
        self._keep(key, result)
        for listener in list(self.listeners):
            listener()

    def _keep(self, key: Key, result: dict[str, Any] | None) -> None:
        """Cache ``result``: only the current version's odds, and at most CACHE_SIZE of them."""
        now = self.version()
        kept = [(k, v) for k, v in self.cache.items() if k[0] == now]
        self.cache = dict(kept[-(CACHE_SIZE - 1):] + [(key, result)])
