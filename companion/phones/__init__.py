"""Phones as private handsets: each seat's sealed choice on its player's own phone.

Game-agnostic: the shell tells the server what each seat owes (``Sealed``: requests of a
group with choices or step/minimum/maximum, who has locked, what was revealed) and
hears back ``on_lock(seat, value)`` / ``on_unlock(seat)`` through ``post``, as it does
from the GPIO handsets. ``docs/phones.md`` describes the whole of it.

- ``model``: ``Seat``, ``Request``, ``Sealed`` (plain data, from a game's ``expects``);
- ``arbiter``: one device at a time per seat (handset, keypad, phone);
- ``tokens``: per-game, per-seat tokens, checked in constant time;
- ``desk``: the views per seat and the checks of a lock, without the network;
- ``server``: ``PhoneServer``, aiohttp in its own thread; ``qr``: the join codes.

The server (aiohttp) loads only when ``PhoneServer`` is asked for.
"""

from __future__ import annotations

from typing import Any

from .arbiter import HANDSET, KEYPAD, PHONE, Arbiter
from .model import Request, Sealed, Seat

__all__ = ["Arbiter", "HANDSET", "KEYPAD", "PHONE", "PhoneServer", "Request", "Seat", "Sealed"]


def __getattr__(name: str) -> Any:
    if name == "PhoneServer":
        from .server import PhoneServer

        return PhoneServer
    raise AttributeError(f"module 'companion.phones' has no attribute {name!r}")
