"""Checksums of what the journal stores: a flipped byte is found, never trusted.

A sum is 16 hex digits of BLAKE2b over a row's fields, in a fixed order, joined by the
unit separator (JSON text never holds that byte raw). It covers what a row is, not where
SQLite keeps it: a row that moves pages keeps its sum. A sum is computed over the stored
text, so a sealed row's sum says nothing about the secret inside.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

SEP = "\x1f"


def digest(text: str | bytes) -> str:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def _sum(kind: str, *fields: object) -> str:
    return digest(SEP.join([kind, *(str(int(f)) if isinstance(f, bool) else str(f) for f in fields)]))


def schema_sum(version: int, journal_id: str) -> str:
    return _sum("schema", version, journal_id)


def game_sum(game_id: int, name: str, created_at: str, head: int, txn: int, header: str, meta: str) -> str:
    return _sum("game", game_id, name, created_at, head, txn, header, meta)


def row_sum(game_id: int, seq: int, txn: int, sealed: bool, reveal: bool, created_at: str, body: str) -> str:
    # the same as _sum("cmd", ...), written out: every row of a journal is summed at opening
    text = f"cmd\x1f{game_id}\x1f{seq}\x1f{txn}\x1f{int(sealed)}\x1f{int(reveal)}\x1f{created_at}\x1f{body}"
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()


def snapshot_sum(game_id: int, seq: int, rules_version: str, sealed: bool, chain: str, body: str) -> str:
    return _sum("snap", game_id, seq, rules_version, sealed, chain, body)


def chain(txns: Iterable[int]) -> str:
    """The rows a snapshot was made from: the write transaction of each, in order."""
    return digest(",".join(str(t) for t in txns))


def snapshot_trusted(game_id: int, seq: int, rules_version: str, sealed: bool, links: str, body: str, total: str,
                     txns: list[int | None]) -> bool:
    """A snapshot's sum checks out and it was made from these rows (``txns``: the write
    transaction of each of rows 1..seq as read now, None for a row not there)."""
    return (None not in txns and links == chain(t for t in txns if t is not None)
            and total == snapshot_sum(game_id, seq, rules_version, sealed, links, body))
