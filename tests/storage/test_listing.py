"""The list of games read with the stdlib (storage/listing.py, issue 13: "start under 1 s"):
the journal's own list when the file can be taken as it is, and ``None`` (the journal must
be opened first) whenever opening it would change or tell something."""

from __future__ import annotations

import sqlite3
import subprocess
import sys

from companion.storage import Journal
from companion.storage.listing import quick_games
from tests.storage import tally

WIN = {"type": "Roll", "seat": 1, "faces": [5, 5, 5, 5, 5]}  # five hits: seat 1 reaches the target


def three_games(path, key):
    """A finished game, an unfinished one played last, and one never played."""
    with Journal(path, game=tally, key_file=key) as journal:
        done = journal.new_game(tally.header())
        journal.submit(done, WIN)
        journal.new_game(tally.header(players=2))
        playing = journal.new_game(tally.header(players=4))
        journal.submit(playing, {"type": "Move", "seat": 0, "steps": 2})
        return journal.games()


def test_the_list_is_the_journals_own(db_path, tmp_path):
    games = three_games(db_path, tmp_path / "k")
    assert games[0].finished is False and any(g.finished and g.winner == "Bruno" for g in games)
    assert quick_games(db_path) == games  # same games, same order, same columns


def test_a_new_table_has_no_games_and_nothing_is_made(tmp_path):
    folder = tmp_path / "not" / "made" / "yet"
    assert quick_games(folder / "journal.sqlite3") == []
    assert not (tmp_path / "not").exists()


def test_a_journal_held_by_another_app_is_left_to_the_journal(db_path, tmp_path):
    three_games(db_path, tmp_path / "k")
    with Journal(db_path, game=tally, key_file=tmp_path / "k"):  # its instance lock is held
        assert quick_games(db_path) is None
    code = ("import sys; from companion.storage.listing import quick_games; "
            "sys.exit(0 if quick_games(sys.argv[1]) is None else 1)")
    with Journal(db_path, game=tally, key_file=tmp_path / "k"):  # and from another process
        assert subprocess.run([sys.executable, "-c", code, str(db_path)]).returncode == 0


def test_anything_the_opening_would_repair_or_tell_is_left_to_the_journal(db_path, tmp_path):
    three_games(db_path, tmp_path / "k")
    shadow = db_path.with_name(db_path.name + ".shadow.jsonl")
    kept = shadow.read_bytes()
    shadow.unlink()  # the journal would write the shadow anew, and say so
    assert quick_games(db_path) is None
    shadow.write_bytes(kept)
    assert quick_games(db_path) is not None
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE games SET finished = NULL WHERE id = 1")  # a list column to fill by replaying
    conn.commit()
    conn.close()
    assert quick_games(db_path) is None
    assert quick_games("sqlite:///" + str(db_path)) is None  # a URL: the journal reads it
    assert quick_games(tmp_path) is None  # a folder: the journal says what is wrong


def test_a_row_damaged_in_the_database_alone_does_not_change_the_list(db_path, tmp_path):
    """The list reads no command rows (a hundred games' rows would cost the first screen
    about 0.3 s): the journal opened behind it restores the row from the shadow and says so."""
    games = three_games(db_path, tmp_path / "k")
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE commands SET body = '{broken' WHERE game_id = 1")
    conn.commit()
    conn.close()
    early = quick_games(db_path)
    assert early == games

    def shown(listed):  # a database written anew is every game's latest write (its updated_at)
        return sorted((g.id, g.game, g.players, g.rounds, g.finished, g.winner, g.commands) for g in listed)

    with Journal(db_path, game=tally, key_file=tmp_path / "k") as journal:
        assert any("restored from the second copy" in str(n) for n in journal.notices)
        assert shown(journal.games()) == shown(early)


def test_a_crash_rolled_forward_is_left_to_the_journal(tmp_path):
    """The shadow one line ahead of the database (a crash between the two writes): the list
    columns are one command behind, and the journal's opening rolls the game forward."""
    path = tmp_path / "j.sqlite3"
    journal = Journal(path, game=tally, key_file=tmp_path / "k")
    game = journal.new_game(tally.header())
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("j.sqlite3") and p.is_file()}
    journal.submit(game, WIN)  # the game ends with this command
    line = (tmp_path / "j.sqlite3.shadow.jsonl").read_bytes()
    journal.close()
    for name, data in before.items():
        (tmp_path / name).write_bytes(data)
    (tmp_path / "j.sqlite3.shadow.jsonl").write_bytes(line)
    assert quick_games(path) is None
    with Journal(path, game=tally, key_file=tmp_path / "k") as again:
        assert again.games()[0].finished  # what the list would have missed
