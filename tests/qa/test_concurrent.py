"""The journal under concurrent use: one writer at a time, readers beside it.

Rules: issue 4 item 5 ("a database that is locked by another instance ... gets a clear
message"); issue 4 item 4 (``state`` and ``export`` print a game of the journal).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.errors import GameError, StorageError
from companion.games.magnifico import commands as C
from companion.games.magnifico import engine
from companion.games.magnifico.game import GAME as MAGNIFICO
from companion.games.magnifico.demo import play_demo
from companion.storage.errors import StorageError
from companion.storage.journal import Journal
from tests.qa.conftest import run_cli

ROOT = Path(__file__).resolve().parents[2]
GAME = play_demo(3, 3)


def _mid_auction() -> int:
    """After the second of three bids is locked: the auction waits, the bids are sealed."""
    state = engine.new_game(GAME.header)
    for n, cmd in enumerate(GAME.commands, 1):
        state, _ = engine.apply(state, cmd)
        if isinstance(cmd, C.LockBid) and not state.auction.revealed and len(state.auction.bids) == 2:
            return n
    raise AssertionError("no auction of three bidders in the demo game")


MID_AUCTION = _mid_auction()


@pytest.fixture
def open_game(tmp_path):
    """A journal open for writing, its game in the middle of an auction (bids sealed)."""
    journal = Journal(tmp_path / "journal.sqlite3", game=MAGNIFICO)
    game_id = journal.new_game(GAME.header)
    for cmd in GAME.commands[:MID_AUCTION]:
        journal.submit(game_id, cmd)
    assert journal.state(game_id).auction.bids and not journal.state(game_id).auction.revealed
    yield journal, game_id
    journal.close()


def test_a_second_writer_in_this_process_is_refused(open_game):
    journal, game_id = open_game
    with pytest.raises(StorageError, match="already open in another Magnifico Companion"):
        Journal(journal.path, game=MAGNIFICO)
    # the first one is unharmed and goes on
    journal.submit(game_id, GAME.commands[MID_AUCTION])
    assert journal.state(game_id).auction.revealed


def test_a_second_writer_in_another_process_is_refused(open_game):
    journal, _ = open_game
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "demo", "--players", "3", "--quiet", "--db", str(journal.path)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr
    assert f"process {os.getpid()}" in proc.stderr  # says who holds it
    assert len(journal.games()) == 1  # nothing was added


def test_the_lock_goes_with_the_writer(open_game):
    journal, game_id = open_game
    journal.close()
    assert journal.path.with_name(journal.path.name + ".lock").exists()  # left behind, not held
    with Journal(journal.path, game=MAGNIFICO) as again:
        assert len(again.commands(game_id)) == MID_AUCTION
        again.submit(game_id, GAME.commands[MID_AUCTION])


@pytest.mark.parametrize("command", ["state", "export"])
def test_readers_work_beside_the_open_writer(capsys, open_game, command):
    journal, game_id = open_game
    code, out, err = run_cli(capsys, command, "--db", journal.path)
    assert code == 0, err
    if command == "state":
        shown = json.loads(out)
        assert shown["phase"] == journal.state(game_id).phase
        assert "bids" not in out  # the screen's summary never holds a sealed bid
    else:
        assert len(out.splitlines()) == MID_AUCTION + 1
    # and the writer goes on after the reader
    journal.submit(game_id, GAME.commands[MID_AUCTION])
    code, out, err = run_cli(capsys, command, "--db", journal.path)
    assert code == 0, err


def test_a_reader_in_another_process_beside_the_writer(open_game):
    journal, game_id = open_game
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "companion", "state", "--db", str(journal.path)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["round"] == journal.state(game_id).round


def test_a_read_only_journal_refuses_to_write(open_game):
    journal, game_id = open_game
    with Journal(journal.path, game=MAGNIFICO, readonly=True) as reader:
        assert reader.state(game_id).to_dict() == journal.state(game_id).to_dict()
        with pytest.raises(StorageError, match="read only"):
            reader.submit(game_id, GAME.commands[MID_AUCTION])


def test_a_second_writer_through_a_symlink_is_refused(open_game, tmp_path):
    journal, _ = open_game
    other = tmp_path / "elsewhere"
    other.mkdir()
    link = other / "link.sqlite3"
    link.symlink_to(journal.path)
    with pytest.raises(StorageError, match="already open"):
        Journal(link, game=MAGNIFICO)
