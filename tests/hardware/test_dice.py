"""The dice interface and the protocol's line rules (dice-reader-protocol.md; battle-notation:
die faces "hit", "blank", "explosion")."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import GameError
from hardware.dice import DiceDesk, Roll, app_roll, parse_typed
from hardware.dice_protocol import (
    MAX_LINE, Hello, LineError, LineSplitter, Pong, ReaderError, Rolling, RollLine, checksum, frame, parse,
)


def test_the_specs_example_line_parses():
    assert parse(b"ROLL 17 mag H,B,X,H *66") == RollLine(17, "mag", ("hit", "blank", "explosion", "hit"))
    with pytest.raises(LineError) as err:
        parse(b"ROLL 17 mag H,B,X,H *67")
    assert err.value.category == "checksum"


def test_other_lines():
    assert parse(b"HELLO TRAY 2.1 mag,d6,d10,d12") == Hello("TRAY", "2.1", ("mag", "d6", "d10", "d12"))
    assert parse(b"ROLLING") == Rolling()
    assert parse(b"PONG") == Pong()
    assert parse(b"ERR die on its edge") == ReaderError("die on its edge")
    assert parse(b"ROLL 999 d10 10,1") == RollLine(999, "d10", (10, 1))  # d10 uses 1-10
    for line, category in [
        (b"ROLL 1000 d6 1", "malformed"), (b"ROLL 1 d6 0", "malformed"), (b"ROLL 1 d10 11", "malformed"),
        (b"ROLL 1 d20 5", "malformed"), (b"ROLL 1 mag H,,B", "malformed"), (b"ROLL 1 mag Q", "malformed"),
        (b"HELLO", "malformed"), (b"WHAT 1", "unknown"), (b"ROLL 1 d6 \xff", "binary"),
        (b"A" * (MAX_LINE + 1), "too_long"),
    ]:
        with pytest.raises(LineError) as err:
            parse(line)
        assert err.value.category == category, line


@given(st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=100))
def test_frame_round_trips_any_printable_line(text):
    line = frame(text).rstrip(b"\n")
    body, _, given_sum = line.rpartition(b" *")
    assert body == text.encode() and int(given_sum, 16) == checksum(text.encode())


@given(st.binary(max_size=400))
def test_garbage_never_raises_anything_but_line_errors(data):
    for line in LineSplitter().feed(data + b"\n"):
        try:
            parse(line)
        except LineError:
            pass


def test_splitter_handles_cr_chunks_and_the_120_byte_limit():
    s = LineSplitter()
    assert s.feed(b"ROLL 1 mag H\r") == []
    assert s.feed(b"\nPO") == [b"ROLL 1 mag H"]
    assert s.feed(b"NG\n" + b"x" * MAX_LINE + b"\r\n") == [b"PONG", b"x" * MAX_LINE]
    # a line far over the limit, arriving in pieces, is dropped whole
    assert s.feed(b"y" * 100) == []
    assert s.feed(b"y" * 100) == []
    assert s.feed(b"y\nPONG\n") == [b"PONG"]
    assert s.dropped == 1


def test_typed_faces():
    assert parse_typed("H h b x", 4, "mag").values == ("hit", "hit", "blank", "explosion")
    assert parse_typed("hhbx", 4, "mag").values == ("hit", "hit", "blank", "explosion")
    assert parse_typed("hit, blank", 2, "mag").values == ("hit", "blank")
    assert parse_typed(["explosion"], 1, "mag").source == "typed"
    assert parse_typed("3 5 6", 3, "d6").values == (3, 5, 6)
    assert parse_typed("10,1", 2, "d10").values == (10, 1)
    with pytest.raises(GameError, match="'q' is not a face of Magnifico's die"):
        parse_typed("h q", 2, "mag")
    with pytest.raises(GameError, match="'7' is not a face of a d6: type numbers from 1 to 6"):
        parse_typed("7", 1, "d6")
    with pytest.raises(GameError, match="2 dice typed, 3 expected"):
        parse_typed("1 2", 3, "d12")
    with pytest.raises(GameError, match="unknown kind"):
        parse_typed("1", 1, "d20")


def test_app_roll_uses_only_the_dice_faces_and_is_seedable():
    faces = app_roll(600, "mag").values
    assert set(faces) == {"hit", "blank", "explosion"}
    assert faces.count("hit") > faces.count("explosion")  # 3 hit faces, 1 explosion (core.dice.DIE)
    assert set(app_roll(300, "d10").values) == set(range(1, 11))
    assert app_roll(8, "d12", random.Random(5)) == app_roll(8, "d12", random.Random(5))


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
