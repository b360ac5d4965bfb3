"""The journal with the real Magnifico engine: resume mid-auction, mid-battle, mid-turn; undo.

Skipped while the engine is not in this build (tests/storage/tally.py covers the journal alone).
"""

import json

import pytest

demo = pytest.importorskip("companion.games.magnifico.demo", reason="the engine's demo is not in this build")

from companion.errors import GameError  # noqa: E402
from companion.games.magnifico import commands as C  # noqa: E402
from companion.games.magnifico import engine as E  # noqa: E402
from companion.games.magnifico.game import GAME as MAGNIFICO  # noqa: E402
from companion.storage import Journal  # noqa: E402

SEED, PLAYERS = 2, 4


@pytest.fixture(scope="module")
def whole():
    """The uninterrupted game, with the state after each command."""
    game = demo.play_demo(SEED, PLAYERS)
    states, events = [E.new_game(game.header)], []
    for cmd in game.commands:
        state, ev = E.apply(states[-1], cmd)
        states.append(state)
        events.append(ev)
    return game, [C.to_dict(c) for c in game.commands], states, events


def first(states, test):
    return next(k for k, s in enumerate(states) if test(s))


def journal_until(path, game, k, **options):
    """A journal holding the first ``k`` commands of the demo, written as the demo plays."""
    journal = Journal(path, game=MAGNIFICO, **options)
    gid = journal.new_game(game.header, meta={"demo": {"seed": SEED, "players": PLAYERS}})
    demo.play_demo(SEED, PLAYERS, header=game.header, max_commands=k,
                   on_command=lambda _h, _i, cmd: journal.submit(gid, cmd))
    return journal, gid


STOPS = {
    "mid-auction, bids locked": lambda s: s.phase == "bidding" and len(s.auction.bids) >= 2,
    "mid-battle": lambda s: s.battle is not None,
    "mid-turn, after a movement": None,  # found from the commands below
}


@pytest.mark.parametrize("where", STOPS)
def test_resume_where_the_game_stood(tmp_path, whole, where):
    """issue 4: reopen the unfinished game exactly where it stood."""
    game, commands, states, _ = whole
    if STOPS[where] is None:
        k = next(i + 1 for i, c in enumerate(commands) if c["type"] == "Move")
    else:
        k = first(states, STOPS[where])
    journal, gid = journal_until(tmp_path / "j.sqlite3", game, k)
    journal.close()
    with Journal(tmp_path / "j.sqlite3", game=MAGNIFICO) as journal:
        assert journal.commands(gid) == commands[:k]
        assert journal.state(gid).to_dict() == states[k].to_dict()
        assert journal.replayed_state(gid).to_dict() == states[k].to_dict()


def test_locked_bids_are_not_in_the_file_before_the_reveal(tmp_path, whole):
    game, commands, states, _ = whole
    k = first(states, lambda s: s.phase == "bidding" and len(s.auction.bids) == len(s.auction.bidders) - 1)
    # a snapshot after every command: the states holding the locked bids are written too
    journal, gid = journal_until(tmp_path / "j.sqlite3", game, k, snapshot_every=1)
    journal.close()
    locked = {c["seat"]: c["amount"] for c in commands[:k] if c["type"] == "LockBid"}
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("j.sqlite3*") if p.is_file())
    bids = states[k].auction.bids
    assert len(bids) >= 2
    for seat, amount in bids.items():
        assert locked[seat] == amount
        assert f'"seat":{seat},"amount":{amount}'.encode() not in raw
        assert f'"{seat}":{amount}'.encode() not in raw  # as the state writes them
    assert b'"type":"LockBid"' in raw  # the rows are there, sealed: type and seat only
    assert b'"bids":{}' in raw  # earlier snapshots, before any bid, are plain
    with Journal(tmp_path / "j.sqlite3", game=MAGNIFICO) as journal:
        assert journal.state(gid).auction.bids == states[k].auction.bids
        assert journal.log(gid)[-1].endswith("made a sealed choice (hidden until its reveal)")


BOUNDARIES = ["start_roll", "auction_drawn", "bids_revealed", "battle_step"]


