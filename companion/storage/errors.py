"""The storage's error: a problem with the journal's files, told in plain words."""

from companion.errors import GameError


class StorageError(GameError):
    """The journal cannot do what was asked (locked, damaged, newer, disk full...).

    A ``GameError`` so that every caller that shows a reason to the table shows this one too.
    """
