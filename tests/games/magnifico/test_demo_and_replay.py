"""The virtual table: same seed, same game; records replay to the identical state;
a game resumes from any prefix of its commands (storage relies on this)."""

import json
import subprocess
import sys

import pytest

from companion.core.record import read_record
from companion.games.magnifico import commands as C
from companion.games.magnifico.demo import play_demo
from companion.games.magnifico.record import replay, summary


@pytest.fixture(scope="module")
def game():
    return play_demo(7, 4)


def test_demo_plays_to_a_winner(game):
    assert game.state.phase == "over" and game.state.winner is not None
    assert game.state.seats[game.state.winner].vp >= 30
    assert game.lines and "wins" in game.lines[-1]


def test_same_seed_same_game(game):
    again = play_demo(7, 4)
    assert [C.to_dict(c) for c in again.commands] == [C.to_dict(c) for c in game.commands]


def test_the_record_replays_to_the_identical_state(game):
    dicts = json.loads(json.dumps([C.to_dict(c) for c in game.commands]))
    header = json.loads(json.dumps(game.header))
    assert replay(header, dicts).to_dict() == game.state.to_dict()


def test_resume_from_a_prefix_continues_the_same_game(game):
    seen = []
    part = play_demo(7, 4, max_commands=123)
    assert len(part.commands) == 123
    rest = play_demo(7, 4, commands=[C.to_dict(c) for c in part.commands],
                     on_command=lambda header, k, cmd: seen.append(k))
    assert rest.commands == game.commands
    assert seen[0] == 123 and seen[-1] == len(game.commands) - 1
    assert rest.state.to_dict() == game.state.to_dict()


@pytest.mark.parametrize("players", [3, 5])
def test_demo_with_three_and_five_players(players):
    g = play_demo(3, players)
    assert g.state.n == players and g.state.phase == "over"


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=60)


def test_cli_demo_writes_a_record_that_replay_reads(tmp_path):
    path = tmp_path / "game.jsonl"
    out = run_cli("demo", "--seed", "5", "--players", "3", "--record", str(path))
    assert out.returncode == 0 and "Round 1" in out.stdout
    header, commands = read_record(path)
    assert header["game"] == "magnifico" and commands[0]["type"] == "RemoveCards"
    shown = run_cli("replay", str(path))
    assert shown.returncode == 0
    final = json.loads(shown.stdout)
    assert final == json.loads(json.dumps(summary(replay(header, commands))))
    assert final["winner"] is not None and {"florins", "vp", "castles", "soldiers_left"} <= set(final["players"][0])


def test_cli_replay_bad_files_exit_2_with_one_line(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"game": "magnifico"}\n{"type": "LockBid"}\n')
    out = run_cli("replay", str(bad))
    assert out.returncode == 2 and "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1
    out = run_cli("replay", str(tmp_path / "missing.jsonl"))
    assert out.returncode == 2 and "cannot read" in out.stderr


def test_cli_replay_illegal_command_names_the_line(tmp_path, game):
    path = tmp_path / "g.jsonl"
    cmds = [C.to_dict(c) for c in game.commands[:40]] + [{"type": "EndTurn", "seat": 0}]
    path.write_text("\n".join(json.dumps(x) for x in [game.header, *cmds]) + "\n")
    out = run_cli("replay", str(path))
    assert out.returncode == 2 and "command 41 (line 42)" in out.stderr


def test_cli_demo_db_without_storage_is_a_clear_message(tmp_path):
    try:
        import companion.storage.demo  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("the storage package is here: --db is its business")
    out = run_cli("demo", "--db", str(tmp_path / "x.db"))
    assert out.returncode == 2 and "storage" in out.stderr and "Traceback" not in out.stderr
