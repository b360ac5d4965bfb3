"""A phone for the app's tests: aiohttp's websocket client on its own thread and loop, so the
test's thread stays Kivy's main thread (it runs the frames that deliver what the server posts)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable
from typing import Any

import aiohttp

from companion.app import harness


class Phone:
    """One seat's connection; ``received`` holds every message, in order."""

    def __init__(self, port: int, token: str):
        self.url = f"ws://127.0.0.1:{port}/ws/{token}"
        self.received: list[dict[str, Any]] = []
        self.closed_with: int | None = None
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self._run(self._open())

    def _run(self, coro: Any, timeout: float = 10.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    async def _open(self) -> None:
        self.session = aiohttp.ClientSession()
        self.ws = await self.session.ws_connect(self.url)
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                self.received.append(json.loads(msg.data))
        self.closed_with = self.ws.close_code

    def send(self, message: dict[str, Any]) -> None:
        self._run(self.ws.send_str(json.dumps(message)))

    def state(self) -> dict[str, Any]:
        return [m for m in self.received if m.get("op") == "state"][-1]

    def lock(self, value: Any) -> None:
        self.send({"op": "lock", "epoch": self.state()["epoch"], "value": value})

    def unlock(self) -> None:
        self.send({"op": "unlock", "epoch": self.state()["epoch"]})

    def close(self) -> None:
        async def shut() -> None:
            await self.ws.close()
            await self.session.close()

        try:
            self._run(shut())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)


def wait(until: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Run Kivy's frames (the main thread: what the server posts) until ``until()`` holds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        harness.frames(1)
        if until():
            return True
        time.sleep(0.01)
    return until()
