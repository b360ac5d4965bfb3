"""A phone without a browser: aiohttp's client against the server, for the security tests."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any, Callable

import aiohttp

from tests.phones.table import Table


def ws_url(table: Table, token: str) -> str:
    return f"ws://127.0.0.1:{table.server.port}/ws/{token}"


def base(table: Table) -> str:
    return f"http://127.0.0.1:{table.server.port}"


class Socket:
    """One phone connection: every message it received, in order."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, seat: int):
        self.ws, self.seat = ws, seat
        self.received: list[dict[str, Any]] = []
        self.raw: list[str] = []

    @classmethod
    async def open(cls, session: aiohttp.ClientSession, table: Table, seat: int, token: str | None = None) -> "Socket":
        ws = await session.ws_connect(ws_url(table, token or table.server.tokens.token(seat)))
        sock = cls(ws, seat)
        await sock.next(lambda m: m.get("op") == "state")
        return sock

    async def next(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 5.0) -> dict[str, Any]:
        """The first message from now on for which ``pred`` holds."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"seat {self.seat}: no such message; got {self.received[-3:]}")
            msg = await self.ws.receive(timeout=left)
            if msg.type != aiohttp.WSMsgType.TEXT:
                raise ConnectionError(f"closed: {msg.type} {self.ws.close_code}")
            self.raw.append(msg.data)
            data = json.loads(msg.data)
            self.received.append(data)
            if pred(data):
                return data

    async def drain(self, seconds: float = 0.2) -> None:
        try:
            while True:
                await self.next(lambda m: False, seconds)
        except (TimeoutError, ConnectionError, asyncio.TimeoutError):
            pass

    def last_state(self) -> dict[str, Any]:
        return [m for m in self.received if m.get("op") == "state"][-1]

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send_str(json.dumps(message))

    async def lock(self, value: Any, epoch: int | None = None) -> None:
        await self.send({"op": "lock", "epoch": self.last_state()["epoch"] if epoch is None else epoch,
                         "value": value})


async def pump(table: Table, until: Callable[[], bool] = lambda: False, timeout: float = 5.0) -> bool:
    """The table's main thread, between the client's awaits."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        table.drain()
        if until():
            return True
        await asyncio.sleep(0.01)
    return until()
