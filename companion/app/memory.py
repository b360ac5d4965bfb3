"""Giving memory back when a game ends or the table leaves it.

A game draws every screen of its UI at least once; the objects it builds and drops leave
the C heap (glibc's malloc) with large free stretches it keeps for later. After a game
that is tens of MB the process holds and no longer uses: glibc's ``malloc_trim(0)``
returns them to the system (about 50 MB on the development machine after a demo game, in
10 to 50 ms; ``bench/bench_memory.py`` prints it). A full collection first would add about
1 MB for 300 to 400 ms of pause (the collector walks every widget), so only the young
generations are collected. Elsewhere than glibc (musl, macOS) nothing is trimmed.
"""

from __future__ import annotations

import ctypes
import gc
import sys
from collections.abc import Callable
from functools import lru_cache


@lru_cache(maxsize=1)
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where the C library has none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):  # musl and others: no such function
        return None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return trim  # type: ignore[no-any-return]


def give_back() -> bool:
    """Collect the young generations, then hand the C heap's free pages back to the system;
    True when the C library could be asked to."""
    gc.collect(1)
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True
