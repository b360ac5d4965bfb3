"""``python -m companion export|state``: the record and the state of a journal's game (issue 4)."""

import json

from companion.cli import main
from companion.storage import Journal
from tests.storage import tally


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def make(db_path):
    with Journal(db_path, game=tally) as journal:
        first = journal.new_game(tally.header())
        journal.submit(first, {"type": "Move", "seat": 0, "steps": 2})
        second = journal.new_game(tally.header(players=2))
        journal.submit(second, {"type": "Pay", "seat": 1, "amount": 30})
    return first, second


def test_export_prints_the_record_of_the_last_game_or_the_one_asked(db_path, capsys):
    first, second = make(db_path)
    code, out, _ = run(capsys, "export", "--db", str(db_path))
    assert code == 0
    assert [json.loads(line) for line in out.splitlines()] == [tally.header(players=2), {"type": "Pay", "seat": 1, "amount": 30}]
    code, out, _ = run(capsys, "export", "--db", str(db_path), "--game", str(first))
    assert json.loads(out.splitlines()[1]) == {"type": "Move", "seat": 0, "steps": 2}


def test_state_prints_the_current_state(db_path, capsys):
    first, _ = make(db_path)
    code, out, _ = run(capsys, "state", "--db", str(db_path), "--game", str(first))
    assert code == 0 and json.loads(out)["place"] == [2, 0, 0]
    code, out, _ = run(capsys, "state", "--db", str(db_path), "--list")
    assert out.splitlines()[0].split("\t")[2] == "Anna, Bruno"


def test_bad_journals_are_told_without_a_traceback(db_path, tmp_path, capsys):
    code, _, err = run(capsys, "state", "--db", str(tmp_path / "none.sqlite3"))
    assert code == 2 and "There is no journal at" in err
    db_path.write_bytes(b"not a database at all" * 50)
    code, _, err = run(capsys, "export", "--db", str(db_path))
    assert code == 2 and "is not a journal of this app" in err and "left untouched" in err
    assert db_path.read_bytes() == b"not a database at all" * 50
    db_path.unlink()
    make(db_path)
    code, _, err = run(capsys, "export", "--db", str(db_path), "--game", "99")
    assert code == 2 and "There is no game 99" in err
