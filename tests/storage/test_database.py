"""Where the journal lives and how bad storage is answered (issue 4, parts 1 and 5)."""

import hashlib
import json
import os
import sqlite3

import pytest

from companion.errors import GameError
from companion.storage import Journal, StorageError
from companion.storage.migrations import V1_DDL
from companion.storage.models import SCHEMA_VERSION
from tests.storage import tally

MOVE = {"type": "Move", "seat": 0, "steps": 1}


def kept_aside(db_path):
    """The damaged files kept beside the journal (without their -wal and -shm companions)."""
    return sorted(p for p in db_path.parent.glob(db_path.name + ".damaged-*") if not p.name.endswith(("-wal", "-shm")))


def set_version(conn, version):
    """The schema version row set as an app of that version would write it (with its sum)."""
    from companion.storage.sums import schema_sum

    [(journal_id,)] = conn.execute("SELECT journal_id FROM schema_version").fetchall()
    conn.execute("UPDATE schema_version SET version = ?, sum = ?", (version, schema_sum(version, journal_id)))


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_by_default_the_journal_is_in_the_user_data_folder(tmp_path):
    with Journal(game=tally) as journal:
        assert journal.path == tmp_path / "data" / "magnifico-companion" / "journal.sqlite3"
        journal.new_game(tally.header())
    assert journal.path.exists()


def test_the_environment_moves_it_by_path_or_url(tmp_path, monkeypatch):
    monkeypatch.setenv("MAGNIFICO_DB", str(tmp_path / "env.sqlite3"))
    with Journal(game=tally) as journal:
        assert journal.path == tmp_path / "env.sqlite3"
    monkeypatch.setenv("MAGNIFICO_DB", f"sqlite:///{tmp_path}/url.sqlite3")
    with Journal(game=tally) as journal:
        assert journal.path == tmp_path / "url.sqlite3"
        assert journal.path.exists()


def test_the_settings_file_moves_it_and_the_key(tmp_path):
    config = tmp_path / "config" / "magnifico-companion"
    config.mkdir(parents=True)
    (config / "settings.json").write_text(
        json.dumps({"database": str(tmp_path / "usb" / "games.sqlite3"), "key_file": str(tmp_path / "k.key")})
    )
    with Journal(game=tally) as journal:
        assert journal.path == tmp_path / "usb" / "games.sqlite3"
        game = journal.new_game(tally.header())
        journal.submit(game, {"type": "LockBid", "seat": 0, "amount": 10})
    assert (tmp_path / "k.key").stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize("url", ["postgresql://host/db", "sqlite://", "sqlite:///:memory:"])
def test_databases_other_than_an_sqlite_file_are_refused(url):
    with pytest.raises(StorageError, match="SQLite|database file"):
        Journal(url, game=tally)


def test_a_second_instance_on_the_same_journal_is_refused(db_path):
    with Journal(db_path, game=tally):
        with pytest.raises(StorageError, match=f"already open in another Magnifico Companion \\(process {os.getpid()}\\)"):
            Journal(db_path, game=tally)
    # once the first one is closed, the file opens again
    Journal(db_path, game=tally).close()


def test_a_busy_database_is_told_and_nothing_is_applied(db_path):
    journal = Journal(db_path, game=tally, busy_timeout=0.1)
    game = journal.new_game(tally.header())
    other = sqlite3.connect(db_path)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StorageError, match="is busy: another program holds it locked"):
            journal.submit(game, MOVE)
    finally:
        other.rollback()
        other.close()
    assert journal.state(game).place == [0, 0, 0]
    journal.submit(game, MOVE)
    assert journal.state(game).place == [1, 0, 0]
    journal.close()


