"""``python -m companion.games.magnate``: a demo game to a record, and its replay."""

from __future__ import annotations

import json

from companion.games.magnate.__main__ import main


def test_demo_writes_a_record_that_replays(tmp_path, capsys):
    path = tmp_path / "game.jsonl"
    assert main(["demo", "--seed", "5", "--quiet", "--lang", "it", "--record", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].startswith(("vince", "vincono")) and len(out) == 6  # five districts and the result
    assert main(["replay", str(path)]) == 0
    final = json.loads(capsys.readouterr().out)
    assert final["phase"] == "over" and final["outcome"]["winners"]


def test_a_bad_record_exits_2_with_one_line(tmp_path, capsys):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"game": "magnate", "seats": ["Anna", "Bruno"]}\n{"type": "Roll", "dice": [1, 2]}\n')
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err.strip() == (
        "command 1 (line 2): the setup is not finished: districts, Crowns and start player first")
