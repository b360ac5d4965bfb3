"""Sealing by secret group (issue 9: "storage (journal, sealing by secret group ...)";
leonardo-decisions: a faction is revealed only by its own event, "nothing else sealed is
revealed with it"); exports never show a secret before its reveal (issue 12 item 5)."""

from __future__ import annotations

import json
import sqlite3

import pytest

from companion.errors import GameError
from companion.storage import Journal
from companion.storage.secrets import secrets_of
from companion.storage.rules import rules_from_module
from tests.storage import factions

CHOOSE = [{"type": "ChooseFaction", "seat": s, "faction": f} for s, f in enumerate(["guelph", "ghibelline", "guelph"])]
BIDS = [{"type": "LockBid", "seat": s, "amount": a} for s, a in enumerate([40, 70, 30])]


@pytest.fixture
def journal(tmp_path):
    j = Journal(tmp_path / "j.sqlite3", game=factions, snapshot_every=2, key_file=tmp_path / "k.key")
    yield j
    j.close()


def on_disk(tmp_path) -> bytes:
    return b"".join(p.read_bytes() for p in tmp_path.glob("j.sqlite3*") if p.is_file())


def sealed_seqs(tmp_path) -> list[int]:
    conn = sqlite3.connect(tmp_path / "j.sqlite3")
    try:
        return [r[0] for r in conn.execute("SELECT seq FROM commands WHERE sealed = 1 ORDER BY seq")]
    finally:
        conn.close()


def test_a_game_declares_its_groups_and_events_open_only_those_named():
    s = secrets_of(rules_from_module(factions))
    assert s.group_of("ChooseFaction") == "factions" and s.group_of("LockBid") == "bids" and s.group_of("Roll") is None
    assert s.opened_by([{"type": "bids_revealed", "reveal": True, "opens": ["bids"]}]) == {"bids"}
    assert s.opened_by([{"type": "rolled", "reveal": True, "opens": []}]) == set()  # public, opens nothing
    assert s.opened_by([{"type": "x", "opens": ["bids"]}]) == set()  # "opens" counts only on a reveal
    # a reveal that names no group opens them all, as every reveal did before groups (old journals)
    assert s.opened_by([{"type": "cards_drawn", "reveal": True}]) == {"bids", "factions"}


def test_the_bids_open_and_the_factions_stay_sealed(journal, tmp_path):
    game = journal.new_game(factions.header())
    for cmd in CHOOSE + BIDS[:2]:
        journal.submit(game, cmd)
    assert sealed_seqs(tmp_path) == [1, 2, 3, 4, 5]
    journal.submit(game, {"type": "Roll", "faces": [3, 5]})  # a reveal that opens nothing
    assert sealed_seqs(tmp_path) == [1, 2, 3, 4, 5]
    journal.submit(game, BIDS[2])  # the bids are shown
    assert sealed_seqs(tmp_path) == [1, 2, 3]
    data = on_disk(tmp_path)
    assert b'"amount":40' in data and b'"amount":70' in data  # public now, in the database and the shadow
    assert b"guelph" not in data and b"ghibelline" not in data  # no faction in plain bytes, anywhere
    conn = sqlite3.connect(tmp_path / "j.sqlite3")
    snaps = conn.execute("SELECT seq, sealed FROM snapshots ORDER BY seq").fetchall()
    conn.close()
    assert snaps and all(sealed for _, sealed in snaps)  # each holds the factions: sealed until they open
    # the log and the export say who chose, never what
    log = journal.log(game)
    assert log[:3] == [f"{n} made a sealed choice (hidden until its reveal)" for n in ("Ada", "Bea", "Cy")]
    lines = [json.loads(x) for x in journal.export(game).splitlines()[1:]]
    assert lines[:3] == [{"type": "ChooseFaction", "seat": s, "sealed": True} for s in range(3)]
    assert lines[3] == BIDS[0]
    journal.submit(game, {"type": "RevealFactions"})
    assert sealed_seqs(tmp_path) == []
    assert b"guelph" in on_disk(tmp_path)
    conn = sqlite3.connect(tmp_path / "j.sqlite3")
    assert conn.execute("SELECT count(*) FROM snapshots WHERE sealed = 1").fetchone() == (0,)
    conn.close()
    assert journal.commands(game)[:3] == CHOOSE


def test_the_state_after_reopening_equals_a_replay_with_groups_sealed(journal, tmp_path):
    game = journal.new_game(factions.header())
    for cmd in CHOOSE + BIDS:
        journal.submit(game, cmd)
    live = journal.state(game).to_dict()
    journal.close()
    with Journal(tmp_path / "j.sqlite3", game=factions, snapshot_every=2, key_file=tmp_path / "k.key") as again:
        assert again.state(game).to_dict() == live == again.replayed_state(game).to_dict()
        assert again.notices == []
        again.submit(game, {"type": "RevealFactions"})
        assert sealed_seqs(tmp_path) == []


def test_an_import_seals_each_command_until_its_own_group_opens(journal, tmp_path):
    record = "\n".join(json.dumps(x) for x in [factions.header(), *CHOOSE, *BIDS])
    game = journal.import_record(record)
    assert sealed_seqs(tmp_path) == [1, 2, 3]
    assert b"guelph" not in on_disk(tmp_path)
    assert journal.commands(game) == CHOOSE + BIDS


def test_a_record_exported_before_a_reveal_is_refused_at_its_sealed_line(journal):
    game = journal.new_game(factions.header())
    for cmd in CHOOSE[:2]:
        journal.submit(game, cmd)
    record = journal.export(game)
    with pytest.raises(GameError, match="line 2: a sealed choice, exported before its reveal: .* only up to line 1"):
        journal.import_record(record, name="early.jsonl")


def test_undo_labels_say_whose_sealed_choice_never_what(journal):
    game = journal.new_game(factions.header())
    journal.submit(game, CHOOSE[0])
    assert journal.undo_label(game) == "Ada's sealed choice"
    assert journal.undo_label(game, "it") == "la scelta sigillata di Ada"
    journal.submit(game, {"type": "Roll", "faces": [2]})
    assert journal.undo_label(game) is None  # a reveal: undo stops there


def test_an_exported_file_is_private(journal, tmp_path):
    """issue 12 item 5: exported files readable by their owner only (0600)."""
    game = journal.new_game(factions.header())
    journal.submit(game, CHOOSE[0])
    target = tmp_path / "out.jsonl"
    target.write_text("old")
    target.chmod(0o644)
    journal.export_to(game, target)
    assert target.stat().st_mode & 0o777 == 0o600
    assert json.loads(target.read_text().splitlines()[1]) == {"type": "ChooseFaction", "seat": 0, "sealed": True}
