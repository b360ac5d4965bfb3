"""A long journal's whole check made in another process (precheck.py; issue 13: taps under
50 ms also while a long journal opens, a Start among them). The opening trusts that check
only when it found the file as a writable opening here would leave it, with nothing to
repair or tell, and the file is still as it was read; else it reads the whole file itself
(docs/storage.md, "Damage")."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import sqlite3
import time
from pathlib import Path

import pytest

from companion.storage import Journal
from companion.storage import opening, precheck
from companion.storage import shadow as shadows
from companion.storage.errors import StorageError
from companion.storage.opening import as_it_is
from companion.storage.precheck import Precheck
from companion.storage.shadow import shadow_path
from tests.storage import tally

FILES = ("journal.sqlite3", "journal.sqlite3-wal", "journal.sqlite3.shadow.jsonl")
SPREAD = 16  # offsets spread over each file


def played(folder: Path, live: bool = False) -> Path:
    """Three tally games played in ``folder``; with ``live`` the files are copied while the
    journal is still open (its last commands in the -wal, as a pulled plug leaves them)."""
    live_path = folder / ("live" if live else "") / "journal.sqlite3"
    live_path.parent.mkdir(parents=True, exist_ok=True)
    journal = Journal(live_path, game=tally)
    games = [journal.new_game(tally.header()) for _ in range(3)]
    for n, game in enumerate(games):
        for cmd in list(tally.play(n + 2, limit=200))[:14]:
            journal.submit(game, cmd)
    if live:
        for name in FILES:
            shutil.copy(live_path.with_name(name), folder / name)
    journal.close()
    return folder / "journal.sqlite3"


def files_now(path: Path) -> dict[str, bytes]:
    """The journal's files as they are (an empty -wal counts as none: it holds nothing)."""
    out = {}
    for name in FILES:
        each = path.with_name(name)
        if each.exists() and each.stat().st_size:
            out[name] = each.read_bytes()
    return out


def sql(path: Path, statement: str, *args: object) -> list[tuple]:
    """One statement on the database with the stdlib (the rows it gives), committed."""
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute(statement, args).fetchall()
        conn.commit()
        return rows
    finally:
        conn.close()


def journal_id(path: Path) -> str:
    return str(sql(path, "SELECT journal_id FROM schema_version")[0][0])


def check_against_the_opening(path: Path) -> bool:
    """``as_it_is`` of the file, checked against a writable opening of it here: when it
    answers, that opening told nothing and changed no file, and has the same journal and
    games. Whether it answered."""
    found = as_it_is(path)
    before = files_now(path)
    with Journal(path, game=tally) as journal:
        after, notices, games = files_now(path), journal.notices, sorted(r.id for r in journal.reports)
    if found is not None:
        assert notices == [] and after == before
        assert found == (journal_id(path), games)
    return found is not None


def test_a_whole_journal_is_found_as_it_is(tmp_path):
    path = played(tmp_path)
    assert check_against_the_opening(path)
    assert as_it_is(path) == (journal_id(path), [1, 2, 3])


