"""Opening with ``rows_of`` (opening.py; issue 13: "every journal command on the command
line under 0.4 s", also on a journal of many games): a command reads the command rows of
the games it prints, or none to add a game, when the shadow agrees with every game's
transactions; any disagreement reads, checks and repairs the whole file as before
(docs/storage.md, "Damage")."""

from __future__ import annotations

import json
import sqlite3

from companion.storage import Journal
from companion.storage.importer import RecordImporter
from companion.storage.reader import JournalReader, listed, one, played_last
from companion.storage.shadow import read as read_shadow
from companion.storage.shadow import shadow_path
from tests.storage import tally


def three_games(db_path):
    """Three tally games, the third played last."""
    with Journal(db_path, game=tally) as journal:
        games = [journal.new_game(tally.header()) for _ in range(3)]
        for game in games:
            for cmd in tally.play(2):
                journal.submit(game, cmd)
    return games


def damage_row(db_path, game: int) -> None:
    """A command row of ``game`` broken in the database alone (its shadow line intact)."""
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE commands SET body = '{broken' WHERE game_id = ? AND seq = 1", (game,))
    conn.commit()
    conn.close()


def full(db_path, game: int):
    with JournalReader(db_path, game=tally) as reader:
        return reader.notices, reader.state(game), reader.export(game)


def test_a_reader_reads_and_checks_the_rows_of_the_game_it_prints(db_path):
    first, _, last = three_games(db_path)
    damage_row(db_path, first)
    notices_all, state, export = full(db_path, last)
    assert notices_all, "the whole file read: the damaged row of game 1 is told"
    for rows_of in (one(last), played_last):
        with JournalReader(db_path, game=tally, rows_of=rows_of) as reader:
            assert rows_of is not played_last or reader.latest_game() == last
            assert reader._db.rows_of == {last}
            assert reader.notices == [], "game 1's rows are not read"
            assert (reader.state(last), reader.export(last)) == (state, export)
    with JournalReader(db_path, game=tally, rows_of=one(first)) as reader:
        assert (reader.notices, reader.state(first), reader.export(first)) == full(db_path, first)
        assert "read together with its second copy" in str(reader.notices[0])


def test_a_game_not_read_at_opening_is_read_when_asked_for(db_path):
    first, _, last = three_games(db_path)
    damage_row(db_path, first)
    with JournalReader(db_path, game=tally, rows_of=one(last)) as reader:
        assert reader.notices == []
        assert (reader.state(first), reader.export(first)) == full(db_path, first)[1:]
        assert reader.notices == full(db_path, first)[0] and reader._db.rows_of is None


def damage_game_row(db_path, game: int) -> None:
    """The games table's row of ``game`` broken in the database alone (it fails its sum)."""
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE games SET header = '{broken' WHERE id = ?", (game,))
    conn.commit()
    conn.close()


def test_a_game_picked_by_id_reads_its_own_row_of_the_games_table_and_the_last_lines(db_path):
    """``one(id)``: only that game's row and the row of the game the shadow's last line is of
    are read and checked, not every game's (the app's Resume while its journal opens: each
    row read hands Python's lock to the opening thread and waits to get it back). Another
    game's damaged row is left to the whole reading, which a list of the games then takes."""
    first, middle, last = three_games(db_path)
    damage_game_row(db_path, middle)
    with JournalReader(db_path, game=tally, rows_of=one(first)) as reader:
        assert reader.notices == [] and not reader._db.every_game
        assert set(reader._games) == {first, last}  # the last line is of the game played last
        assert (reader.state(first), reader.export(first)) == full(db_path, first)[1:]
        assert [g.id for g in reader.games()] == [g.id for g in JournalReader(db_path, game=tally).games()]
        assert reader._db.every_game and reader.notices == full(db_path, first)[0] != []


def fail_line(db_path, pick) -> None:
    """The shadow line ``pick(lines)`` (an index) made to fail its sum."""
    shadow = shadow_path(db_path)
    lines = shadow.read_bytes().split(b"\n")
    n = pick(lines)
    lines[n] = lines[n][:-1] + (b"0" if lines[n][-1:] != b"0" else b"1")
    shadow.write_bytes(b"\n".join(lines))


