"""Bad input to the hardware commands: ``companion dice``, ``python -m hardware``, ``hardware.simulate``.

Rule: GUIDE ("Bad input is always answered with a clear message, never a traceback ...
unplugged devices"); issue 5 item 2 (the dice command exits non-zero with a message).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
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


@pytest.mark.parametrize("port", ["/dev/no-such-reader", "foo://bar"])
def test_dice_on_a_port_that_does_not_exist_says_why(capsys, port):
    # an unplugged reader may come back, so the command waits out its timeout, then says why
    code, out, err = run_cli(capsys, "dice", "--port", port, "--expect", "2", "--kind", "mag", "--timeout", "0.3")
    assert_refused(code, out, err, status=1)
    assert "no roll" in err


def test_dice_with_a_garbage_settings_file(capsys, tmp_path):
    bad = tmp_path / "hw.json"
    bad.write_bytes(b"\xff\xfe garbage")
    assert_refused(*run_cli(capsys, "dice", "--port", "loop://", "--expect", "2", "--kind", "mag",
                            "--timeout", "1", "--settings", bad))


def _run(*argv, timeout=30):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
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