@pytest.mark.parametrize("damage", ["torn", "crash", "row", "line", "no_shadow", "no_database", "old_schema"])
def test_anything_an_opening_would_repair_or_tell_is_not_as_it_is(tmp_path, damage):
    """Half a line at the shadow's end; the shadow's last line ahead of the database (a crash
    between the two writes, rolled forward without a word); a damaged row or line; a copy
    missing; a schema to migrate."""
    path = played(tmp_path)
    if damage == "torn":
        with shadow_path(path).open("ab") as f:
            f.write(b'{"g":3,"t":99,')
    elif damage == "crash":
        with Journal(path, game=tally) as journal:
            ahead = journal.new_game(tally.header())
        sql(path, "DELETE FROM games WHERE id = ?", ahead)
    elif damage == "row":
        sql(path, "UPDATE commands SET body = '{broken' WHERE game_id = 2 AND seq = 1")
    elif damage == "line":
        data = bytearray(shadow_path(path).read_bytes())
        data[len(data) // 2] ^= 0x01
        shadow_path(path).write_bytes(bytes(data))
    elif damage == "no_shadow":
        shadow_path(path).unlink()
    elif damage == "no_database":
        path.unlink()
    else:
        sql(path, "UPDATE schema_version SET version = version - 1")
    assert as_it_is(path) is None
    if damage != "old_schema":  # (a migration from a made-up version is refused: nothing to compare)
        assert not check_against_the_opening(path)


@pytest.mark.parametrize("name", FILES)
def test_a_flipped_byte_anywhere_is_as_it_is_only_where_the_opening_sees_nothing(tmp_path, name):
    """docs/storage.md, "Damage": a flip is found as it was before, and never trusted."""
    source = played(tmp_path / "source", live=True)
    data = source.with_name(name).read_bytes()
    offsets = sorted({int(i * len(data) / SPREAD) for i in range(SPREAD)} | {len(data) - 1})
    answered = 0
    for n, offset in enumerate(offsets):
        copy = tmp_path / f"flip{n}"
        shutil.copytree(source.parent, copy, ignore=shutil.ignore_patterns("live"))
        flipped = bytearray(data)
        flipped[offset] ^= 0xFF
        (copy / name).write_bytes(bytes(flipped))
        answered += check_against_the_opening(copy / "journal.sqlite3")
    # the test bites both ways: flips the opening repairs, and flips in bytes nothing reads
    assert answered < len(offsets)
    if name == FILES[0]:  # (the -wal's frames and the shadow's lines are summed: any flip in them is found)
        assert answered >= 1


def test_a_long_journal_is_checked_in_another_process_and_not_read_again_here(tmp_path, monkeypatch):
    path = played(tmp_path)
    monkeypatch.setattr(precheck, "PRECHECK_FROM", 0)
    check = Precheck.start(str(path))
    assert check is not None

    def read_here(*args):
        raise AssertionError("the file was read by the opening")

    with monkeypatch.context() as here:
        here.setattr(shadows, "parse", read_here)
        here.setattr(opening, "read_db", read_here)
        with Journal(path, game=tally, precheck=check) as journal:
            assert journal.notices == [] and sorted(g.id for g in journal.games()) == [1, 2, 3]
            before = journal.commands(3)
            journal.submit(3, {"type": "Move", "seat": 0, "steps": 1})
    assert check.process.exitcode == 0
    with Journal(path, game=tally) as journal:  # the write after it went where it should
        assert journal.notices == [] and journal.commands(3) == [*before, {"type": "Move", "seat": 0, "steps": 1}]


def test_a_file_changed_after_its_check_is_read_again(tmp_path, monkeypatch):
    path = played(tmp_path)
    monkeypatch.setattr(precheck, "PRECHECK_FROM", 0)
    check = Precheck.start(str(path))
    assert check is not None
    check.process.join()  # its answer given, then another writer comes
    with Journal(path, game=tally) as journal:
        journal.submit(1, {"type": "Move", "seat": 1, "steps": 2})
    reads = []
    parse = shadows.parse
    monkeypatch.setattr(shadows, "parse", lambda data: reads.append(1) or parse(data))
    with Journal(path, game=tally, precheck=check) as journal:
        assert reads == [1] and journal.notices == []
        assert journal.commands(1)[-1] == {"type": "Move", "seat": 1, "steps": 2}


def says(answers, answer) -> None:  # (a stand-in for the other process, which it runs)
    if answer == "dies":
        raise SystemExit(1)
    if answer == "sleeps":
        time.sleep(60)
    answers.send(answer)


def stand_in(path: Path, answer: object) -> Precheck:
    """A Precheck whose process sends ``answer`` ("dies": exits without a word; "sleeps")."""
    ctx = multiprocessing.get_context("spawn")
    answers, theirs = ctx.Pipe(duplex=False)
    process = ctx.Process(target=says, args=(theirs, answer), daemon=True)
    process.start()
    theirs.close()
    return Precheck(path, process, answers)


@pytest.mark.parametrize("answer", [
    "dies",
    None,
    [1, 2],
    {"journal": "x", "games": [1, 2, 3], "files": []},  # other files than these
    {"journal": 7, "games": [1, 2, 3]},
])
def test_an_answer_not_to_be_trusted_is_never_trusted(tmp_path, answer, monkeypatch):
    """A process that dies, finds nothing to trust, says something else, or read other
    files: the opening reads the whole file itself, and finds what it always found."""
    path = played(tmp_path)
    check = stand_in(path, answer)
    assert check.found() is None and not check.process.is_alive()
    if isinstance(answer, dict) and "files" not in answer:  # (the right files, a wrong id)
        answer["files"] = precheck.files(path)
    reads = []
    parse = shadows.parse
    monkeypatch.setattr(shadows, "parse", lambda data: reads.append(1) or parse(data))
    with Journal(path, game=tally, precheck=stand_in(path, answer)) as journal:
        assert reads == [1] and len(journal.games()) == 3


def test_the_files_as_read_are_trusted_only_as_they_are(tmp_path):
    """The stand-in's right answer is trusted (the test above bites), and a file touched since is not."""
    path = played(tmp_path)
    right = {"journal": journal_id(path), "games": [1, 2, 3], "files": precheck.files(path)}
    assert stand_in(path, right).found() == (journal_id(path), [1, 2, 3])
    os.utime(shadow_path(path), ns=(0, 0))
    assert stand_in(path, right).found() is None


def test_another_files_check_is_not_trusted(tmp_path, monkeypatch):
    path, other = played(tmp_path / "one"), played(tmp_path / "two")
    right = {"journal": journal_id(other), "games": [1, 2, 3], "files": precheck.files(other)}
    reads = []
    parse = shadows.parse
    monkeypatch.setattr(shadows, "parse", lambda data: reads.append(1) or parse(data))
    check = stand_in(other, right)
    with Journal(path, game=tally, precheck=check) as journal:
        assert reads == [1] and journal._db.journal_id == journal_id(path)
    assert not check.process.is_alive()


def test_a_slow_check_is_stopped_and_not_waited_for(tmp_path):
    path = played(tmp_path)
    check = stand_in(path, "sleeps")
    assert check.found(timeout=0.2) is None
    assert not check.process.is_alive()


def test_a_refused_opening_stops_its_check(tmp_path, monkeypatch):
    path = played(tmp_path)
    monkeypatch.setattr(precheck, "PRECHECK_FROM", 0)
    with Journal(path, game=tally):  # the file is held: a second opening is refused
        check = Precheck.start(str(path))
        assert check is not None
        with pytest.raises(StorageError):
            Journal(path, game=tally, precheck=check)
        assert not check.process.is_alive()


def test_a_short_journal_a_url_or_no_file_starts_no_process(tmp_path):
    path = played(tmp_path)
    assert shadow_path(path).stat().st_size < precheck.PRECHECK_FROM
    assert Precheck.start(str(path)) is None
    assert Precheck.start(f"sqlite:///{path}") is None
    assert Precheck.start(str(tmp_path / "none.sqlite3")) is None
