"""The phone server's security (issue 14, Security and "Done when"): a token acts only for
its seat; an old token is refused; no sealed amount reaches another seat, the log or the
journal before the reveal; malformed and oversized requests get 4xx and the server keeps
running. Phones here are aiohttp clients; ``test_browsers`` drives real ones."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from pathlib import Path

import aiohttp
import pytest

from companion.errors import IllegalCommand
from companion.phones.limits import Limits
from tests.phones.client import Socket, base, pump, ws_url
from tests.phones.table import Table

BIDS = {0: 30, 1: 40, 2: 50, 3: 70, 4: 90}  # none of them is a number the views hold (120, 10, seats, epochs)


def numbers(value: object) -> set[int]:
    if isinstance(value, dict):
        return set().union(*(numbers(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(numbers(v) for v in value)) if value else set()
    return {value} if isinstance(value, int) and not isinstance(value, bool) else set()


def run(coro):  # type: ignore[no-untyped-def]
    return asyncio.run(coro)


def test_a_token_acts_for_its_own_seat_only(table: Table):
    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            anna = await Socket.open(http, table, 0)
            bruno = await Socket.open(http, table, 1)
            # a forged "seat" is ignored: the token says who this is
            await anna.send({"op": "lock", "seat": 1, "epoch": anna.last_state()["epoch"], "value": 30})
            assert await pump(table, lambda: 0 in table.state.auction.bids)
            assert table.state.auction.bids == {0: 30}
            await bruno.lock(50)
            assert await pump(table, lambda: 1 in table.state.auction.bids)
            # Anna unlocks: her own bid goes, Bruno's stays
            await anna.next(lambda m: m.get("op") == "state" and m["status"] == "locked")
            await anna.send({"op": "unlock", "seat": 1, "epoch": anna.last_state()["epoch"]})
            assert await pump(table, lambda: 0 not in table.state.auction.bids)
            assert table.state.auction.bids == {1: 50}
            # and unlocking again (nothing of hers is locked) cannot touch Bruno's
            await anna.next(lambda m: m.get("op") == "state" and m["status"] == "owes")
            await anna.send({"op": "unlock", "epoch": anna.last_state()["epoch"]})
            refused = await anna.next(lambda m: m.get("op") == "refused")
            assert refused["text"]["en"] == "Nothing to unlock now."
            await pump(table, timeout=0.3)
            assert table.state.auction.bids == {1: 50}
            await anna.drain()
            assert {m["seat"] for m in anna.received if m.get("op") == "state"} == {0}
            assert {m["own"] for m in anna.received if m.get("op") == "state"} == {None, 30}  # never Bruno's 50
            assert 50 not in set().union(*(numbers(m) for m in anna.received))
            await anna.ws.close()
            await bruno.ws.close()

    run(scenario())


def test_no_sealed_amount_reaches_another_seat_the_log_or_the_journal(table: Table, tmp_path: Path,
                                                                      caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.DEBUG)

    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            phones = [await Socket.open(http, table, s) for s in range(5)]
            for seat in range(4):
                await phones[seat].lock(BIDS[seat])
                assert await pump(table, lambda: seat in table.state.auction.bids)
            for p in phones:
                await p.drain()
            for p in phones:
                seen = set().union(*(numbers(m) for m in p.received))
                others = {v for s, v in BIDS.items() if s != p.seat}
                assert not seen & others, (p.seat, seen & others)
                assert all(m.get("reveal") is None for m in p.received if m.get("op") == "state")
            journal = table.journal_bytes(tmp_path)
            for seat in range(4):
                assert f'"amount":{BIDS[seat]}'.encode() not in journal
            log = "\n".join(r.getMessage() for r in caplog.records)
            assert "seat 0 locked from its phone" in log  # the log speaks of locks...
            for seat in range(4):
                assert not re.search(rf"\b{BIDS[seat]}\b", log), seat  # ...never of amounts
            assert table.server.tokens.token(0) not in log
            # the last lock reveals: every phone gets every bid, and only now
            await phones[4].lock(BIDS[4])
            assert await pump(table, lambda: table.state.auction.revealed)
            for p in phones:
                shown = await p.next(lambda m: m.get("op") == "state" and m["reveal"] is not None)
                assert {v["seat"]: v["value"] for v in shown["reveal"]["values"]} == BIDS
            assert b'"amount":30' in table.journal_bytes(tmp_path)  # the journal opened them at the reveal
            for p in phones:
                await p.ws.close()

    run(scenario())


def test_an_old_token_is_refused_with_a_clear_page(table: Table):
    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            old = table.server.tokens.token(0)
            async with http.get(f"{base(table)}/s/{old}") as r:
                assert r.status == 200
            anna = await Socket.open(http, table, 0)
            table.server.kick(0)
            bye = await anna.next(lambda m: m.get("op") == "bye")
            assert bye["reason"] == "kicked"
            await anna.ws.receive(timeout=2)
            assert anna.ws.closed and anna.ws.close_code == 4401
            assert await pump(table, lambda: table.presence.get(0) is False)  # the screen hears it left
            async with http.get(f"{base(table)}/s/{old}", headers={"Accept-Language": "it"}) as r:
                body = await r.text()
                assert r.status == 403 and "Questo collegamento non vale più" in body
                assert "Traceback" not in body and old not in body
            with pytest.raises(aiohttp.WSServerHandshakeError) as err:
                await http.ws_connect(ws_url(table, old))
            assert err.value.status == 403
            # the new token works; a new game refuses it in turn
            new = table.server.tokens.token(0)
            async with http.get(f"{base(table)}/s/{new}") as r:
                assert r.status == 200
            table.server.new_game(5)
            async with http.get(f"{base(table)}/s/{new}") as r:
                assert r.status == 403

    run(scenario())


def test_a_message_on_a_socket_whose_token_was_kicked_is_not_acted_on(table: Table):
    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            anna = await Socket.open(http, table, 0)
            epoch = anna.last_state()["epoch"]
            table.server.kick(0)
            await anna.send({"op": "lock", "epoch": epoch, "value": 30})  # races the kick: refused either way
            await pump(table, timeout=0.5)
            assert 0 not in table.state.auction.bids

    run(scenario())


def test_malformed_and_oversized_messages_are_refused_and_the_server_keeps_running(table: Table):
    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            anna = await Socket.open(http, table, 0)
            for bad in ("not json", "[1, 2]", '{"op": "steal"}', "{" * 200 + "}" * 200):
                await anna.ws.send_str(bad)
                refused = await anna.next(lambda m: m.get("op") == "refused")
                assert "reload" in refused["text"]["en"]
            for value in (25, 130, "30", 30.0, None, True, {"amount": 30}):
                await anna.lock(value)
                refused = await anna.next(lambda m: m.get("op") == "refused")
                assert refused["text"]["en"] == "That is not a valid answer here."
            await anna.lock(30, epoch=99)
            assert (await anna.next(lambda m: m.get("op") == "refused"))["text"]["en"].startswith("The table has moved")
            await anna.lock(30)  # still connected, still served
            assert await pump(table, lambda: table.state.auction.bids.get(0) == 30)

            bruno = await Socket.open(http, table, 1)
            await bruno.ws.send_str(json.dumps({"op": "lock", "pad": "x" * 2000}))  # over the size bound
            closed = await bruno.ws.receive(timeout=3)
            assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
            assert bruno.ws.close_code == 1009
            carla = await Socket.open(http, table, 2)
            await carla.ws.send_bytes(b"\x00\x01")
            await carla.ws.receive(timeout=3)
            assert carla.ws.close_code == 1003
            dario = await Socket.open(http, table, 3)  # the server still answers
            await dario.lock(40)
            assert await pump(table, lambda: 3 in table.state.auction.bids)

    run(scenario())


def test_bad_http_requests_get_4xx_pages_and_no_file_outside_the_static_folder(table: Table,
                                                                               caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.DEBUG)

    async def scenario() -> None:
        root = base(table)
        token = table.server.tokens.token(0)
        async with aiohttp.ClientSession() as http:
            cases = [
                ("GET", "/s/" + "A" * 5000, {}), ("GET", "/s/" + "A" * 64, {}),
                ("GET", f"/s/{token}", {"X-Big": "y" * 5000}),
                ("GET", f"/s/{token}", {f"X-H{i}": "1" for i in range(60)}),
                ("POST", f"/s/{token}", {}), ("PUT", "/static/phone.js", {}),
                ("GET", "/static/phone.html", {}), ("GET", "/static/../server.py", {}),
                ("GET", "/static/%2e%2e%2fserver.py", {}), ("GET", "/static/..%2f..%2fpyproject.toml", {}),
                ("GET", "/static/", {}), ("GET", "/etc/passwd", {}), ("GET", "/s/", {}),
                ("GET", "/ws/nope", {}),
            ]
            for method, path, headers in cases:
                async with http.request(method, root + path, headers=headers) as r:
                    body = await r.text()
                    assert 400 <= r.status < 500, (method, path[:40], r.status)
                    assert "Traceback" not in body and "import " not in body and "root:" not in body
            big = b"x" * 5000
            async with http.post(f"{root}/s/{token}", data=big) as r:
                assert 400 <= r.status < 500
            async with http.get(f"{root}/static/phone.js") as r:
                assert r.status == 200 and "WebSocket" in await r.text()
            async with http.get(f"{root}/s/{token}") as r:
                assert r.status == 200
                assert "default-src 'none'" in r.headers["Content-Security-Policy"]
                assert r.headers["Referrer-Policy"] == "no-referrer" and r.headers["Cache-Control"] == "no-store"
                assert "Server" not in r.headers

    run(scenario())
    # a malformed request line (it may hold a token) and its traceback stay out of the log
    assert not [r for r in caplog.records if r.exc_info or r.exc_text]
    assert table.server.tokens.token(0) not in caplog.text and "A" * 100 not in caplog.text


def test_another_sites_page_cannot_open_a_seat(table: Table):
    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.WSServerHandshakeError) as err:
                await http.ws_connect(ws_url(table, table.server.tokens.token(0)),
                                      headers={"Origin": "http://evil.example"})
            assert err.value.status == 403

    run(scenario())


def test_a_peer_outside_the_local_network_is_refused(table: Table):
    table.server.is_local = lambda address: False  # as if 127.0.0.1 were a stranger

    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"{base(table)}/s/{table.server.tokens.token(0)}") as r:
                assert r.status == 403 and "Local network only" in await r.text()
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await http.ws_connect(ws_url(table, table.server.tokens.token(0)))

    run(scenario())


def test_rates_are_bounded(tmp_path: Path):
    table = Table(tmp_path, journal=False, limits=Limits(http_rate=0.5, http_burst=3, ws_rate=0.5, ws_burst=3,
                                                         ws_abuse=20))

    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            statuses = []
            for _ in range(5):
                async with http.get(f"{base(table)}/") as r:
                    statuses.append(r.status)
            assert statuses[:2] == [200, 200] and statuses[-1] == 429
            await asyncio.sleep(2.5)  # the bucket refills
            anna = await Socket.open(http, table, 0)
            for _ in range(6):
                await anna.send({"op": "hello"})
            refused = await anna.next(lambda m: m.get("op") == "refused")
            assert refused["text"]["en"].startswith("Too many")
            for _ in range(30):
                if anna.ws.closed:
                    break
                await anna.send({"op": "hello"})
            await anna.drain(0.5)
            assert anna.ws.closed and anna.ws.close_code == 1008

    try:
        run(scenario())
    finally:
        table.close()


def test_a_refusal_of_the_engine_reaches_that_seat_in_both_languages(table: Table):
    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            anna = await Socket.open(http, table, 0)
            bruno = await Socket.open(http, table, 1)
            table.server.refused(0, IllegalCommand.of("bid_minimum"))
            refused = await anna.next(lambda m: m.get("op") == "refused")
            assert refused["text"] == {"en": "the minimum bid is 10 florins", "it": "l'offerta minima è di 10 fiorini"}
            await bruno.drain()
            assert not [m for m in bruno.received if m.get("op") == "refused"]

    run(scenario())
