"""Game records as JSON Lines: the header on the first line, then one command per line.

Generic: it knows nothing of any game's commands, only that each line is a JSON object.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable
from typing import Any

from companion.core.i18n import CORE
from companion.errors import IllegalCommand


def dumps_line(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=False)


def write_record(path: str | os.PathLike[str], header: dict[str, Any], commands: Iterable[dict[str, Any]]) -> None:
    """Write header and commands, one JSON object per line (UTF-8)."""
    tmp = f"{os.fspath(path)}.tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(dumps_line(header) + "\n")
            for cmd in commands:
                f.write(dumps_line(cmd) + "\n")
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(tmp)  # a failed write leaves no stray file beside the target
        raise


def parse_record(lines: Iterable[str], name: Any = None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(header, command dicts) from JSON Lines; blank lines are skipped. ``name`` (a file
    name) goes into the messages; by default "the record"."""
    if name is None:
        name = CORE.msg("the_record")
    header = None
    commands = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as err:
            raise IllegalCommand.of("record_not_json", domain="core", name=name, line=number, detail=err.msg) from None
        except (ValueError, RecursionError) as err:  # a number of thousands of digits, nesting too deep
            detail = "nested too deeply" if isinstance(err, RecursionError) else str(err).split(";")[0]
            raise IllegalCommand.of("record_not_json", domain="core", name=name, line=number, detail=detail) from None
        if not isinstance(obj, dict):
            raise IllegalCommand.of("record_not_object", domain="core", name=name, line=number)
        if header is None:
            header = obj
        else:
            if "type" not in obj:
                raise IllegalCommand.of("record_no_type", domain="core", name=name, line=number)
            commands.append(obj)
    if header is None:
        raise IllegalCommand.of("record_empty", domain="core", name=name)
    return header, commands


def read_record(path: str | os.PathLike[str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Read a record file; any problem is a GameError with a one-line reason."""
    try:
        with open(path, encoding="utf-8") as f:
            return parse_record(f, name=os.fspath(path))
    except OSError as err:
        raise IllegalCommand.of("cannot_read", domain="core", path=os.fspath(path), detail=str(err.strerror)) from None
    except UnicodeDecodeError:
        raise IllegalCommand.of("not_utf8", domain="core", path=os.fspath(path)) from None
