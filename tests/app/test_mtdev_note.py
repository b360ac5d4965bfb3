"""Issue 15: Kivy's missing-libmtdev traceback at start is replaced by one line, told once."""

import logging

from companion.app import kivy_env


def _record(msg, exc=True):
    try:
        raise OSError("libmtdev.so.1: cannot open shared object file")
    except OSError as e:
        info = (type(e), e, e.__traceback__) if exc else None
    return logging.LogRecord("kivy", logging.ERROR, __file__, 1, msg, (), info)


def test_the_mtdev_traceback_becomes_one_line_once(monkeypatch):
    monkeypatch.setattr(kivy_env._MtdevFilter, "told", False)
    f = kivy_env._MtdevFilter()
    first = _record("Input: MTDev is not supported by your version of linux")
    assert f.filter(first)
    assert first.exc_info is None and first.getMessage() == kivy_env.MTDEV_NOTE
    assert first.levelno == logging.INFO
    assert not f.filter(_record("Input: MTDev is not supported by your version of linux"))
    other = _record("Input: HIDInput is not supported by your version of linux")
    assert f.filter(other) and other.exc_info is not None  # other messages pass untouched


def test_the_filter_sits_on_kivys_logger():
    from kivy.logger import Logger

    kivy_env._quiet_mtdev()
    kivy_env._quiet_mtdev()
    assert sum(isinstance(f, kivy_env._MtdevFilter) for f in Logger.filters) == 1
