"""Bad files answered in one clear line (issue 12 item 8, storage parts).

"a read-only data folder gives an OSError traceback from the instance lock, and `state`
on a clean journal on read-only media is refused although the file is readable; schema
version 0 or negative raises KeyError and writes a new backup on every attempt; a row that
is no longer UTF-8 makes a read-only `state` say 'the last action was NOT saved'; `import
--db notes.txt` renames a file that is not a journal and exits 0 without a word."

The tests run as root, for whom no folder is read-only: read-only media are simulated by
the system calls failing as they do there (``os.open`` raising EROFS/EACCES, ``os.access``
saying no), and, where ``setpriv`` can drop to the ``nobody`` user, checked for real in a
subprocess on a folder of mode 0555.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from companion.cli import main
from companion.storage import Journal, StorageError
from companion.storage import database as db_module
from companion.storage.migrations import V1_DDL
from tests.storage import tally

ROOT = Path(__file__).resolve().parents[2]
MOVE = {"type": "Move", "seat": 0, "steps": 1}


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def refused(code, out, err):
    """Exit 2, one line on stderr, no traceback."""
    assert code == 2 and out == "" and "Traceback" not in err, (code, err)
    assert len(err.strip().splitlines()) == 1, err
    return err


def make_journal(path: Path) -> int:
    with Journal(path, game=tally) as journal:
        game = journal.new_game(tally.header())
        journal.submit(game, MOVE)
    return game


# --- a read-only data folder ------------------------------------------------------------


@pytest.mark.parametrize("code", [errno.EROFS, errno.EACCES])
def test_a_read_only_folder_is_one_clear_line_not_a_traceback(db_path, monkeypatch, capsys, code):
    make_journal(db_path)
    real_open = os.open

    def read_only_open(path, flags, *args):
        if str(path).endswith(".lock") and flags & os.O_CREAT:
            raise OSError(code, os.strerror(code), str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(db_module.os, "open", read_only_open)
    with pytest.raises(StorageError, match="cannot be written \\(read-only\\): state and export can still read"):
        Journal(db_path, game=tally)
    err = refused(*run(capsys, "demo", "--players", "3", "--quiet", "--db", db_path))
    assert "read-only" in err
    # reading takes no lock: state still works
    code_, out, err = run(capsys, "state", "--db", db_path)
    assert code_ == 0 and '"place"' in out, err


def test_state_on_read_only_media_reads_a_clean_journal(db_path, monkeypatch, capsys):
    """A journal closed cleanly has no -wal; SQLite cannot make its -shm on read-only media,
    so the main file is read as it is (immutable): it is the whole journal."""
    make_journal(db_path)
    assert not db_path.with_name(db_path.name + "-wal").exists()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if mode & os.W_OK else real_access(p, mode, **kw))
    code, out, err = run(capsys, "state", "--db", db_path)
    assert code == 0 and '"place": [\n    1' in out, err
    code, out, err = run(capsys, "export", "--db", db_path)
    assert code == 0 and json.loads(out.splitlines()[1]) == MOVE
    assert not db_path.with_name(db_path.name + "-shm").exists()  # nothing written beside it


def _nobody() -> list[str] | None:
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        return None
    probe = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", sys.executable,
                            "-c", "import companion"], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                           capture_output=True)
    return ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups"] if probe.returncode == 0 else None


@pytest.fixture
def read_only_folder():
    """A folder of mode 0555 holding a clean journal of a demo game (outside root's private
    temp folders)."""
    folder = Path(tempfile.mkdtemp(prefix="ro-journal-"))
    folder.chmod(0o755)
    assert main(["demo", "--seed", "3", "--players", "3", "--quiet", "--db", str(folder / "journal.sqlite3")]) == 0
    (folder / "journal.sqlite3.lock").unlink()
    for p in folder.iterdir():
        p.chmod(0o444)
    folder.chmod(0o555)
    yield folder
    folder.chmod(0o755)
    shutil.rmtree(folder)


def test_for_real_as_another_user_on_a_read_only_folder(read_only_folder, tmp_path):
    nobody = _nobody()
    if nobody is None:
        pytest.skip("needs root and setpriv to run as an unprivileged user")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": "/nonexistent", "XDG_CONFIG_HOME": "/nonexistent"}
    db = read_only_folder / "journal.sqlite3"

    def as_nobody(*argv):
        return subprocess.run([*nobody, sys.executable, "-m", "companion", *argv], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)

    state = as_nobody("state", "--db", str(db))
    assert state.returncode == 0 and '"round"' in state.stdout, state.stderr
    export = as_nobody("export", "--db", str(db))
    assert export.returncode == 0 and len(export.stdout.splitlines()) > 50, export.stderr
    demo = as_nobody("demo", "--players", "3", "--quiet", "--db", str(db))
    assert demo.returncode == 2 and "Traceback" not in demo.stderr
    assert demo.stderr.strip().count("\n") == 0 and "read-only" in demo.stderr
    assert sorted(p.name for p in read_only_folder.iterdir()) == ["journal.sqlite3", "journal.sqlite3.shadow.jsonl"]


# --- schema versions this app never wrote -----------------------------------------------


def v1_with_version(path: Path, version: int) -> None:
    conn = sqlite3.connect(path)
    for ddl in V1_DDL:
        conn.execute(ddl)
    conn.execute("INSERT INTO schema_version VALUES (1, ?, '2026-01-01T00:00:00')", (version,))
    conn.commit()
    conn.close()


@pytest.mark.parametrize("version", [0, -1, -300])
def test_a_schema_version_of_zero_or_less_is_refused_without_a_backup(db_path, capsys, version):
    v1_with_version(db_path, version)
    before = db_path.read_bytes()
    for _ in range(2):  # every attempt: the same line, and no new file beside it
        err = refused(*run(capsys, "demo", "--players", "3", "--quiet", "--db", db_path))
        assert f"says schema version {version}, which no Magnifico Companion ever wrote" in err
        refused(*run(capsys, "state", "--db", db_path))
    assert db_path.read_bytes() == before
    assert not [p for p in db_path.parent.iterdir() if ".v" in p.name or ".damaged-" in p.name]


def test_a_checked_version_row_changed_by_hand_is_damage_repaired_from_both_copies(db_path):
    game = make_journal(db_path)
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE schema_version SET version = 0")
    conn.commit()
    conn.close()
    with Journal(db_path, game=tally) as journal:
        assert "its schema version is missing" in journal.notices[0]
        assert journal.commands(game) == [MOVE]
    with Journal(db_path, game=tally) as journal:
        assert journal.notices == []


# --- a row that is no longer UTF-8 ------------------------------------------------------


def _not_utf8(db_path: Path) -> None:
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE commands SET body = CAST(X'7B22FF22' AS TEXT) WHERE seq = 1")
    conn.commit()
    conn.close()


def test_a_row_no_longer_utf8_is_named_exactly(db_path, capsys):
    game = make_journal(db_path)
    _not_utf8(db_path)
    # with its second copy: read from there, and told
    code, out, err = run(capsys, "state", "--db", db_path)
    assert code == 0 and '"place"' in out and "read together with its second copy" in err
    assert f"Game {game}: 1 command (1) restored from the second copy." in err
    # without it: exactly what is damaged, one line, exit 2, never "NOT saved"
    db_path.with_name(db_path.name + ".shadow.jsonl").unlink()
    err = refused(*run(capsys, "state", "--db", db_path))
    assert f"command 1 of game {game} fails its check (changed bytes, or no longer text)" in err
    assert "NOT saved" not in err


# --- a file that is not a journal -------------------------------------------------------


@pytest.mark.parametrize("content", [b"my notes\n" * 20, b"SQLite format 3\x00" + b"\x00" * 200])
def test_import_into_a_file_that_is_not_a_journal_renames_nothing(tmp_path, capsys, content):
    notes = tmp_path / "notes.txt"
    notes.write_bytes(content)
    record = tmp_path / "game.jsonl"
    record.write_text('{"game":"tally","seats":[{"name":"A"},{"name":"B"}]}\n{"type":"Move","seat":0,"steps":1}\n')
    err = refused(*run(capsys, "import", "--db", notes, record))
    assert "is not a journal of this app" in err and "left untouched" in err
    assert notes.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl", "notes.txt"]
