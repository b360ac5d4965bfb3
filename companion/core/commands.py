"""A game's commands as plain JSON and back: ``{"type": name, ...fields}``.

Every game's commands are frozen dataclasses named by their ``type``; a game hands in its
table of them, how it refuses (its own keyed messages) and how it checks field types, and
gets the same shape of record and the same refusals for a malformed one. Stdlib only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

Refuse = Callable[..., Exception]  # (key, **params) -> the game's refusal, raised by the caller


def to_dict(cmd: Any) -> dict[str, Any]:
    """``{"type": name, ...fields}``: tuples become lists, objects are copied."""
    out: dict[str, Any] = {"type": type(cmd).__name__}
    for f in dataclasses.fields(cmd):
        value = getattr(cmd, f.name)
        if isinstance(value, tuple):
            value = [dict(v) if isinstance(v, dict) else v for v in value]
        elif isinstance(value, dict):
            value = dict(value)
        out[f.name] = value
    return out


def from_dict(d: Any, commands: Mapping[str, type], refuse: Refuse, check: Callable[[Any], None],
              lists: Mapping[str, str], field: Callable[[str], str] = str) -> Any:
    """The command dict ``d`` describes, or the game's refusal saying what is wrong with it.

    ``lists``: the fields kept as tuples, each with the key of its refusal when it is not a
    list; ``check`` then checks every field's type; ``field`` names a field in a message."""
    if not isinstance(d, dict):
        raise refuse("command_not_object")
    name = d.get("type")
    cls = commands.get(name) if isinstance(name, str) else None
    if cls is None:
        raise refuse("unknown_command", type=repr(name))
    fields = dataclasses.fields(cls)
    extra = set(d) - {f.name for f in fields} - {"type"}
    if extra:
        raise refuse("command_no_field", command=name, field=field(min(map(str, extra))))
    kwargs: dict[str, Any] = {}
    for f in fields:
        if f.name not in d:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise refuse("command_needs_field", command=name, field=field(f.name))
            continue
        value = d[f.name]
        if f.name in lists:
            if not isinstance(value, (list, tuple)):
                raise refuse(lists[f.name], command=name, field=field(f.name))
            value = tuple(dict(v) if isinstance(v, dict) else v for v in value)
        kwargs[f.name] = value
    cmd = cls(**kwargs)
    check(cmd)
    return cmd
