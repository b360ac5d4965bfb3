"""The journal saves every accepted command and gives back the same state (issue 4, part 1-2)."""

import json
import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import GameError, StorageError
from companion.storage import Journal
from tests.storage import tally
from tests.storage.conftest import reopen


def rows(path, sql="SELECT seq, status, sealed, reveal, body FROM commands ORDER BY seq"):
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def play(journal, game_id, commands):
    for cmd in commands:
        journal.submit(game_id, cmd)


def test_an_accepted_command_is_in_the_file_when_submit_returns(journal, db_path):
    game = journal.new_game(tally.header())
    state, events = journal.submit(game, {"type": "Move", "seat": 1, "steps": 2})
    assert state.place == [0, 2, 0] and events == [{"type": "moved", "seat": 1, "steps": 2}]
    # another connection (another process would be the same) sees it committed
    assert [(r[0], r[1]) for r in rows(db_path)] == [(1, "done")]


def test_a_refused_command_writes_nothing(journal, db_path):
    game = journal.new_game(tally.header())
    with pytest.raises(GameError, match="holds 100 florins; a bid of 500 is not possible"):
        journal.submit(game, {"type": "LockBid", "seat": 0, "amount": 500})
    with pytest.raises(GameError, match="not a command these rules know|Unknown command"):
        journal.submit(game, {"type": "Teleport", "seat": 0})
    assert rows(db_path) == []
    assert journal.state(game).florins == [100, 100, 100]


def test_the_file_is_in_wal_mode_with_full_sync(journal):
    with journal._db.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL


@settings(max_examples=15)  # each example commits to disk (fsync): kept below the profiles
@given(seed=st.integers(0, 10_000), every=st.integers(2, 9), length=st.integers(0, 40))
def test_loading_from_snapshots_equals_a_full_replay(tmp_path_factory, seed, every, length):
    path = tmp_path_factory.mktemp("snap") / "j.sqlite3"
    commands = list(tally.play(seed))[:length]
    with Journal(path, game=tally, snapshot_every=every) as journal:
        game = journal.new_game(tally.header())
        play(journal, game, commands)
        live = journal.state(game).to_dict()
    with Journal(path, game=tally, snapshot_every=every) as journal:
        assert journal.state(game).to_dict() == live
        assert journal.replayed_state(game).to_dict() == live
        assert journal.commands(game) == commands
    assert rows(path, "SELECT count(*) FROM snapshots")[0][0] >= len(commands) // every - 1


def test_a_snapshot_from_other_rules_is_not_trusted(db_path, monkeypatch):
    commands = list(tally.play(3))[:20]
    with Journal(db_path, game=tally, snapshot_every=4) as journal:
        game = journal.new_game(tally.header())
        play(journal, game, commands)
        expected = journal.state(game).to_dict()
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE snapshots SET body = replace(body, '\"round\":', '\"round\":9') ")
    conn.commit()
    conn.close()
    monkeypatch.setattr(tally, "RULES_VERSION", "tally-2")
    with Journal(db_path, game=tally) as journal:
        assert journal.state(game).to_dict() == expected


def test_resume_mid_auction_keeps_locked_bids_hidden(journal, db_path):
    """issue 4: resume mid-auction with the locked bids still hidden."""
    game = journal.new_game(tally.header())
    journal.submit(game, {"type": "LockBid", "seat": 0, "amount": 70})
    journal.submit(game, {"type": "Move", "seat": 2, "steps": 1})
    journal.submit(game, {"type": "LockBid", "seat": 1, "amount": 40})
    journal = reopen(journal)
    assert journal.state(game).bids == {"0": 70, "1": 40}
    assert journal.log(game) == [
        "Anna made a sealed choice (hidden until its reveal)",
        "Carla: moved (steps: 1)",
        "Bruno made a sealed choice (hidden until its reveal)",
    ]
    assert journal.log(game, lang="it")[0] == "Anna ha fatto una scelta sigillata (nascosta fino alla sua rivelazione)"
    _, events = journal.submit(game, {"type": "LockBid", "seat": 2, "amount": 50})
    assert events[1] == {"type": "bids_revealed", "bids": [70, 40, 50], "reveal": True}
    journal.close()


def raw_bytes(db_path):
    return b"".join(p.read_bytes() for p in db_path.parent.glob(db_path.name + "*") if p.is_file())


def test_no_bid_amount_in_plain_text_before_the_reveal(journal, db_path):
    """architecture: the journal must not hold a bid amount in plain text before the reveal."""
    journal.snapshot_every = 2
    game = journal.new_game(tally.header())
    journal.submit(game, {"type": "LockBid", "seat": 0, "amount": 70})
    journal.submit(game, {"type": "LockBid", "seat": 1, "amount": 90})  # snapshot 2 taken here
    data = raw_bytes(db_path)
    assert b'"amount"' not in data and b'"bids":{"' not in data
    sealed = rows(db_path, "SELECT sealed FROM commands UNION ALL SELECT sealed FROM snapshots")
    assert sealed == [(1,), (1,), (1,)]
    journal.submit(game, {"type": "LockBid", "seat": 2, "amount": 30})  # the reveal
    after = rows(db_path, "SELECT sealed, body FROM commands ORDER BY seq")
    assert [r[0] for r in after] == [0, 0, 0]
    assert json.loads(after[0][1])["command"] == {"type": "LockBid", "seat": 0, "amount": 70}
    assert rows(db_path, "SELECT sealed FROM snapshots") == [(0,)]


