"""A game of the journal as its record (JSON Lines), and a record read back.

An export never shows a secret before its reveal: a command still sealed is written as
``{"type": "LockBid", "seat": 0, "sealed": true}`` (who chose, never what). Such a record
is whole up to its first sealed line; importing it stops there with a message. Files are
written with owner-only permissions (0600), whole or not at all.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from companion.storage.errors import JournalRefusal, StorageError, message


def dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def sealed_line(public: dict) -> dict:
    return {**{k: public[k] for k in ("type", "seat") if k in public}, "sealed": True}


def record_text(header: dict, commands: Iterable[dict]) -> str:
    return "".join(dumps(obj) + "\n" for obj in [header, *commands])


def write_private(path: str | os.PathLike, text: str) -> Path:
    """Write ``text`` to ``path`` readable by its owner only (0600), via a temporary file."""
    target = Path(path)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, text.encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(tmp, 0o600)  # whatever the umask
        os.replace(tmp, target)
    except OSError as err:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise StorageError.of("export_not_written", path=str(target), detail=err.strerror or str(err)) from None
    return target


def _refuse(name: str, number: int, key: str, **params: Any) -> JournalRefusal:
    return JournalRefusal.of("record.line", name=name, line=number, reason=message(key, **params))


def parse_record(lines: Iterable[str], name: str) -> tuple[dict, list[tuple[int, dict]]]:
    """(header, [(line number, command dict)]) of JSON Lines; a refusal names a bad line."""
    header = None
    commands = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as err:
            raise _refuse(name, number, "record.not_json", detail=err.msg) from None
        except (ValueError, RecursionError) as err:  # a number of thousands of digits, nesting too deep
            detail = "nested too deeply" if isinstance(err, RecursionError) else str(err).split(";")[0]
            raise _refuse(name, number, "record.not_json", detail=detail) from None
        if not isinstance(obj, dict):
            raise _refuse(name, number, "record.not_object")
        if header is None:
            if "type" in obj and "seats" not in obj:
                raise _refuse(name, number, "record.header_first")
            header = obj
            continue
        if "type" not in obj:
            raise _refuse(name, number, "record.needs_type")
        if obj.get("sealed") is True:
            raise _refuse(name, number, "record.sealed", last=number - 1)
        commands.append((number, obj))
    if header is None:
        raise JournalRefusal.of("record.empty", name=name)
    return header, commands
