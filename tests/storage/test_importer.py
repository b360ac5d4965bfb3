"""``import`` on the command line writes what the app's journal writes (issue 13: "every
journal command on the command line under 0.4 s (import only what the command needs)"):
importer.py and ``Journal.import_record`` give the same rows, shadow and sealed columns,
the app resumes either file identically, sealed choices never reach the disk in clear
before their reveal (issue 12 item 5), and a damaged journal is repaired and told the same
way before anything is imported."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion import cli
from companion.errors import GameError
from companion.storage import Journal
from companion.storage import seal as sealing
from companion.storage.importer import RecordImporter
from companion.storage.schema import COLUMNS
from tests.storage import factions

CHOOSE = [{"type": "ChooseFaction", "seat": s, "faction": f} for s, f in enumerate(["guelph", "ghibelline", "guelph"])]
BIDS = [{"type": "LockBid", "seat": s, "amount": a} for s, a in enumerate([40, 70, 30])]
RECORDS = {
    "factions sealed, bids opened": [*CHOOSE, *BIDS],
    "factions opened at the end": [*CHOOSE, *BIDS, {"type": "RevealFactions"}],
    "bids still sealed": [*CHOOSE, *BIDS, *BIDS[:2]],
}


class Nonces:
    """Deterministic nonces, so that two writes of the same rows give the same bytes."""

    def __init__(self) -> None:
        self.count = 0

    def token_bytes(self, n: int) -> bytes:
        self.count += 1
        return hashlib.sha256(str(self.count).encode()).digest()[:n]


@pytest.fixture
def same_clock(monkeypatch) -> Nonces:
    """Every clock, journal id and nonce a write reads, fixed (for both paths at once)."""
    from companion.storage import journal_records, rebuild, writes

    for module in (journal_records, writes, rebuild):
        monkeypatch.setattr(module, "now", lambda: "2026-01-01T00:00:00.000+00:00")
    monkeypatch.setattr(rebuild, "new_journal_id", lambda: "0" * 32)
    nonces = Nonces()
    monkeypatch.setattr(sealing, "secrets", nonces)
    return nonces


def dump(path: Path) -> dict[str, list[tuple]]:
    conn = sqlite3.connect(path)
    try:
        return {t: conn.execute(f"SELECT * FROM {t} ORDER BY id").fetchall() for t in COLUMNS}
    finally:
        conn.close()


def on_disk(folder: Path, name: str) -> bytes:
    return b"".join(p.read_bytes() for p in folder.glob(name + "*") if p.is_file())


def both(tmp_path: Path, nonces: Nonces, record: str, **options) -> tuple[Path, Path, int, int]:
    """The record imported into two new journals: by the app's Journal, by the importer."""
    key = tmp_path / "k.key"
    sealing.load_key(key, create=True)
    a, b = tmp_path / "a" / "j.sqlite3", tmp_path / "b" / "j.sqlite3"
    nonces.count = 0
    with Journal(a, game=factions, key_file=key, **options) as journal:
        game_a = journal.import_record(record)
    nonces.count = 0
    with RecordImporter(b, game=factions, key_file=key, **options) as importer:
        game_b = importer.import_record(record)
        assert importer.notices == []
    return a, b, game_a, game_b


@pytest.mark.parametrize("commands", RECORDS.values(), ids=list(RECORDS))
def test_both_paths_write_the_same_rows_shadow_and_sealed_columns(tmp_path, same_clock, commands):
    record = "\n".join(json.dumps(x) for x in [factions.header(), *commands])
    a, b, game_a, game_b = both(tmp_path, same_clock, record, snapshot_every=2)
    assert game_a == game_b == 1
    rows = dump(a)
    assert rows == dump(b)
    assert rows["snapshots"], "snapshot_every=2 takes snapshots, sealed ones among them"
    shadow = a.with_name(a.name + ".shadow.jsonl")
    assert shadow.read_bytes() == b.with_name(b.name + ".shadow.jsonl").read_bytes()
    # what stays sealed is the same, and in neither file in clear (issue 12 item 5)
    still_sealed = "guelph" if "RevealFactions" not in record else None
    if still_sealed:
        assert any(r[5] for r in rows["commands"])  # (id, game_id, seq, status, secret, sealed, ...)
        assert still_sealed.encode() not in on_disk(b.parent, "j.sqlite3")


