"""Replaying a Magnate game record (the family's JSON Lines format, docs/record-format.md)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from companion.core.record import read_record
from companion.errors import IllegalCommand

from . import commands as C
from . import engine as E
from . import scoring
from .state import State
from .text import refuse

FORMAT = 1


def replay(header: dict[str, Any], commands: Iterable[Any]) -> State:
    """The state after applying every command (dicts or command objects) to a new game."""
    if not isinstance(header, dict) or header.get("format", FORMAT) != FORMAT:
        raise refuse("record_format", format=repr(header.get("format") if isinstance(header, dict) else header),
                     supported=FORMAT)
    state = E.new_game(header)
    for i, cmd in enumerate(commands, 1):
        try:
            if isinstance(cmd, dict):
                cmd = C.from_dict(cmd)
            state, _ = E.apply(state, cmd)
        except IllegalCommand as err:
            raise refuse("replay_command", n=i, line=i + 1, reason=err.message) from None
    return state


def replay_file(path: str | os.PathLike[str]) -> State:
    header, commands = read_record(path)
    return replay(header, commands)


def summary(state: State) -> dict[str, Any]:
    """The state as ``replay`` prints it: each player's tokens, Crowns, hand size and
    buildings by district, the deck, and the result once over."""
    players = []
    for seat, p in enumerate(state.seats):
        players.append({
            "seat": seat, "name": p.name, "color": p.color, "tokens": dict(p.tokens), "crowns": list(p.crowns),
            "hand": p.hand,
            "districts": {d: [b.to_dict() for b in state.city[d][seat]] for d in state.districts},
        })
    return {
        "players": players, "turn": state.turn, "phase": str(state.phase), "deck": state.deck,
        "discards": list(state.discards), "run_outs": state.run_outs, "outcome": state.outcome,
        "totals": scoring.district_totals(state) if state.districts else {},
    }

