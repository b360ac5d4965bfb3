"""Event squares (7, 22, 28): the event card drawn, and the factions it reveals.

leonardo-decisions: an event card is "nothing", "guelph" (100 from the bank to every
Guelph) or "ghibelline" (100 to every Ghibelline). The first card that names a faction
reveals every player's faction at once (the event opens the sealed group "factions" and
nothing else). A player in a corporation counts with the corporation's faction and its
100 goes into the corporation's pool. Used cards go to the bottom of the deck.
"""

from __future__ import annotations

from typing import Any

from . import commands as C
from .common import BANK, deck_size, draw, event_kind, head, phase, transfer
from .state import FACTIONS, State
from .words import m, refuse

Events = list[dict[str, Any]]
PRIZE = 100


def draw_on_square(state: State, seat: int) -> None:
    if deck_size(state.events):
        state.current["tasks"].insert(0, {"t": "event_draw", "seat": seat})


def draw_event(state: State, cmd: C.DrawEvent, events: Events) -> None:
    phase(state, "turns")
    task = head(state, "event_draw")
    if task is None:
        raise refuse("no_event_draw")
    card = draw(state.events, cmd.card, m("deck.events"))
    kind = event_kind(state, card)
    state.events["bottom"].append(card)
    state.current["tasks"].pop(0)
    events.append({"type": "event_drawn", "seat": task["seat"], "card": card, "kind": kind, "reveal": True,
                   "opens": []})
    if kind not in FACTIONS:
        return
    if not state.revealed:
        state.revealed = True
        events.append({"type": "factions_revealed",
                       "factions": {str(s): p.faction for s, p in enumerate(state.seats)},
                       "opens": ["factions"], "reveal": True})
    for s, p in enumerate(state.seats):
        if not p.out and state.faction(s) == kind:
            transfer(state, BANK, state.entity(s), PRIZE, events, "event", faction=kind, player=s)
