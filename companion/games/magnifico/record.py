"""Replaying a Magnifico game record (the JSON Lines format of docs/record-format.md)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from companion.core.record import read_record
from companion.errors import GameError

from . import commands as C
from . import engine as E
from .state import State

FORMAT = 1


def replay(header: dict[str, Any], commands: Iterable[dict[str, Any] | C.Command]) -> State:
    """The state after applying every command (dicts or command objects) to a new game."""
    if header.get("format", FORMAT) != FORMAT:
        raise GameError.of("record_format", format=repr(header.get("format")), supported=FORMAT)
    state = E.new_game(header)
    for i, cmd in enumerate(commands, 1):
        try:
            state, _ = E.apply(state, C.from_dict(cmd) if isinstance(cmd, dict) else cmd)
        except GameError as err:
            raise GameError.of("replay_command", needs=err.needs, n=i, line=i + 1, reason=err.message) from None
    return state


def replay_file(path: str | os.PathLike[str]) -> State:
    header, commands = read_record(path)
    return replay(header, commands)


def summary(state: State) -> dict[str, Any]:
    """The final state as the ``replay`` command prints it."""
    players = []
    for seat, p in enumerate(state.seats):
        owned = state.owned(seat)
        players.append({
            "seat": seat, "name": p.name, "color": p.color, "florins": p.florins, "vp": p.vp,
            "territories": owned,
            "castles": {tid: state.territories[tid].towers for tid in owned if state.territories[tid].castle},
            "tanks": sum(state.territories[t].tanks for t in owned),
            "airplanes": sum(state.territories[t].airplanes for t in owned),
            "in_play": list(p.in_play), "store": list(p.store), "soldiers_left": p.reserve,
        })
    holder = state.leonardo
    return {
        "players": players,
        "leonardo": None if holder is None else {"seat": holder, "name": state.seats[holder].name},
        "round": state.round, "phase": state.phase.value,
        "winner": None if state.winner is None else {"seat": state.winner, "name": state.seats[state.winner].name},
        "ended_by": None if (o := E.outcome(state)) is None else o.reason,
        "card_values": state.card_values,
    }
