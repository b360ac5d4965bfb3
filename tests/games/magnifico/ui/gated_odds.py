"""An odds function for the odds process that waits for a file before computing: tests hold
the child's answer back (the child is another process, so a file is the gate) and count the calls."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any


def gated(gate: str, position: dict[str, Any]) -> dict[str, Any]:
    """Float odds of ``position`` once ``gate`` exists; each call noted in ``gate``.calls."""
    from companion.games.magnifico import battle

    with open(gate + ".calls", "a") as f:
        f.write("call\n")
    end = time.monotonic() + 20
    while not Path(gate).exists():
        if time.monotonic() > end:
            raise TimeoutError(gate)
        time.sleep(0.01)
    return battle.odds(position, exact=False)
