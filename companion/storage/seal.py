"""Sealing: what a secret (a bid, a faction) looks like in the journal before its reveal.

A per-installation secret key (32 random bytes in a file only its owner may read, mode
0600) seals a row: a keystream from HMAC-SHA256 in counter mode is XORed with the text,
and an HMAC-SHA256 tag over the nonce, the row's place and the sealed text detects a
wrong key or a damaged row. Stdlib only.

The trade-off (docs/storage.md): whoever can read the key file can unseal the rows. Casual
eyes on the database file, a copied journal or the log cannot.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

from companion.storage.errors import StorageError
from companion.storage.files import sync_folder

KEY_BYTES = 32
NONCE_BYTES = 16
TAG_BYTES = 16
PREFIX = "sealed1:"


def load_key(path: Path, *, create: bool) -> bytes | None:
    """The key in ``path``; created (0600) when absent and ``create``, else ``None``."""
    try:
        key = path.read_bytes()
    except FileNotFoundError:
        if not create:
            return None
        return _create_key(path)
    except OSError as err:
        raise StorageError.of("key_unreadable", key_file=str(path), detail=err.strerror or str(err)) from err
    if len(key) != KEY_BYTES:
        raise StorageError.of("key_damaged", key_file=str(path), size=len(key), expected=KEY_BYTES)
    try:
        if path.stat().st_mode & 0o077:  # copied with looser rights: only its owner may read it
            path.chmod(0o600)
    except OSError:
        pass
    return key


def _create_key(path: Path) -> bytes:
    key = secrets.token_bytes(KEY_BYTES)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return load_key(path, create=False)  # another instance made it a moment ago
    except OSError as err:
        raise StorageError.of("key_not_created", key_file=str(path), detail=err.strerror or str(err)) from err
    try:
        os.write(fd, key)
        os.fsync(fd)
    finally:
        os.close(fd)
    sync_folder(path.parent)  # the new name survives a power cut, like the rows it seals
    return key


def _subkey(key: bytes, purpose: bytes) -> bytes:
    return hmac.digest(key, b"magnifico-companion seal " + purpose, "sha256")


def _keystream(key: bytes, nonce: bytes, length: int) -> bytes:
    enc = _subkey(key, b"stream")
    blocks = (length + 31) // 32
    return b"".join(hmac.digest(enc, nonce + i.to_bytes(8, "big"), "sha256") for i in range(blocks))[:length]


def _xor(data: bytes, stream: bytes) -> bytes:
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big")


def _tag(key: bytes, nonce: bytes, place: str, sealed: bytes) -> bytes:
    mac = _subkey(key, b"tag")
    return hmac.digest(mac, nonce + place.encode() + b"\0" + sealed, "sha256")[:TAG_BYTES]


def seal(key: bytes, text: str, place: str) -> str:
    """``text`` sealed for the row at ``place`` (e.g. ``"command:3:17"``)."""
    data = text.encode("utf-8")
    nonce = secrets.token_bytes(NONCE_BYTES)
    sealed = _xor(data, _keystream(key, nonce, len(data)))
    return PREFIX + base64.b64encode(nonce + sealed + _tag(key, nonce, place, sealed)).decode("ascii")


def unseal(key: bytes, blob: str, place: str) -> str:
    """The text sealed at ``place``; ``StorageError`` for a wrong key or a damaged row."""
    if not blob.startswith(PREFIX):
        raise StorageError.of("seal_damaged")
    try:
        raw = base64.b64decode(blob[len(PREFIX):], validate=True)
    except ValueError as err:
        raise StorageError.of("seal_damaged") from err
    nonce, sealed, tag = raw[:NONCE_BYTES], raw[NONCE_BYTES:-TAG_BYTES], raw[-TAG_BYTES:]
    if len(raw) < NONCE_BYTES + TAG_BYTES or not hmac.compare_digest(tag, _tag(key, nonce, place, sealed)):
        raise StorageError.of("seal_wrong_key")
    return _xor(sealed, _keystream(key, nonce, len(sealed))).decode("utf-8")


def fingerprint(key: bytes) -> str:
    """A short, harmless name for a key (to tell the table which key a journal expects)."""
    return hashlib.sha256(b"fingerprint" + key).hexdigest()[:12]
