"""Kivy's process-wide setup, in one place for the app, the tests, the screenshots and the bench.

Kivy reads its environment and config when it is first imported, so ``configure`` must run
before any ``kivy`` module is imported (it does nothing the second time).
"""

from __future__ import annotations

import logging
import os
import tempfile

_configured: dict | None = None


MTDEV_NOTE = ("Input: libmtdev is not installed, so Kivy's mtdev multitouch provider is off; "
              "touches and the mouse still work (on a Pi with a multitouch screen: apt install libmtdev1)")


class _MtdevFilter(logging.Filter):
    """Kivy logs a whole traceback when ``libmtdev.so.1`` is missing: say it in one line, once."""

    told = False

    def filter(self, record: logging.LogRecord) -> bool:
        if not str(record.msg).startswith("Input: MTDev is not supported"):
            return True
        if _MtdevFilter.told:
            return False
        _MtdevFilter.told = True
        record.msg, record.args, record.exc_info, record.exc_text = MTDEV_NOTE, (), None, None
        record.levelno, record.levelname = logging.INFO, "INFO"
        return True


CUTBUFFER_NOTE = ("Text fields: no X selection tool (xclip or xsel), so Kivy's cut buffer is off; "
                  "typing, copy and paste in the app still work")


class _CutbufferFilter(logging.Filter):
    """The first text field of a session makes Kivy look for an X selection tool; on a machine
    without xclip or xsel (a Pi's kiosk has no X at all) it logs a CRITICAL with both tools'
    tracebacks, which looks like a crash. Since home loads it ahead (warm_up.py) it came at
    every start: one line at INFO instead, below the app's log level."""

    def filter(self, record: logging.LogRecord) -> bool:
        if str(record.msg).startswith("Cutbuffer: Unable to find any valuable Cutbuffer provider"):
            record.msg, record.args, record.exc_info, record.exc_text = CUTBUFFER_NOTE, (), None, None
            record.levelno, record.levelname = logging.INFO, "INFO"
            return logging.getLogger("kivy").isEnabledFor(logging.INFO)
        return True


def _quiet_mtdev() -> None:
    from kivy.logger import Logger

    if not any(isinstance(f, _MtdevFilter) for f in Logger.filters):
        Logger.addFilter(_MtdevFilter())
    if not any(isinstance(f, _CutbufferFilter) for f in Logger.filters):
        Logger.addFilter(_CutbufferFilter())


def configure(*, headless: bool = False, size: tuple[int, int] = (800, 480),
              fullscreen: bool = False, home: str | None = None) -> dict:
    """Set Kivy's environment and window config; ``headless`` keeps Kivy out of ~/.kivy."""
    global _configured
    if _configured is not None:
        return _configured
    os.environ["KIVY_NO_ARGS"] = "1"  # our own argparse owns the command line
    # Mesa's software renderer (llvmpipe: a machine without a GPU driver, the development and
    # test machines) rasterizes in helper threads that keep their own buffers: about 45 MB
    # more after one game, for no faster frame on 2 cores (docs/performance.md, "Memory").
    # A GPU driver (a Pi's v3d) never reads it; a value already in the environment wins.
    os.environ.setdefault("LP_NUM_THREADS", "0")
    # Kivy's default mode swallows sys.stderr into its log: a traceback (the screenshots, a
    # script, a crash at startup) would vanish when the console log is off.
    os.environ.setdefault("KIVY_LOG_MODE", "MIXED")
    if headless:
        os.environ["KIVY_NO_CONSOLELOG"] = "1"
        os.environ["KIVY_NO_FILELOG"] = "1"
        home = home or tempfile.mkdtemp(prefix="magnifico-kivy-")
    if home:
        os.environ["KIVY_HOME"] = home
    from kivy.config import Config

    _quiet_mtdev()
    Config.set("kivy", "exit_on_escape", "0")
    Config.set("kivy", "log_level", "warning")
    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "minimum_width", "640")
    Config.set("graphics", "minimum_height", "400")
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("graphics", "multisamples", "0" if headless else "2")
    # A red dot on right click would confuse a table; touchscreens send real touches.
    Config.set("input", "mouse", "mouse,disable_multitouch")
    _configured = {"headless": headless, "size": size, "fullscreen": fullscreen, "home": home}
    return _configured
