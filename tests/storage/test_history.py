"""History: the list of games, the log, export and import of records (issue 4, part 4)."""

import sqlite3

import pytest

from companion.errors import GameError
from tests.storage import tally
from tests.storage.conftest import reopen


def count(path, table):
    conn = sqlite3.connect(path)
    try:
        return conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    finally:
        conn.close()


def test_the_list_of_games_shows_players_rounds_and_winner(journal):
    finished = journal.new_game(tally.header(players=3, target=2), meta={"note": "first"})
    for s in range(3):
        journal.submit(finished, {"type": "LockBid", "seat": s, "amount": 10 * (s + 1)})
    journal.submit(finished, {"type": "Roll", "seat": 2, "faces": [6, 1]})
    running = journal.new_game(tally.header(players=4))
    journal.submit(running, {"type": "Move", "seat": 3, "steps": 3})
    journal = reopen(journal)
    games = journal.games()
    assert [g.id for g in games] == [running, finished]
    assert games[1].players == ["Anna", "Bruno", "Carla"]
    assert (games[1].rounds, games[1].finished, games[1].winner, games[1].commands) == (2, True, "Carla", 4)
    assert games[1].meta == {"note": "first"}
    assert (games[0].players[-1], games[0].rounds, games[0].finished, games[0].winner) == ("Dario", 1, False, None)
    assert games[0].created_at.startswith("20")
    assert journal.latest_game(unfinished=True) == running
    journal.close()


def test_a_game_whose_list_columns_are_empty_is_listed_from_its_state_and_written_once(journal, db_path):
    """A migrated or repaired journal's game rows have no round, end or winner yet: the list
    replays the game for them and writes them, so the next list reads them from the row."""
    finished = journal.new_game(tally.header(players=3, target=2))
    for s in range(3):
        journal.submit(finished, {"type": "LockBid", "seat": s, "amount": 10 * (s + 1)})
    journal.submit(finished, {"type": "Roll", "seat": 2, "faces": [6, 1]})
    running = journal.new_game(tally.header(players=2))
    listed = [(g.id, g.rounds, g.finished, g.winner) for g in journal.games()]
    journal.close()
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE games SET rounds = NULL, finished = NULL, winner = NULL")
    conn.commit()
    conn.close()
    journal = reopen(journal)
    assert [(g.id, g.rounds, g.finished, g.winner) for g in journal.games()] == listed
    assert listed[1][2] is True and listed[0][0] == running
    conn = sqlite3.connect(db_path)
    try:
        assert conn.execute("SELECT count(*) FROM games WHERE finished IS NULL").fetchone()[0] == 0
    finally:
        conn.close()


def test_export_then_import_gives_the_same_game(journal):
    game = journal.new_game(tally.header())
    commands = list(tally.play(7))
    for cmd in commands:
        journal.submit(game, cmd)
    record = journal.export(game)
    lines = record.splitlines()
    assert len(lines) == 1 + len(commands) and lines[0].startswith('{"game":"tally"')
    copy = journal.import_record(record)
    assert copy != game
    assert journal.state(copy).to_dict() == journal.state(game).to_dict()
    assert journal.export(copy) == record
    assert journal.log(copy) == journal.log(game)
    journal = reopen(journal)
    assert journal.state(copy).to_dict() == journal.replayed_state(game).to_dict()
    journal.close()


def test_an_imported_game_with_a_bid_still_hidden_is_sealed(journal, db_path):
    record = "\n".join(
        [
            '{"game":"tally","seats":[{"name":"Anna"},{"name":"Bruno"}]}',
            '{"type":"LockBid","seat":0,"amount":30}',
            '{"type":"LockBid","seat":1,"amount":20}',
            '{"type":"LockBid","seat":1,"amount":60}',
        ]
    )
    game = journal.import_record(record)
    assert journal.state(game).bids == {"1": 60}
    assert journal.log(game)[-1] == "Bruno made a sealed choice (hidden until its reveal)"
    conn = sqlite3.connect(db_path)
    assert conn.execute("SELECT seq, sealed FROM commands WHERE game_id = ? ORDER BY seq", (game,)).fetchall() == [
        (1, 0), (2, 0), (3, 1)
    ]
    conn.close()
    # and it can be undone like any bid not yet revealed
    journal.undo(game)
    assert journal.state(game).bids == {}


