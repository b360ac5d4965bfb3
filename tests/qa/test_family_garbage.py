"""Magnate's and Leonardo's engines fed random garbage commands, as Magnifico's are
(test_engine_garbage.py): only ever a refusal in words, and the state untouched.

A command reaches an engine from a phone, an imported record or a correction typed by
hand, so anything JSON can hold may arrive (architecture.md: "a malformed command is an
IllegalCommand, never a TypeError"; "apply never mutates its input ... nothing
half-applied").
"""

from __future__ import annotations

import dataclasses
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import IllegalCommand
from companion.games.leonardo import commands as leonardo_commands
from companion.games.leonardo.game import GAME as LEONARDO
from companion.games.magnate import commands as magnate_commands
from companion.games.magnate.game import GAME as MAGNATE

FUZZ_EXAMPLES = int(os.environ.get("FAMILY_FUZZ_EXAMPLES", "200"))  # per game and point
POINTS = 6  # states along one bots' game, from the setup to its end


def points(game, players: int, seed: int) -> list:
    """The states of a bots' game at POINTS moments from its first command to its end."""
    state = game.new_game(game.demo_header(players, seed))
    states = [state]
    for index in range(5000):
        cmd = game.demo_move(state, seed, index)
        if cmd is None:
            break
        state, _ = game.apply(state, cmd)
        states.append(state)
    step = max(1, (len(states) - 1) // (POINTS - 1))
    return [states[i] for i in range(0, len(states), step)][:POINTS - 1] + [states[-1]]


GAMES = {
    "magnate": (MAGNATE, magnate_commands, points(MAGNATE, 2, 5)),
    "leonardo": (LEONARDO, leonardo_commands, points(LEONARDO, 4, 5)),
}


def garbage_for(commands):
    """Dicts that often look like one of the game's commands (a known type, its fields) with
    values of any JSON shape."""
    types = sorted(commands.COMMANDS)
    fields = sorted({f.name for cls in commands.COMMANDS.values() for f in dataclasses.fields(cls)})
    numbers = st.one_of(st.integers(), st.sampled_from([0, -1, 1, 2, 10, 2**63]),
                        st.floats(allow_nan=True, allow_infinity=True), st.booleans())
    words = st.one_of(st.text(max_size=10), st.sampled_from(fields + types + ["", "\u0000", "é🎲"]))
    values = st.recursive(st.one_of(st.none(), numbers, words),
                          lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(words, inner, max_size=4)),
                          max_leaves=10)

    @st.composite
    def garbage(draw):
        d = draw(st.dictionaries(st.sampled_from(fields) | words, values, max_size=6))
        if draw(st.booleans()):
            d["type"] = draw(st.sampled_from(types) | words | values)
            if draw(st.booleans()) and isinstance(d["type"], str) and d["type"] in commands.COMMANDS:
                for f in dataclasses.fields(commands.COMMANDS[d["type"]]):
                    d[f.name] = draw(values)
        return d

    return garbage()


def test_the_points_run_from_the_setup_to_the_end():
    for game, _, states in GAMES.values():
        assert len(states) == POINTS
        assert game.history(states[0]).finished is False and game.history(states[-1]).finished is True


def _refused_or_sound(game, state, command) -> None:
    before = json.dumps(game.state_to_dict(state), sort_keys=True)
    try:
        new, events = game.apply(state, command)
    except IllegalCommand as err:
        assert isinstance(err.reason, str) and err.reason
    else:  # some garbage is a legal command (a correction by hand, say): then the new state is sound
        json.dumps(events)
        again = game.state_from_dict(json.loads(json.dumps(game.state_to_dict(new))))
        assert game.state_to_dict(again) == game.state_to_dict(new)
    assert json.dumps(game.state_to_dict(state), sort_keys=True) == before
    game.check(state, command)  # the screen's question: it answers, it never raises
    assert json.dumps(game.state_to_dict(state), sort_keys=True) == before


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("point", range(POINTS))
@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=FUZZ_EXAMPLES, deadline=None)
@given(data=st.data())
def test_garbage_is_refused_and_the_state_untouched(name, point, data):
    game, commands, states = GAMES[name]
    _refused_or_sound(game, states[point], data.draw(garbage_for(commands)))
