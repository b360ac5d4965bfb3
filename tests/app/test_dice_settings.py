"""The dice reader at the table (issue 15 item 2): ``python -m hardware.simulate dice`` in a
subprocess announces its pty; the Settings screen lists it, a touch picks it as the port, a
test roll comes back on screen; a roll of the wrong size is said on screen; in simulated mode
the app opens an announced reader by itself."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import pytest

from companion.app import harness
from tests.app.phone import wait


class Simulator:
    """The dice simulator as a person runs it: its prompts read, faces typed."""

    def __init__(self, env: dict[str, str]):
        self.proc = subprocess.Popen([sys.executable, "-m", "hardware.simulate", "dice"], env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True, bufsize=1)
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        assert self.wait_line("virtual dice reader on"), self.lines
        self.path = next(line for line in self.lines if "virtual dice reader on" in line).split(" on ", 1)[1].split()[0]

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_line(self, text: str, timeout: float = 10.0, after: int = 0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if any(text in line for line in self.lines[after:]):
                return True
            harness.frames(1)
            time.sleep(0.02)
        return False

    def type(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def quit(self) -> None:
        try:
            self.type("q")
            self.proc.wait(5)
        except Exception:
            self.proc.kill()
            self.proc.wait(5)


@pytest.fixture
def simulator(tmp_path, monkeypatch):
    folder = tmp_path / "runtime"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(folder))  # the app and the simulator share it
    sim = Simulator({**os.environ, "XDG_RUNTIME_DIR": str(folder), "PYTHONUNBUFFERED": "1"})
    yield sim
    sim.quit()


@pytest.fixture
def settings_screen(home, monkeypatch):
    app = home
    monkeypatch.setitem(app.settings.values, "dice_port", None)
    yield app
    app.settings.values["dice_port"] = None
    app.hardware.restart()  # lets go of the simulator's port


def test_the_simulator_through_the_settings_screen(settings_screen, simulator):
    app = settings_screen
    app.hardware.restart()  # simulated mode: the announced reader is opened without a port set
    assert app.hardware.dice_reader is not None
    # connected first: the reader's news redraws the port list, and a redrawn list drops a tap
    assert wait(lambda: app.hardware.dice_reader.connected.is_set())
    harness.tap(harness.find_id("settings"))
    assert app.manager.current == "settings"
    harness.frames(4)
    # the simulator's port is listed: a touch picks it, and it is kept in the settings
    buttons = [w for w in harness.walk(app.screens["settings"].ids.ports) if simulator.path in getattr(w, "text", "")]
    assert buttons, [w.text for w in app.screens["settings"].ids.ports.children]
    harness.tap(buttons[0])
    assert app.settings.get("dice_port") == simulator.path
    assert wait(lambda: app.hardware.dice_reader is not None and app.hardware.dice_reader.connected.is_set())
    # a test roll: the reader is armed for one die, the simulator's player rolls an explosion
    seen = len(simulator.lines)
    harness.tap(harness.find_id("test_roll"))
    assert app.screens["settings"].test_line == app.t("settings.test_waiting")
    assert simulator.wait_line("ARM 1 mag", after=seen), simulator.lines[-5:]
    simulator.type("X")
    assert wait(lambda: app.screens["settings"].test_line.startswith("Read:"))
    assert app.t("dice.explosion") in harness.find_id("test_line").text and simulator.path in harness.find_id("test_line").text
    # a roll of the wrong size is shown on screen, not only logged
    seen = len(simulator.lines)
    app.hardware.request_dice(2, "mag")
    assert simulator.wait_line("ARM 2 mag", after=seen)
    simulator.type("H H H")
    assert wait(lambda: "The reader saw H H H" in app.root.ids.toast.text), app.root.ids.toast.text
    assert "3" in app.root.ids.toast.text and "2" in app.root.ids.toast.text  # what was seen, what was asked
    app.hardware.dice_done()