def test_a_full_disk_is_told_and_nothing_is_half_written(db_path):
    journal = Journal(db_path, game=tally, snapshot_every=0)
    game = journal.new_game(tally.header())
    journal.submit(game, MOVE)
    with journal._db.engine.connect() as conn:  # the pool hands this connection back to the journal
        pages = conn.exec_driver_sql("PRAGMA page_count").scalar()
        conn.exec_driver_sql(f"PRAGMA max_page_count = {pages}")
    big = {"type": "Draw", "cards": ["x" * 5000]}
    with pytest.raises(StorageError, match="is full: the last action was NOT saved"):
        journal.submit(game, big)
    assert journal.state(game).table == []
    with pytest.raises(StorageError, match="is full"):
        journal.import_record(journal.export(game) + json.dumps(big) + "\n")
    journal.close()
    with Journal(db_path, game=tally) as journal:
        assert [g.id for g in journal.games()] == [game]
        assert journal.commands(game) == [MOVE]
        journal.submit(game, big)  # with room again, it goes through
        assert journal.state(game).table == ["x" * 5000]


def test_a_file_this_app_did_not_make_is_refused_untouched(db_path):
    """issue 12 item 8: nothing renamed that the app did not create."""
    db_path.write_bytes(b"my shopping list\n" * 100)
    with pytest.raises(StorageError, match="is not a journal of this app .*left untouched"):
        Journal(db_path, game=tally)
    assert db_path.read_bytes() == b"my shopping list\n" * 100 and kept_aside(db_path) == []


def test_a_journal_of_ours_turned_to_garbage_is_kept_aside_and_rebuilt(db_path):
    with Journal(db_path, game=tally) as journal:
        game = journal.new_game(tally.header())
        journal.submit(game, MOVE)
    db_path.write_bytes(b"my shopping list\n" * 100)  # its shadow beside it says it was ours
    journal = Journal(db_path, game=tally)
    aside = kept_aside(db_path)
    assert len(aside) == 1 and aside[0].read_bytes() == b"my shopping list\n" * 100
    assert journal.notices[0] == (f"The journal {db_path} was damaged (it is not a database); it has been kept "
                                  f"as {aside[0]} and written again from both copies.")
    assert journal.commands(game) == [MOVE]
    journal.close()
    # a second damaged file never overwrites the first one kept aside
    db_path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 2000)
    Journal(db_path, game=tally).close()
    assert len(kept_aside(db_path)) == 2


