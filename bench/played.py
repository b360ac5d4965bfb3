"""A journal as a table's play leaves it, made for the benches: every command of a game's
record submitted on its own (its own write, its own line of the shadow), the game played
again and again. A hundred Magnifico games make some 30,000 shadow lines, where importing
the record a hundred times makes a hundred: reading the journal costs more with them.

    python bench/played.py JOURNAL RECORD GAMES [KEY]

Flushes to the disk by the journal's own code (``os.fsync``, ``os.fdatasync``) are skipped
while it is made: the files are the same, made in a minute instead of several.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


@contextlib.contextmanager
def no_flushes() -> Iterator[None]:
    """``os.fsync`` and ``os.fdatasync`` do nothing inside (the journal's own flushes)."""
    saved = os.fsync, os.fdatasync
    os.fsync = os.fdatasync = lambda fd: None
    try:
        yield
    finally:
        os.fsync, os.fdatasync = saved


def play(journal_path: str, record: str, games: int, key_file: str | None = None) -> None:
    """``games`` games of ``record`` (JSON Lines: its header, then its commands) added."""
    from companion.storage.journal import Journal

    header, *commands = [json.loads(line) for line in record.splitlines() if line.strip()]
    with no_flushes(), Journal(journal_path, key_file=key_file) as journal:
        for _ in range(games):
            game = journal.new_game(header)
            for command in commands:
                journal.submit(game, command)


if __name__ == "__main__":
    play(sys.argv[1], Path(sys.argv[2]).read_text(encoding="utf-8"), int(sys.argv[3]),
         sys.argv[4] if len(sys.argv) > 4 else None)
