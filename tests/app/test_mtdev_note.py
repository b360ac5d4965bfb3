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


def test_the_missing_cut_buffer_tools_are_one_quiet_line(request):
    """The first text field makes Kivy look for xclip or xsel; without them it logged a CRITICAL
    with both tracebacks at every start once home loaded a text field ahead (issue 13)."""
    f = kivy_env._CutbufferFilter()
    record = logging.LogRecord(
        "kivy", logging.CRITICAL, __file__, 1,
        "Cutbuffer: Unable to find any valuable Cutbuffer provider. Please enable debug logging\n"
        "xclip - FileNotFoundError: [Errno 2] No such file or directory: 'xclip'\n  File ...", (), None)
    kivy_logger = logging.getLogger("kivy")
    request.addfinalizer(lambda level=kivy_logger.level: kivy_logger.setLevel(level))
    kivy_logger.setLevel(logging.WARNING)  # the app's level
    assert not f.filter(record)  # below the app's level: not shown
    assert record.getMessage() == kivy_env.CUTBUFFER_NOTE and record.levelno == logging.INFO
    other = logging.LogRecord("kivy", logging.CRITICAL, __file__, 1,
                              "Window: Unable to find any valuable Window provider", (), None)
    assert f.filter(other) and other.levelno == logging.CRITICAL  # a real failure stays loud
