"""Replaying a Leonardo game record (the family's JSON Lines format: the header on the
first line, one command per line; docs/record-format.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.core.record import read_record

from . import commands as C
from . import engine as E
from .end import capital
from .state import State
from .words import IllegalCommand, refuse

FORMAT = 1


def replay(header: dict[str, Any], commands: Iterable[Any]) -> State:
    """The state after applying every command (dicts or command objects) to a new game."""
    if header.get("format", FORMAT) != FORMAT:
        raise refuse("record_format", format=repr(header.get("format")), supported=FORMAT)
    state = E.new_game(header)
    for i, cmd in enumerate(commands, 1):
        try:
            state, _ = E.apply(state, C.from_dict(cmd) if isinstance(cmd, dict) else cmd)
        except IllegalCommand as err:
            raise refuse("replay_command", needs=err.needs, n=i, line=i + 1, reason=err.message) from None
    return state


def replay_file(path: Any) -> State:
    header, commands = read_record(path)
    return replay(header, commands)


def summary(state: State) -> dict[str, Any]:
    """The state as the ``replay`` command prints it (factions only once revealed)."""
    players = []
    for seat, p in enumerate(state.seats):
        entry: dict[str, Any] = {
            "seat": seat, "name": p.name, "color": p.color, "cash": p.cash, "space": p.space, "men": p.men,
            "offices": list(p.offices), "out": p.out, "member_of": p.member_of,
            "holdings": {str(s): list(state.works[s - 1]) for s in state.holdings(seat)},
            "faction": p.faction if state.revealed else None,
        }
        if not p.out and p.member_of is None and _known(state, seat):
            entry["capital"] = capital(state, seat)
        players.append(entry)
    return {"players": players, "round": state.round, "phase": str(state.phase), "outcome": state.outcome,
            "corporations": state.corporations}


def _known(state: State, seat: int) -> bool:
    try:
        capital(state, seat)
    except IllegalCommand:
        return False
    return True
