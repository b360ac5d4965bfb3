"""The phone server as the shell sees it, for any game (issue 14): a sealed choice among
``choices`` and a product with a stake reach ``on_lock`` as plain values through ``post``;
presence, start and stop, QR codes of the join address."""

from __future__ import annotations

import asyncio
import queue
from collections.abc import Callable, Iterator
from typing import Any

import aiohttp
import pytest

from companion.phones import PhoneServer, Request, Sealed, Seat

SEATS = (Seat("Anna", "red", 310), Seat("Bruno", "blue", 200))
FACTION = Request("factions", "ChooseFaction", choices=("guelph", "ghibelline"))
BET = Request("market_bets", "LockBet", choices=("wool", "silk"), step=1, minimum=5, maximum=200)


class Shell:
    """A main thread: what the server posts waits in a queue until ``run``."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[Callable[[], None]] = queue.Queue()
        self.locks: list[tuple[int, Any]] = []
        self.unlocks: list[int] = []
        self.presence: list[tuple[int, bool]] = []

    def run(self) -> None:
        while True:
            try:
                self.inbox.get_nowait()()
            except queue.Empty:
                return


@pytest.fixture
def served() -> Iterator[tuple[PhoneServer, Shell]]:
    shell = Shell()
    server = PhoneServer(post=shell.inbox.put, on_lock=lambda s, v: shell.locks.append((s, v)),
                         on_unlock=shell.unlocks.append, on_presence=lambda s, c: shell.presence.append((s, c)),
                         host="127.0.0.1", port=0, public_host="127.0.0.1")
    server.start()
    server.new_game(2, Sealed(SEATS, {0: FACTION, 1: BET}, domain="leonardo"))
    try:
        yield server, shell
    finally:
        server.stop()


async def talk(server: PhoneServer, seat: int, *messages: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(f"ws://127.0.0.1:{server.port}/ws/{server.tokens.token(seat)}") as ws:
            first = await ws.receive_json(timeout=5)
            out.append(first)
            for message in messages:
                await ws.send_json({**message, "epoch": first["epoch"]})
                out.append(await ws.receive_json(timeout=5))
    return out


def test_choices_and_a_product_with_a_stake_reach_the_shell_through_post(served: tuple[PhoneServer, Shell]):
    server, shell = served
    views = asyncio.run(talk(server, 0, {"op": "lock", "value": "guelph"}))
    assert views[0]["request"]["kind"] == "choice" and views[0]["title"]["en"] == "Your faction"
    asyncio.run(talk(server, 1, {"op": "lock", "value": {"choice": "silk", "amount": 25}}))
    assert shell.locks == []  # nothing reaches the engine but through the main thread
    shell.run()
    assert shell.locks == [(0, "guelph"), (1, {"choice": "silk", "amount": 25})]
    assert (0, True) in shell.presence and (0, False) in shell.presence


def test_an_unlock_reaches_the_shell(served: tuple[PhoneServer, Shell]):
    server, shell = served
    server.update(Sealed(SEATS, {1: BET}, locked={0: "ghibelline"}, group="factions", domain="leonardo"))
    views = asyncio.run(talk(server, 0, {"op": "unlock"}))
    assert views[0]["status"] == "locked" and views[0]["own"] == "ghibelline"
    shell.run()
    assert shell.unlocks == [0]


def test_join_address_and_its_qr_code(served: tuple[PhoneServer, Shell]):
    server, _ = served
    url = server.join_url(1)
    assert url == f"http://127.0.0.1:{server.port}/s/{server.tokens.token(1)}"
    assert server.qr_png(1).startswith(b"\x89PNG")
    w, h, pixels = server.qr_rgba(1, scale=2)
    assert w == h and len(pixels) == w * h * 4


def test_start_twice_stop_twice_and_restart_on_the_same_port(served: tuple[PhoneServer, Shell]):
    server, _ = served
    port = server.port
    server.start()  # already running: nothing happens
    server.stop()
    server.stop()
    assert not server.running
    server.start()
    assert server.running and server.port == port


def test_a_taken_port_is_an_oserror():
    first = PhoneServer(host="127.0.0.1", port=0)
    first.start()
    try:
        second = PhoneServer(host="127.0.0.1", port=first.port)
        second.tokens.new_game(1)
        with pytest.raises(OSError):
            second.start()
        assert not second.running
    finally:
        first.stop()
