"""Full garbage collections while the table is idle, not inside a tap.

Python starts a collection of its oldest generation when enough objects were made, and
objects are made while a tap is handled: on the development machine such a collection took
60 to 80 ms (what start built is frozen out of its sight, a game's objects are not), and one
of them landed in a tap of Magnate's tour in each run, which then took 88 to 106 ms
(docs/performance.md, "Taps, a full collection inside a tap"). The app turns Python's own
trigger for that generation off and asks for the same collection from the clock once no
touch came for ``quiet`` seconds; past ``overdue`` young collections it collects anyway, so
a table that never pauses holds at most twice the garbage Python's default would.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

DUE = 10  # young (generation 1) collections before a full one is due: Python's own default
OVERDUE = 20  # ... before it runs even while the table is busy
QUIET = 0.5  # seconds without a touch: the table is idle
NEVER = 1 << 30  # Python's trigger for the oldest generation, turned off


class IdleCollector:
    """Runs the oldest generation's collection at the clock's ``check`` when it is due and
    the table is idle (or when it is overdue). ``start`` turns Python's own trigger off,
    ``stop`` gives it back."""

    def __init__(self, quiet: float = QUIET, due: int = DUE, overdue: int = OVERDUE,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.quiet, self.due, self.overdue, self.clock = quiet, due, overdue, clock
        self.last_touch = clock()
        self.collections = 0
        self._saved: tuple[int, int, int] | None = None

    def start(self) -> None:
        if self._saved is None:
            self._saved = gc.get_threshold()
            young, middle, _ = self._saved
            gc.set_threshold(young, middle, NEVER)

    def stop(self) -> None:
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            self._saved = None

    def touched(self, *_args: object) -> None:
        """A finger came down or lifted (bound to the window's touches; consumes nothing)."""
        self.last_touch = self.clock()

    def idle(self, quiet: float | None = None) -> bool:
        """No touch for ``quiet`` seconds (the collector's own by default)."""
        return self.clock() - self.last_touch >= (self.quiet if quiet is None else quiet)

    def check(self) -> bool:
        """Collect the oldest generation if it is due and the table idle, or overdue; True if it ran."""
        pending = gc.get_count()[2]  # young collections since the last full one
        if pending >= self.overdue or (pending >= self.due and self.idle()):
            gc.collect(2)
            self.collections += 1
            return True
        return False
