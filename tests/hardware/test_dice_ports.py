"""Finding the dice reader (issue 15 item 2: "auto-detect also tries a pseudo-terminal given
by the simulator, so `python -m hardware.simulate dice` works with the app without editing
a tracked file"; the ports found and a test roll for the Settings screen; issue 12 item 8:
a port that does not exist is told at once)."""

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from hardware import dice_ports
from hardware.dice_ports import PortInfo, announce, announced, check_port, list_ports, withdraw
from hardware.dice_reader import DiceReader
from hardware.dice_setup import RollCheck, roll_check, try_roll
from hardware.errors import HardwareError
from hardware.simulate import VirtualReader

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def no_usb(monkeypatch):
    """This machine's own serial ports stay out of the tests."""
    from serial.tools import list_ports as tools

    monkeypatch.setattr(tools, "comports", lambda: [])


@pytest.fixture
def sim():
    s = VirtualReader(hello_every=0.05).start()
    yield s
    s.unplug()


def test_an_announced_simulator_is_listed_and_withdrawn(runtime_dir, no_usb, sim):
    path = announce(sim.path)
    assert path.parent == runtime_dir / "magnifico-companion"
    assert json.loads(path.read_text()) == {"port": sim.path, "pid": os.getpid()}
    assert announced() == [sim.path]
    ports = list_ports()
    assert ports == [PortInfo(sim.path, ports[0].description, "simulator")]
    assert "virtual dice reader" in ports[0].description
    assert ports[0].description.localized("it").startswith("lettore di dadi virtuale")
    withdraw(path)
    assert not path.exists() and announced() == []
    withdraw(path)  # twice is harmless


def test_stale_or_foreign_announcements_are_ignored(runtime_dir, no_usb, sim, tmp_path):
    folder = runtime_dir / "magnifico-companion"
    folder.mkdir(mode=0o700)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    (folder / "dice-simulator-1.json").write_text(json.dumps({"port": sim.path, "pid": int(dead.stdout)}))
    regular = tmp_path / "not-a-tty"
    regular.write_text("")
    (folder / "dice-simulator-2.json").write_text(json.dumps({"port": str(regular), "pid": os.getpid()}))
    (folder / "dice-simulator-3.json").write_text("{garbage")
    (folder / "dice-simulator-4.json").write_text(json.dumps({"port": ["x"], "pid": True}))
    assert announced() == []  # a dead simulator (its pty may be another terminal now), a file, garbage
    folder.chmod(0o777)
    (folder / "dice-simulator-5.json").write_text(json.dumps({"port": sim.path, "pid": os.getpid()}))
    try:
        assert announced() == []  # a folder others may write in is never trusted
        with pytest.raises(HardwareError, match="not private"):
            announce(sim.path)
    finally:
        folder.chmod(0o700)
    assert announced() == [sim.path]


def test_auto_detect_finds_the_announced_simulator(runtime_dir, no_usb, sim):
    announce(sim.path)
    reader = DiceReader(None, hello_timeout=1, backoff=(0.02, 0.1), read_timeout=0.02)
    try:
        sim.seq = 41
        threading.Thread(target=lambda: (sim.wait_command("ARM", 5), sim.roll("d12", [12, 3])), daemon=True).start()
        roll = reader.wait_roll(2, "d12", timeout=5)
        assert roll.values == (12, 3) and roll.seq == 42
        assert reader.port_in_use == sim.path and reader.hello.model == "SIM"
    finally:
        reader.stop()