def last_line_of(game: int):
    return lambda lines: max(i for i, line in enumerate(lines) if line.startswith(b'{"g":%d,' % game))


def test_a_damaged_shadow_line_of_another_game_is_left_to_the_whole_reading(db_path):
    """As a row damaged in the database alone: the game printed is the same, and the app's
    opening tells and repairs the other game's line."""
    first, _, last = three_games(db_path)
    fail_line(db_path, last_line_of(first))
    expected = full(db_path, last)
    assert any("shadow" in str(n) for n in expected[0]), expected[0]
    with JournalReader(db_path, game=tally, rows_of=one(last)) as reader:
        assert reader._db.rows_of == {last} and reader.notices == []
        assert (reader.state(last), reader.export(last)) == expected[1:]


def test_any_disagreement_on_the_game_printed_reads_the_whole_file(db_path):
    """A damaged line of the game printed, of the shadow's first or last line, a line
    missing at the end, a game whose own row fails its sum: no game is read alone."""
    first, second, last = three_games(db_path)
    damage_row(db_path, first)
    shadow = shadow_path(db_path)
    whole = shadow.read_bytes()

    def first_of_second(lines):
        return min(i for i, line in enumerate(lines) if line.startswith(b'{"g":%d,' % second))

    cases = {  # what is damaged: the game printed
        "its own line (not the last)": (lambda: fail_line(db_path, first_of_second), second),
        "the first line": (lambda: fail_line(db_path, lambda lines: 0), second),
        "the last line (another game's)": (lambda: fail_line(db_path, lambda lines: len(lines) - 2), second),
        "the last line missing": (lambda: shadow.write_bytes(whole[:whole.rfind(b"\n", 0, len(whole) - 1) + 1]),
                                  second),
        "the game played last's last line": (lambda: fail_line(db_path, last_line_of(last)), last),
    }
    for case, (damage, printed) in cases.items():
        shadow.write_bytes(whole)
        damage()
        expected = full(db_path, printed)
        assert any("shadow" in str(n) or "lost" in str(n) for n in expected[0]), (case, expected[0])
        for rows_of in (one(printed), *([played_last] if printed == last else [])):
            with JournalReader(db_path, game=tally, rows_of=rows_of) as reader:
                assert reader._db.rows_of is None, case
                assert (reader.notices, reader.state(printed), reader.export(printed)) == expected, case
    shadow.write_bytes(whole)
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE games SET header = header || ' ' WHERE id = ?", (second,))
    conn.commit()
    conn.close()
    expected = full(db_path, last)
    with JournalReader(db_path, game=tally, rows_of=played_last) as reader:
        assert reader._db.rows_of is None
        assert (reader.notices, reader.state(last), reader.export(last)) == expected


def test_the_list_reads_only_the_games_whose_list_columns_are_missing(db_path):
    first, second, last = three_games(db_path)
    damage_row(db_path, first)

    def shown(reader):
        return [(g.id, g.players, g.rounds, g.finished, g.winner, g.commands) for g in reader.games()]

    with JournalReader(db_path, game=tally) as reader:
        expected = shown(reader)
    with JournalReader(db_path, game=tally, rows_of=listed) as reader:
        assert reader._db.rows_of == set() and shown(reader) == expected and reader.notices == []
    conn = sqlite3.connect(db_path)  # as a migration leaves them (no sum covers them)
    conn.execute("UPDATE games SET rounds = NULL, finished = NULL, winner = NULL WHERE id = ?", (second,))
    conn.commit()
    conn.close()
    with JournalReader(db_path, game=tally, rows_of=listed) as reader:
        assert reader._db.rows_of == {second} and shown(reader) == expected


def test_an_import_leaves_a_row_damaged_in_the_database_alone_to_the_apps_opening(db_path):
    first, _, last = three_games(db_path)
    damage_row(db_path, first)
    record = "\n".join(json.dumps(x) for x in [tally.header(), *tally.play(2)])
    with RecordImporter(db_path, game=tally) as importer:
        assert importer.notices == []
        added = importer.import_record(record)
    with Journal(db_path, game=tally) as journal:
        assert any("Game 1: 1 command (1) restored" in str(n) for n in journal.notices), "the app repairs game 1"
        assert journal.state(added) == journal.state(last)
        assert len(journal.games()) == 4
    with Journal(db_path, game=tally) as journal:
        assert journal.notices == []


