"""Each command imports only what it needs (issue 13: "every journal command on the command
line under 0.4 s (import only what the command needs)"). Timing depends on the machine's
load; which modules a fresh process imported does not, so that is what is checked here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("sqlalchemy", "sqlmodel", "kivy")
GAMES = ("magnifico", "magnate", "leonardo")

# runs the command line in this process, then prints the modules it imported
PROBE = """
import contextlib, importlib, io, json, os, sys
for name in filter(None, os.environ.get("PROBE_PRELOAD", "").split(",")):
    importlib.import_module(name)
from companion.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def imported(tmp_path: Path, *argv: str, preload: str = "") -> set[str]:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "MAGNIFICO_KEY_FILE": str(tmp_path / "journal.key"), "PROBE_PRELOAD": preload}
    env.pop("MAGNIFICO_DB", None)
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["code"] == 0, done.stderr
    return set(result["modules"])


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in HEAVY)


def engines(modules: set[str]) -> set[str]:
    """The games whose rules (anything past ``game.py``) were imported."""
    return {m.split(".")[2] for m in modules
            if m.startswith("companion.games.") and m.count(".") >= 3 and not m.endswith(".game")}


@pytest.fixture(scope="module")
def journal(tmp_path_factory) -> tuple[Path, Path, Path]:
    """A journal holding one finished Magnate demo game, and that game's record."""
    tmp = tmp_path_factory.mktemp("cli")
    record, db = tmp / "game.jsonl", tmp / "journal.sqlite3"
    env = {**os.environ, "MAGNIFICO_KEY_FILE": str(tmp / "journal.key")}
    for argv in (["demo", "--game", "magnate", "--seed", "2", "--quiet", "--record", str(record)],
                 ["import", "--db", str(db), str(record)]):
        done = subprocess.run([sys.executable, "-m", "companion", *argv], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, done.stderr
    return tmp, record, db


def test_games_lists_every_game_without_importing_any_rules(tmp_path):
    modules = imported(tmp_path, "games")
    assert {f"companion.games.{g}.game" for g in GAMES} <= modules  # found through their entry points
    assert engines(modules) == set() and heavy(modules) == []


def test_replay_imports_only_the_game_its_record_names(journal):
    tmp, record, _ = journal
    modules = imported(tmp, "replay", str(record))
    assert engines(modules) == {"magnate"} and heavy(modules) == []


@pytest.mark.parametrize("command", ["state", "export"])
def test_state_and_export_read_the_journal_without_sqlalchemy(journal, command):
    tmp, _, db = journal
    modules = imported(tmp, command, "--db", str(db))
    assert "companion.storage.reader" in modules
    assert heavy(modules) == [] and engines(modules) <= {"magnate"}


def test_state_list_reads_the_journal_without_sqlalchemy(journal):
    tmp, _, db = journal
    modules = imported(tmp, "state", "--list", "--db", str(db))
    assert "companion.storage.reader" in modules and heavy(modules) == []


def test_import_writes_the_journal_without_sqlalchemy(journal):
    """``import`` writes through importer.py (stdlib sqlite3), into the journal and into a new one."""
    tmp, record, db = journal
    for target in (db, tmp / "new.sqlite3"):
        modules = imported(tmp, "import", "--db", str(target), str(record))
        assert "companion.storage.importer" in modules
        assert heavy(modules) == [] and engines(modules) <= {"magnate"}


def test_the_probe_sees_a_heavy_import(journal):
    """The check can fail: the same command, with the app's journal (sqlmodel) loaded first."""
    tmp, _, db = journal
    modules = imported(tmp, "state", "--db", str(db), preload="companion.storage.journal")
    assert {"sqlalchemy", "sqlmodel"} <= set(m.split(".")[0] for m in heavy(modules))
    assert "kivy" not in heavy(modules)
