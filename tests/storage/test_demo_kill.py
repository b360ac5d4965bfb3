"""A demo game killed (SIGKILL) at random moments resumes to the same end (issue 4, done when)."""

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

demo = pytest.importorskip("companion.games.magnifico.demo", reason="the engine's demo is not in this build")

from companion.cli import main as companion_main  # noqa: E402
from companion.games.magnifico import commands as C  # noqa: E402
from companion.storage import Journal  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SEED, PLAYERS, KILLS = 11, 4, 5


def start(db, env, *extra):
    return subprocess.Popen(
        [sys.executable, "-m", "companion", "demo", "--seed", str(SEED), "--players", str(PLAYERS), "--db", str(db),
         "--quiet", *extra],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )


def kill_after(proc, saved_goal, rng):
    """Read ``saved N`` lines until N reaches the goal; SIGKILL a moment later; the last N read.

    The moment is random (0 to 3 ms on): the kill may land between two commands or in the
    middle of writing one.
    """
    last = 0
    for line in proc.stderr:
        if line.startswith("saved "):
            last = int(line.split()[1])
            if last >= saved_goal:
                break
    time.sleep(rng.random() * 0.003)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL, "the demo ended before it could be killed"
    return last


def cli(capsys, *argv):
    code = companion_main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_killed_demo_resumes_to_the_uninterrupted_end(tmp_path, capsys):
    whole = demo.play_demo(SEED, PLAYERS)
    expected = [C.to_dict(c) for c in whole.commands]
    assert whole.state.phase == "over" and len(expected) > 60
    env = {**os.environ, "MAGNIFICO_TRACE": "1", "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "PYTHONPATH": str(ROOT)}
    env.pop("MAGNIFICO_DB", None)
    db = tmp_path / "demo.sqlite3"
    rng = random.Random(SEED)
    # kills in the first 60% of the game: the demo cannot reach its end before the signal lands
    goals = sorted(rng.sample(range(1, len(expected) * 6 // 10), KILLS))
    for n, goal in enumerate(goals):
        proc = start(db, env, *(["--resume"] if n else []))
        announced = kill_after(proc, goal, rng)
        with Journal(db, readonly=True) as journal:
            [info] = journal.games()
            saved = journal.commands(info.id)
        # nothing announced as saved is missing, and what is saved is the game's own beginning
        assert len(saved) >= announced >= goal
        assert saved == expected[: len(saved)]
        # `export` after a kill: the commands, those still sealed written sealed (who, never what)
        exported = [json.loads(line) for line in cli(capsys, "export", "--db", str(db)).splitlines()[1:]]
        sealed = [i for i, c in enumerate(exported) if c.get("sealed")]
        assert sealed == list(range(len(exported) - len(sealed), len(exported)))  # only after the last reveal
        assert all(set(exported[i]) == {"type", "seat", "sealed"} for i in sealed)
        assert exported[: len(exported) - len(sealed)] == saved[: len(exported) - len(sealed)]
        # `state` after a kill equals `replay` of the commands saved
        record = tmp_path / f"after-kill-{n}.jsonl"
        record.write_text("".join(json.dumps(x) + "\n" for x in [whole.header, *saved]), encoding="utf-8")
        assert cli(capsys, "state", "--db", str(db)) == cli(capsys, "replay", str(record))
    proc = start(db, env, "--resume")
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    with Journal(db, readonly=True) as journal:
        [info] = journal.games()
        assert journal.commands(info.id) == expected
        assert journal.state(info.id).to_dict() == whole.state.to_dict()
        assert info.finished and info.winner == whole.state.seats[whole.state.winner].name


def test_resume_without_a_demo_game_is_told(tmp_path, capsys):
    code = companion_main(["demo", "--db", str(tmp_path / "empty.sqlite3"), "--resume"])
    assert code == 2
    assert "There is no demo game in" in capsys.readouterr().err


def test_a_demo_written_to_the_journal_exports_its_record(tmp_path, capsys):
    db, record = tmp_path / "d.sqlite3", tmp_path / "d.jsonl"
    cli(capsys, "demo", "--seed", "3", "--players", "3", "--db", str(db), "--record", str(record), "--quiet")
    lines = record.read_text(encoding="utf-8").splitlines()
    whole = demo.play_demo(3, 3)
    assert json.loads(lines[0]) == whole.header
    assert [json.loads(line) for line in lines[1:]] == [C.to_dict(c) for c in whole.commands]
    assert cli(capsys, "export", "--db", str(db)) == record.read_text(encoding="utf-8")
    # resuming a finished demo changes nothing
    assert companion_main(["demo", "--db", str(db), "--resume"]) == 0
    assert "is already over" in capsys.readouterr().err