def test_an_import_after_a_torn_shadow_line_mends_the_shadow_first(db_path):
    """A write cut by a crash leaves half a line at the shadow's end: the opening cuts it off
    before the new game's line is added after it, as the journal does."""
    three_games(db_path)
    shadow = shadow_path(db_path)
    with shadow.open("ab") as f:
        f.write(b'{"g":3,"t":9,')
    record = "\n".join(json.dumps(x) for x in [tally.header(), *tally.play(2)])
    with RecordImporter(db_path, game=tally) as importer:
        importer.import_record(record)
    view = read_shadow(shadow)
    assert not view.torn and view.damaged == [] and view.lines[-1].g == 4
    with Journal(db_path, game=tally) as journal:
        assert journal.notices == []


def test_a_reader_reads_its_game_alone_beside_a_torn_last_line(db_path):
    """Half a line at the shadow's end (a write cut by a crash, never committed): a reader
    takes the lines before it, and does not look at the half line, even of its own game."""
    _, _, last = three_games(db_path)
    expected = full(db_path, last)
    with shadow_path(db_path).open("ab") as f:
        f.write(b'{"g":%d,"t":99,' % last)
    with JournalReader(db_path, game=tally, rows_of=one(last)) as reader:
        assert reader._db.rows_of == {last}
        assert (reader.notices, reader.state(last), reader.export(last)) == expected


def test_a_game_read_alone_answers_as_the_journal_does_sealed_choices_opened(db_path, tmp_path):
    """``JournalReader.focused`` (the app's Resume while its journal opens, late_journal.py):
    the game's header, state, commands and log as the journal gives them, a bid still
    sealed opened with the key in the state and the commands, its amount not in the log."""
    key = tmp_path / "journal.key"
    with Journal(db_path, game=tally, key_file=key) as journal:
        other, game = journal.new_game(tally.header()), journal.new_game(tally.header())
        for cmd in ({"type": "Move", "seat": 0, "steps": 1}, {"type": "Pay", "seat": 1, "amount": 1},
                    {"type": "LockBid", "seat": 0, "amount": 70}):
            journal.submit(game, cmd)
        journal.submit(other, {"type": "Move", "seat": 1, "steps": 2})
        expected = (journal.header(game), journal.state(game), journal.commands(game), journal.log(game))
    assert expected[2][-1] == {"type": "LockBid", "seat": 0, "amount": 70}
    reader = JournalReader.focused(db_path, one(game), key_file=key)
    assert reader is not None and reader.holds(game) and not reader.holds(other)
    with reader:
        assert (reader.header(game), reader.state(game), reader.commands(game), reader.log(game)) == expected
        assert "70" not in reader.log(game)[-1]


def test_a_game_the_copies_disagree_on_is_not_read_alone_nor_the_whole_file(db_path, monkeypatch):
    """A damaged row of the game, or the shadow's last line ahead of the database (a crash
    between the two writes): no reading of the game alone, and the whole file is left to the
    journal, which repairs it (``focused`` reads no other line of the shadow)."""
    first, second, last = three_games(db_path)
    damage_row(db_path, second)
    from companion.storage import shadow as shadows

    def whole(data):
        raise AssertionError("the whole shadow read")

    monkeypatch.setattr(shadows, "parse", whole)
    assert JournalReader.focused(db_path, one(second)) is None
    reader = JournalReader.focused(db_path, one(last))  # damage to another game alone is the journal's
    assert reader is not None and reader.holds(last)
    reader.close()
    monkeypatch.undo()
    with Journal(db_path, game=tally) as journal:  # repaired
        ahead = journal.new_game(tally.header())
    conn = sqlite3.connect(db_path)  # the database one transaction behind its shadow: a crash
    conn.execute("DELETE FROM games WHERE id = ?", (ahead,))
    conn.commit()
    conn.close()
    assert JournalReader.focused(db_path, one(last)) is None
    assert JournalReader.focused(db_path.parent / "none.sqlite3", one(1)) is None