def test_the_simulator_command_announces_itself_until_it_ends(runtime_dir, no_usb):
    """``python -m hardware.simulate dice`` with the app's auto-detect: no port set, no file edited."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_RUNTIME_DIR": str(runtime_dir)}
    proc = subprocess.Popen([sys.executable, "-m", "hardware.simulate", "dice"], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = proc.stdout.readline()
        assert first.startswith("virtual dice reader on /dev/")
        port = first.split()[4]
        assert announced() == [port]
        reader = DiceReader(None, hello_timeout=2, backoff=(0.05, 0.2), read_timeout=0.02)
        try:
            reader.start()
            assert reader.connected.wait(5) and reader.port_in_use == port
            lines = queue.Queue()
            threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout], daemon=True).start()
            reader.arm(3, "d10")
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline and "app: ARM 3 d10" not in lines.get(timeout=5):
                pass
            got = []
            reader.add_listener(lambda e: got.append(e) if e["type"] == "roll" else None)
            proc.stdin.write("d10 0 5 9\n")
            proc.stdin.flush()
            deadline = time.monotonic() + 5
            while not got and time.monotonic() < deadline:
                time.sleep(0.02)
            assert got and got[0]["roll"].values == (10, 5, 9)
        finally:
            reader.stop()
        proc.stdin.write("q\n")
        proc.stdin.flush()
        assert proc.wait(10) == 0
        assert announced() == [] and not list((runtime_dir / "magnifico-companion").glob("*.json"))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_sigterm_also_withdraws_the_announcement(runtime_dir):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_RUNTIME_DIR": str(runtime_dir)}
    proc = subprocess.Popen([sys.executable, "-m", "hardware.simulate", "dice"], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().startswith("virtual dice reader on")
        assert len(announced()) == 1
        proc.terminate()
        proc.wait(10)
        assert announced() == [] and not list((runtime_dir / "magnifico-companion").glob("*.json"))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_check_port_answers_at_once(tmp_path):
    """Issue 12 item 8: a port that does not exist is said at once, not after the timeout."""
    with pytest.raises(HardwareError, match="the dice port /dev/nonexistent does not exist") as err:
        check_port("/dev/nonexistent")
    assert err.value.localized("it") == "la porta dei dadi /dev/nonexistent non esiste (il lettore è collegato?)"
    regular = tmp_path / "notes.txt"
    regular.write_text("")
    with pytest.raises(HardwareError, match="is not a serial port"):
        check_port(str(regular))
    with pytest.raises(HardwareError, match="is not a serial port"):
        check_port(str(tmp_path))
    with pytest.raises(HardwareError, match="foo://bar is not a port or URL pyserial knows"):
        check_port("foo://bar")
    check_port("loop://")
    s = VirtualReader().start()
    try:
        check_port(s.path)
    finally:
        s.unplug()


def test_a_port_this_user_may_not_open_is_told(tmp_path, monkeypatch):
    s = VirtualReader().start()
    try:
        monkeypatch.setattr(dice_ports.os, "access", lambda path, mode: False)
        with pytest.raises(HardwareError, match="no permission to open the dice port"):
            check_port(s.path)
    finally:
        s.unplug()


def test_a_test_roll_from_settings_on_a_port(sim):
    """Settings: pick a port, roll, see what the reader read."""
    threading.Thread(target=lambda: (sim.wait_command("ARM", 5), sim.roll("mag", ["H"])), daemon=True).start()
    results = queue.Queue()
    posted = queue.Queue()
    thread = try_roll(sim.path, n=1, kind="mag", timeout=5, post=posted.put, on_done=results.put)
    thread.join(10)
    assert results.empty()  # nothing runs on the worker thread: it is posted to the main thread
    posted.get(timeout=1)()
    check = results.get_nowait()
    assert check.ok and check.roll.values == ("hit",) and check.port == sim.path


def test_a_test_roll_that_finds_nothing_says_why(tmp_path):
    check = roll_check(str(tmp_path / "gone"), n=2, kind="d6", timeout=0.3)
    assert check == RollCheck(None, str(tmp_path / "gone"), check.problem)
    assert "no roll of 2 d6 dice within 0.3 s" in check.problem
    assert check.problem.localized("it").startswith("nessun tiro di 2 dadi d6 entro 0.3 s")


def test_a_test_roll_on_the_apps_reader_keeps_the_desks_request(sim):
    reader = DiceReader(sim.path, backoff=(0.02, 0.1), read_timeout=0.02).start()
    try:
        assert reader.connected.wait(3)
        sim.wait_heard()
        reader.arm(4, "mag")  # the desk waits for a roll of 4
        sim.wait_command("ARM")
        n = len(sim.commands)

        def roll_when_armed():
            deadline = time.monotonic() + 5
            while "ARM 1 d6" not in sim.commands[n:] and time.monotonic() < deadline:
                time.sleep(0.01)
            sim.roll("d6", [4])

        threading.Thread(target=roll_when_armed, daemon=True).start()
        check = roll_check(reader=reader, n=1, kind="d6", timeout=5)
        assert check.ok and check.roll.values == (4,)
        deadline = time.monotonic() + 2
        while sim.commands[-1] != "ARM 4 mag" and time.monotonic() < deadline:
            time.sleep(0.01)
        assert sim.commands[-1] == "ARM 4 mag"  # armed again for the desk, not disarmed
        assert reader.connected.is_set()  # the app's reader goes on
    finally:
        reader.stop()