def test_the_key_file_is_private_and_made_once(journal, tmp_path):
    game = journal.new_game(tally.header())
    journal.submit(game, {"type": "LockBid", "seat": 0, "amount": 70})
    key_file = tmp_path / "data" / "magnifico-companion" / "journal.key"
    assert key_file.stat().st_mode & 0o777 == 0o600
    before = key_file.read_bytes()
    journal = reopen(journal)
    journal.submit(game, {"type": "LockBid", "seat": 1, "amount": 70})
    assert key_file.read_bytes() == before
    journal.close()


def test_a_missing_key_file_is_told_and_sealed_bids_can_be_dropped(journal, tmp_path):
    game = journal.new_game(tally.header())
    journal.submit(game, {"type": "Move", "seat": 0, "steps": 1})
    journal.submit(game, {"type": "LockBid", "seat": 0, "amount": 70})
    journal.close()
    (tmp_path / "data" / "magnifico-companion" / "journal.key").unlink()
    journal = Journal(journal.path, game=tally)
    with pytest.raises(StorageError, match="key file that is missing"):
        journal.state(game)
    journal.rewind_sealed(game)
    assert journal.state(game).bids == {} and journal.state(game).place == [1, 0, 0]
    journal.close()


def test_a_game_refused_by_the_rules_on_replay_is_told(journal, db_path, monkeypatch):
    game = journal.new_game(tally.header())
    journal.submit(game, {"type": "Pay", "seat": 0, "amount": 10})
    journal.close()
    real = tally.apply

    def stricter(state, cmd):  # rules that changed since the game was saved
        if cmd.type == "Pay":
            raise GameError("Anna cannot pay 10 any more")
        return real(state, cmd)

    monkeypatch.setattr(tally, "apply", stricter)
    with Journal(db_path, game=tally) as journal:
        with pytest.raises(StorageError, match="command 1 \\(Pay\\) is refused by these rules: Anna cannot pay 10"):
            journal.state(game)


def test_sealing_detects_a_wrong_key_or_a_moved_row():
    from companion.storage import seal

    key, other = b"k" * 32, b"o" * 32
    blob = seal.seal(key, '{"amount":70}', "command:1:3")
    assert '"amount"' not in blob and seal.unseal(key, blob, "command:1:3") == '{"amount":70}'
    assert seal.seal(key, '{"amount":70}', "command:1:3") != blob  # a fresh nonce each time
    for wrong_key, place in ((other, "command:1:3"), (key, "command:1:4")):
        with pytest.raises(StorageError, match="do not open with this installation's key"):
            seal.unseal(wrong_key, blob, place)


def test_a_key_file_with_loose_rights_is_made_private(tmp_path):
    from companion.storage import seal

    path = tmp_path / "k.key"
    path.write_bytes(b"x" * 32)
    path.chmod(0o644)
    assert seal.load_key(path, create=False) == b"x" * 32
    assert path.stat().st_mode & 0o777 == 0o600
    path.write_bytes(b"short")
    with pytest.raises(StorageError, match="is damaged \\(5 bytes, not 32\\)"):
        seal.load_key(path, create=False)


def test_a_damaged_snapshot_falls_back_to_the_commands(journal, db_path):
    game = journal.new_game(tally.header())
    play(journal, game, list(tally.play(5))[:12])
    expected = journal.state(game).to_dict()
    journal.close()
    conn = sqlite3.connect(db_path)
    conn.execute("""UPDATE snapshots SET body = '{"not": "a state"}'""")
    conn.commit()
    conn.close()
    with Journal(db_path, game=tally, snapshot_every=5) as journal:
        assert journal.state(game).to_dict() == expected


def test_a_damaged_command_row_is_restored_from_the_shadow_or_told(journal, db_path):
    game = journal.new_game(tally.header())
    journal.submit(game, {"type": "Move", "seat": 0, "steps": 1})
    journal.close()
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE commands SET body = '{broken'")
    conn.commit()
    conn.close()
    with Journal(db_path, game=tally, readonly=True) as reader:  # read-only: repaired in memory
        assert reader.commands(game) == [{"type": "Move", "seat": 0, "steps": 1}]
        assert "read together with its second copy" in reader.notices[0]
    with Journal(db_path, game=tally) as again:
        assert again.commands(game) == [{"type": "Move", "seat": 0, "steps": 1}]
        assert "Game 1: 1 command (1) restored from the second copy." in again.notices
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE commands SET body = '{broken'")
    conn.commit()
    conn.close()
    db_path.with_name(db_path.name + ".shadow.jsonl").unlink()
    with pytest.raises(StorageError, match="command 1 of game 1 fails its check .* no second copy"):
        Journal(db_path, game=tally, readonly=True)
