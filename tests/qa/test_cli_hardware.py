"""Bad input to the hardware commands: ``companion dice``, ``python -m hardware``, ``hardware.simulate``.

Rule: GUIDE ("Bad input is always answered with a clear message, never a traceback ...
unplugged devices"); issue 5 item 2 (the dice command exits non-zero with a message).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.qa.conftest import assert_refused, run_cli

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("timeout", ["-1", "0", "nan", "inf"])
def test_dice_refuses_an_impossible_timeout(capsys, timeout):
    code, out, err = run_cli(capsys, "dice", "--port", "loop://", "--expect", "2", "--kind", "mag",
                             "--timeout", timeout)
    assert_refused(code, out, err)
    assert "--timeout" in err


@pytest.mark.parametrize("argv", [["--expect", "0", "--kind", "mag"], ["--expect", "2", "--kind", "d7"],
                                  ["--expect", "x", "--kind", "mag"]])
def test_dice_refuses_impossible_options(capsys, argv):
    assert_refused(*run_cli(capsys, "dice", "--port", "loop://", "--timeout", "1", *argv))


@pytest.fixture(autouse=True)
def _private_runtime_dir(tmp_path, monkeypatch):
    """No simulator announced elsewhere on this machine is found by these commands."""
    folder = tmp_path / "runtime"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(folder))


@pytest.mark.parametrize("port, why", [
    ("/dev/nonexistent", "dice: the dice port /dev/nonexistent does not exist (is the reader plugged in?)"),
    ("/dev/null", "dice: the dice port /dev/null cannot be opened"),
    ("foo://bar", "dice: foo://bar is not a port or URL pyserial knows"),
])
def test_dice_on_a_port_that_does_not_exist_says_so_at_once(capsys, port, why):
    """Issue 12 item 8: "dice --port /dev/nonexistent waits the whole timeout before saying the
    port does not exist": one line at once, exit 2."""
    t0 = time.monotonic()
    code, out, err = run_cli(capsys, "dice", "--port", port, "--expect", "2", "--kind", "mag", "--timeout", "30")
    assert time.monotonic() - t0 < 2
    assert_refused(code, out, err)
    assert err.startswith(why)


def test_dice_on_a_settings_port_that_does_not_exist_says_so_at_once(capsys, tmp_path):
    path = tmp_path / "hardware.json"
    path.write_text(json.dumps({"dice": {"port": str(tmp_path / "ttyACM9")}}))
    t0 = time.monotonic()
    code, out, err = run_cli(capsys, "dice", "--expect", "1", "--kind", "d6", "--timeout", "30", "--settings", path)
    assert time.monotonic() - t0 < 2
    assert_refused(code, out, err)
    assert "ttyACM9 does not exist" in err


def test_dice_with_a_garbage_settings_file(capsys, tmp_path):
    bad = tmp_path / "hw.json"
    bad.write_bytes(b"\xff\xfe garbage")
    assert_refused(*run_cli(capsys, "dice", "--port", "loop://", "--expect", "2", "--kind", "mag",
                            "--timeout", "1", "--settings", bad))


def _run(*argv, timeout=30):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_RUNTIME_DIR": os.environ["XDG_RUNTIME_DIR"]}
    return subprocess.run([sys.executable, *argv], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=timeout)


def test_hardware_pins_with_a_folder_as_settings(tmp_path):
    proc = _run("-m", "hardware", "pins", "--settings", str(tmp_path))
    assert_refused(proc.returncode, proc.stdout, proc.stderr)


@pytest.mark.parametrize("argv", [
    ["handsets", "--florins", "abc"],
    ["handsets", "--settings", "/no/such/hardware.json"],
    ["handsets"],  # stdin is not a terminal
    ["dice", "--link", "/no/such/folder/dice-link"],
    ["dice", "--protocol", "3"],
])
def test_the_simulators_refuse_bad_input(argv):
    proc = _run("-m", "hardware.simulate", *argv)
    assert_refused(proc.returncode, proc.stdout, proc.stderr)


@pytest.mark.parametrize("settings", [
    {"handsets": [1, 2]},
    {"handsets": {"seats": {"seat": 0}}},
    {"handsets": {"bounce_ms": [1]}},
    {"handsets": {"brightness": "bright"}},
    {"dice": 5},
    {"dice": {"backoff_s": 3}},
    {"dice": {"backoff_s": []}},
    {"dice": {"baudrate": "fast"}},
    {"dice": {"port": ["/dev/ttyACM0"]}},
    [],
])
def test_a_settings_file_of_the_wrong_form_is_told(capsys, tmp_path, settings):
    path = tmp_path / "hardware.json"
    path.write_text(json.dumps(settings))
    code, out, err = run_cli(capsys, "dice", "--port", "loop://", "--expect", "2", "--kind", "mag",
                             "--timeout", "1", "--settings", path)
    assert_refused(code, out, err)
    assert "settings" in err
