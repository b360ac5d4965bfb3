"""Kill the real app and start it again (issue 12's crash tests, each game's "killed and
resumed" test): a driver script plays in a process of its own up to a point, prints what the
table sees as one JSON line and then ``ready``; it is SIGKILLed there (no clean exit, the
journal's lock released by the system) and the driver runs again on the same folder."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def kill_and_restart(driver: Path, folder: Path, play: list[str], then: list[str],
                     timeout: float = 180) -> tuple[dict, dict]:
    """``driver play FOLDER *play`` killed once ready, then ``driver *then FOLDER``: what each saw."""
    run = subprocess.Popen([sys.executable, str(driver), "play", str(folder), *play], cwd=ROOT,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        before = None
        assert run.stdout is not None
        for line in run.stdout:
            if line.startswith("{"):
                before = json.loads(line)
            if line.strip() == "ready":
                break
        else:
            pytest.fail("the app never got there: " + (run.stderr.read() if run.stderr else "")[-3000:])
    finally:
        run.kill()  # SIGKILL: no clean exit
        run.wait(10)
    again = subprocess.run([sys.executable, str(driver), *then, str(folder)], cwd=ROOT, capture_output=True,
                           text=True, timeout=timeout)
    assert again.returncode == 0, again.stderr[-3000:]
    assert before is not None
    return before, json.loads(again.stdout.strip().splitlines()[-1])
