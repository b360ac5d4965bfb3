"""The shadow: a second, independent copy of the journal in a JSON Lines file.

Beside ``journal.sqlite3`` lives ``journal.sqlite3.shadow.jsonl``. Each line is one write
transaction of the database, as JSON, then a tab and a checksum of that JSON::

    {"shadow":1,"journal":"<id>"}<TAB>sum                      the first line
    {"g":1,"t":7,"h0":6,"h":7,"ops":[["row",{...}]]}<TAB>sum     game 1's 7th transaction

``g`` the game, ``t`` its transaction number (``games.txn``), ``h0``/``h`` its head before
and after, ``base`` when the line holds the whole game (a new game, an import, a shadow
written afresh). Operations: ``["new", {"game", "header", "meta", "at"}]``; ``["row",
{"seq", "txn", "sealed", "reveal", "body", "at"}]`` (a command row exactly as the database
stores it: a sealed row stays sealed here too); ``["cut", seq]`` (rows from ``seq`` on are
dropped); ``["open", [[seq, body], ...]]`` (sealed rows opened at a reveal).

The line is written and flushed to the disk (``fdatasync``) inside the database's
transaction, before its commit: a command the database holds is always in the shadow,
and a commit that fails takes its line back (the file is cut to its size before it).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.storage.files import sync_folder
from companion.storage.sums import digest

SUFFIX = ".shadow.jsonl"
FORMAT = 1


def shadow_path(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + SUFFIX)


def encode(obj: dict[str, Any]) -> bytes:
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    return f"{text}\t{digest(text)}\n".encode("utf-8")


def header(journal_id: str) -> dict[str, Any]:
    return {"shadow": FORMAT, "journal": journal_id}


class ShadowWriter:
    """The open shadow file of a writable journal: ``append`` one line per transaction."""

    def __init__(self, path: Path):
        self.path = path
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)

    def append(self, line: dict[str, Any]) -> int:
        """Write and flush one line; the file's size before it (to take it back)."""
        data = encode(line)
        before = os.fstat(self._fd).st_size
        try:
            written = os.write(self._fd, data)
            if written != len(data):
                raise OSError(28, "short write")  # as a full disk does
            os.fdatasync(self._fd)
        except OSError:
            self.take_back(before)
            raise
        return before

    def take_back(self, size: int) -> None:
        """Cut the file back to ``size`` (a transaction that did not commit)."""
        try:
            os.ftruncate(self._fd, size)
            os.fdatasync(self._fd)
        except OSError:
            pass  # the next opening finds a line the database lacks and sets it right

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def write_new(path: Path, journal_id: str, lines: list[dict[str, Any]]) -> None:
    """A whole shadow written beside ``path`` then moved into place (never half a file)."""
    tmp = path.with_name(path.name + ".new")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(fd, b"".join([encode(header(journal_id)), *(encode(line) for line in lines)]))
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)
    sync_folder(path.parent)


@dataclass
class Line:
    """One transaction line of the shadow (its operations read from the JSON when asked:
    opening a journal whose copies agree needs only the numbers at the line's start)."""

    number: int  # line number in the file, from 1
    g: int
    t: int
    h0: int | None
    h: int
    base: bool
    text: str = ""
    _ops: list[Any] | None = None

    @property
    def ops(self) -> list[Any]:
        if self._ops is None:
            try:
                ops = json.loads(self.text).get("ops")
            except (ValueError, AttributeError, RecursionError):
                ops = None
            self._ops = ops if isinstance(ops, list) else []
        return self._ops


# how every line starts (the keys in the order they are written)
_START = re.compile(r'\{"g":(\d+),"t":(\d+),"h0":(null|\d+),"h":(\d+),(?:"base":(true|false),)?"ops":\[')


@dataclass
class ShadowView:
    """What a shadow file holds, read without changing it."""

    exists: bool
    journal_id: str | None = None
    lines: list[Line] = field(default_factory=list)
    damaged: list[int] = field(default_factory=list)  # line numbers whose checksum fails
    torn: bool = False  # the last line is incomplete (a write cut by a crash)
    good_size: int = 0  # bytes up to the end of the last complete line
    unreadable: str | None = None  # the file cannot be read at all
    # parse_some: the games whose lines were read (with the first and the last line; the
    # line numbers are then unknown, 0; ``damaged`` holds byte offsets)
    some: frozenset[int] | None = None

    @property
    def intact(self) -> bool:
        return self.exists and self.journal_id is not None and not self.damaged and self.unreadable is None


