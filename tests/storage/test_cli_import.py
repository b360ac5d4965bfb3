"""Issue 4, item 4: import of a record as a game, from the command line."""

import json

from companion import cli

def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err

def test_an_imported_record_is_a_new_game_whose_state_equals_its_replay(tmp_path, capsys):
    record, db = tmp_path / "game.jsonl", tmp_path / "journal.sqlite3"
    assert run(capsys, "demo", "--seed", "11", "--players", "3", "--record", str(record), "--quiet")[0] == 0
    code, out, err = run(capsys, "import", "--db", str(db), str(record))
    assert (code, err) == (0, "") and out.strip() == "1"
    code, replayed, _ = run(capsys, "replay", str(record))
    code2, state, _ = run(capsys, "state", "--db", str(db), "--game", "1")
    assert code == code2 == 0 and json.loads(state) == json.loads(replayed)

def test_a_damaged_record_is_refused_and_nothing_is_written(tmp_path, capsys):
    record, db = tmp_path / "game.jsonl", tmp_path / "journal.sqlite3"
    run(capsys, "demo", "--seed", "12", "--players", "3", "--record", str(record), "--quiet")
    assert run(capsys, "import", "--db", str(db), str(record))[0] == 0
    lines = record.read_text().splitlines()
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text("\n".join(lines[:40] + ['{"type": "LockBid", "seat": 0, "amount": 5000}'] + lines[40:]) + "\n")
    code, out, err = run(capsys, "import", "--db", str(db), str(damaged))
    assert code == 2 and out == "" and "line 41" in err and "Traceback" not in err
    code, out, _ = run(capsys, "state", "--db", str(db), "--list")
    assert code == 0 and len(out.strip().splitlines()) == 1  # still only the first game

def test_a_missing_record_file_is_answered_in_one_line(tmp_path, capsys):
    code, out, err = run(capsys, "import", "--db", str(tmp_path / "j.sqlite3"), str(tmp_path / "nope.jsonl"))
    assert code == 2 and out == "" and err.count("\n") == 1 and "nope.jsonl" in err
