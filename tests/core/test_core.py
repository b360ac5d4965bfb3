"""companion.core: dice faces, seats clockwise, money, the JSON Lines record."""

import json
import random

import pytest

from companion.core import dice, players
from companion.core.record import parse_record, read_record, write_record
from companion.errors import GameError


def test_die_has_three_hits_two_blanks_one_explosion():
    """rd: Battle: dice have 3 hit faces, 2 blank, 1 explosion."""
    assert sorted(dice.DIE) == sorted(["hit"] * 3 + ["blank"] * 2 + ["explosion"])
    assert all(f in dice.FACES for f in dice.roll(random.Random(1), 20))


def test_check_faces():
    assert dice.check_faces(["hit", "blank"], 2) == ("hit", "blank")
    with pytest.raises(GameError, match="needs 3 dice"):
        dice.check_faces(["hit"], 3)
    with pytest.raises(GameError, match="not a die face"):
        dice.check_faces(["six"])
    with pytest.raises(GameError, match="list of die faces"):
        dice.check_faces("hit")


def test_clockwise_and_distance():
    assert players.clockwise_from(2, 4) == [2, 3, 0, 1]
    assert players.distance(2, 1, 4) == 3 and players.distance(2, 2, 4) == 0


def test_every_kind_of_die_the_family_uses():
    """Dice of any kind (issue 9): Magnifico's, d6, d10 (a 0 side read as 10), d12 (Leonardo)."""
    assert dice.kind("d10").check([0, "7", 10]) == (10, 7, 10)
    assert dice.kind("d6").check(["6"], 1) == (6,)
    assert dice.kind("d12").check([12, 1]) == (12, 1)
    assert dice.kind("mag").check(["H", "blank", "x"]) == ("hit", "blank", "explosion")
    with pytest.raises(GameError, match="not a face of a d6: numbers from 1 to 6"):
        dice.kind("d6").check([7])
    with pytest.raises(GameError, match="not a face of a d12"):
        dice.kind("d12").check([0])
    with pytest.raises(GameError, match="not a kind of die"):
        dice.kind("d20")
    rng = random.Random(3)
    assert all(1 <= f <= 10 for f in dice.kind("d10").roll(rng, 50))
    assert set(dice.kind("d6").roll(rng, 200)) == {1, 2, 3, 4, 5, 6}


def test_record_round_trip(tmp_path):
    path = tmp_path / "game.jsonl"
    write_record(path, {"game": "x"}, [{"type": "A", "n": 1}, {"type": "B"}])
    assert read_record(path) == ({"game": "x"}, [{"type": "A", "n": 1}, {"type": "B"}])
    assert len(path.read_text().splitlines()) == 3


@pytest.mark.parametrize("text,message", [
    ("", "empty"),
    ("{\"game\": 1}\nnot json\n", "line 2: not valid JSON"),
    ("[1]\n", "line 1: expected a JSON object"),
    ("{}\n{\"n\": 1}\n", "line 2: a command needs a 'type'"),
])
def test_bad_records_give_one_line_reasons(text, message):
    with pytest.raises(GameError, match=message):
        parse_record(text.splitlines())


def test_missing_file(tmp_path):
    with pytest.raises(GameError, match="cannot read"):
        read_record(tmp_path / "nope.jsonl")
    (tmp_path / "bin.jsonl").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(GameError, match="UTF-8"):
        read_record(tmp_path / "bin.jsonl")
    assert json.loads('{"a": 1}')
