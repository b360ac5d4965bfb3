"""Records, replay and the demo bots (issue 10 item 3; docs/record-format.md)."""

from __future__ import annotations

import json

import pytest

from companion.core.game import History

from companion.core.record import read_record, write_record
from companion.games.magnate import commands as C
from companion.games.magnate import demo
from companion.games.magnate import engine as E
from companion.games.magnate.game import GAME
from companion.games.magnate.record import replay, replay_file, summary
from companion.games.magnate.state import State
from companion.errors import IllegalCommand


@pytest.fixture(scope="module")
def game():
    return demo.play_demo(7)


def test_a_demo_game_plays_to_the_end(game):
    assert game.state.phase == "over" and game.state.outcome is not None
    assert demo.demo_move(game.state, 7, len(game.commands)) is None
    assert game.state.run_outs == 2 and [p.hand for p in game.state.seats] == [2, 2]


def test_the_same_seed_gives_the_same_game_and_another_seed_another(game):
    again = demo.play_demo(7)
    assert [C.to_dict(c) for c in again.commands] == [C.to_dict(c) for c in game.commands]
    assert [C.to_dict(c) for c in demo.play_demo(8).commands] != [C.to_dict(c) for c in game.commands]


def test_a_record_replays_to_the_same_state(game, tmp_path):
    path = tmp_path / "magnate.jsonl"
    write_record(path, game.header, [C.to_dict(c) for c in game.commands])
    header, commands = read_record(path)
    assert header["game"] == "magnate" and header["format"] == 1
    assert replay_file(path).to_dict() == game.state.to_dict()
    assert replay(header, commands).to_dict() == game.state.to_dict()


@pytest.mark.parametrize("cut", [0, 1, 3, 4, 40, 111, 200])
def test_a_game_resumes_from_any_prefix(game, cut):
    """The bots keep no memory: a game cut after any command goes on exactly as before."""
    cut = min(cut, len(game.commands))
    resumed = demo.play_demo(7, commands=[C.to_dict(c) for c in game.commands[:cut]])
    assert [C.to_dict(c) for c in resumed.commands] == [C.to_dict(c) for c in game.commands]


def test_the_bots_hands_follow_the_seeded_deck(game):
    """The demo's deck: every card the bots play was in their hand, and hands hold 3 cards."""
    state = E.new_game(game.header)
    for cmd in game.commands:
        if isinstance(cmd, (C.Build, C.Found, C.Sell)):
            assert cmd.card in demo.hands(state, 7)[cmd.seat]
        state, _ = E.apply(state, cmd)
        held = demo.hands(state, 7)
        assert [len(h) for h in held] == [p.hand for p in state.seats]
        assert not (set(held[0]) & set(held[1]))


def test_a_bad_record_line_names_the_command():
    header = demo.demo_header(2, 1)
    with pytest.raises(IllegalCommand) as err:
        replay(header, [{"type": "StartPlayer", "seat": 0}, {"type": "StartPlayer", "seat": 1}])
    assert err.value.reason == "command 2 (line 3): Anna already starts (undo to change it)"
    with pytest.raises(IllegalCommand, match="record format 2"):
        replay({**header, "format": 2}, [])


@pytest.mark.parametrize("bad,words", [
    ([], "a command must be a JSON object"),
    ({"type": "Fly"}, "unknown command type 'Fly'"),
    ({"type": "Sell", "seat": 0}, "Sell needs the field card"),
    ({"type": "Sell", "seat": 0, "card": "mill", "price": 3}, "Sell has no field price"),
    ({"type": "Sell", "seat": "0", "card": "mill"}, "Sell: seat must be a whole number, not '0'"),
    ({"type": "Roll", "dice": 7}, "Roll: dice must be a list"),
    ({"type": "Roll", "dice": [1, "2"]}, "Roll: dice must be a list of whole numbers"),
    ({"type": "Build", "seat": 0, "card": "mill", "district": "excuse", "payment": [1]},
     "Build: payment must be an object of names"),
])
def test_a_malformed_command_is_an_illegal_command_never_a_type_error(bad, words):
    with pytest.raises(IllegalCommand) as err:
        C.from_dict(bad)
    assert err.value.reason == words


def test_states_and_commands_round_trip_through_json(game):
    state = E.new_game(game.header)
    for cmd in game.commands[:120]:
        d = C.to_dict(cmd)
        assert C.from_dict(json.loads(json.dumps(d))) == cmd
        state, _ = E.apply(state, cmd)
        again = State.from_dict(json.loads(json.dumps(state.to_dict())))
        assert again.to_dict() == state.to_dict()
    with pytest.raises(IllegalCommand, match="not a Magnate state"):
        State.from_dict({"seats": []})


def test_summary_and_history(game):
    s = summary(game.state)
    assert [p["name"] for p in s["players"]] == ["Anna", "Bruno"] and s["outcome"] == game.state.outcome
    assert set(s["totals"]) == set(game.state.districts)
    h = GAME.history(game.state)
    assert h.finished is True and h.round == game.state.turn
    assert h.outcome is not None and list(h.outcome.winners) == game.state.outcome["winners"]
    assert GAME.history(E.new_game(game.header)) == History(0, False, None)