@pytest.mark.parametrize("commands", RECORDS.values(), ids=list(RECORDS))
def test_the_app_resumes_an_imported_game_as_its_own(tmp_path, same_clock, commands):
    record = "\n".join(json.dumps(x) for x in [factions.header(), *commands])
    a, b, game, _ = both(tmp_path, same_clock, record, snapshot_every=2)
    key = tmp_path / "k.key"
    seen = []
    for path in (a, b):
        with Journal(path, game=factions, key_file=key, snapshot_every=2) as journal:
            assert journal.notices == []
            info = journal.games()[0]
            seen.append((journal.state(game), journal.replayed_state(game), journal.commands(game),
                         journal.export(game), journal.log(game),
                         (info.players, info.rounds, info.finished, info.winner, info.commands)))
            try:  # as far back as the journal lets the table go (a reveal stops it)
                undone = journal.undo(game)
            except GameError as err:
                undone = err.reason
            state, _ = journal.submit(game, {"type": "Roll", "faces": [3, 4]})
            seen.append((undone, state, journal.replayed_state(game), journal.commands(game)))
    assert seen[0] == seen[2] and seen[1] == seen[3]


def test_the_command_line_imports_a_magnifico_record_as_the_app_does(tmp_path, monkeypatch, same_clock, capsys):
    """Through ``python -m companion import`` (no SQLAlchemy) and through ``Journal``: the same
    journal, bids still sealed in both (the record stops before the auction's reveal)."""
    pytest.importorskip("companion.games.magnifico.demo")
    from companion.games.magnifico import commands as C
    from companion.games.magnifico import demo
    from companion.games.magnifico.game import GAME as MAGNIFICO

    game = demo.play_demo(5, 3)
    lines = [C.to_dict(c) for c in game.commands]
    bids = [k for k, c in enumerate(lines) if c["type"] == "LockBid"]
    cut = bids[1] + 1  # two bids locked, the third not yet: both sealed
    record_file = tmp_path / "game.jsonl"
    record_file.write_text("\n".join(json.dumps(x) for x in [game.header, *lines[:cut]]) + "\n")
    key = tmp_path / "k.key"
    sealing.load_key(key, create=True)
    monkeypatch.setenv("MAGNIFICO_KEY_FILE", str(key))
    a, b = tmp_path / "a" / "j.sqlite3", tmp_path / "b" / "j.sqlite3"
    same_clock.count = 0
    with Journal(a, game=MAGNIFICO, key_file=key) as journal:
        journal.import_record(record_file.read_text(), name=str(record_file))
    same_clock.count = 0
    assert cli.main(["import", "--db", str(b), str(record_file)]) == 0
    assert capsys.readouterr().out.strip() == "1"
    rows = dump(a)
    assert rows == dump(b)
    assert [r[2] for r in rows["commands"] if r[5]] == [bids[0] + 1, bids[1] + 1]
    amount = lines[bids[0]]["amount"]
    assert f'"amount":{amount}'.encode() not in on_disk(b.parent, "j.sqlite3")


def test_a_damaged_journal_is_repaired_and_told_the_same_way_before_an_import(tmp_path, same_clock):
    """The database gone, its shadow left: both openings restore it from the shadow, with the
    same notices, before the record is added (docs/storage.md, "Damage")."""
    key = tmp_path / "k.key"
    record = "\n".join(json.dumps(x) for x in [factions.header(), *CHOOSE, *BIDS])
    first = tmp_path / "first" / "j.sqlite3"
    with Journal(first, game=factions, key_file=key) as journal:
        journal.import_record(record)
    told, dumps = [], []
    for name, opener in (("a", Journal), ("b", RecordImporter)):
        folder = tmp_path / name
        shutil.copytree(first.parent, folder)
        (folder / "j.sqlite3").unlink()
        same_clock.count = 0
        with opener(folder / "j.sqlite3", game=factions, key_file=key) as journal:
            told.append([str(n).replace(str(folder), "<folder>") for n in journal.notices])
            assert journal.import_record(record) == 2
        dumps.append(dump(folder / "j.sqlite3"))
    assert told[0] == told[1] and told[0], "the restored game is told"
    assert dumps[0] == dumps[1]
