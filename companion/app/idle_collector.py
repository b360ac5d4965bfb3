"""Full garbage collections while the table is idle, not inside a tap.

Python starts a collection of its oldest generation when enough objects were made, and
objects are made while a tap is handled: on the development machine such a collection took
60 to 80 ms (what start built is frozen out of its sight, a game's objects are not), and one
of them landed in a tap of Magnate's tour in each run, which then took 88 to 106 ms
(docs/performance.md, "Taps, a full collection inside a tap"). The app turns Python's own
trigger for that generation off and asks for the same collection from the clock once no
touch came for ``quiet`` seconds. A table that never pauses that long gets it once it is
``overdue`` (twice the garbage Python's default would hold), in the pause a busy table does
make: right after the frame that shows a tap, while the players read it (a reaction time,
150 ms and more, against 60 to 80 ms of collection here), not at the clock's next check,
which can fall inside a tap (issue 13: in ``bench/every_tap.py``, whose tests tap without
pausing, such collections made the sweep's slowest single taps, 650 ms and more). Past
``limit`` young collections it collects at the clock's check anyway, unless a tap is under
way (a finger down, or lifted and its frame not drawn yet): then after that tap's frame.

The young generations wait for the tap's frame too. A tap that builds a form or a screen
makes tens of thousands of objects, and Python collected its youngest generation every 700
of them: dozens of collections, each a few objects that all live on, 15 to 29 ms of some taps
over 50 ms in ``bench/every_tap.py``. From a finger coming down until the frame that shows its
tap, the youngest generation's trigger is raised to ``TAP_YOUNG`` objects (a bound, should a
tap make far more); after that frame, the trigger is Python's again and the youngest generation
is collected once if the tap made enough objects for it (with the middle one when Python would
have collected that by then).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

DUE = 10  # young (generation 1) collections before a full one is due: Python's own default
OVERDUE = 20  # ... before it runs while the table is busy, right after a tap's frame
LIMIT = 40  # ... before it runs at the clock's check all the same, between taps
QUIET = 0.5  # seconds without a touch: the table is idle
NEVER = 1 << 30  # Python's trigger for the oldest generation, turned off
TAP_YOUNG = 100_000  # the youngest generation's trigger while a tap is under way (Python's: 700)


class IdleCollector:
    """Runs the oldest generation's collection at the clock's ``check`` when it is due and
    the table is idle (or past ``limit``), and at ``after_tap`` when it is overdue and the
    frame that shows a tap was drawn since the finger lifted (``lifted``, then ``drawn``).
    ``start`` turns Python's own trigger off, ``stop`` gives it back. Once started, the
    young generations wait from ``touched`` until ``after_tap`` (or an idle ``check``)."""

    def __init__(self, quiet: float = QUIET, due: int = DUE, overdue: int = OVERDUE, limit: int = LIMIT,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.quiet, self.due, self.overdue, self.limit, self.clock = quiet, due, overdue, limit, clock
        self.last_touch = clock()
        self.collections = 0
        self._saved: tuple[int, int, int] | None = None
        self._down = False  # a finger is down: a tap under way
        self._lifted = False  # a finger lifted: the next frame drawn shows its tap
        self._armed = False  # that frame is drawn and a collection is overdue: ``after_tap`` runs it
        self._held = False  # the young generations wait for a tap's frame (``TAP_YOUNG``)
        self.young = 0  # young collections run after a tap's frame

    def start(self) -> None:
        if self._saved is None:
            self._saved = gc.get_threshold()
            young, middle, _ = self._saved
            gc.set_threshold(young, middle, NEVER)

    def stop(self) -> None:
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            self._saved = None
            self._held = False

    def _hold_young(self) -> None:
        """The youngest generation's trigger raised while a tap is under way."""
        if self._saved is not None and not self._held:
            self._held = True
            gc.set_threshold(TAP_YOUNG, self._saved[1], NEVER)

    def _release_young(self) -> bool:
        """Python's own trigger for the youngest generation back, and the young generations
        collected now if the tap made enough objects for Python to have done it; True if so."""
        if not self._held or self._saved is None:
            return False
        self._held = False
        young, middle, _ = self._saved
        gc.set_threshold(young, middle, NEVER)
        made, collected = gc.get_count()[:2]  # objects made since, young collections since the middle one
        if made <= young:
            return False
        # the youngest alone, or with the middle one if Python would have collected that by now
        # (each young collection counts towards the middle one's, as Python's own do)
        gc.collect(1 if collected + made // young > middle else 0)
        self.young += 1
        return True

    def touched(self, *_args: object) -> None:
        """A finger came down (bound to the window's touches; consumes nothing): a tap begins,
        no collection is taken before it ends."""
        self.last_touch = self.clock()
        self._down, self._lifted, self._armed = True, False, False
        self._hold_young()

    def lifted(self, *_args: object) -> None:
        """A finger lifted (bound to the window's touches): the next frame shows its tap."""
        self.last_touch = self.clock()
        self._down, self._lifted, self._armed = False, True, False

    def drawn(self, *_args: object) -> bool:
        """A frame was drawn (the window's flip). True when it is the first since a finger
        lifted and the young generations wait or a collection is overdue: ``after_tap`` is to
        run on the clock's next tick."""
        if not self._lifted:
            return False
        self._lifted = False
        self._armed = self._held or gc.get_count()[2] >= self.overdue
        return self._armed

    def after_tap(self) -> bool:
        """After the frame that shows a tap, unless a finger came down since: the young
        generations' wait ends (``_release_young``), and the overdue collection ``drawn`` asked
        for runs (unless the clock's check collected meanwhile); True if that ran."""
        if not self._armed:
            return False
        self._armed = False
        self._release_young()
        if gc.get_count()[2] < self.overdue:
            return False
        gc.collect(2)
        self.collections += 1
        return True

    def finger_down(self) -> bool:
        """A finger is on the glass (held still for long, too)."""
        return self._down

    def idle(self, quiet: float | None = None) -> bool:
        """No touch for ``quiet`` seconds (the collector's own by default)."""
        return self.clock() - self.last_touch >= (self.quiet if quiet is None else quiet)

    def check(self) -> bool:
        """Collect the oldest generation if it is due and the table idle (a finger held still
        that long included), or past the limit between taps; True if it ran."""
        if self._held and not self._down and self.idle():  # a lift whose frame was never drawn
            self._armed = False
            self._release_young()
        pending = gc.get_count()[2]  # young collections since the last full one
        between_taps = not (self._down or self._lifted)
        if (pending >= self.limit and between_taps) or (pending >= self.due and self.idle()):
            gc.collect(2)
            self.collections += 1
            return True
        return False
