"""The dice reader's serial protocol, version 2 (hardware/README.md, "The dice reader protocol"), without I/O.

``LineSplitter`` turns a byte stream into lines (``\\r`` before ``\\n`` ignored, lines over
120 bytes dropped); ``parse`` turns one line into a message or raises ``LineError`` with a
``category`` the reader counts: "checksum" (wrong CRC), "no_checksum", "malformed",
"unknown", "binary", "too_long".

Every line ends with `` *HHHH``: the CRC-16/XMODEM of the bytes before the space-star
(``binascii.crc_hqx(body, 0)``). A line without a valid one is never applied. The one
exception is recognising an old reader: a ``HELLO`` framed the version-1 way (a two-digit
XOR checksum, or none) parses as ``Hello(version="v1", checked=False)`` so the reader can
be refused with a message that names its version; nothing else from it is ever read.
"""

from __future__ import annotations

import binascii
import re
from dataclasses import dataclass

PROTOCOL = "v2"
MAX_LINE = 120  # bytes, not counting the line end
KINDS: dict[str, tuple] = {
    "mag": ("H", "B", "X"),
    "d6": tuple(range(1, 7)),
    "d10": tuple(range(1, 11)),
    "d12": tuple(range(1, 13)),
}
MAG_FACES = {"H": "hit", "B": "blank", "X": "explosion"}
MAG_LETTERS = {v: k for k, v in MAG_FACES.items()}
# A d10 may print 0 for its ten (spec: "a 0 face is also accepted and means 10").
ZERO_MEANS = {"d10": 10}


class LineError(ValueError):
    def __init__(self, category: str, text: str):
        super().__init__(text)
        self.category = category


@dataclass(frozen=True)
class Hello:
    model: str
    firmware: str
    kinds: tuple[str, ...]
    version: str = PROTOCOL
    checked: bool = True  # False: an old reader's HELLO, recognised only to be refused


@dataclass(frozen=True)
class Rolling:
    pass


@dataclass(frozen=True)
class RollLine:
    seq: int
    kind: str
    values: tuple  # "hit"/"blank"/"explosion" for mag, ints otherwise


@dataclass(frozen=True)
class Pong:
    pass


@dataclass(frozen=True)
class ReaderError:
    text: str


Message = Hello | Rolling | RollLine | Pong | ReaderError


def crc(body: bytes) -> int:
    """CRC-16/XMODEM (polynomial 0x1021, initial value 0)."""
    return binascii.crc_hqx(body, 0)


def xor8(body: bytes) -> int:
    """Version 1's checksum: only to recognise an old reader's HELLO."""
    value = 0
    for byte in body:
        value ^= byte
    return value


def frame(text: str, with_checksum: bool = True) -> bytes:
    """One line for the wire, with its `` *HHHH`` and ``\\n`` (without: tests of the drop)."""
    body = text.encode("ascii")
    if with_checksum:
        body += b" *%04X" % crc(body)
    return body + b"\n"


def frame_v1(text: str) -> bytes:
    """A line the way a version-1 reader sends it (the simulator's ``--protocol 1``)."""
    body = text.encode("ascii")
    return body + b" *%02X\n" % xor8(body)


_CHECKSUM = re.compile(rb"^(.*) \*([0-9A-Fa-f]{4})$", re.S)
_CHECKSUM_V1 = re.compile(rb"^(.*) \*([0-9A-Fa-f]{2})$", re.S)


def strip_checksum(line: bytes) -> bytes:
    """The line without its checksum; LineError when it is missing or wrong."""
    m = _CHECKSUM.match(line)
    if not m:
        raise LineError("no_checksum", "line without a checksum")
    body, given = m.group(1), int(m.group(2), 16)
    expected = crc(body)
    if expected != given:
        raise LineError("checksum", f"bad checksum (*{given:04X}, expected *{expected:04X})")
    return body


def parse_values(kind: str, text: str) -> tuple:
    """``H,B,X`` -> ("hit", "blank", "explosion"); ``3,5`` -> (3, 5); ``0`` of a d10 -> 10."""
    if kind not in KINDS:
        raise LineError("malformed", f"unknown kind of dice {kind!r}")
    parts = text.split(",")
    if any(not p for p in parts):
        raise LineError("malformed", "empty dice value")
    if kind == "mag":
        try:
            return tuple(MAG_FACES[p.upper()] for p in parts)
        except KeyError as err:
            raise LineError("malformed", f"{err.args[0]!r} is not a face of Magnifico's die (H, B, X)") from None
    return tuple(face_number(kind, p) for p in parts)


