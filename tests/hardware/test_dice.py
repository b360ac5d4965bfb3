"""The dice interface: typed faces, the app's roll, the desk (battle notation: die faces
"hit", "blank", "explosion"; issue 9: dice of any kind, d10 with 0 read as 10)."""

import random

import pytest

from companion.errors import GameError
from hardware.dice import DiceDesk, Roll, app_roll, parse_typed
from hardware.dice_protocol import KINDS, MAG_FACES
from hardware.errors import InputRefused


def test_typed_faces():
    assert parse_typed("H h b x", 4, "mag").values == ("hit", "hit", "blank", "explosion")
    assert parse_typed("hhbx", 4, "mag").values == ("hit", "hit", "blank", "explosion")
    assert parse_typed("hit, blank", 2, "mag").values == ("hit", "blank")
    assert parse_typed(["explosion"], 1, "mag").source == "typed"
    assert parse_typed("3 5 6", 3, "d6").values == (3, 5, 6)
    assert parse_typed("10,1", 2, "d10").values == (10, 1)
    assert parse_typed("0 4 0", 3, "d10").values == (10, 4, 10)  # a d10's 0 means 10
    assert parse_typed("12 1", 2, "d12").values == (12, 1)  # Leonardo's machina: a d12
    with pytest.raises(GameError, match="'0' is not a face of a d12"):
        parse_typed("0", 1, "d12")
    with pytest.raises(GameError, match=r"'11' is not a face of a d10: type numbers from 1 to 10 \(0 means 10\)"):
        parse_typed("11", 1, "d10")
    with pytest.raises(GameError, match="'q' is not a face of Magnifico's die"):
        parse_typed("h q", 2, "mag")
    with pytest.raises(GameError, match="'7' is not a face of a d6: type numbers from 1 to 6"):
        parse_typed("7", 1, "d6")
    with pytest.raises(GameError, match="2 dice typed, 3 expected"):
        parse_typed("1 2", 3, "d12")
    with pytest.raises(GameError, match="unknown kind"):
        parse_typed("1", 1, "d20")
    with pytest.raises(GameError, match="1 die typed, 2 expected"):
        parse_typed("5", 2, "d6")


def test_refusals_are_keyed_and_translated():
    """Issue 9 item 4: every message keyed, Italian and English."""
    with pytest.raises(InputRefused) as err:
        parse_typed("1 2", 3, "d6")
    assert err.value.key == "dice_typed" and err.value.params == {"count": 2, "n": 3}
    assert err.value.localized("it") == "2 dadi scritti, attesi 3"
    assert err.value.message.localized("it") == "2 dadi scritti, attesi 3"


def test_app_roll_uses_only_the_dice_faces_and_is_seedable():
    faces = app_roll(600, "mag").values
    assert set(faces) == {"hit", "blank", "explosion"}
    assert faces.count("hit") > faces.count("explosion")  # 3 hit faces, 1 explosion
    assert set(app_roll(300, "d10").values) == set(range(1, 11))
    assert app_roll(8, "d12", random.Random(5)) == app_roll(8, "d12", random.Random(5))


def test_the_protocols_kinds_are_the_cores():
    """The reader's kinds and faces are the dice the games know (companion.core.dice)."""
    from companion.core import dice as core_dice

    assert set(KINDS) == set(core_dice.KINDS)
    assert tuple(MAG_FACES[letter] for letter in KINDS["mag"]) == core_dice.MAG.faces
    for name in ("d6", "d10", "d12"):
        assert KINDS[name] == core_dice.KINDS[name].faces


def test_roll_json():
    assert Roll("mag", ("hit", "blank")).to_json() == {"kind": "mag", "faces": ["hit", "blank"]}
    assert Roll("d6", (1, 6)).to_json() == {"kind": "d6", "values": [1, 6]}


def test_desk_only_hands_out_a_confirmed_roll_of_the_dice_asked_for():
    offered = []
    desk = DiceDesk(on_candidate=offered.append, rng=random.Random(1))
    with pytest.raises(GameError, match="no roll is expected"):
        desk.roll_here()
    desk.request(3, "mag")
    with pytest.raises(GameError, match="no roll to confirm"):
        desk.confirm()
    with pytest.raises(GameError, match="2 dice typed, 3 expected"):
        desk.type_faces("h h")
    typed = desk.type_faces("h b x")
    desk.reject()
    with pytest.raises(GameError):
        desk.confirm()
    rolled = desk.roll_here()  # the table picks another source for the same roll
    assert offered == [typed, rolled] and rolled.source == "app"
    assert desk.confirm() == rolled
    assert desk.request_open is None
    with pytest.raises(GameError, match="no roll is expected"):
        desk.type_faces("h h h")


def test_a_d6_and_a_d12_go_through_the_desk():
    """Issue 9: the desk serves every kind, not only Magnifico's die."""
    offered = []
    desk = DiceDesk(on_candidate=offered.append, rng=random.Random(2))
    desk.request(2, "d6")
    assert desk.type_faces("6 1").values == (6, 1)
    assert desk.confirm().kind == "d6"
    desk.request(1, "d12")
    rolled = desk.roll_here()
    assert rolled.kind == "d12" and 1 <= rolled.values[0] <= 12
    with pytest.raises(GameError, match="'13' is not a face of a d12"):
        desk.type_faces("13")
