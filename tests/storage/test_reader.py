"""The read-only reader (storage/reader.py, issue 13: "state and export import only what
they need"): the same export, state, notices and errors as ``Journal(readonly=True)``;
sealed choices stay sealed in its exports (issue 12 item 5)."""

from __future__ import annotations

import json
import sqlite3

import pytest

from companion.storage import Journal
from companion.storage.errors import StorageError
from companion.storage.models import JournalModel
from companion.storage.reader import JournalReader
from companion.storage.schema import COLUMNS, DDL
from tests.storage import factions, tally

CHOOSE = [{"type": "ChooseFaction", "seat": s, "faction": f} for s, f in enumerate(["guelph", "ghibelline", "guelph"])]


def test_the_models_and_the_stdlib_names_agree():
    """One schema: models.py's tables are exactly schema.py's names, column by column."""
    tables = JournalModel.metadata.tables
    assert {name: tuple(t.columns.keys()) for name, t in tables.items()} == COLUMNS


def test_the_files_are_made_exactly_as_the_models_declare_them():
    """One schema: SQLAlchemy compiles models.py's tables to schema.py's DDL, statement by statement."""
    from sqlalchemy.dialects import sqlite
    from sqlalchemy.schema import CreateIndex, CreateTable

    dialect = sqlite.dialect()
    compiled = []
    for table in JournalModel.metadata.sorted_tables:
        compiled.append(str(CreateTable(table).compile(dialect=dialect)))
        compiled.extend(str(CreateIndex(i).compile(dialect=dialect)) for i in table.indexes)

    def norm(sql: str) -> str:
        return " ".join(sql.replace("(\n", "(").replace("\n)", ")").split()).replace("( ", "(").replace(" )", ")")

    assert [norm(s) for s in compiled] == [norm(s) for s in DDL]


def test_export_and_state_are_the_journals_own_with_secrets_sealed(tmp_path):
    key = tmp_path / "k.key"
    with Journal(tmp_path / "j.sqlite3", game=factions, key_file=key) as journal:
        game = journal.new_game(factions.header())
        for cmd in CHOOSE[:2]:
            journal.submit(game, cmd)
    with Journal(tmp_path / "j.sqlite3", game=factions, key_file=key, readonly=True) as journal:
        export, state = journal.export(game), journal.state(game)
    with JournalReader(tmp_path / "j.sqlite3", game=factions, key_file=key) as reader:
        assert reader.latest_game() == game
        assert reader.export(game) == export
        assert reader.state(game) == state
        assert reader.notices == []
    lines = [json.loads(x) for x in export.splitlines()[1:]]
    assert lines == [{"type": "ChooseFaction", "seat": s, "sealed": True} for s in range(2)]
    assert "guelph" not in export and "ghibelline" not in export


def test_the_game_played_last_is_the_journals(db_path):
    with Journal(db_path, game=tally) as journal:
        first = journal.new_game(tally.header())
        second = journal.new_game(tally.header(players=2))
        journal.submit(first, {"type": "Move", "seat": 0, "steps": 2})  # played last
    with Journal(db_path, game=tally, readonly=True) as journal:
        latest = journal.latest_game()
    with JournalReader(db_path, game=tally) as reader:
        assert reader.latest_game() == latest == first != second


def test_a_damaged_row_is_read_from_the_shadow_and_told_as_the_journal_tells_it(db_path):
    with Journal(db_path, game=tally) as journal:
        game = journal.new_game(tally.header())
        journal.submit(game, {"type": "Move", "seat": 0, "steps": 1})
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE commands SET body = '{broken'")
    conn.commit()
    conn.close()
    before = db_path.read_bytes()
    with Journal(db_path, game=tally, readonly=True) as journal:
        notices, export, state = journal.notices, journal.export(game), journal.state(game)
    with JournalReader(db_path, game=tally) as reader:
        assert reader.notices == notices and "read together with its second copy" in notices[0]
        assert reader.export(game) == export and reader.state(game) == state
    assert db_path.read_bytes() == before  # read-only: repaired in memory, the file left as it is
    db_path.with_name(db_path.name + ".shadow.jsonl").unlink()
    with pytest.raises(StorageError, match="command 1 of game 1 fails its check .* no second copy"):
        JournalReader(db_path, game=tally)


def test_no_game_and_a_missing_journal_are_told(db_path, tmp_path):
    with pytest.raises(StorageError, match="There is no journal at"):
        JournalReader(tmp_path / "none.sqlite3", game=tally)
    with Journal(db_path, game=tally) as journal:
        journal.new_game(tally.header())
    with JournalReader(db_path, game=tally) as reader, pytest.raises(StorageError, match="There is no game 99"):
        reader.export(99)


def _listed(games, *, when: bool = True):
    return [(g.id, g.game, g.players, g.created_at, g.updated_at if when else None, g.rounds, g.finished, g.winner,
             g.commands, g.meta) for g in games]


def test_the_list_of_games_is_the_journals_own(db_path):
    """``state --list`` reads with the reader: the journal's list, line for line, also when
    the list's columns are not filled yet (replayed for them, as the journal does) and when
    the journal is repaired in memory from its shadow."""
    with Journal(db_path, game=tally) as journal:
        first = journal.new_game(tally.header(), meta={"note": "first"})
        for cmd in tally.play(3):
            journal.submit(first, cmd)
        second = journal.new_game(tally.header(players=2))
        journal.submit(second, {"type": "Move", "seat": 0, "steps": 2})
    with Journal(db_path, game=tally, readonly=True) as journal:
        expected = _listed(journal.games())
    assert expected[0][0] == second and expected[1][6] is True and expected[1][7] is not None
    with JournalReader(db_path, game=tally) as reader:
        assert _listed(reader.games()) == expected
    conn = sqlite3.connect(db_path)  # as a migration or a rebuild leaves them (no sum covers them)
    conn.execute("UPDATE games SET rounds = NULL, finished = NULL, winner = NULL")
    conn.commit()
    conn.close()
    with Journal(db_path, game=tally, readonly=True) as journal, JournalReader(db_path, game=tally) as reader:
        assert _listed(reader.games()) == _listed(journal.games()) == expected
    db_path.unlink()  # only the shadow left: both repair in memory (the journal's times are its own)
    with Journal(db_path, game=tally, readonly=True) as journal, JournalReader(db_path, game=tally) as reader:
        assert reader.notices == journal.notices != []
        assert _listed(reader.games(), when=False) == _listed(journal.games(), when=False)
        assert [g[0] for g in _listed(reader.games())] == [second, first]