def face_number(kind: str, text: str) -> int:
    """A number face of ``kind`` ("0" of a d10 is 10); LineError if the die has no such face."""
    if not text.isascii() or not text.isdigit() or len(text) > 2:
        raise LineError("malformed", f"{text!r} is not a face of a {kind}")
    value = int(text)
    if value == 0 and kind in ZERO_MEANS:
        value = ZERO_MEANS[kind]
    if value not in KINDS[kind]:
        raise LineError("malformed", f"{text!r} is not a face of a {kind}")
    return value


def _check_bytes(line: bytes) -> None:
    if len(line) > MAX_LINE:
        raise LineError("too_long", f"line of {len(line)} bytes (at most {MAX_LINE})")
    if any(b > 0x7E or (b < 0x20 and b != 0x09) for b in line):
        raise LineError("binary", "binary noise")


def parse(line: bytes) -> Message:
    """One line (without its line end) -> Hello / Rolling / RollLine / Pong / ReaderError."""
    _check_bytes(line)
    try:
        body = strip_checksum(line).decode("ascii").strip()
    except LineError:
        old = _old_hello(line)
        if old is None:
            raise
        return old
    if not body:
        raise LineError("malformed", "empty line")
    word, _, rest = body.partition(" ")
    args = rest.split()
    if word == "ROLL":
        if len(args) != 3:
            raise LineError("malformed", "ROLL needs a sequence number, a kind and the values")
        seq, kind, values = args
        if not seq.isascii() or not seq.isdigit() or not 0 <= int(seq) <= 999:
            raise LineError("malformed", f"ROLL sequence {seq!r} is not 0-999")
        return RollLine(int(seq), kind, parse_values(kind, values))
    if word == "HELLO":
        if len(args) != 4:
            raise LineError("malformed", "HELLO needs a model, a firmware, the kinds and the protocol version")
        return Hello(args[0], args[1], _kinds(args[2]), args[3])
    if word == "ROLLING" and not args:
        return Rolling()
    if word == "PONG" and not args:
        return Pong()
    if word == "ERR":
        return ReaderError(rest.strip())
    raise LineError("unknown", f"unknown line {word[:20]!r}")


def _kinds(text: str) -> tuple[str, ...]:
    return tuple(k for k in text.split(",") if k)


def _old_hello(line: bytes) -> Hello | None:
    """A version-1 HELLO (XOR checksum or none): recognised to be refused, never trusted."""
    m = _CHECKSUM_V1.match(line)
    if m:
        if xor8(m.group(1)) != int(m.group(2), 16):
            return None
        line = m.group(1)
    words = line.decode("ascii").split()
    if not words or words[0] != "HELLO" or len(words) not in (4, 5):
        return None
    version = words[4] if len(words) == 5 else "v1"  # version 1 readers did not name it
    if version == PROTOCOL:
        return None  # a version-2 HELLO must carry its CRC like any other line
    return Hello(words[1], words[2], _kinds(words[3]), version, checked=False)


class LineSplitter:
    """Bytes in, whole lines out. A line longer than MAX_LINE is dropped up to its ``\\n``."""

    def __init__(self) -> None:
        self._buf = bytearray()
        self._overflow = False
        self.dropped = 0  # lines dropped for length

    def feed(self, data: bytes) -> list[bytes]:
        lines = []
        buf = self._buf
        buf += data
        start = 0
        while True:
            nl = buf.find(b"\n", start)
            if nl < 0:
                break
            line = bytes(buf[start:nl])
            start = nl + 1
            if line.endswith(b"\r"):
                line = line[:-1]
            if self._overflow or len(line) > MAX_LINE:
                self._overflow = False
                self.dropped += 1
                continue
            lines.append(line)
        del buf[:start]
        if len(self._buf) > MAX_LINE + 1:  # +1: a \r may still come before the \n
            self._buf.clear()
            self._overflow = True
        return lines
