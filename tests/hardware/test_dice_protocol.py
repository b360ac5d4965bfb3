"""The dice reader's line protocol, version 2 (hardware/README.md, "The dice reader
protocol"; the project's protocol spec: a mandatory CRC-16/XMODEM `` *HHHH`` on every line,
lines without a valid one dropped and counted; d10 reads 0 as 10)."""

import binascii

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.dice_protocol import (
    MAX_LINE, Hello, LineError, LineSplitter, Pong, ReaderError, Rolling, RollLine, crc, frame, frame_v1, parse,
    xor8,
)


def test_the_specs_example_line_parses():
    """Spec example: ``ROLL 17 mag H,B,X,H *D747``."""
    assert parse(b"ROLL 17 mag H,B,X,H *D747") == RollLine(17, "mag", ("hit", "blank", "explosion", "hit"))
    assert parse(b"ROLL 17 mag H,B,X,H *d747").seq == 17  # hex digits in either case
    with pytest.raises(LineError) as err:
        parse(b"ROLL 17 mag H,B,X,H *D746")
    assert err.value.category == "checksum"


def test_the_checksum_is_crc16_xmodem():
    assert crc(b"123456789") == 0x31C3  # the CRC-16/XMODEM check value
    assert crc(b"ROLL 17 mag H,B,X,H") == binascii.crc_hqx(b"ROLL 17 mag H,B,X,H", 0) == 0xD747
    assert frame("PONG") == b"PONG *%04X\n" % crc(b"PONG")


def test_a_line_without_a_checksum_is_dropped():
    """Spec: "A line with a missing or wrong checksum is dropped and counted, never applied"."""
    for line in (b"ROLL 7 d6 3,4", b"PONG", b"ROLL 17 mag H,B,X,H *66"):  # none, none, version 1's XOR
        with pytest.raises(LineError) as err:
            parse(line)
        assert err.value.category == "no_checksum", line


def test_xor8_misses_what_crc16_catches():
    """Issue 12 item 9: two flips of the same bit pass version 1's XOR; the CRC-16 catches them."""
    good = b"ROLL 17 mag H,B,X,H"
    flipped = bytearray(good)
    flipped[12] ^= 0x04  # 'H' -> 'L'
    flipped[14] ^= 0x04  # 'B' -> 'F'
    assert xor8(bytes(flipped)) == xor8(good)
    with pytest.raises(LineError):
        parse(bytes(flipped) + b" *%04X" % crc(good))


def checked(text: str) -> bytes:
    return frame(text).rstrip(b"\n")


def test_other_lines():
    assert parse(checked("HELLO TRAY 2.1 mag,d6,d10,d12 v2")) == Hello("TRAY", "2.1", ("mag", "d6", "d10", "d12"), "v2")
    assert parse(checked("ROLLING")) == Rolling()
    assert parse(checked("PONG")) == Pong()
    assert parse(checked("ERR die on its edge")) == ReaderError("die on its edge")
    assert parse(checked("ROLL 999 d10 10,1")) == RollLine(999, "d10", (10, 1))
    assert parse(checked("ROLL 3 d12 12,1,7")) == RollLine(3, "d12", (12, 1, 7))
    assert parse(checked("ROLL 4 d6 6,1")) == RollLine(4, "d6", (6, 1))
    for text, category in [
        ("ROLL 1000 d6 1", "malformed"), ("ROLL 1 d6 0", "malformed"), ("ROLL 1 d10 11", "malformed"),
        ("ROLL 1 d12 0", "malformed"), ("ROLL 1 d12 13", "malformed"), ("ROLL 1 d20 5", "malformed"),
        ("ROLL 1 mag H,,B", "malformed"), ("ROLL 1 mag Q", "malformed"), ("HELLO", "malformed"),
        ("HELLO TRAY 2.1 mag", "malformed"), ("WHAT 1", "unknown"),
    ]:
        with pytest.raises(LineError) as err:
            parse(checked(text))
        assert err.value.category == category, text
    for line, category in [(b"ROLL 1 d6 \xff", "binary"), (b"A" * (MAX_LINE + 1), "too_long")]:
        with pytest.raises(LineError) as err:
            parse(line)
        assert err.value.category == category


def test_a_d10_reads_0_as_10():
    """Spec: Magnate's d10 "a 0 face is also accepted and means 10"; other dice have no 0."""
    assert parse(checked("ROLL 5 d10 0,3,10")).values == (10, 3, 10)
    with pytest.raises(LineError):
        parse(checked("ROLL 5 d6 0"))


def test_an_old_readers_hello_is_recognised_only_to_be_refused():
    """A version-1 HELLO (XOR checksum, no version word) parses as unchecked v1; any other
    version-1 line is dropped like noise."""
    hello = parse(frame_v1("HELLO TRAY 1.4 mag,d6").rstrip(b"\n"))
    assert hello == Hello("TRAY", "1.4", ("mag", "d6"), "v1", checked=False)
    assert parse(b"HELLO TRAY 3.0 mag v3") == Hello("TRAY", "3.0", ("mag",), "v3", checked=False)
    for line in (frame_v1("ROLL 1 mag H").rstrip(b"\n"), b"HELLO TRAY 2.1 mag v2", b"HELLO TRAY 1.4 mag *00"):
        with pytest.raises(LineError):
            parse(line)


@given(st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=100))
def test_frame_round_trips_any_printable_line(text):
    line = frame(text).rstrip(b"\n")
    body, _, given_sum = line.rpartition(b" *")
    assert body == text.encode() and int(given_sum, 16) == crc(text.encode())


@settings(max_examples=300)
@given(st.binary(max_size=400))
def test_garbage_never_raises_anything_but_line_errors(data):
    for line in LineSplitter().feed(data + b"\n"):
        try:
            parse(line)
        except LineError:
            pass


@settings(max_examples=300)
@given(st.integers(0, 999), st.lists(st.sampled_from("HBX"), min_size=1, max_size=8), st.data())
def test_one_or_two_flipped_bits_never_make_another_valid_roll(seq, faces, data):
    """Any flip of one or two bits in a framed roll is dropped (CRC-16 detects every error of
    up to 3 bits in a line this short), never read as a different roll."""
    line = bytearray(checked(f"ROLL {seq} mag {','.join(faces)}"))
    bits = data.draw(st.lists(st.integers(0, len(line) * 8 - 1), min_size=1, max_size=2, unique=True))
    for bit in bits:
        line[bit // 8] ^= 1 << (bit % 8)
    try:
        msg = parse(bytes(line))
    except LineError:
        return
    assert msg == parse(checked(f"ROLL {seq} mag {','.join(faces)}")), (bytes(line), msg)


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
