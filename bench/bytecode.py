"""The project's modules byte-compiled before a bench times them, as on a Raspberry Pi.

A wheel installed by pip has every module's ``.pyc`` (pip compiles at install time), and a
checkout run by its own user writes them at its first start. The development machine's
environment sets ``PYTHONDONTWRITEBYTECODE``, so a module first imported inside a timed tap
(a game's log wording on a Resume, a game's screens on its first pick) was compiled from its
source there: 3 to 40 ms that no table pays. ``ensure()`` writes the caches the benches'
processes read (``-OO`` and ``-O`` too when asked), the way pip does for a wheel.
"""

from __future__ import annotations

import compileall
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("companion", "hardware")


NOTE = "project modules byte-compiled first, as an installed wheel has them"  # printed by the benches


def ensure(optimize: tuple[int, ...] | None = None) -> None:
    """Byte-compile the project's packages for ``optimize`` (this interpreter's level by
    default) where a cache is missing or stale."""
    levels = list(optimize if optimize is not None else (sys.flags.optimize,))
    for name in PACKAGES:
        compileall.compile_dir(str(ROOT / name), quiet=1, optimize=levels)