def test_a_malformed_database_is_kept_aside(db_path):
    record = json.dumps(tally.header()) + "\n" + '{"type":"Draw","cards":["%s"]}\n' % ("c" * 200) * 200
    with Journal(db_path, game=tally, snapshot_every=0) as journal:
        journal.import_record(record)  # 200 commands in one transaction: 40-odd pages
    conn = sqlite3.connect(db_path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = bytearray(db_path.read_bytes())
    page = 4096
    data[page * 2 : page * 4] = os.urandom(page * 2)  # scribble over two pages
    db_path.write_bytes(bytes(data))
    original = digest(db_path)
    journal = Journal(db_path, game=tally)
    aside = kept_aside(db_path)
    assert len(aside) == 1 and digest(aside[0]) == original
    assert "was damaged" in journal.notices[0]
    [info] = journal.games()  # the whole game, from the shadow
    assert info.commands == 200 and len(journal.commands(info.id)) == 200
    journal.close()


def test_a_damaged_file_opened_to_read_only_is_left_alone(db_path):
    db_path.write_bytes(b"SQLite format 3\x00" + b"garbage" * 100)
    with pytest.raises(StorageError, match="is not a journal of this app"):
        Journal(db_path, game=tally, readonly=True)
    with Journal(db_path.with_name("other.sqlite3"), game=tally) as journal:  # one of ours, then damaged
        journal.submit(journal.new_game(tally.header()), MOVE)
    ours = db_path.with_name("other.sqlite3")
    ours.write_bytes(b"garbage" * 100)
    shadow = ours.with_name(ours.name + ".shadow.jsonl")
    shadow.unlink()
    assert digest(ours)
    ours.with_name(ours.name + ".lock").unlink()
    # still ours? no shadow, not our tables, not the default journal: refused, never touched
    with pytest.raises(StorageError, match="is not a journal of this app"):
        Journal(ours, game=tally, readonly=True)
    assert ours.read_bytes() == b"garbage" * 100


def test_a_journal_from_a_newer_version_is_refused_untouched(db_path):
    with Journal(db_path, game=tally) as journal:
        journal.new_game(tally.header())
    conn = sqlite3.connect(db_path)
    set_version(conn, SCHEMA_VERSION + 1)  # with its sum, as a newer app writes it
    conn.commit()
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.close()
    before = digest(db_path)
    with pytest.raises(StorageError, match=f"newer Magnifico Companion \\(schema {SCHEMA_VERSION + 1}.*left untouched"):
        Journal(db_path, game=tally)
    assert digest(db_path) == before
    assert sorted(p.name for p in db_path.parent.iterdir() if p.name.startswith("journal.sqlite3")) == [
        "journal.sqlite3", "journal.sqlite3.lock", "journal.sqlite3.shadow.jsonl"
    ]


def test_another_programs_database_is_not_taken_over(db_path):
    conn = sqlite3.connect(db_path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    with pytest.raises(StorageError, match="some other program"):
        Journal(db_path, game=tally)


def make_v1(db_path):
    conn = sqlite3.connect(db_path)
    for ddl in V1_DDL:
        conn.execute(ddl)
    conn.execute("INSERT INTO schema_version VALUES (1, 1, '2026-01-01T00:00:00')")
    header = json.dumps(tally.header(players=2, target=1))
    conn.execute("INSERT INTO games VALUES (1, 'tally', ?, '{}', '2026-01-01T00:00:00', 2)", (header,))
    for seq, cmd in enumerate([MOVE, {"type": "Roll", "seat": 1, "faces": [6]}], 1):
        body = json.dumps({"command": cmd, "events": []})
        conn.execute(
            "INSERT INTO commands (game_id, seq, status, secret, sealed, reveal, body, created_at) "
            "VALUES (1, ?, 'done', 0, 0, ?, ?, '2026-01-01T00:00:00')",
            (seq, seq == 2, body),
        )
    conn.commit()
    conn.close()


def test_a_version_1_journal_is_migrated_with_a_copy_kept(db_path):
    make_v1(db_path)
    with Journal(db_path, game=tally) as journal:
        backups = list(db_path.parent.glob("journal.sqlite3.v1-*"))
        assert len(backups) == 1
        assert journal.notices == [
            f"The journal was brought from schema 1 to {SCHEMA_VERSION}; the old file is kept as {backups[0]}."
        ]
        [info] = journal.games()
        assert (info.players, info.rounds, info.finished, info.winner, info.commands) == (
            ["Anna", "Bruno"], 1, True, "Bruno", 2
        )
        assert info.updated_at == "2026-01-01T00:00:00"
        assert journal.state(1).vp == [0, 1]
        with pytest.raises(GameError, match="Undo stops here"):
            journal.undo(1)
    conn = sqlite3.connect(db_path)
    assert conn.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
    conn.close()
    conn = sqlite3.connect(backups[0])
    assert conn.execute("SELECT version FROM schema_version").fetchall() == [(1,)]
    conn.close()
    # a second opening finds nothing left to migrate
    with Journal(db_path, game=tally) as journal:
        assert journal.notices == []


def test_reading_a_missing_journal_is_told(tmp_path):
    with pytest.raises(StorageError, match="There is no journal at"):
        Journal(tmp_path / "nope.sqlite3", game=tally, readonly=True)


def test_a_journal_that_cannot_be_read_is_told_and_never_moved(db_path, monkeypatch):
    """Only 'not a database' and 'malformed' move a file aside; an I/O error does not."""
    from companion.storage import database

    with Journal(db_path, game=tally) as journal:
        journal.new_game(tally.header())
    before = digest(db_path)
    real_connect = sqlite3.connect

    class Failing:
        def __init__(self, *args, **kwargs):
            self.conn = real_connect(*args, **kwargs)

        def execute(self, sql, *args):
            err = sqlite3.OperationalError("disk I/O error")
            err.sqlite_errorcode = 10  # SQLITE_IOERR
            raise err

        def close(self):
            self.conn.close()

    monkeypatch.setattr(database.sqlite3, "connect", Failing)
    with pytest.raises(StorageError, match="cannot be opened \\(disk I/O error\\); it was left as it is"):
        Journal(db_path, game=tally)
    monkeypatch.undo()
    assert kept_aside(db_path) == [] and digest(db_path) == before
    with Journal(db_path, game=tally) as journal:
        assert len(journal.games()) == 1
