"""Types (issue 9, item 7): mypy --strict on companion/core and the game engines, as
pyproject.toml's [tool.mypy] lists them, run by the test suite so CI runs it too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_strict_passes_on_the_core_and_the_engines():
    pytest.importorskip("mypy", reason="mypy is in the test extras: pip install -e '.[test]'")
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
