"""Issue 9, done when: "a test adds a tiny throw-away game through the entry point and plays
it through the shell, the journal (with a sealed choice) and the CLI without touching any
shared file". The toy game (tests/family/toygame/: its rules, its screens and their layout)
knows only the contracts; it is installed into a temporary folder with its own metadata, as a
separate package would be. Its play through the app shell is test_toy_in_the_shell.py."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core import registry
from companion.storage import Journal

ROOT = Path(__file__).resolve().parents[2]


def install_toy(site: Path) -> Path:
    """A folder holding the toy game (rules, screens, layout) and its distribution metadata
    with the entry point."""
    site.mkdir(parents=True, exist_ok=True)
    shutil.copytree(Path(__file__).with_name("toygame"), site / "toygame", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__"))
    meta = site / "toygame-0.1.dist-info"
    meta.mkdir(exist_ok=True)
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: toygame\nVersion: 0.1\n")
    (meta / "entry_points.txt").write_text("[companion.games]\ntoy = toygame:GAME\n")
    return site


@pytest.fixture
def toy_site(tmp_path, monkeypatch):
    site = install_toy(tmp_path / "site")
    monkeypatch.syspath_prepend(str(site))
    yield site
    registry._loaded.pop("toy", None)
    forget_toy()


def forget_toy() -> None:
    """Drop the installed toy's modules, so the next test imports its own copy."""
    for name in [m for m in sys.modules if m == "toygame" or m.startswith("toygame.")]:
        del sys.modules[name]


def test_the_registry_finds_the_game_by_its_entry_point(toy_site):
    assert "toy" in registry.names() and "magnifico" in registry.names()
    toy = registry.get("toy")
    assert toy.name == "toy" and toy.seats == (2, 3)


def test_the_journal_seals_the_toys_secret_until_its_reveal(toy_site, tmp_path):
    """The journal finds the game by the header's name and seals the command types the game
    declares secret (group "picks") until an event opens that group."""
    db = tmp_path / "toy.sqlite3"
    with Journal(db, key_file=tmp_path / "key") as journal:
        game = journal.new_game({"game": "toy", "format": 1, "seats": [{"name": "Ada"}, {"name": "Bo"}]})
        journal.submit(game, {"type": "Pick", "seat": 0, "number": 3})
        raw = b"".join(p.read_bytes() for p in tmp_path.glob("toy.sqlite3*"))
        assert b'"number"' not in raw  # the pick is sealed in every file of the journal
        log = journal.log(game)
        assert len(log) == 1 and "Ada" in log[0] and "3" not in log[0]  # who chose, never what
        journal.submit(game, {"type": "Pick", "seat": 1, "number": 2})
        assert journal.state(game).points == [1, 0]
        assert "picks: Ada 3, Bo 2" in journal.log(game)
        bodies = [r[0] for r in sqlite3.connect(db).execute("SELECT body FROM commands ORDER BY seq")]
        assert '"number":3' in bodies[0]  # opened at the reveal


def run(site: Path, *argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"PYTHONPATH": f"{site}:{ROOT}", "PATH": "/usr/bin:/bin", "HOME": str(cwd),
           "XDG_DATA_HOME": str(cwd / "data"), "XDG_CONFIG_HOME": str(cwd / "config")}
    return subprocess.run([sys.executable, "-m", "companion", *argv], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_command_line_plays_lists_replays_and_journals_the_toy(tmp_path):
    site = install_toy(tmp_path / "site")
    games = run(site, "games", cwd=tmp_path)
    assert games.returncode == 0, games.stderr
    assert "toy\t2-3 players\tToy" in games.stdout.splitlines()
    record = tmp_path / "toy.jsonl"
    assert run(site, "demo", "--game", "toy", "--players", "3", "--seed", "4", "--quiet", "--record",
               str(record), cwd=tmp_path).returncode == 0
    replayed = run(site, "replay", str(record), cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    assert max(json.loads(replayed.stdout)["points"]) == 2
    db = tmp_path / "toy.sqlite3"
    journaled = run(site, "demo", "--game", "toy", "--players", "3", "--seed", "4", "--quiet", "--db", str(db),
                    cwd=tmp_path)
    assert journaled.returncode == 0, journaled.stderr
    state = run(site, "state", "--db", str(db), cwd=tmp_path)
    assert json.loads(state.stdout) == json.loads(replayed.stdout)
    export = run(site, "export", "--db", str(db), cwd=tmp_path)
    assert export.stdout.splitlines()[1:] == record.read_text().splitlines()[1:]
    wrong = run(site, "demo", "--game", "toy", "--players", "5", cwd=tmp_path)
    assert wrong.returncode == 2 and "Toy is played by 2 to 3 players" in wrong.stderr
