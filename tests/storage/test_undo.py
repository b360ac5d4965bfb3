"""Undo and redo back to the last reveal, corrections past it (issue 4, part 3)."""

import pytest

from companion.errors import GameError
from companion.storage import Journal
from tests.storage import tally
from tests.storage.conftest import reopen

MOVE = {"type": "Move", "seat": 0, "steps": 1}
PAY = {"type": "Pay", "seat": 1, "amount": 10}

BOUNDARIES = {
    # what reveals something, and the words undo refuses with
    "bids revealed": [{"type": "LockBid", "seat": s, "amount": 20} for s in range(3)],
    "cards drawn": [{"type": "Draw", "cards": ["c1", "c2"]}],
    "dice rolled": [{"type": "Roll", "seat": 2, "faces": [1, 3]}],
}


@pytest.mark.parametrize("what", BOUNDARIES)
def test_undo_stops_at_each_kind_of_reveal(journal, what):
    """issue 4: undo never re-hides a bid, un-draws a card or lets anyone re-roll."""
    game = journal.new_game(tally.header())
    journal.submit(game, MOVE)
    for cmd in BOUNDARIES[what]:
        journal.submit(game, cmd)
    at_boundary = journal.state(game).to_dict()
    journal.submit(game, PAY)
    journal.submit(game, MOVE)
    journal.undo(game)
    journal.undo(game)
    assert journal.state(game).to_dict() == at_boundary
    assert journal.undo_refusal(game) == (
        f"Undo stops here: the last action revealed something ({what}) and the table has seen it. "
        "To fix a counter, make a correction."
    )
    with pytest.raises(GameError, match="Undo stops here"):
        journal.undo(game)
    assert journal.state(game).to_dict() == at_boundary
    # the boundary holds after a restart too
    journal = reopen(journal)
    with pytest.raises(GameError, match="Undo stops here"):
        journal.undo(game)
    journal.close()


def test_undo_takes_back_a_locked_bid_before_the_reveal(journal):
    game = journal.new_game(tally.header())
    journal.submit(game, {"type": "LockBid", "seat": 0, "amount": 30})
    journal.submit(game, {"type": "LockBid", "seat": 1, "amount": 50})
    journal.undo(game)
    assert journal.state(game).bids == {"0": 30}
    journal.submit(game, {"type": "LockBid", "seat": 1, "amount": 20})
    journal.submit(game, {"type": "LockBid", "seat": 2, "amount": 10})
    assert journal.log(game) == [
        "Anna: bid locked",
        "Bruno: bid locked",
        "Carla: bid locked",
        "Bids revealed (bids: 30, 20, 10)",
        "Anna: auction won (price: 30)",
    ]
    assert journal.commands(game)[:2] == [
        {"type": "LockBid", "seat": 0, "amount": 30},
        {"type": "LockBid", "seat": 1, "amount": 20},
    ]
    assert journal.state(game).florins == [70, 100, 100]


def test_undo_redo_unlimited_until_the_boundary_and_after_a_restart(journal):
    game = journal.new_game(tally.header())
    journal.submit(game, {"type": "Draw", "cards": ["c9"]})
    states = [journal.state(game).to_dict()]
    for i in range(12):  # more than one snapshot interval (5)
        journal.submit(game, {"type": "Move", "seat": i % 3, "steps": 1 + i % 3})
        states.append(journal.state(game).to_dict())
    for back in range(12):
        journal.undo(game)
        assert journal.state(game).to_dict() == states[-2 - back]
    assert journal.undo_refusal(game) is not None
    journal = reopen(journal)
    assert journal.state(game).to_dict() == states[0]
    assert journal.can_redo(game)
    for i in range(7):
        journal.redo(game)
        assert journal.state(game).to_dict() == states[i + 1]
    journal = reopen(journal)
    assert journal.state(game).to_dict() == states[7]
    assert journal.replayed_state(game).to_dict() == states[7]
    # a new command after undo drops what was left to redo
    journal.undo(game)
    journal.submit(game, PAY)
    assert not journal.can_redo(game)
    with pytest.raises(GameError, match="nothing to redo"):
        journal.redo(game)
    journal = reopen(journal)
    assert not journal.can_redo(game)
    assert journal.commands(game)[-1] == PAY and len(journal.commands(game)) == 8
    journal.close()


