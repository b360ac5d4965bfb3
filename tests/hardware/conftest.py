"""Shared fixtures: a recording MockFactory, a queue standing in for Kivy's Clock, and a
private runtime folder (no test sees a simulator another program announced)."""

import queue

import pytest
from gpiozero.pins.mock import MockFactory, MockPin


class RecordingPin(MockPin):
    """A mock pin that also writes every level change to the factory's shared trace."""

    def _change_state(self, value):
        changed = super()._change_state(value)
        if changed:
            trace = getattr(self.factory, "trace", None)
            if trace is not None:
                trace.append((int(self.info.name.replace("GPIO", "")), bool(value)))
        return changed


class MainThread:
    """What Kivy's Clock does for the app: runs posted callbacks later, in order, on one thread."""

    def __init__(self):
        self.queue = queue.Queue()

    def post(self, fn):
        self.queue.put(fn)

    def pump(self):
        n = 0
        while True:
            try:
                fn = self.queue.get_nowait()
            except queue.Empty:
                return n
            fn()
            n += 1


@pytest.fixture
def factory():
    f = MockFactory(pin_class=RecordingPin)
    f.trace = []
    yield f
    f.reset()


@pytest.fixture(scope="session", autouse=True)
def _private_runtime_dir(tmp_path_factory):
    """The simulator's announcements go to (and are read from) a folder of these tests only
    (session-scoped: hypothesis refuses function-scoped fixtures; tests that need an empty
    folder use ``runtime_dir``)."""
    folder = tmp_path_factory.mktemp("runtime")
    folder.chmod(0o700)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_RUNTIME_DIR", str(folder))
        yield folder


@pytest.fixture
def runtime_dir(tmp_path, monkeypatch):
    """An empty private runtime folder for one test."""
    folder = tmp_path / "runtime"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(folder))
    return folder


@pytest.fixture
def main_thread():
    return MainThread()
