"""Shared helpers of the QA tests: the CLI run in-process, a finished demo's record and journal."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from companion.cli import main


def run_cli(capsys, *argv):
    """``python -m companion ARGV`` in this process: (exit code, stdout, stderr)."""
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exit_:  # argparse refusing an option value
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def assert_refused(code, out, err, *, status=2):
    """Exit ``status``, one clear line on stderr, nothing on stdout, no traceback."""
    assert code == status, (code, err)
    assert out == ""
    assert "Traceback" not in err
    assert err.strip(), "a refusal says why"
    if not err.startswith("usage:"):  # argparse prints its usage, then one error line
        assert len(err.strip().splitlines()) == 1, err


def digest(path: Path) -> str | None:
    """The file's bytes (hashed), ``None`` if absent: to show nothing was damaged."""
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None


@pytest.fixture(scope="session", autouse=True)
def _private_user_folders(tmp_path_factory):
    """No test touches the real user's data or config folder (journal, seal key, settings)."""
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_DATA_HOME", str(home / "data"))
        mp.setenv("XDG_CONFIG_HOME", str(home / "config"))
        mp.delenv("MAGNIFICO_DB", raising=False)
        mp.delenv("MAGNIFICO_KEY_FILE", raising=False)
        yield home


@pytest.fixture(scope="session")
def good_record(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("records") / "good.jsonl"
    assert main(["demo", "--seed", "3", "--players", "3", "--quiet", "--record", str(path)]) == 0
    return path


@pytest.fixture(scope="session")
def demo_journal(tmp_path_factory) -> Path:
    """A journal holding one finished demo game (copy it before changing it)."""
    path = tmp_path_factory.mktemp("journal") / "journal.sqlite3"
    assert main(["demo", "--seed", "3", "--players", "3", "--quiet", "--db", str(path)]) == 0
    return path