DAMAGED = {
    "empty": ("", "is empty: the first line must be the header"),
    "not JSON": ('{"game":"tally","seats":[{"name":"A"},{"name":"B"}]}\n{"type": "Move", "seat": 0,', "line 2: not valid JSON"),
    "not an object": ('{"game":"tally","seats":[{"name":"A"},{"name":"B"}]}\n[1, 2]', "line 2: expected a JSON object"),
    "no header": ('{"type":"Move","seat":0,"steps":1}', "line 1: the first line must be the header"),
    "bad header": ('{"game":"tally","seats":[{"name":"A"}]}', "line 1 \\(the header\\): A game of tally needs 2 to 5 seats"),
    "unknown game": ('{"game":"chess","seats":[]}', "line 1: this app does not know the game 'chess'"),
    "no type": ('{"game":"tally","seats":[{"name":"A"},{"name":"B"}]}\n{"seat":0}', "line 2: a command needs a 'type'"),
    "unknown command": (
        '{"game":"tally","seats":[{"name":"A"},{"name":"B"}]}\n{"type":"Move","seat":0,"steps":1}\n\n{"type":"Fly"}',
        "line 4: Unknown command 'Fly'",
    ),
    "illegal command": (
        '{"game":"tally","seats":[{"name":"A"},{"name":"B"}]}\n{"type":"Pay","seat":1,"amount":10}\n'
        '{"type":"LockBid","seat":1,"amount":100}',
        "line 3: B holds 90 florins; a bid of 100 is not possible",
    ),
}


@pytest.mark.parametrize("case", DAMAGED)
def test_a_damaged_record_is_refused_and_nothing_is_written(journal, db_path, case):
    """issue 4: import of a damaged record: clear error, nothing written."""
    existing = journal.new_game(tally.header())
    journal.submit(existing, {"type": "Move", "seat": 0, "steps": 1})
    before = (count(db_path, "games"), count(db_path, "commands"), count(db_path, "snapshots"))
    text, message = DAMAGED[case]
    with pytest.raises(GameError, match=message):
        journal.import_record(text, name="game.jsonl")
    assert (count(db_path, "games"), count(db_path, "commands"), count(db_path, "snapshots")) == before
    assert [g.id for g in journal.games()] == [existing]


def test_the_log_reads_the_events_with_names(journal):
    game = journal.new_game(tally.header())
    journal.submit(game, {"type": "Draw", "cards": ["c3"]})
    journal.submit(game, {"type": "Pay", "seat": 2, "amount": 20})
    assert journal.log(game) == ["Cards drawn (cards: c3)", "Carla: paid (amount: 20)"]


def test_a_rules_module_may_describe_its_own_events(journal, monkeypatch):
    monkeypatch.setattr(tally, "describe", lambda event, header: f"<{event['type']}>", raising=False)
    game = journal.new_game(tally.header())
    journal.submit(game, {"type": "Draw", "cards": ["c3"]})
    assert journal.log(game) == ["<cards_drawn>"]


def test_the_plain_log_line_names_seats_and_reads_lists_and_dicts():
    from companion.storage.rules import describe_event

    header = tally.header(players=2)
    assert describe_event({"type": "bids_revealed", "bids": {"0": 50, "1": 40}, "reveal": True}, header) == (
        "Bids revealed (bids: Anna 50, Bruno 40)"
    )
    assert describe_event({"type": "attack", "seat": 1, "defender": 0, "sea_raid": False, "cards": ["tank_1"]},
                          header) == "Bruno: attack (defender: Anna; sea raid: no; cards: tank 1)"
