"""Record, replay and the demo bots (leonardo-decisions: Record: every random input is a
command; the record replays to the same state)."""

from __future__ import annotations

import json

import pytest

from companion.core.record import read_record, write_record
from companion.games.leonardo import commands as C
from companion.games.leonardo import engine as E
from companion.games.leonardo import record
from companion.games.leonardo.demo import demo_header, demo_move, play_demo
from companion.games.leonardo.game import GAME
from companion.games.leonardo.state import Phase, State
from companion.games.leonardo.words import IllegalCommand


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_whole_demo_game_ends(players):
    game = play_demo(7, players)
    assert game.state.phase == "over"
    assert game.state.outcome["winners"]
    assert game.state.outcome["reason"] in ("elimination", "agreement")


def test_the_record_replays_to_the_same_state(tmp_path):
    game = play_demo(3, 4)
    path = tmp_path / "game.jsonl"
    write_record(path, game.header, [C.to_dict(c) for c in game.commands])
    header, commands = read_record(path)
    assert header["box"] == game.header["box"]  # the profile it was played with
    replayed = record.replay(header, commands)
    assert replayed.to_dict() == game.state.to_dict()
    assert record.summary(replayed)["outcome"] == game.state.outcome


def test_a_demo_resumes_from_any_prefix():
    whole = play_demo(11, 3)
    for cut in (0, 1, 9, len(whole.commands) // 2, len(whole.commands) - 1):
        again = play_demo(11, 3, commands=[C.to_dict(c) for c in whole.commands[:cut]])
        assert [C.to_dict(c) for c in again.commands] == [C.to_dict(c) for c in whole.commands]


def test_demo_move_is_a_function_of_the_state_seed_and_index():
    header = demo_header(5, 2)
    s = E.new_game(header)
    for k in range(40):
        cmd = demo_move(s, 2, k)
        assert cmd == demo_move(State.from_dict(json.loads(json.dumps(s.to_dict()))), 2, k)
        s, _ = E.apply(s, cmd)
    assert demo_move(play_demo(2, 5, header=header).state, 2, 10**6) is None


def test_a_demo_header_is_plain_json_and_marks_the_invented_box():
    header = demo_header(3, 0)
    assert json.loads(json.dumps(header)) == header
    assert "INVENTED" in header["box"]["name"]
    with pytest.raises(IllegalCommand):
        demo_header(7, 0)


def test_every_command_round_trips_through_json():
    game = play_demo(5, 6)
    for cmd in game.commands:
        d = C.to_dict(cmd)
        assert C.from_dict(json.loads(json.dumps(d))) == cmd


@pytest.mark.parametrize("bad, key", [
    ([], "command_not_object"), ({"type": "Fly"}, "unknown_command"), ({"type": "Spin", "seat": 0}, "command_needs_field"),
    ({"type": "Spin", "seat": 0, "number": 3, "x": 1}, "command_no_field"),
    ({"type": "Spin", "seat": "0", "number": 3}, "field_not_int"), ({"type": "Bet", "seat": 0, "product": 5, "amount": 5},
                                                                 "field_not_str"),
    ({"type": "FormCorporation", "members": 3, "faction": "guelph", "pawn": 0}, "field_not_seats"),
    ({"type": "Correct", "target": [], "value": 1, "reason": "x"}, "field_not_object"),
])
def test_a_malformed_command_is_an_illegal_command_never_a_type_error(bad, key):
    with pytest.raises(IllegalCommand) as err:
        C.from_dict(bad)
    assert err.value.key == key


def test_a_broken_record_names_the_command():
    game = play_demo(1, 3, max_commands=30)
    commands = [C.to_dict(c) for c in game.commands]
    commands[12] = {"type": "Spin", "seat": 0, "number": 13}
    with pytest.raises(IllegalCommand) as err:
        record.replay(game.header, commands)
    assert err.value.key == "replay_command" and err.value.params["n"] == 13


def test_the_state_round_trips_and_a_bad_one_is_refused():
    s = play_demo(4, 4, max_commands=80).state
    assert State.from_dict(json.loads(json.dumps(s.to_dict()))).to_dict() == s.to_dict()
    with pytest.raises(IllegalCommand) as err:
        State.from_dict({"seats": []})
    assert err.value.key == "not_a_state"


def test_the_phase_is_an_enum_and_the_json_keeps_its_plain_name():
    """Issue 9 item 7 (phases as enums): a state's phase is a Phase, its JSON the plain name;
    a phase the game does not know is not a state."""
    s = play_demo(4, 4, max_commands=80).state
    assert s.phase is Phase.TURNS
    d = json.loads(json.dumps(s.to_dict()))
    assert d["phase"] == "turns" and type(s.to_dict()["phase"]) is str
    assert State.from_dict(d).phase is Phase.TURNS
    assert type(GAME.legal(s)["phase"]) is str and type(record.summary(s)["phase"]) is str
    with pytest.raises(IllegalCommand) as err:
        State.from_dict({**d, "phase": "auction"})
    assert err.value.key == "not_a_state"


def test_the_game_object_offers_the_contract():
    from companion.core import registry
    from companion.core.game import Game, History, secret_group

    assert isinstance(GAME, Game) and registry.get("leonardo") is GAME
    assert (GAME.name, GAME.seats, GAME.domain) == ("leonardo", (3, 6), "leonardo")
    assert GAME.title == {"en": "Leonardo", "it": "Leonardo"}
    assert GAME.secrets == {"factions": frozenset({"ChooseFaction"}), "market_bets": frozenset({"LockBet"})}
    assert secret_group(GAME, {"type": "ChooseFaction", "seat": 0, "faction": "guelph"}) == "factions"
    assert secret_group(GAME, C.to_dict(C.LockBet(0, "gold", 5))) == "market_bets"
    assert secret_group(GAME, C.to_dict(C.Spin(0, 3))) is None
    game = play_demo(8, 3)
    out = GAME.outcome(game.state)
    assert GAME.history(game.state) == History(game.state.round, True, out)
    assert out.winners == tuple(game.state.outcome["winners"]) and out.reason in ("by_elimination", "by_agreement")
    assert GAME.box.load(None)["box"]["spaces"]["1"]["name"] == "Piazza Maggiore"
    profile = GAME.box.remember({}, C.SetPrintedValue("space.2", "kind", "alley"))
    assert profile["spaces"]["2"]["kind"] == "alley" and GAME.box.remembers == {"SetPrintedValue"}
    assert GAME.state_from_dict(GAME.state_to_dict(game.state)).to_dict() == game.state.to_dict()
    assert GAME.command_from_dict(GAME.command_to_dict(C.Spin(0, 4))) == C.Spin(0, 4)
    assert GAME.describe_command(C.Spin(0, 4), game.header, "it") == "il lancio di Anna (4)"
