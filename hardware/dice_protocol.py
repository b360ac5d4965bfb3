"""The dice reader's serial protocol (docs/dice-reader-protocol.md), without I/O.

``LineSplitter`` turns a byte stream into lines (``\\r`` before ``\\n`` ignored, lines over
120 bytes dropped); ``parse`` turns one line into a message or raises ``LineError`` with a
``category`` ("checksum", "malformed", "unknown", "binary", "too_long") the reader counts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_LINE = 120  # bytes, not counting the line end
KINDS = {
    "mag": ("H", "B", "X"),
    "d6": tuple(range(1, 7)),
    "d10": tuple(range(1, 11)),
    "d12": tuple(range(1, 13)),
}
MAG_FACES = {"H": "hit", "B": "blank", "X": "explosion"}
MAG_LETTERS = {v: k for k, v in MAG_FACES.items()}


class LineError(ValueError):
    def __init__(self, category: str, text: str):
        super().__init__(text)
        self.category = category


@dataclass(frozen=True)
class Hello:
    model: str
    firmware: str
    kinds: tuple[str, ...]


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


def checksum(body: bytes) -> int:
    value = 0
    for byte in body:
        value ^= byte
    return value


def frame(text: str, with_checksum: bool = True) -> bytes:
    """One line for the wire, with its ``*HH`` checksum and ``\\n``."""
    body = text.encode("ascii")
    if with_checksum:
        body += b" *%02X" % checksum(body)
    return body + b"\n"


_CHECKSUM = re.compile(rb"^(.*) \*([0-9A-Fa-f]{2})$", re.S)


def strip_checksum(line: bytes) -> bytes:
    """The line without its checksum; LineError if the checksum is wrong."""
    m = _CHECKSUM.match(line)
    if not m:
        return line
    body, given = m.group(1), int(m.group(2), 16)
    if checksum(body) != given:
        raise LineError("checksum", f"bad checksum (*{given:02X}, expected *{checksum(body):02X})")
    return body


def parse_values(kind: str, text: str) -> tuple:
    """``H,B,X`` -> ("hit", "blank", "explosion"); ``3,5`` -> (3, 5) for numeric kinds."""
    if kind not in KINDS:
        raise LineError("malformed", f"unknown kind of dice {kind!r}")
    parts = text.split(",")
    if not parts or any(not p for p in parts):
        raise LineError("malformed", "empty dice value")
    if kind == "mag":
        try:
            return tuple(MAG_FACES[p.upper()] for p in parts)
        except KeyError as err:
            raise LineError("malformed", f"{err.args[0]!r} is not a face of Magnifico's die (H, B, X)") from None
    values = []
    for p in parts:
        if not p.isdigit() or int(p) not in KINDS[kind]:
            raise LineError("malformed", f"{p!r} is not a face of a {kind}")
        values.append(int(p))
    return tuple(values)


def parse(line: bytes):
    """One line (without its line end) -> Hello / Rolling / RollLine / Pong / ReaderError."""
    if len(line) > MAX_LINE:
        raise LineError("too_long", f"line of {len(line)} bytes (at most {MAX_LINE})")
    if any(b > 0x7E or (b < 0x20 and b != 0x09) for b in line):
        raise LineError("binary", "binary noise")
    body = strip_checksum(line).decode("ascii").strip()
    if not body:
        raise LineError("malformed", "empty line")
    word, _, rest = body.partition(" ")
    args = rest.split()
    if word == "ROLL":
        if len(args) != 3:
            raise LineError("malformed", "ROLL needs a sequence number, a kind and the values")
        seq, kind, values = args
        if not seq.isdigit() or not 0 <= int(seq) <= 999:
            raise LineError("malformed", f"ROLL sequence {seq!r} is not 0-999")
        return RollLine(int(seq), kind, parse_values(kind, values))
    if word == "HELLO":
        if len(args) != 3:
            raise LineError("malformed", "HELLO needs a model, a firmware and the kinds")
        return Hello(args[0], args[1], tuple(k for k in args[2].split(",") if k))
    if word == "ROLLING" and not args:
        return Rolling()
    if word == "PONG" and not args:
        return Pong()
    if word == "ERR":
        return ReaderError(rest.strip())
    raise LineError("unknown", f"unknown line {word[:20]!r}")


class LineSplitter:
    """Bytes in, whole lines out. A line longer than MAX_LINE is dropped up to its ``\\n``."""

    def __init__(self):
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
