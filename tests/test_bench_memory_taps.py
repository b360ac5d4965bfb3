"""bench/bench_memory.py (issue 13): the tour's commands come as taps, so the memory figure
holds what the idle collector does during and after a tap (young collections held back until
the tap's frame, companion/app/idle_collector.py). Nothing here is timed or measured."""

from __future__ import annotations

import gc
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import bench_memory  # noqa: E402

from companion.app.idle_collector import TAP_YOUNG, IdleCollector  # noqa: E402


class _App:
    def __init__(self, collector: IdleCollector) -> None:
        self.collector = collector
        self.seen: list[Any] = []

    def send(self, command: Any) -> bool:
        self.seen.append((command, gc.get_threshold()[0]))
        return True


def test_each_command_is_a_tap_with_its_frame() -> None:
    saved = gc.get_threshold()
    collector = IdleCollector(clock=lambda: 0.0)
    collector.start()
    try:
        app = _App(collector)
        drawn: list[int] = []

        def frames(n: int) -> None:  # the tap's frame, then the clock's tick after it
            drawn.append(n)
            if collector.drawn():
                collector.after_tap()

        bench_memory.commands_as_taps(app, frames)
        assert app.send("recruit") is True
        # during the command a finger is down: the young collections wait for the tap's frame
        assert app.seen == [("recruit", TAP_YOUNG)]
        assert drawn == [2]  # the lift, then the frames that show it
        assert not collector.finger_down()
        assert gc.get_threshold()[0] == saved[0]  # Python's own trigger back after the frame
    finally:
        collector.stop()
        gc.set_threshold(*saved)
