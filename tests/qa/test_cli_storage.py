"""Bad journals on the command line (export, state, demo --db): told, exit 2, the file never damaged.

Rules: GUIDE ("never loses saved data: corrupt files"); issue 4 item 5 ("a database that is
locked by another instance, corrupt, from a newer version ... gets a clear message; the
damaged file is kept aside, never silently overwritten").
"""

from __future__ import annotations

import json
import shutil
import sqlite3

import pytest

from tests.qa.conftest import assert_refused, digest, run_cli


def _damage(demo_journal, tmp_path, sql):
    path = tmp_path / "journal.sqlite3"
    src = sqlite3.connect(demo_journal)
    dst = sqlite3.connect(path)
    src.backup(dst)  # a consistent copy, whatever the WAL holds
    src.close()
    if sql == "newer":  # as a newer app writes it: the row's sum matches
        from companion.storage.sums import schema_sum

        [(journal_id,)] = dst.execute("SELECT journal_id FROM schema_version").fetchall()
        dst.execute("UPDATE schema_version SET version = 99, sum = ?", (schema_sum(99, journal_id),))
        dst.commit()
    elif sql:
        dst.execute(sql)
        dst.commit()
    dst.close()
    return path


DAMAGE = {
    "header": "UPDATE games SET header = '{not json'",
    "meta": "UPDATE games SET meta = 'xx'",
    "command body": "UPDATE commands SET body = '[1, 2' WHERE seq = 5",
    "command without its command": "UPDATE commands SET body = '{\"type\": \"Nope\"}' WHERE seq = 5",
    "a command missing before the snapshot": "DELETE FROM commands WHERE seq = 7",
    "schema version not a number": "UPDATE schema_version SET version = 'x'",
    "newer schema": "newer",
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_export_of_a_damaged_journal_is_told_and_the_file_kept(capsys, demo_journal, tmp_path, damage):
    path = _damage(demo_journal, tmp_path, DAMAGE[damage])
    before = digest(path)
    assert_refused(*run_cli(capsys, "export", "--db", path))
    assert digest(path) == before


@pytest.mark.parametrize("damage", ["header", "meta", "schema version not a number", "newer schema"])
def test_state_of_a_damaged_journal_is_told(capsys, demo_journal, tmp_path, damage):
    path = _damage(demo_journal, tmp_path, DAMAGE[damage])
    before = digest(path)
    assert_refused(*run_cli(capsys, "state", "--db", path))
    assert digest(path) == before


def test_the_list_of_games_survives_damaged_columns(capsys, demo_journal, tmp_path):
    path = _damage(demo_journal, tmp_path, "UPDATE games SET players = 'zz', rounds = 'x' ")
    code, out, err = run_cli(capsys, "state", "--db", path, "--list")
    assert code == 0 and "Traceback" not in err
    assert out.startswith("1\t")


def test_a_damaged_game_record_without_a_second_copy_is_told_exactly(capsys, demo_journal, tmp_path):
    """issue 12 item 3: the notes of a game changed under it fail its check (the copy has no shadow)."""
    path = _damage(demo_journal, tmp_path, "UPDATE games SET meta = '[' ")
    code, out, err = run_cli(capsys, "state", "--db", path, "--list")
    assert_refused(code, out, err)
    assert "the record of game 1 fails its check and there is no second copy" in err


def _bad_file(tmp_path, kind):
    path = tmp_path / "journal.sqlite3"
    if kind == "directory":
        path.mkdir()
    elif kind == "missing folder":
        path = tmp_path / "no" / "such" / "journal.sqlite3"
    elif kind == "missing":
        pass
    elif kind == "text":
        path.write_text("not a database")
    elif kind == "sqlite magic then garbage":
        path.write_bytes(b"SQLite format 3\x00" + b"garbage" * 100)
    elif kind == "another program's database":
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE foo (x)")
        conn.commit()
        conn.close()
    elif kind == "empty":
        path.write_bytes(b"")
    return path


@pytest.mark.parametrize("kind", ["directory", "missing folder", "missing", "text", "sqlite magic then garbage",
                                  "another program's database", "empty"])
@pytest.mark.parametrize("command", ["export", "state"])
def test_read_only_commands_refuse_a_bad_file(capsys, tmp_path, kind, command):
    path = _bad_file(tmp_path, kind)
    before = digest(path)
    assert_refused(*run_cli(capsys, command, "--db", path))
    assert digest(path) == before
    assert not path.with_name(path.name + ".lock").exists()  # reading takes no lock, leaves nothing


@pytest.mark.parametrize("url", ["postgresql://x/y", "sqlite://", "sqlite:///:memory:"])
def test_an_unusable_database_url(capsys, url):
    assert_refused(*run_cli(capsys, "state", "--db", url))


def test_demo_db_that_is_a_folder_is_refused_and_nothing_made(capsys, tmp_path):
    folder = tmp_path / "journal"
    folder.mkdir()
    assert_refused(*run_cli(capsys, "demo", "--players", "3", "--quiet", "--db", folder))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["journal"]  # no journal.lock beside it


@pytest.mark.parametrize("kind", ["another program's database", "newer schema"])
def test_demo_db_never_overwrites_what_it_cannot_use(capsys, demo_journal, tmp_path, kind):
    path = (_damage(demo_journal, tmp_path, DAMAGE["newer schema"]) if kind == "newer schema"
            else _bad_file(tmp_path, kind))
    before = digest(path)
    assert_refused(*run_cli(capsys, "demo", "--players", "3", "--quiet", "--db", path))
    assert digest(path) == before


def test_demo_db_refuses_a_file_it_did_not_make(capsys, tmp_path):
    """issue 12 item 8: nothing renamed that the app did not create."""
    path = _bad_file(tmp_path, "text")
    assert_refused(*run_cli(capsys, "demo", "--players", "3", "--quiet", "--db", path))
    assert path.read_text() == "not a database"
    assert not [p for p in tmp_path.iterdir() if ".damaged-" in p.name]


def test_demo_db_keeps_a_corrupt_journal_of_its_own_aside(capsys, tmp_path):
    path = tmp_path / "journal.sqlite3"
    assert run_cli(capsys, "demo", "--players", "3", "--quiet", "--db", path)[0] == 0
    path.write_text("not a database")  # the shadow beside it says the app made it
    code, out, err = run_cli(capsys, "demo", "--players", "3", "--quiet", "--db", path)
    assert code == 0 and "kept as" in err
    kept = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and kept[0].read_text() == "not a database"


def test_resume_without_a_demo_game(capsys, tmp_path):
    assert_refused(*run_cli(capsys, "demo", "--quiet", "--resume", "--db", tmp_path / "fresh.sqlite3"))


@pytest.mark.parametrize("game", ["5", "-1", "99999999999999999999999", "-99999999999999999999999"])
@pytest.mark.parametrize("command", ["export", "state"])
def test_a_game_that_is_not_in_the_journal(capsys, demo_journal, command, game):
    before = digest(demo_journal)
    code, out, err = run_cli(capsys, command, "--db", demo_journal, "--game", game)
    assert_refused(code, out, err)
    assert f"no game {game}" in err
    assert digest(demo_journal) == before


# --- issue 12: two copies, sealed exports ---------------------------------------------------


def _copy_with_shadow(demo_journal, tmp_path):
    """The demo journal with its shadow (a finished game: the -wal was checkpointed at close)."""
    path = tmp_path / "journal.sqlite3"
    shutil.copy(demo_journal, path)
    shutil.copy(demo_journal.with_name(demo_journal.name + ".shadow.jsonl"), tmp_path / "journal.sqlite3.shadow.jsonl")
    return path


def test_export_of_a_repaired_journal_is_whole_and_says_so(capsys, demo_journal, tmp_path):
    """A command row changed under the database: export reads it from the shadow, says so on
    stderr, exits 0, and changes neither file."""
    whole = run_cli(capsys, "export", "--db", demo_journal)[1]
    path = _copy_with_shadow(demo_journal, tmp_path)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE commands SET body = body || ' ' WHERE seq = 30")
    conn.commit()
    conn.close()
    before = digest(path)
    code, out, err = run_cli(capsys, "export", "--db", path)
    assert code == 0 and out == whole
    assert "read together with its second copy" in err and "Game 1: 1 command (30) restored" in err
    assert digest(path) == before


def test_export_of_a_journal_with_a_loss_prints_what_is_left_and_exits_1(capsys, demo_journal, tmp_path):
    path = _copy_with_shadow(demo_journal, tmp_path)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE commands SET body = body || ' ' WHERE seq = 30")
    conn.commit()
    conn.close()
    shadow = tmp_path / "journal.sqlite3.shadow.jsonl"
    shadow.write_bytes(shadow.read_bytes().replace(b'{"seq":30,', b'{"seq":30 ,', 1))  # its line fails its sum
    code, out, err = run_cli(capsys, "export", "--db", path)
    assert code == 1 and len(out.splitlines()) == 1 + 29  # the header and commands 1-29
    assert "Game 1: 1 command (30) lost: damaged in both copies. The game goes on from command 29." in err
    assert "Traceback" not in err


def test_export_mid_auction_keeps_the_bids_sealed_and_the_file_private(capsys, tmp_path):
    """issue 12 item 5: `companion export` mid-auction wrote {"type":"LockBid","seat":0,"amount":30}."""
    from companion.games.magnifico.demo import play_demo
    from companion.games.magnifico.game import GAME
    from companion.storage.journal import Journal

    demo = play_demo(3, 3)
    path = tmp_path / "journal.sqlite3"
    with Journal(path, game=GAME) as journal:
        game = journal.new_game(demo.header)
        locked = 0
        for cmd in demo.commands:
            journal.submit(game, cmd)
            state = journal.state(game)
            locked = len(state.auction.bids) if state.auction and not state.auction.revealed else 0
            if locked == 2:
                break
    code, out, err = run_cli(capsys, "export", "--db", path)
    assert code == 0, err
    lines = [json.loads(x) for x in out.splitlines()]
    sealed = [x for x in lines if x.get("sealed")]
    assert len(sealed) == 2 and all(set(x) == {"type", "seat", "sealed"} and x["type"] == "LockBid" for x in sealed)
    target = tmp_path / "out.jsonl"
    code, out, err = run_cli(capsys, "export", "--db", path, "--out", target)
    assert code == 0 and out == "" and target.stat().st_mode & 0o777 == 0o600
    assert [json.loads(x) for x in target.read_text().splitlines()] == lines