def _line(number: int, text: str) -> Line | None:
    start = _START.match(text)
    if start:
        g, t, h0, h, base = start.groups()
        return Line(number, int(g), int(t), None if h0 == "null" else int(h0), int(h), base == "true", text)
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(obj, dict):
        return None
    g, t, h, h0, ops = obj.get("g"), obj.get("t"), obj.get("h"), obj.get("h0"), obj.get("ops")
    ints = (g, t, h) + ((h0,) if h0 is not None else ())
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in ints) or not isinstance(ops, list):
        return None
    return Line(number, g, t, h0, h, bool(obj.get("base")), text, ops)


def load(path: Path) -> bytes | ShadowView:
    """The file's bytes; a ``ShadowView`` when there are none to read (no file, unreadable)."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return ShadowView(exists=False)
    except OSError as err:
        return ShadowView(exists=True, unreadable=err.strerror or str(err))


def read(path: Path) -> ShadowView:
    """Every line that checks out; the numbers of those that do not."""
    data = load(path)
    return data if isinstance(data, ShadowView) else parse(data)


def parse(data: bytes) -> ShadowView:
    """``read`` of a file's bytes."""
    view = ShadowView(exists=True)
    parts = data.split(b"\n")
    if parts and parts[-1] == b"":
        parts.pop()
    elif parts:
        view.torn = True  # no newline at the end: the last write did not finish
    complete = len(parts) - (1 if view.torn else 0)
    offset = 0
    for index, raw in enumerate(parts[:complete], 1):
        offset += len(raw) + 1
        text = _checked(raw)
        if index == 1:
            view.journal_id = _journal_id(text)
            if view.journal_id is None:
                view.damaged.append(index)
            continue
        line = _line(index, text) if text is not None else None
        if line is None:
            view.damaged.append(index)
        else:
            view.lines.append(line)
    view.good_size = offset
    return view


def parse_some(data: bytes, games: Collection[int]) -> ShadowView:
    """The first line, the last and the lines of ``games``, each checked; the other lines
    are not looked at (``view.some``). A command that prints a few games takes this when
    the last line, the only one a crash can leave ahead of the database, agrees with it
    (``recovery.agree_on``): reading and checking every line grows with the journal."""
    view = ShadowView(exists=True, some=frozenset(games))
    view.good_size = end = data.rfind(b"\n") + 1
    view.torn = end < len(data)
    first = data.find(b"\n")
    if first < 0:
        return view
    view.journal_id = _journal_id(_checked(data[:first]))
    if view.journal_id is None:
        view.damaged.append(1)
    starts = {data.rfind(b"\n", 0, end - 1) + 1}
    for g in games:  # (a raw newline is only ever a line's end: JSON text escapes its own)
        needle = b'\n{"g":%d,' % g
        at = data.find(needle, 0, end)
        while at >= 0:
            starts.add(at + 1)
            at = data.find(needle, at + 1, end)
    starts.discard(0)
    for start in sorted(starts):
        stop = data.index(b"\n", start)
        text = _checked(data[start:stop])
        line = _line(0, text) if text is not None else None
        if line is None:
            view.damaged.append(start)
        else:
            view.lines.append(line)
    return view


def _journal_id(text: str | None) -> str | None:
    """The journal's id the first line names, if it is a first line of this format."""
    try:
        obj = json.loads(text) if text is not None else None
    except (ValueError, RecursionError):
        return None
    if isinstance(obj, dict) and obj.get("shadow") == FORMAT and isinstance(obj.get("journal"), str):
        return str(obj["journal"])
    return None


def _checked(raw: bytes) -> str | None:
    """The line's JSON text if its sum checks out."""
    text_bytes, tab, sum_bytes = raw.rpartition(b"\t")
    if not tab:
        return None
    try:
        if digest(text_bytes) != sum_bytes.decode("ascii"):
            return None
        return text_bytes.decode("utf-8")
    except UnicodeDecodeError:
        return None
