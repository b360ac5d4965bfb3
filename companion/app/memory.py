"""Giving memory back when a game ends or the table leaves it.

A game draws every screen of its UI at least once; the objects it builds and drops leave
the C heap (glibc's malloc) with large free stretches it keeps for later. After a game
that is tens of MB the process holds and no longer uses: glibc's ``malloc_trim(0)``
returns them to the system (about 50 MB on the development machine after a demo game, in
10 to 50 ms; ``bench/bench_memory.py`` prints it). A full collection first would add about
1 MB for 300 to 400 ms of pause (the collector walks every widget), so only the young
generations are collected. Elsewhere than glibc (musl, macOS) nothing is trimmed.

Mesa's GL drivers (a Pi's V3D as much as the software renderer here) are linked with LLVM,
its shader compiler for the software renderer: loading the driver runs LLVM's static
initializers, which, with the kernel mapping the neighbours of every page touched, leaves
30 to 45 MB of LLVM's code resident in the process, code that a GPU driver never runs
again. ``drop_compiler_code`` unmaps those pages (``madvise(MADV_DONTNEED)`` on LLVM's
executable mappings, only where none of their pages was written): they stay in the
kernel's page cache and are faulted back in if the code runs again (the software renderer
compiling a new shader here).
"""

from __future__ import annotations

import ctypes
import gc
import mmap
import sys
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

COMPILER = "libLLVM"  # the shared library of the GL driver's shader compiler
SMAPS = Path("/proc/self/smaps")


@lru_cache(maxsize=None)
def _libc(name: str, argtypes: tuple[Any, ...], restype: Any) -> Any:
    """The C library's function ``name`` with its C signature, or None off Linux or where
    that library has none (musl has no ``malloc_trim``)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        function = getattr(ctypes.CDLL(None, use_errno=True), name)
    except (OSError, AttributeError):
        return None
    function.argtypes, function.restype = list(argtypes), restype
    return function


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where the C library has none."""
    return _libc("malloc_trim", (ctypes.c_size_t,), ctypes.c_int)  # type: ignore[no-any-return]


def _madvise() -> Callable[[int, int, int], int] | None:
    """The C library's ``madvise``, or None where there is none to call."""
    if not hasattr(mmap, "MADV_DONTNEED"):
        return None
    signature = (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int)
    return _libc("madvise", signature, ctypes.c_int)  # type: ignore[no-any-return]


class Mapping(NamedTuple):
    """One mapping of a ``/proc/PID/smaps`` text: its range, permissions ("r-xp"), file ("" for
    an anonymous one) and its sizes in kB by field ("Rss", "Private_Dirty", ...)."""

    low: int
    high: int
    perms: str
    path: str
    kb: dict[str, int]


def mappings(smaps: str) -> list[Mapping]:
    """The mappings of a ``/proc/PID/smaps`` text, in its order."""
    found: list[Mapping] = []
    for line in smaps.splitlines():
        first, _, rest = line.partition(" ")
        if "-" in first and not first.endswith(":"):  # a mapping's header: range perms offset dev inode [path]
            fields = rest.split()
            low, high = (int(x, 16) for x in first.split("-"))
            found.append(Mapping(low, high, fields[0], fields[-1] if len(fields) >= 5 else "", {}))
        elif found and first.endswith(":") and rest.strip().endswith("kB"):
            found[-1].kb[first[:-1]] = int(rest.split()[0])
    return found


def compiler_code(smaps: str) -> list[tuple[int, int]]:
    """The (start, end) of each executable mapping of the shader compiler's library in a
    ``/proc/PID/smaps`` text that has no page written (no private dirty or anonymous page:
    unmapping its pages loses nothing)."""
    return [(m.low, m.high) for m in mappings(smaps)
            if m.perms == "r-xp" and COMPILER in m.path and not m.kb.get("Private_Dirty") and not m.kb.get("Anonymous")]


def drop_compiler_code() -> int:
    """Unmap the resident pages of the shader compiler's code (``COMPILER``) from this
    process; the bytes of mapping advised (0 where there is no such library or no way to)."""
    advise = _madvise()
    if advise is None:
        return 0
    try:
        ranges = compiler_code(SMAPS.read_text())
    except OSError:
        return 0
    dropped = 0
    for low, high in ranges:
        if advise(low, high - low, mmap.MADV_DONTNEED) == 0:
            dropped += high - low
    return dropped


def give_back() -> bool:
    """Collect the young generations, hand the C heap's free pages back to the system and
    unmap the shader compiler's resident code; True when the C library could be asked to
    trim its heap."""
    gc.collect(1)
    drop_compiler_code()
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True
