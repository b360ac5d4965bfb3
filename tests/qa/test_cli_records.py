"""Bad game records on the command line (replay, battle, odds): a clear line, exit 2, no traceback.

Rule: "Bad input is always answered with a clear message, never a traceback" (GUIDE).
"""

from __future__ import annotations

import json

import pytest

from tests.qa.conftest import assert_refused, digest, run_cli


def _variant(good_record, tmp_path, kind):
    lines = good_record.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    path = tmp_path / f"{kind}.jsonl"
    if kind == "missing":
        return tmp_path / "nothing-here.jsonl"
    if kind == "directory":
        path.mkdir()
        return path
    if kind == "empty":
        path.write_text("")
    elif kind == "binary":
        path.write_bytes(bytes(range(256)) * 8)
    elif kind == "utf16":
        path.write_text("\n".join(lines), encoding="utf-16")
    elif kind == "truncated":
        path.write_text("\n".join(lines[:40]) + "\n" + lines[40][: len(lines[40]) // 2])
    elif kind == "other_game":
        path.write_text("\n".join([json.dumps({**header, "game": "magnate"}), *lines[1:]]))
    elif kind == "newer_format":
        path.write_text("\n".join([json.dumps({**header, "format": 99}), *lines[1:]]))
    elif kind == "two_seats":
        path.write_text("\n".join([json.dumps({**header, "seats": header["seats"][:2]}), *lines[1:]]))
    elif kind == "unknown_command":
        path.write_text("\n".join([*lines[:10], '{"type": "Nope"}', *lines[10:]]))
    elif kind == "mistyped_command":
        path.write_text("\n".join([*lines[:10], '{"type": "LockBid", "seat": "x", "amount": [1]}']))
    elif kind == "huge_number":  # past Python's 4300-digit limit: a ValueError inside json
        path.write_text("\n".join([*lines[:3], '{"type": "StartOrderRoll", "seat": ' + "9" * 5000 + "}"]))
    elif kind == "deep_nesting":  # a RecursionError inside json
        path.write_text("\n".join([*lines[:3], '{"type": "X", "faces": ' + "[" * 100_000 + "]" * 100_000 + "}"]))
    return path


KINDS = ["missing", "directory", "empty", "binary", "utf16", "truncated", "other_game", "newer_format",
         "two_seats", "unknown_command", "mistyped_command", "huge_number", "deep_nesting"]


@pytest.mark.parametrize("kind", KINDS)
def test_replay_refuses_a_bad_record(capsys, good_record, tmp_path, kind):
    path = _variant(good_record, tmp_path, kind)
    before = digest(path)
    assert_refused(*run_cli(capsys, "replay", path))
    assert digest(path) == before


@pytest.mark.parametrize("kind", ["missing", "directory", "empty", "binary", "truncated", "huge_number",
                                  "deep_nesting"])
@pytest.mark.parametrize("command", ["battle", "odds"])
def test_battle_and_odds_refuse_a_bad_file(capsys, good_record, tmp_path, kind, command):
    path = _variant(good_record, tmp_path, kind)
    if kind == "deep_nesting":  # one JSON document, as a battle file is
        path.write_text('{"attacker": ' + "[" * 100_000 + "]" * 100_000 + "}")
    elif kind == "huge_number":
        path.write_text('{"attacker": {"soldiers": ' + "9" * 5000 + "}}")
    assert_refused(*run_cli(capsys, command, path))


def test_the_import_of_a_record_refuses_deep_nesting(tmp_path):
    from companion.errors import GameError
    from companion.games.magnifico.game import GAME as MAGNIFICO
    from companion.storage.journal import Journal

    with Journal(tmp_path / "j.sqlite3", game=MAGNIFICO, key_file=tmp_path / "key") as journal:
        with pytest.raises(GameError, match="nested too deeply"):
            journal.import_record(['{"game": "magnifico"}', '{"type": ' + "[" * 100_000 + "]" * 100_000 + "}"])
        assert journal.games() == []  # nothing written


@pytest.mark.parametrize("argv, fragment", [
    (["--players", "2"], "played by 3 to 5 players"),
    (["--players", "6"], "played by 3 to 5 players"),
    (["--seed", "abc"], "invalid int"),
])
def test_demo_refuses_impossible_options(capsys, argv, fragment):
    code, out, err = run_cli(capsys, "demo", "--quiet", *argv)
    assert_refused(code, out, err)
    assert fragment in err


def test_demo_record_into_a_folder_leaves_no_stray_file(capsys, tmp_path):
    target = tmp_path / "a-folder"
    target.mkdir()
    code, out, err = run_cli(capsys, "demo", "--players", "3", "--quiet", "--record", target)
    assert_refused(code, out, err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-folder"]  # no a-folder.tmp left behind


def test_demo_record_in_a_missing_folder(capsys, tmp_path):
    assert_refused(*run_cli(capsys, "demo", "--players", "3", "--quiet", "--record", tmp_path / "no" / "x.jsonl"))