@pytest.mark.parametrize("kind", BOUNDARIES)
def test_undo_stops_at_each_kind_of_reveal_in_magnifico(tmp_path, whole, kind):
    """issue 4: undo never re-hides a bid, un-draws a card or lets anyone re-roll."""
    game, commands, states, events = whole
    revealing = [i + 1 for i, ev in enumerate(events) if any(e["type"] == kind and e.get("reveal") for e in ev)]
    # a reveal followed by a command that reveals nothing: undo takes that one back, then stops
    k = next(i for i in revealing if not any(e.get("reveal") for e in events[i]))
    journal, gid = journal_until(tmp_path / "j.sqlite3", game, k + 1)
    journal.undo(gid)
    assert journal.state(gid).to_dict() == states[k].to_dict()
    with pytest.raises(GameError, match=f"Undo stops here: the last action revealed something \\(.*{kind.replace('_', ' ')}"):
        journal.undo(gid)
    journal.redo(gid)
    assert journal.state(gid).to_dict() == states[k + 1].to_dict()
    journal.close()


def test_a_correction_needs_the_engine(tmp_path, whole):
    game, *_ = whole
    journal, gid = journal_until(tmp_path / "j.sqlite3", game, 10)
    if "Correct" in getattr(C, "__all__", ()) or hasattr(C, "Correct"):
        journal.correct(gid, {"seat": 0, "counter": "florins"}, 90, "paid twice by mistake")
        assert journal.state(gid).seats[0].florins == 90
    else:
        with pytest.raises(GameError, match="Correct"):
            journal.correct(gid, {"seat": 0, "counter": "florins"}, 90, "paid twice by mistake")
        assert len(journal.commands(gid)) == 10
    journal.close()


def test_a_demo_record_imports_as_the_same_game_and_a_damaged_one_not_at_all(tmp_path, whole):
    game, commands, states, _ = whole
    record = "".join(
        line + "\n" for line in [json.dumps(game.header)] + [json.dumps(c) for c in commands]
    )
    with Journal(tmp_path / "j.sqlite3", game=MAGNIFICO) as journal:
        gid = journal.import_record(record, name="demo.jsonl")
        assert journal.state(gid).to_dict() == states[-1].to_dict()
        info = journal.games()[0]
        assert info.finished and info.winner == game.state.seats[game.state.winner].name
        lines = record.splitlines()
        swapped = lines[:]
        swapped[8], swapped[9] = swapped[9], swapped[8]  # two commands out of order
        broken = [swapped, lines[:20] + [lines[20][:-7]]]  # and a line cut short
        for text in broken:
            with pytest.raises(GameError, match="demo.jsonl, line (9|10|21)"):
                journal.import_record("\n".join(text), name="demo.jsonl")
        assert [g.id for g in journal.games()] == [gid]


def test_a_game_ended_by_agreement_is_finished_in_the_list_the_log_and_the_record(tmp_path, whole):
    """rd: ending by agreement: a recorded command; the game list shows it finished with its
    winner, the log says it was by agreement, the record replays to the same ending."""
    game, commands, states, _ = whole
    # mid-auction, with bids still sealed: the table stops anyway
    k = first(states, lambda s: s.phase == "bidding" and len(s.auction.bids) >= 1)
    journal, gid = journal_until(tmp_path / "j.sqlite3", game, k)
    state, events = journal.submit(gid, C.EndByAgreement("the café closes"))
    leader = E.scoring_order(states[k])[0]
    assert state.winner == leader and state.ended["by"] == "agreement"
    info = journal.games()[0]
    assert info.finished and info.winner == state.seats[leader].name
    assert journal.log(gid)[-1].startswith("The table ends the game by agreement (the café closes)")
    assert journal.log(gid, "it")[-1].startswith("Il tavolo chiude la partita di comune accordo")
    exported = journal.export(gid).splitlines()
    assert json.loads(exported[-1]) == {"type": "EndByAgreement", "reason": "the café closes"}
    copy = journal.import_record("\n".join(exported))
    assert journal.state(copy).to_dict() == state.to_dict()
    journal.close()
