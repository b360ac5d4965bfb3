"""Property: whatever the table does (commands, undo, redo, restarts), the journal holds exactly
the commands in effect, its state is their replay, and undo never crosses a reveal."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import GameError
from companion.storage import Journal
from tests.storage import tally

ACTIONS = st.lists(st.sampled_from(["command", "command", "command", "undo", "redo", "reopen"]), max_size=30)


@settings(max_examples=12)  # every action commits to disk (fsync): kept below the profiles
@given(seed=st.integers(0, 1000), actions=ACTIONS)
def test_the_journal_matches_a_model_of_the_table(tmp_path_factory, seed, actions):
    path = tmp_path_factory.mktemp("prop") / "j.sqlite3"
    rng = random.Random(seed)
    journal = Journal(path, game=tally, snapshot_every=3)
    game = journal.new_game(tally.header())
    done, undone, reveals = [], [], []  # the model: commands in effect, redo stack, reveal flags
    state = tally.new_game(tally.header())
    try:
        for action in actions:
            if action == "command":
                cmd = tally._random_command(rng, state)
                try:
                    state, events = journal.submit(game, cmd)
                except GameError:
                    continue
                done.append(cmd)
                reveals.append(any(e.get("reveal") for e in events))
                undone.clear()
            elif action == "undo":
                boundary = max((i + 1 for i, r in enumerate(reveals) if r), default=0)
                if len(done) > boundary:
                    state = journal.undo(game)
                    undone.append(done.pop())
                    reveals.pop()
                else:
                    assert journal.undo_refusal(game) is not None
            elif action == "redo":
                if undone:
                    state, events = journal.redo(game)
                    done.append(undone.pop())
                    reveals.append(any(e.get("reveal") for e in events))
                else:
                    assert not journal.can_redo(game)
            else:
                journal.close()
                journal = Journal(path, game=tally, snapshot_every=3)
                assert journal.notices == []  # the database and its shadow agree after any of this
                state = journal.state(game)
            assert journal.commands(game) == done
            assert journal.state(game).to_dict() == state.to_dict()
        replayed = tally.new_game(tally.header())
        for cmd in done:
            replayed, _ = tally.apply(replayed, tally.commands.from_dict(cmd))
        assert journal.replayed_state(game).to_dict() == replayed.to_dict() == state.to_dict()
    finally:
        journal.close()
