"""``GAME``: Magnate through the family's game contract (brief: the game contract)."""

from __future__ import annotations

import json

import pytest

from companion.games.magnate import commands as C
from companion.games.magnate.game import GAME
from companion.games.magnate.scoring import Outcome
from companion.games.magnate.state import Phase
from companion.errors import IllegalCommand

from .conftest import acting, header, run, tokens


def test_the_contracts_attributes():
    assert (GAME.name, GAME.seats, GAME.domain) == ("magnate", (2, 2), "magnate")
    assert GAME.title == {"en": "Magnate", "it": "Magnate"} and isinstance(GAME.rules_version, str)
    assert GAME.secrets == {}  # hands are never entered: nothing to seal


def test_a_whole_game_through_the_contract_only():
    seed = 11
    h = GAME.demo_header(2, seed)
    state = GAME.new_game(h)
    lines, index = [], 0
    while (cmd := GAME.demo_move(state, seed, index)) is not None:
        d = GAME.command_to_dict(cmd)
        assert GAME.check(state, GAME.command_from_dict(d)) is None
        assert GAME.legal(state)["actions"]
        state, events = GAME.apply(state, GAME.command_from_dict(d))
        lines += [GAME.describe(e, h, "it") for e in events]
        state = GAME.state_from_dict(GAME.state_to_dict(state))
        index += 1
    result = GAME.outcome(state)
    assert isinstance(result, Outcome) and result.reason in ("districts", "building_values", "tokens", "shared")
    assert GAME.history(state).finished and GAME.summary(state)["phase"] == "over"
    assert lines[-1].startswith(("vince", "vincono"))
    assert GAME.describe_command(C.Draw(0), h, "it", undo=True) == "Annulla: Anna pesca una carta"


def test_the_public_view_is_the_state_no_hand_is_ever_known():
    state = acting()
    view = GAME.public_view(state)
    assert view == state.to_dict() and [p["hand"] for p in view["seats"]] == [3, 3]


def test_expects_through_the_contract():
    state = GAME.new_game(header())
    assert [e.command for e in GAME.expects(state)] == ["SetDistricts", "DealCrowns", "StartPlayer"]


def test_the_box_profile_sets_the_token_count():
    """md Components: a table owning fewer tokens sets a count; the app warns, never refuses."""
    assert GAME.box is not None and GAME.box.load(None) == {"token_supply": None}
    merged = {**header(), **GAME.box.load({"name": "our box", "token_supply": 4})}
    assert merged["token_supply"] == 4
    with pytest.raises(IllegalCommand, match="no entry colour"):
        GAME.box.load({"colour": "red"})
    with pytest.raises(IllegalCommand, match="at least 1"):
        GAME.box.load({"token_supply": 0})
    assert GAME.box.remember({"token_supply": 4}, C.Roll((2, 3))) == {"token_supply": 4}
    state = GAME.new_game(merged)
    state, _ = run(state, C.SetDistricts(("watchman", "light_keeper", "borderland", "harvest")),
                   C.DealCrowns(0, ("huntress", "bard", "sea")), C.StartPlayer(0), C.Roll((2, 3)))
    state = tokens(state, 0, moons=3)
    state = tokens(state, 1, moons=1)
    state, events = run(state, C.Sell(0, "ace_moons"))  # Anna 5 Moons + Bruno 1: 2 more than the 4 owned
    assert {"type": "bank_short", "suit": "moons", "short": 2} in events
    assert GAME.describe(events[-1], merged, "en") == \
        "the bank's tokens have run out: 2 Moons more than the box holds (use something in their place)"


def test_the_phase_is_an_enum_and_the_json_keeps_its_plain_name():
    """Issue 9 item 7 (phases as enums): a state's phase is a Phase, its JSON the plain name;
    a phase the game does not know is not a state."""
    state = acting()
    assert state.phase is Phase.ACTIONS
    d = json.loads(json.dumps(GAME.state_to_dict(state)))
    assert d["phase"] == "actions" and type(GAME.state_to_dict(state)["phase"]) is str
    assert GAME.state_from_dict(d).phase is Phase.ACTIONS
    assert type(GAME.legal(state)["phase"]) is str and type(GAME.summary(state)["phase"]) is str
    with pytest.raises(IllegalCommand) as err:
        GAME.state_from_dict({**d, "phase": "auction"})
    assert err.value.key == "not_a_state"
