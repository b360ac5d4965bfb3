"""Flipped bytes and deleted files: every accepted command recovered, or its loss told exactly.

issue 12 item 3 ("a flipped byte in the SQLite -wal loses commands silently"; "deleting the
-wal gives an empty journal") and its Done when: "tests flip bytes at many offsets of the
database, its -wal and the shadow (and delete each): every accepted command is recovered,
or the loss is reported exactly".

The journal is copied while its writer is still open, as a crash leaves it: the main file
holds what the last checkpoint put there, the -wal everything since, the shadow every line.
Offsets are bounded (a spread of each file plus the bytes inside command rows) to keep the
suite fast. After each flip the command line's reading of one game (``rows_of``, issue 13)
must show that game exactly as the whole file's reading does, and read that game alone only
when the flip left its rows, its shadow lines and the shadow's first and last line whole.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.storage import Journal
from companion.storage.reader import JournalReader, one
from tests.storage import tally

FILES = ("journal.sqlite3", "journal.sqlite3-wal", "journal.sqlite3.shadow.jsonl")
SPREAD = 24  # offsets spread over each file
IN_ROWS = 12  # offsets inside command rows (where a flip changes a command, not SQLite's structure)


@pytest.fixture(scope="module")
def crashed(tmp_path_factory) -> tuple[Path, dict[int, list[dict]]]:
    """A journal copied while its writer is open (the files a pulled plug leaves), and the
    commands each game holds."""
    folder = tmp_path_factory.mktemp("crashed")
    live = folder / "live"
    live.mkdir()
    key = folder / "journal.key"
    KEY[:] = [key]
    journal = Journal(live / "journal.sqlite3", game=tally, snapshot_every=8, key_file=key)
    expected = {}
    one = journal.new_game(tally.header())
    two = journal.new_game(tally.header(players=2))  # (a new game is checkpointed: both come first)
    for cmd in [{"type": "Move", "seat": 1, "steps": 1}, {"type": "LockBid", "seat": 0, "amount": 30}]:
        journal.submit(two, cmd)  # its bid still sealed
    for n, cmd in enumerate(list(tally.play(4, limit=400))[:70]):  # sealed bids, reveals, draws, rolls, moves
        journal.submit(one, cmd)
        if n == 40:  # the first 40 reach the main file; the rest live in the -wal
            other = sqlite3.connect(live / "journal.sqlite3")
            other.execute("PRAGMA wal_checkpoint(PASSIVE)")
            other.close()
    journal.submit(one, {"type": "Move", "seat": 0, "steps": 2})
    journal.undo(one)  # an undone command: the redo stack is in the files too
    expected[one] = journal.commands(one)
    expected[two] = journal.commands(two)
    copy = folder / "copy"
    copy.mkdir()
    for name in FILES:
        shutil.copy(live / name, copy / name)
    journal.close()
    assert (copy / "journal.sqlite3-wal").stat().st_size > 4096  # the commands live in the -wal
    return copy, expected


KEY: list[Path] = []  # the installation's key file (the crashed journal's fixture makes it)


def _reopen(folder: Path, tmp_path: Path, **kwargs) -> Journal:
    return Journal(folder / "journal.sqlite3", game=tally, snapshot_every=8, key_file=KEY[0], **kwargs)


def _copy(crashed_folder: Path, tmp_path: Path) -> Path:
    target = tmp_path / "j"
    shutil.copytree(crashed_folder, target)
    return target


def _flip(path: Path, offset: int) -> None:
    data = bytearray(path.read_bytes())
    data[offset] ^= 0xFF
    path.write_bytes(bytes(data))


def _offsets(path: Path, seed: int) -> list[int]:
    data = path.read_bytes()
    rng = random.Random(seed)
    spread = sorted({int(i * len(data) / SPREAD) for i in range(SPREAD)} | {0, 16, 18, len(data) - 1})
    rows = [i for i in range(len(data)) if data.startswith(b'"type":', i)]
    inside = [i + rng.randrange(7, 30) for i in rng.sample(rows, min(IN_ROWS, len(rows)))]
    return sorted({o for o in spread + inside if o < len(data)})


def _lines_hit(path: Path, offset: int) -> set[int | str]:
    """The shadow lines a flip at ``offset`` damages: their games, "first" and "last" (a
    flipped newline damages the line it ends and the next)."""
    data = path.read_bytes()
    starts = [data.rfind(b"\n", 0, offset) + 1]
    if data[offset:offset + 1] == b"\n" and offset + 1 < len(data):
        starts.append(offset + 1)
    last = data.rfind(b"\n", 0, len(data) - 1) + 1
    hit: set[int | str] = set()
    for start in starts:
        line = data[start:data.index(b"\n", start)]
        hit |= {"first"} if start == 0 else {json.loads(line.rpartition(b"\t")[0])["g"]}
        hit |= {"last"} if start == last else set()
    return hit


def _all_recovered(journal: Journal, expected: dict[int, list[dict]]) -> None:
    for game, commands in expected.items():
        assert journal.commands(game) == commands, game
        replayed = tally.new_game(journal.header(game))
        for cmd in commands:
            replayed, _ = tally.apply(replayed, tally.commands.from_dict(cmd))
        assert journal.state(game).to_dict() == replayed.to_dict()
    assert not any(r.losses for r in journal.reports), journal.notices


@pytest.mark.parametrize("name", FILES)
def test_flipped_bytes_anywhere_in_one_file_lose_nothing(crashed, tmp_path, name):
    folder, expected = crashed
    offsets = _offsets(folder / name, seed=len(name))
    assert len(offsets) >= SPREAD
    repaired = 0  # flips that changed something the journal reads (others hit unused bytes)
    alone = 0  # games the command line read alone (the copies agreed on every game)
    for n, offset in enumerate(offsets):
        copy = tmp_path / f"flip{n}"
        shutil.copytree(folder, copy)
        _flip(copy / name, offset)
        with _reopen(copy, tmp_path, readonly=True) as reader:  # `state` and `export`, changing nothing
            for game, commands in expected.items():
                assert reader.commands(game) == commands, (name, offset)
            shown = {game: (reader.state(game).to_dict(), reader.export(game)) for game in expected}
        for game in expected:  # the command line reads the rows of the game it prints: the same game
            with JournalReader(copy / "journal.sqlite3", game=tally, key_file=KEY[0], rows_of=one(game)) as focused:
                assert (focused.state(game).to_dict(), focused.export(game)) == shown[game], (name, offset)
                alone += focused._db.rows_of is not None
                if name.endswith(".jsonl") and focused._db.rows_of is not None:
                    # never beside a damaged line of its game, nor the first or last line
                    assert not _lines_hit(folder / name, offset) & {game, "first", "last"}, (offset, game)
        with _reopen(copy, tmp_path) as journal:  # the app: repairs the files
            _all_recovered(journal, expected)
            repaired += bool(journal.notices)
            journal.submit(2, {"type": "LockBid", "seat": 1, "amount": 20})  # and plays on
        with _reopen(copy, tmp_path) as journal:  # the repaired files agree: nothing more to say
            assert journal.notices == [], (name, offset)
        shutil.rmtree(copy)
    # the test bites: many flips were found and repaired (a flip in the shadow always is)
    assert repaired >= {"journal.sqlite3": 8, "journal.sqlite3-wal": 15}.get(name, len(offsets)), repaired
    # and the command line's reading alone was taken: in the shadow, beside another game's
    # damaged line only (docs/storage.md, "Reading only what a command needs")
    if name.endswith(".jsonl"):
        assert 1 <= alone < len(offsets) * len(expected), alone
    else:
        assert alone >= {"journal.sqlite3": 30, "journal.sqlite3-wal": 10}[name], alone


@pytest.mark.parametrize("name", FILES)
def test_a_deleted_file_loses_nothing_and_is_told(crashed, tmp_path, name):
    folder = _copy(crashed[0], tmp_path)
    (folder / name).unlink()
    with _reopen(folder, tmp_path) as journal:
        _all_recovered(journal, crashed[1])
        told = " ".join(journal.notices)
    if name.endswith("-wal"):
        assert "lacked commands its second copy holds" in told and "kept as" in told
    elif name.endswith(".jsonl"):
        assert "second copy" in told and "was missing" in told
    else:
        assert "was missing; it has been written again from its second copy" in told
    kept = sorted(p.name for p in folder.iterdir() if ".damaged-" in p.name)
    if name.endswith("-wal"):  # the main file lacking its -wal is kept, not overwritten
        assert any(k.startswith("journal.sqlite3.damaged-") for k in kept)


def test_a_damaged_wal_is_kept_aside_never_discarded(crashed, tmp_path):
    folder = _copy(crashed[0], tmp_path)
    wal = folder / "journal.sqlite3-wal"
    _flip(wal, 4096 + 32 + 24 + 100)  # inside the first frame's page: SQLite ignores every later frame
    damaged = wal.read_bytes()
    with _reopen(folder, tmp_path) as journal:
        _all_recovered(journal, crashed[1])
    kept = [p for p in folder.iterdir() if p.name.endswith("-wal") and ".damaged-" in p.name]
    assert len(kept) == 1 and kept[0].read_bytes() == damaged


def test_without_the_shadow_a_damaged_wal_is_still_told(crashed, tmp_path):
    """Two files damaged: what SQLite still reads is kept, and the table is told the -wal was damaged."""
    folder = _copy(crashed[0], tmp_path)
    (folder / "journal.sqlite3.shadow.jsonl").unlink()
    _flip(folder / "journal.sqlite3-wal", 32 + 24 + 4096 + 24 + 50)  # in the second frame
    with _reopen(folder, tmp_path) as journal:
        told = " ".join(journal.notices)
    assert "its -wal file is damaged" in told and "kept as" in told


def test_a_journal_copied_without_its_wal_and_shadow_is_not_silently_empty(crashed, tmp_path):
    """issue 12 item 3: "deleting the -wal (copying only the main file after a crash) gives an
    empty journal". The main file holds every game (a new game is checkpointed at once) and
    the missing second copy is told."""
    folder = _copy(crashed[0], tmp_path)
    (folder / "journal.sqlite3-wal").unlink()
    (folder / "journal.sqlite3.shadow.jsonl").unlink()
    with _reopen(folder, tmp_path) as journal:
        assert sorted(g.id for g in journal.games()) == sorted(crashed[1])
        told = " ".join(journal.notices)
    assert "was missing" in told and "copy its -wal and .shadow.jsonl files with it" in told


def _damage_row_in_db(folder: Path, game: int, seq: int) -> None:
    conn = sqlite3.connect(folder / "journal.sqlite3")
    conn.execute("UPDATE commands SET body = replace(body, '\"steps\":', '\"steps\": ') WHERE game_id = ? AND seq = ?",
                 (game, seq))
    conn.commit()
    conn.close()


def _damage_line_in_shadow(folder: Path, game: int, seq: int) -> None:
    """Flip a byte of the line that wrote command ``seq`` of ``game``."""
    path = folder / "journal.sqlite3.shadow.jsonl"
    lines = path.read_bytes().split(b"\n")
    for i, raw in enumerate(lines[1:], 1):
        obj = json.loads(raw.rpartition(b"\t")[0] or b"{}")
        if obj.get("g") == game and any(op[0] == "row" and op[1]["seq"] == seq for op in obj["ops"]):
            lines[i] = raw.replace(b'"seq"', b'"seQ"', 1)
            break
    else:
        raise AssertionError("no such line")
    path.write_bytes(b"\n".join(lines))


def test_a_command_damaged_in_both_copies_is_named_and_the_rest_set_aside(crashed, tmp_path):
    folder = _copy(crashed[0], tmp_path)
    game, commands = 1, crashed[1][1]
    seq = next(i for i, c in enumerate(commands, 1) if c["type"] == "Move" and i > 20)
    _damage_row_in_db(folder, game, seq)
    _damage_line_in_shadow(folder, game, seq)
    with _reopen(folder, tmp_path, readonly=True) as reader:  # read-only: told, changing nothing
        assert reader.commands(game) == commands[: seq - 1]
        assert any(f"Game {game}: 1 command ({seq}) lost" in n for n in reader.notices)
    with _reopen(folder, tmp_path) as journal:
        assert journal.commands(game) == commands[: seq - 1]  # the game goes on from just before
        [report] = [r for r in journal.reports if r.id == game]
        assert report.lost == [seq] and report.set_aside == list(range(seq + 1, len(commands) + 1))
        told = journal.notices
        assert f"Game {game}: 1 command ({seq}) lost: damaged in both copies. The game goes on from command {seq - 1}." in told
        assert any(n.startswith(f"Game {game}: {len(commands) - seq} commands after the loss ({seq + 1}-{len(commands)})")
                   for n in told)
        other = 2
        assert journal.commands(other) == crashed[1][other]  # the other game is whole
    kept = [p for p in folder.iterdir() if ".damaged-" in p.name]
    assert any(p.name.startswith("journal.sqlite3.damaged-") for p in kept)  # both copies kept aside
    assert any(p.name.startswith("journal.sqlite3.shadow.jsonl.damaged-") for p in kept)


def test_a_crash_between_the_shadow_line_and_the_commit_rolls_forward_silently(tmp_path):
    """The shadow is written before the database commits: a crash in between leaves the
    shadow one line ahead; that command was applied and is kept, without a word."""
    path = tmp_path / "j.sqlite3"
    journal = Journal(path, game=tally, key_file=tmp_path / "k")
    game = journal.new_game(tally.header())
    journal.submit(game, {"type": "Move", "seat": 0, "steps": 1})
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("j.sqlite3") and p.is_file()}
    journal.submit(game, {"type": "Pay", "seat": 1, "amount": 10})
    line = (tmp_path / "j.sqlite3.shadow.jsonl").read_bytes()
    journal.close()
    for name, data in before.items():  # the database as before the commit, the shadow with its line
        (tmp_path / name).write_bytes(data)
    (tmp_path / "j.sqlite3.shadow.jsonl").write_bytes(line)
    with Journal(path, game=tally, key_file=tmp_path / "k") as again:
        assert again.commands(game) == [{"type": "Move", "seat": 0, "steps": 1}, {"type": "Pay", "seat": 1, "amount": 10}]
        assert again.notices == []
    assert not [p for p in tmp_path.iterdir() if ".damaged-" in p.name]


def test_a_torn_last_line_of_the_shadow_is_a_write_that_never_happened(tmp_path):
    path = tmp_path / "j.sqlite3"
    with Journal(path, game=tally, key_file=tmp_path / "k") as journal:
        game = journal.new_game(tally.header())
        journal.submit(game, {"type": "Move", "seat": 0, "steps": 1})
    shadow = tmp_path / "j.sqlite3.shadow.jsonl"
    whole = shadow.read_bytes()
    shadow.write_bytes(whole + b'{"g":1,"t":3,"h0":1,"h":2,"ops":[["row",{"se')  # a crash mid-write
    with Journal(path, game=tally, key_file=tmp_path / "k") as journal:
        assert journal.notices == [] and journal.commands(game) == [{"type": "Move", "seat": 0, "steps": 1}]
        journal.submit(game, {"type": "Move", "seat": 1, "steps": 1})
    with Journal(path, game=tally, key_file=tmp_path / "k") as journal:
        assert journal.notices == [] and len(journal.commands(game)) == 2