def test_nothing_to_undo_in_a_new_game(journal):
    game = journal.new_game(tally.header())
    with pytest.raises(GameError, match="nothing to undo"):
        journal.undo(game)


def test_a_correction_sets_a_counter_with_its_reason(journal):
    """issue 4: past the boundary, a counter set by hand with a reason, in the journal and the log."""
    game = journal.new_game(tally.header())
    journal.submit(game, {"type": "Roll", "seat": 0, "faces": [5, 6]})
    state, events = journal.correct(game, {"seat": 0, "counter": "vp"}, 1, "the dice reader misread a blank")
    assert state.vp == [1, 0, 0]
    assert events[0]["type"] == "corrected"
    journal = reopen(journal)
    assert journal.state(game).vp == [1, 0, 0]
    # the game tells its own events; tally has no describe hook: the plain line
    assert journal.log(game)[-1] == (
        "Anna: corrected (counter: vp; from: 2; to: 1; reason: the dice reader misread a blank)")
    assert '"reason":"the dice reader misread a blank"' in journal.export(game)
    # a correction is the table's own action: it can be undone (the roll still cannot)
    journal.undo(game)
    assert journal.state(game).vp == [2, 0, 0]
    with pytest.raises(GameError, match="Undo stops here"):
        journal.undo(game)
    journal.close()


def test_a_correction_needs_a_reason_and_a_real_counter(journal, db_path):
    game = journal.new_game(tally.header())
    with pytest.raises(GameError, match="needs a reason"):
        journal.correct(game, {"seat": 0, "counter": "florins"}, 50, "  ")
    with pytest.raises(GameError, match="Cannot set castles"):
        journal.correct(game, {"seat": 0, "counter": "castles"}, 1, "typo")
    assert journal.commands(game) == []


def test_rules_without_corrections_answer_clearly(db_path, monkeypatch):
    kinds = {k: v for k, v in tally.KINDS.items() if k != "Correct"}
    monkeypatch.setattr(tally, "KINDS", kinds)
    with Journal(db_path, game=tally) as journal:
        game = journal.new_game(tally.header())
        with pytest.raises(GameError, match="Unknown command 'Correct'"):
            journal.correct(game, {"seat": 0, "counter": "vp"}, 3, "forgot to score")


def test_an_undo_from_the_kept_states_is_saved_like_a_replayed_one(journal):
    """issue 13: an undo takes the state kept in memory (no replay); it equals the journal's
    full replay, and a reopened journal (nothing kept) stands at the same place."""
    game = journal.new_game(tally.header())
    journal.submit(game, MOVE)
    journal.submit(game, PAY)
    assert journal._game(game).earlier  # the states before the commands are kept
    journal.undo(game)
    kept = journal.state(game).to_dict()
    assert kept == journal.replayed_state(game).to_dict()
    journal = reopen(journal)
    assert journal.state(game).to_dict() == kept and journal.can_redo(game)
    journal.close()


def test_the_journal_keeps_only_the_last_games_used_in_memory(journal):
    """Issue 13 (nothing grows from game to game): each game's state and undo's kept states
    stay in memory only for the last OPEN_GAMES games used; a game let go reads its file
    again, with the same state and the same undo and redo."""
    from companion.storage.journal import OPEN_GAMES

    games = []
    for _ in range(OPEN_GAMES + 3):
        game = journal.new_game(tally.header())
        journal.submit(game, MOVE)
        journal.submit(game, PAY)
        games.append(game)
    assert list(journal._open) == games[-OPEN_GAMES:]
    first = games[0]
    journal.undo(first)  # a game let go is read again, undo included
    assert len(journal._open) == OPEN_GAMES and first in journal._open
    assert journal.state(first).to_dict() == journal.replayed_state(first).to_dict() and journal.can_redo(first)
    journal.release(first)
    assert first not in journal._open
    journal.redo(first)
    assert journal.state(first).to_dict() == journal.replayed_state(first).to_dict()
