"""The engine fed random garbage commands: only ever a GameError, and the state untouched.

Rules: architecture.md ("apply ... never mutates its input; raises GameError with a
player-readable reason and leaves nothing half-applied"); GUIDE ("impossible commands").
"""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import GameError
from companion.games.magnifico import commands as C
from companion.games.magnifico import engine
from companion.games.magnifico.demo import play_demo

GAME = play_demo(3, 3)
FUZZ_EXAMPLES = 1000  # per point, in every run (issue 12: "1,000 examples per point in CI")
TYPES = sorted(C.COMMANDS)
FIELDS = sorted({f.name for cls in C.COMMANDS.values() for f in dataclasses.fields(cls)})


def _state_at(n: int):
    """The demo game's state after its first ``n`` commands."""
    state = engine.new_game(GAME.header)
    for cmd in GAME.commands[:n]:
        state, _ = engine.apply(state, cmd)
    return state


def _first(kind: str) -> int:
    return next(i for i, c in enumerate(GAME.commands) if type(c).__name__ == kind)


def _mid_battle() -> int:
    """After a battle step with the battle still going on."""
    state = engine.new_game(GAME.header)
    for n, cmd in enumerate(GAME.commands, 1):
        state, _ = engine.apply(state, cmd)
        if isinstance(cmd, C.BattleStep) and state.battle is not None:
            return n
    raise AssertionError("the demo game has no battle of two steps or more")


# setup, start roll, first castles, auction with a bid locked, choosing, a turn, mid-battle, movement, over
POINTS = {
    "setup": 0, "start_roll": 2, "first_castles": _first("PlaceFirstCastle") + 1,
    "bid_locked": _first("LockBid") + 1, "choosing": _first("ChooseCard") + 1, "turn": _first("Invade") + 1,
    "mid_battle": _mid_battle(),
    "movement": _first("Move"), "over": len(GAME.commands),
}
STATES = {name: _state_at(n) for name, n in POINTS.items()}

numbers = st.one_of(
    st.integers(), st.integers(min_value=-(10**30), max_value=10**30), st.sampled_from([0, -1, 1, 10, 2**63, -2**63]),
    st.floats(allow_nan=True, allow_infinity=True), st.booleans(),
)
TERRITORIES = [t["id"] for t in GAME.header["map"]["territories"]]
CARDS = list(GAME.state.cards) if isinstance(getattr(GAME.state, "cards", None), dict) else []
words = st.one_of(st.text(max_size=12), st.sampled_from(TERRITORIES + CARDS + FIELDS + TYPES + ["", "\u0000", "é🎲"]))
scalars = st.one_of(st.none(), numbers, words)
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                        st.dictionaries(words, inner, max_size=4)), max_leaves=12)


@st.composite
def garbage_commands(draw):
    """A dict that often looks like a command (a known type, known fields) with wrong values."""
    d = draw(st.dictionaries(st.sampled_from(FIELDS) | words, values, max_size=6))
    if draw(st.booleans()):
        d["type"] = draw(st.sampled_from(TYPES) | words | values)  # a list or a dict as the type too
        if draw(st.booleans()) and isinstance(d["type"], str) and d["type"] in C.COMMANDS:  # right fields, bad values
            for f in dataclasses.fields(C.COMMANDS[d["type"]]):
                d[f.name] = draw(values)
    return d


def test_the_points_are_what_they_claim():
    assert STATES["bid_locked"].auction is not None
    assert STATES["mid_battle"].battle is not None
    assert STATES["over"].phase == "over"


def test_a_type_that_is_not_a_name_is_refused():
    """Issue 12 item 8: {"type": []} (and {}) was a TypeError; it is a refusal in words."""
    for command in ({"type": []}, {}, {"type": {}}, {"type": None}, {"type": 3}):
        with pytest.raises(GameError, match="unknown command type"):
            engine.apply(STATES["turn"], command)


@pytest.mark.parametrize("point", POINTS)
@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
          max_examples=FUZZ_EXAMPLES)
@given(command=garbage_commands())
def test_garbage_is_refused_and_the_state_untouched(point, command):
    state = STATES[point]
    before = json.dumps(state.to_dict(), sort_keys=True)
    try:
        new, events = engine.apply(state, command)
    except GameError as err:
        assert isinstance(err.reason, str) and err.reason
    else:  # some garbage is a legal command (a Correct by hand, say): then the new state is sound
        json.dumps(new.to_dict())
        json.dumps(events)
        assert type(new).from_dict(json.loads(json.dumps(new.to_dict()))).to_dict() == new.to_dict()
    assert json.dumps(state.to_dict(), sort_keys=True) == before
    engine.check(state, command)  # the screen's question: it answers, it never raises
    assert json.dumps(state.to_dict(), sort_keys=True) == before
