"""A long journal's whole check made in another process while the app imports (issue 13).

Opening the app's journal reads and checks every row of the database and every line of the
shadow (opening.py): some 0.7 s for a hundred played games on a desktop, several seconds on a
Pi, all of it Python. It ran in the app's process beside the import of SQLAlchemy and the
table's taps, which waited for Python's lock, and a Start waited for all of it.

For a journal this long, ``Precheck.start`` starts another process (spawned, like the battle
odds') before the import. That process reads the file as the opening would
(``opening.as_it_is``) and sends what it found: the journal's id and its games when both
copies are whole and agree, with nothing to repair, migrate or tell; else nothing. It notes
each file's inode, size and time before and after its reading, and sends nothing if they
moved. The opening, holding the journal's lock (nothing else writes then), trusts the answer
only if the files are still as the process left them (``found``), and then only makes its
engine. Anything else (no answer, a slow or failed process, a file changed, anything to
repair) and the opening reads the whole file itself, as it always did.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.storage.shadow import shadow_path

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

PRECHECK_FROM = 1 << 20  # bytes of shadow (some 2,000 lines): a shorter one is checked here sooner than a process starts
WAIT = 120.0  # seconds the opening waits for the answer before it reads the file itself

Files = list[list[int] | None]  # each file's inode, size and time in ns (None: no such file)


def files(path: Path) -> Files:
    """The database's, its -wal's and its shadow's inode, size and time. An empty -wal counts
    as none: a reading makes one, and it holds nothing."""
    out: Files = []
    for each, wal in ((path, False), (path.with_name(path.name + "-wal"), True), (shadow_path(path), False)):
        try:
            st = os.stat(each)
        except FileNotFoundError:
            out.append(None)
        else:
            out.append(None if wal and st.st_size == 0 else [st.st_ino, st.st_size, st.st_mtime_ns])
    return out


class Precheck:
    """The check of one journal file, under way in another process."""

    def __init__(self, path: Path, process: BaseProcess, answers: Connection):
        self.path = path
        self.process = process
        self._answers = answers

    @classmethod
    def start(cls, location: str) -> Precheck | None:
        """The check of the journal at ``location`` started; None for a short journal (or a
        URL, or a file that is not there): the opening reads that one itself."""
        if "://" in location:
            return None
        path = Path(location).expanduser()
        try:
            if shadow_path(path).stat().st_size < PRECHECK_FROM:
                return None
        except OSError:
            return None
        import multiprocessing  # (only for a long journal: some 45 ms of imports, the journal's commands included)

        ctx = multiprocessing.get_context("spawn")
        try:
            answers, theirs = ctx.Pipe(duplex=False)
        except OSError:  # (no file descriptor left: the opening checks the file itself)
            return None
        process = ctx.Process(target=check, args=(str(path), theirs), daemon=True, name="journal-check")
        try:
            process.start()
        except OSError:
            answers.close()
            return None
        finally:
            theirs.close()
        return cls(path, process, answers)

    def found(self, timeout: float = WAIT) -> tuple[str, list[int]] | None:
        """The journal's id and games, if the process found both copies whole and agreeing and
        the files are still as it read them; else None. Waits for the answer; the caller holds
        the journal's lock."""
        try:
            answer: Any = self._answers.recv() if self._answers.poll(timeout) else None
        except (EOFError, OSError):  # (it died without a word)
            answer = None
        self.stop()
        if not isinstance(answer, dict) or answer.get("files") != files(self.path):
            return None
        journal_id, games = answer.get("journal"), answer.get("games")
        if not isinstance(journal_id, str) or not isinstance(games, list) or not all(
                type(g) is int for g in games):
            return None
        return journal_id, games

    def stop(self) -> None:
        """The process ended (stopped if it still runs) and its pipe closed."""
        self.process.join(0.5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self._answers.close()


def check(location: str, answers: Connection) -> None:
    """In the other process: what ``opening.as_it_is`` finds of the file, sent (None: nothing
    to trust)."""
    from companion.storage.opening import as_it_is

    path = Path(location)
    before = files(path)
    try:
        found = as_it_is(path)
    except Exception:  # noqa: BLE001 - whatever fails here, the opening reads the file itself, and says
        found = None
    after = files(path)
    answers.send(None if found is None or before != after else {"journal": found[0], "games": found[1], "files": after})
    answers.close()
