"""Magnate through the family's command line and journal (issue 10 item 3: ``demo --game
magnate`` plays a whole game with bots; ``replay`` picks the game from the header)."""

from __future__ import annotations

import json

from companion.cli import main
from companion.core import registry
from companion.core.game import Game
from companion.games.magnate.game import GAME


def test_the_registry_finds_magnate_by_its_entry_point():
    assert registry.get("magnate") is GAME and isinstance(GAME, Game)
    assert "magnate" in registry.names()


def test_demo_record_replay_and_the_journal(tmp_path, capsys):
    record = tmp_path / "magnate.jsonl"
    assert main(["demo", "--game", "magnate", "--seed", "5", "--record", str(record)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].startswith("Anna wins") or out[-1].startswith("Bruno wins") or "both win" in out[-1]
    assert sum(1 for line in out if line.startswith("the district of")) == 5
    assert main(["replay", str(record)]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["phase"] == "over" and replayed["outcome"]["winners"]
    db = tmp_path / "magnate.sqlite3"
    assert main(["demo", "--game", "magnate", "--seed", "5", "--quiet", "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["state", "--db", str(db)]) == 0
    assert json.loads(capsys.readouterr().out) == replayed
    assert main(["export", "--db", str(db)]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == record.read_text(encoding="utf-8").splitlines()[1:]


def test_a_bad_record_exits_2_naming_the_line(tmp_path, capsys):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"game": "magnate", "seats": ["Anna", "Bruno"]}\n{"type": "Roll", "dice": [1, 2]}\n')
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err.strip() == (
        "command 1 (line 2): the setup is not finished: districts, Crowns and start player first")
    assert main(["demo", "--game", "magnate", "--players", "3"]) == 2
    assert "Magnate is played by 2 players" in capsys.readouterr().err
