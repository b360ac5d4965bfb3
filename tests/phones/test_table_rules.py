"""Phones follow the handsets' rules at a real Magnifico table (issue 14): one device at a
time per seat, undo and resume re-sync every phone, the last lock reveals (the engine does)."""

from __future__ import annotations

import asyncio

import aiohttp

from companion.games.magnifico import commands as C
from companion.phones.arbiter import HANDSET
from tests.phones.client import Socket, pump
from tests.phones.table import Table, sealed_of


def test_a_seat_locked_on_its_handset_cannot_be_unlocked_from_its_phone(table: Table):
    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            anna = await Socket.open(http, table, 0)
            assert table.server.arbiter.take(0, HANDSET) is None  # what the shell does on a handset's lock
            table.send(C.LockBid(0, 50))
            held = await anna.next(lambda m: m.get("op") == "state" and m["status"] == "locked")
            assert held["holder"] == "handset"
            await anna.send({"op": "unlock", "epoch": held["epoch"]})
            refused = await anna.next(lambda m: m.get("op") == "refused")
            assert refused["text"]["en"] == "Your seat locked on its handset: unlock it there."
            await pump(table, timeout=0.3)
            assert table.state.auction.bids == {0: 50}

    asyncio.run(scenario())


def test_undo_gives_the_phone_its_request_back(table: Table):
    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            anna = await Socket.open(http, table, 0)
            epoch = anna.last_state()["epoch"]
            await anna.lock(30)
            assert await pump(table, lambda: 0 in table.state.auction.bids)
            table.undo()  # the table takes the lock back
            again = await anna.next(lambda m: m.get("op") == "state" and m["status"] == "owes")
            assert again["epoch"] == epoch and again["own"] is None
            await anna.lock(40)
            assert await pump(table, lambda: table.state.auction.bids.get(0) == 40)

    asyncio.run(scenario())


def test_a_resumed_game_shows_each_phone_its_own_lock(table: Table):
    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            bruno = await Socket.open(http, table, 1)
            await bruno.lock(70)
            assert await pump(table, lambda: 1 in table.state.auction.bids)
            kept = table.server.tokens.export()
            table.server.stop()  # the app restarts: a new server, the same codes, the journal's state
            from companion.phones.server import PhoneServer

            table.server = PhoneServer(post=table.inbox.put, on_lock=table.on_lock, on_unlock=table.on_unlock,
                                       host="127.0.0.1", port=0, public_host="127.0.0.1")
            table.server.start()
            table.server.tokens.restore(kept)
            table.server.update(sealed_of(table.state, table.header))
            back = await Socket.open(http, table, 1)
            view = back.last_state()
            assert (view["status"], view["own"], view["holder"]) == ("locked", 70, None)
            await back.send({"op": "unlock", "epoch": view["epoch"]})  # nobody holds it now: the phone may
            assert await pump(table, lambda: 1 not in table.state.auction.bids)

    asyncio.run(scenario())


def test_the_last_lock_reveals_on_every_phone(table: Table):
    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            phones = [await Socket.open(http, table, s) for s in range(5)]
            for seat, p in enumerate(phones):
                await p.lock(10 * (seat + 1))
                assert await pump(table, lambda: seat in table.state.auction.bids or table.state.auction.revealed)
            for seat, p in enumerate(phones):
                shown = await p.next(lambda m: m.get("op") == "state" and m["reveal"] is not None)
                assert [v["value"] for v in shown["reveal"]["values"]] == [10, 20, 30, 40, 50]
                assert shown["status"] == "idle"

    asyncio.run(scenario())
