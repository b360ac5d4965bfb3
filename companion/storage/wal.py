"""Is SQLite's ``-wal`` file whole? Its frames checked the way SQLite checks them.

SQLite reads a ``-wal`` up to its first frame whose checksum fails and silently ignores
the rest: a flipped byte in the middle hides every later commit. The shadow file shows
such a loss; without the shadow this check does: a frame of the current generation (its
salts match the header) after a bad one means the file was damaged, not cut by a crash.
Pure Python, used only when there is no shadow to compare with.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

MAGIC_LE, MAGIC_BE = 0x377F0682, 0x377F0683
HEADER, FRAME_HEADER = 32, 24


@dataclass
class WalCheck:
    exists: bool
    valid_frames: int = 0  # frames SQLite will read (up to the last whole commit)
    damaged: bool = False  # frames of this generation after a bad one, or a bad header


def _checksum(data: bytes, s0: int, s1: int, big: bool) -> tuple[int, int]:
    words = struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data)
    mask = 0xFFFFFFFF
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & mask
        s1 = (s1 + words[i + 1] + s0) & mask
    return s0, s1


def check_wal(path: Path) -> WalCheck:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return WalCheck(exists=False)
    except OSError:
        return WalCheck(exists=True, damaged=True)
    if len(data) < HEADER:
        return WalCheck(exists=True, damaged=len(data) > 0)
    magic, _version, page_size, _ckpt, salt1, salt2, c0, c1 = struct.unpack(">8I", data[:HEADER])
    if magic not in (MAGIC_LE, MAGIC_BE) or page_size < 512 or page_size & (page_size - 1):
        return WalCheck(exists=True, damaged=True)
    big = magic == MAGIC_BE
    s0, s1 = _checksum(data[:24], 0, 0, big)
    if (s0, s1) != (c0, c1):
        return WalCheck(exists=True, damaged=len(data) > HEADER)
    frame = FRAME_HEADER + page_size
    valid = committed = 0
    offset = HEADER
    while offset + frame <= len(data):
        head = data[offset:offset + FRAME_HEADER]
        _page, commit, f1, f2, k0, k1 = struct.unpack(">6I", head)
        if (f1, f2) != (salt1, salt2):
            break  # an older generation's frame: the end of this one
        s0, s1 = _checksum(head[:8], s0, s1, big)
        s0, s1 = _checksum(data[offset + FRAME_HEADER:offset + frame], s0, s1, big)
        if (s0, s1) != (k0, k1):
            # bad: damage if any later frame still belongs to this generation
            later = offset + frame
            while later + frame <= len(data):
                if struct.unpack(">2I", data[later + 8:later + 16]) == (salt1, salt2):
                    return WalCheck(exists=True, valid_frames=committed, damaged=True)
                later += frame
            break
        valid += 1
        if commit:
            committed = valid
        offset += frame
    return WalCheck(exists=True, valid_frames=committed)
