"""Snapshots carry a sum and are checked against the rows they were made from; a bad one is
dropped and taken again, never trusted (issue 12 item 4: "one flipped bit turned 60 florins
into 260 in `state`, while `export | replay` still says 60")."""

from __future__ import annotations

import json
import sqlite3

from companion.cli import main
from companion.storage import Journal
from companion.storage.reader import JournalReader
from companion.storage.sums import snapshot_sum
from tests.storage import tally


def play(path, n=23, every=5):
    with Journal(path, game=tally, snapshot_every=every) as journal:
        game = journal.new_game(tally.header())
        for cmd in list(tally.play(5))[:n]:
            journal.submit(game, cmd)
        return game, journal.state(game).to_dict()


def snapshots(path):
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT seq, body, sum, chain, rules_version, sealed FROM snapshots ORDER BY seq").fetchall()
    finally:
        conn.close()


def set_latest(path, body, *, resum: bool, chain: str | None = None):
    """Change the latest snapshot's body (and, if ``resum``, its sum too, as a forger would)."""
    seq, _, _, old_chain, version, sealed = snapshots(path)[-1]
    chain = old_chain if chain is None else chain
    total = snapshot_sum(1, seq, version, bool(sealed), chain, body) if resum else snapshots(path)[-1][2]
    conn = sqlite3.connect(path)
    conn.execute("UPDATE snapshots SET body = ?, sum = ?, chain = ? WHERE seq = ?", (body, total, chain, seq))
    conn.commit()
    conn.close()
    return seq


def more_florins(body: str) -> str:
    state = json.loads(body)
    state["florins"][0] += 200  # 60 becomes 260
    return json.dumps(state, separators=(",", ":"))


def test_a_flipped_snapshot_is_never_trusted_and_is_taken_again(db_path, capsys):
    game, live = play(db_path)
    bad = more_florins(snapshots(db_path)[-1][1])
    seq = set_latest(db_path, bad, resum=False)
    assert main(["state", "--db", str(db_path)]) == 0  # read-only: not trusted, the file untouched
    assert json.loads(capsys.readouterr().out)["florins"] == live["florins"]
    assert snapshots(db_path)[-1][:2] == (seq, bad)
    with Journal(db_path, game=tally, snapshot_every=5) as journal:
        assert journal.state(game).to_dict() == live
    seq_, body, total, chain, version, sealed = snapshots(db_path)[-1]
    assert seq_ == seq and body != bad  # dropped and taken again from the replay
    assert total == snapshot_sum(1, seq, version, bool(sealed), chain, body)
    with Journal(db_path, game=tally, snapshot_every=5) as journal:
        assert journal.state(game).to_dict() == live == journal.replayed_state(game).to_dict()


def test_a_snapshot_of_other_rows_is_not_trusted_even_with_a_good_sum(db_path):
    """Its chain names the transactions of the rows it was made from: after a repair, an
    undo and a new command, or a forged row, they differ and the snapshot is not used."""
    game, live = play(db_path)
    body = more_florins(snapshots(db_path)[-1][1])
    set_latest(db_path, body, resum=True, chain="0000000000000000")
    with Journal(db_path, game=tally, snapshot_every=5) as journal:
        assert journal.state(game).to_dict() == live


def test_a_snapshot_from_the_right_rows_is_used(db_path, monkeypatch):
    """The check is not a full replay: a snapshot that checks out is trusted (the replay
    starts there), so opening stays quick."""
    game, live = play(db_path)
    calls = []
    real = tally.apply
    monkeypatch.setattr(tally, "apply", lambda s, c: (calls.append(c), real(s, c))[1])
    with Journal(db_path, game=tally, snapshot_every=5) as journal:
        assert journal.state(game).to_dict() == live
    assert len(calls) == 23 - 20  # from the snapshot at 20 on


def test_the_command_lines_state_starts_from_a_snapshot_that_checks_out(db_path, monkeypatch, capsys):
    """``state`` (reader.py) trusts what the app's journal trusts: the replay starts at the
    latest snapshot whose sum and rows check out, and a forged one is passed over."""
    game, live = play(db_path)
    calls = []
    real = tally.apply
    monkeypatch.setattr(tally, "apply", lambda s, c: (calls.append(c), real(s, c))[1])
    with JournalReader(db_path, game=tally) as reader:
        assert reader.state(game).to_dict() == live
    assert len(calls) == 23 - 20  # from the snapshot at 20 on
    calls.clear()
    set_latest(db_path, more_florins(snapshots(db_path)[-1][1]), resum=True, chain="0000000000000000")
    with JournalReader(db_path, game=tally) as reader:
        assert reader.state(game).to_dict() == live
    assert len(calls) == 23 - 15  # the snapshot at 20 is not of these rows: from the one at 15
    calls.clear()
    conn = sqlite3.connect(db_path)
    conn.execute("DELETE FROM snapshots")
    conn.commit()
    conn.close()
    assert main(["state", "--db", str(db_path)]) == 0
    assert json.loads(capsys.readouterr().out)["florins"] == live["florins"]
    assert len(calls) == 23  # none left: from the start


def test_the_command_lines_state_opens_a_sealed_snapshot_with_the_key(db_path, tmp_path, monkeypatch):
    """A snapshot taken while a bid is sealed is sealed too (docs/storage.md, "Sealing by
    secret group"): the reader opens it with the installation's key, as the app does."""
    key = tmp_path / "key"
    with Journal(db_path, game=tally, snapshot_every=1, key_file=key) as journal:
        game = journal.new_game(tally.header())
        for n, cmd in enumerate(tally.play(5)):
            journal.submit(game, cmd)
            if n > 20 and cmd["type"] == "LockBid":
                break
        live = journal.replayed_state(game).to_dict()
    seq, _, _, _, _, sealed = snapshots(db_path)[-1]
    assert sealed and seq == n + 1
    calls = []
    real = tally.apply
    monkeypatch.setattr(tally, "apply", lambda s, c: (calls.append(c), real(s, c))[1])
    with JournalReader(db_path, game=tally, key_file=key) as reader:
        assert reader.state(game).to_dict() == live and calls == []
