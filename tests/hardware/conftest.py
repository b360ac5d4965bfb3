"""Shared fixtures: a recording MockFactory, a fake clock, a queue standing in for Kivy's Clock."""

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


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


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


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def main_thread():
    return MainThread()
