"""What the journal's files need of the disk beyond a write: a new name made durable."""

from __future__ import annotations

import os
from pathlib import Path


def sync_folder(folder: Path) -> None:
    """Flush ``folder``'s entries to the disk, so a file created or renamed in it survives a
    power cut; a folder that cannot be opened or flushed (some file systems) is left as it is."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
