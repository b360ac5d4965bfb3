"""A game's commands as JSON and back (core/commands.py): the same record shape and the same
refusals for every game (the game contract: "a malformed dict is an IllegalCommand, never a
TypeError")."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from companion.core import commands as codec
from companion.errors import IllegalCommand
from companion.games.leonardo import commands as leonardo
from companion.games.magnate import commands as magnate
from companion.games.magnifico import commands as magnifico


@dataclass(frozen=True)
class Move:
    seat: int
    steps: tuple[dict, ...]
    note: str = ""


COMMANDS = {"Move": Move}
LISTS = {"steps": "field_not_list"}


def refuse(key: str, **params: object) -> IllegalCommand:
    return IllegalCommand.of(key, **params)


def checked(cmd: Move) -> None:
    if isinstance(cmd.seat, bool) or not isinstance(cmd.seat, int):
        raise refuse("field_not_int", command="Move", field="seat", value=repr(cmd.seat))


def read(d: object) -> Move:
    cmd: Move = codec.from_dict(d, COMMANDS, refuse, checked, lists=LISTS)
    return cmd


def test_a_command_round_trips_through_json_with_its_objects_copied():
    step = {"to": "Roma"}
    cmd = Move(1, (step,))
    d = codec.to_dict(cmd)
    assert d == {"type": "Move", "seat": 1, "steps": [{"to": "Roma"}], "note": ""}
    assert d["steps"][0] is not step  # a copy: the record never shares the command's objects
    back = read(json.loads(json.dumps(d)))
    assert back == cmd and isinstance(back.steps, tuple)


@pytest.mark.parametrize("d, key", [
    ([1, 2], "command_not_object"),
    ({"seat": 1}, "unknown_command"),
    ({"type": "Jump", "seat": 1}, "unknown_command"),
    ({"type": "Move", "seat": 1, "steps": [], "fly": 1}, "command_no_field"),
    ({"type": "Move", "seat": 1, "steps": [], 7: 1, "fly": 1}, "command_no_field"),  # keys of any type
    ({"type": "Move", "steps": []}, "command_needs_field"),
    ({"type": "Move", "seat": 1, "steps": "north"}, "field_not_list"),
    ({"type": "Move", "seat": True, "steps": []}, "field_not_int"),
])
def test_a_malformed_command_is_refused_with_its_reason(d, key):
    with pytest.raises(IllegalCommand) as refused:
        read(d)
    assert refused.value.key == key


def test_the_first_unknown_field_is_named_and_a_default_may_be_left_out():
    with pytest.raises(IllegalCommand) as refused:
        read({"type": "Move", "seat": 1, "steps": [], "zeta": 1, "alpha": 2})
    assert refused.value.params["field"] == "alpha"
    assert read({"type": "Move", "seat": 0, "steps": []}).note == ""


@pytest.mark.parametrize("game, d, key", [
    (magnifico, {"type": "EndTurn", "seat": 0, 1: "x", "y": 2}, "command_no_field"),
    (magnifico, {"type": "RemoveCards", "cards": "all"}, "field_not_list"),
    (magnate, {"type": "Roll", "dice": 7}, "field_not_list"),
    (leonardo, {"type": "FormCorporation", "members": 3, "faction": "Medici", "pawn": 1}, "field_not_seats"),
    (leonardo, {"type": "Nothing"}, "unknown_command"),
])
def test_every_game_refuses_through_its_own_messages(game, d, key):
    with pytest.raises(IllegalCommand) as refused:
        game.from_dict(d)
    assert refused.value.key == key and str(refused.value)  # a sentence, never a bare key


@pytest.mark.parametrize("game, d", [
    (magnifico, {"type": "RemoveCards", "cards": ["a", "b"]}),
    (magnate, {"type": "Roll", "dice": [3, 9]}),
    (leonardo, {"type": "FormCorporation", "members": [0, 2], "faction": "Medici", "pawn": 1}),
])
def test_every_games_lists_come_back_as_the_same_record(game, d):
    cmd = game.from_dict(d)
    record = game.to_dict(cmd)
    assert {k: v for k, v in record.items() if k in d} == d and game.from_dict(record) == cmd
