"""The phones' web server: aiohttp in its own thread and asyncio loop, beside Kivy's.

The shell (main thread) calls ``start``/``stop``, ``new_game``, ``kick``, ``update`` and
``refused``; they hand over to the server's loop. What phones do comes back through
``post(fn)`` (Kivy's ``Clock.schedule_once`` in the app, as the handsets do), so only the
main thread ever calls the engine:

- ``on_lock(seat, value)``: a phone locked its sealed choice (an int, a choice, or
  ``{"choice", "amount"}``); the shell sends the game's command and calls ``update``
  (accepted) or ``refused(seat, reason)``;
- ``on_unlock(seat)``: likewise for the unlock;
- ``on_presence(seat, connected)``: a phone joined or left that seat (for the screen).

Routes: ``/`` (a "scan the code" page), ``/s/<token>`` (the seat's page),
``/ws/<token>`` (its live connection), ``/static/<name>`` (two files, from memory).
Every request's peer must be local (``net.is_local_peer``); sizes and rates are bounded
(``limits.Limits``); a wrong token gets a 403 page. Nothing here logs a token or a value.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import WSMsgType, web

from . import net, qr
from .arbiter import PHONE, Arbiter
from .desk import PhoneDesk
from .limits import Bucket, Limits, PeerBuckets
from .model import Sealed
from .pages import CSP, Pages, dump, error_page, request_lang
from .texts import both, localized
from .tokens import TokenBook

log = logging.getLogger(__name__)


class _Plain(logging.Filter):
    """aiohttp's own lines, told without the request: a malformed request's line (which may
    hold a token) and its traceback never reach the app's log."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno <= logging.DEBUG:
            return False
        record.msg, record.args = "phones: a malformed request was refused", ()
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        record.levelno, record.levelname = logging.INFO, "INFO"
        return True


http_log = logging.getLogger(__name__ + ".http")
http_log.addFilter(_Plain())

DEFAULT_PORT = 8765
Post = Callable[[Callable[[], None]], None]


def _direct(fn: Callable[[], None]) -> None:
    fn()


@dataclass
class _Phone:
    seat: int
    token: str
    ws: web.WebSocketResponse
    bucket: Bucket
    refused_in_a_row: int = 0


class PhoneServer:
    """Phones as private handsets, one per seat (see the module doc)."""

    def __init__(self, *, post: Post | None = None, on_lock: Callable[[int, Any], None] | None = None,
                 on_unlock: Callable[[int], None] | None = None,
                 on_presence: Callable[[int, bool], None] | None = None,
                 arbiter: Arbiter | None = None, host: str = "0.0.0.0", port: int = DEFAULT_PORT,
                 public_host: str | None = None, limits: Limits | None = None, lang: str = "en") -> None:
        self.post = post or _direct
        self.on_lock, self.on_unlock, self.on_presence = on_lock, on_unlock, on_presence
        self.desk = PhoneDesk(arbiter)
        self.tokens = TokenBook()
        self.host, self.port = host, port
        self.public_host = public_host
        self.limits = limits or Limits()
        self.lang = lang
        self.pages = Pages()
        self.is_local: Callable[[str | None], bool] = net.is_local_peer
        self._peers = PeerBuckets(self.limits.http_rate, self.limits.http_burst, self.limits.peers)
        self._phones: dict[int, _Phone] = {}  # touched only on the server's loop
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._error: BaseException | None = None

    @property
    def arbiter(self) -> Arbiter:
        return self.desk.arbiter

    # -- life --------------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> None:
        """Listen (raises ``OSError`` when the port is taken); returns once bound."""
        if self._thread is not None:
            return
        ready = threading.Event()
        self._error = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, args=(ready,), name="phones", daemon=True)
        self._thread.start()
        if not ready.wait(timeout):
            raise OSError("the phones' server did not start in time")
        if self._error is not None:
            self._thread.join(timeout)
            self._thread = None
            raise self._error
        if self.public_host is None:
            self.public_host = net.lan_address() if self.host in ("0.0.0.0", "::", "") else self.host
        log.info("phones: listening on port %s", self.port)

    def _run(self, ready: threading.Event) -> None:
        loop = self._loop
        assert loop is not None
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._open())
        except BaseException as err:  # noqa: BLE001 - handed to start()'s caller
            self._error = err
            ready.set()
            loop.close()
            return
        ready.set()
        try:
            loop.run_forever()
        finally:
            pending = [t for t in asyncio.all_tasks(loop) if not t.done()]
            for task in pending:
                task.cancel()
            if pending:
                loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            loop.close()

    async def _open(self) -> None:
        lim = self.limits
        app = web.Application(client_max_size=lim.max_body, middlewares=[self._guard])
        app.router.add_get("/", self._home)
        app.router.add_get("/s/{token}", self._page)
        app.router.add_get("/ws/{token}", self._socket)
        app.router.add_get("/static/{name}", self._static)
        app.on_response_prepare.append(self._headers)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None, logger=http_log,
                                     max_line_size=lim.max_line, max_field_size=lim.max_line,
                                     max_headers=lim.max_headers)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port, reuse_address=True)
        await site.start()
        server = getattr(site, "_server", None)
        if server is not None and server.sockets:
            self.port = int(server.sockets[0].getsockname()[1])

    async def _close(self) -> None:
        for phone in list(self._phones.values()):
            await self._bye(phone, "closing", 1001)
        if self._runner is not None:
            await self._runner.cleanup()

    def stop(self, timeout: float = 5.0) -> None:
        """Close every phone and stop listening."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        try:
            asyncio.run_coroutine_threadsafe(self._close(), loop).result(timeout)
        except Exception as err:  # noqa: BLE001 - stopping must not fail the app's exit
            log.warning("phones: closing took too long (%s)", type(err).__name__)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout)
        self._thread = self._loop = None
        log.info("phones: stopped")

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _call(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` on the server's loop (from any thread)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(fn)

    # -- the shell's side ----------------------------------------------------------------------
    def new_game(self, seats: int, sealed: Sealed | None = None) -> None:
        """Fresh tokens for every seat (old codes stop working), every phone sent away."""
        self.tokens.new_game(seats)
        self.arbiter.reset()
        self.desk.update(sealed or Sealed())
        self._call(lambda: self._spawn(self._drop_all("new_game")))

    def kick(self, seat: int) -> None:
        """A new token for ``seat``: its phone is sent away and must scan the new code."""
        self.tokens.kick(seat)
        self.arbiter.release(seat, PHONE)
        self._call(lambda: self._spawn(self._drop(seat, "kicked")))

    def update(self, sealed: Sealed) -> None:
        """The table's sealed state now (after every command, undo or resume): every phone re-syncs."""
        self.desk.update(sealed)
        self._call(lambda: self._spawn(self._sync_all()))

    def refused(self, seat: int, reason: Any) -> None:
        """The engine refused this seat's lock or unlock: its phone shows why."""
        self.desk.refused(seat)
        text = localized(reason)
        self._call(lambda: self._spawn(self._tell(seat, {"op": "refused", "text": text})))

    def join_url(self, seat: int) -> str:
        return net.join_url(self.public_host or "127.0.0.1", self.port, self.tokens.token(seat))

    def qr_png(self, seat: int, scale: int = 8) -> bytes:
        return qr.qr_png(self.join_url(seat), scale)

    def qr_rgba(self, seat: int, scale: int = 8) -> tuple[int, int, bytes]:
        return qr.qr_rgba(self.join_url(seat), scale)

    def connected(self) -> list[int]:
        """The seats with a phone connected now (from any thread)."""
        return self.desk.phones()

    # -- requests ----------------------------------------------------------------------------
    @web.middleware
    async def _guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
        lang = request_lang(request.headers.get("Accept-Language"))
        if not self.is_local(request.remote):
            log.warning("phones: refused a peer outside the local network")
            return self._error_page(403, lang, "local")
        if not self._peers.take(request.remote or ""):
            return self._error_page(429, lang)
        try:
            response: web.StreamResponse = await handler(request)
            return response
        except web.HTTPException as exc:
            if exc.status < 400:
                raise
            return self._error_page(exc.status, lang)
        except Exception as err:  # noqa: BLE001 - a page, never a traceback
            log.error("phones: a request failed (%s)", type(err).__name__)
            return self._error_page(500, lang)

    @staticmethod
    def _error_page(status: int, lang: str, which: str | None = None) -> web.Response:
        return web.Response(status=status, text=error_page(status, lang, which), content_type="text/html")

    @staticmethod
    async def _headers(request: web.Request, response: web.StreamResponse) -> None:
        response.headers["Content-Security-Policy"] = CSP
        response.headers["Referrer-Policy"] = "no-referrer"  # the token is in the address
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Cache-Control"] = "no-store"
        response.headers.pop("Server", None)

    async def _home(self, request: web.Request) -> web.Response:
        return self._error_page(200, request_lang(request.headers.get("Accept-Language")), "home")

    async def _static(self, request: web.Request) -> web.Response:
        found = self.pages.files.get(request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound()
        return web.Response(body=found[0], headers={"Content-Type": found[1]})

    def _seat(self, request: web.Request) -> tuple[int, str]:
        token = request.match_info["token"]
        seat = self.tokens.seat_of(token)
        if seat is None:
            raise web.HTTPForbidden()
        return seat, token

    async def _page(self, request: web.Request) -> web.Response:
        self._seat(request)
        lang = request_lang(request.headers.get("Accept-Language")) if request.headers.get(
            "Accept-Language") else self.lang
        return web.Response(text=self.pages.phone(lang), content_type="text/html")

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        seat, token = self._seat(request)
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] != request.host:
            raise web.HTTPForbidden()  # another site's page may not drive a seat
        if seat not in self._phones and len(self._phones) >= self.limits.max_connections:
            raise web.HTTPServiceUnavailable()
        ws = web.WebSocketResponse(heartbeat=20.0, max_msg_size=self.limits.ws_max_message, compress=False)
        await ws.prepare(request)
        phone = _Phone(seat, token, ws, Bucket(self.limits.ws_rate, self.limits.ws_burst))
        old = self._phones.get(seat)
        self._phones[seat] = phone
        if old is not None:
            await self._bye(old, "replaced", 4409)
        else:
            self.desk.connected(seat, True)
            self._report_presence(seat, True)
            await self._sync_others(seat)
        log.info("phones: seat %d joined", seat)
        try:
            await self._send(phone, self.desk.view(seat))
            async for message in ws:
                if message.type != WSMsgType.TEXT:
                    await ws.close(code=1003)
                    break
                if not self.tokens.is_valid(seat, token):
                    await self._bye(phone, "kicked", 4401)
                    break
                if not await self._handle(phone, message.data):
                    break
        except Exception as err:  # noqa: BLE001 - one phone's failure never reaches the others or the log's reader
            log.error("phones: seat %d's connection failed (%s)", seat, type(err).__name__)
        finally:
            if self._phones.get(seat) is phone:
                del self._phones[seat]
                self.desk.connected(seat, False)
                self._report_presence(seat, False)
                await self._sync_others(seat)
                log.info("phones: seat %d left", seat)
        return ws

    async def _handle(self, phone: _Phone, data: str) -> bool:
        """One message from a phone; False closes the connection."""
        if not phone.bucket.take():
            phone.refused_in_a_row += 1
            if phone.refused_in_a_row >= self.limits.ws_abuse:
                await phone.ws.close(code=1008)
                return False
            if phone.refused_in_a_row == 1:
                await self._send(phone, {"op": "refused", "text": both("refused.busy")})
            return True
        phone.refused_in_a_row = 0
        try:
            message = json.loads(data)
        except (ValueError, RecursionError):
            message = None
        op = message.get("op") if isinstance(message, dict) else None
        seat = phone.seat
        if op == "hello":
            await self._send(phone, self.desk.view(seat))
        elif op == "lock" and message is not None:
            refusal = self.desk.lock(seat, message.get("epoch"), message.get("value"))
            if refusal is None:
                value = message.get("value")
                log.info("phones: seat %d locked from its phone", seat)
                self.post(lambda: self.on_lock(seat, value) if self.on_lock else None)
            await self._send(phone, self.desk.view(seat) if refusal is None else
                             {"op": "refused", "text": both(refusal.key)})
        elif op == "unlock" and message is not None:
            refusal = self.desk.unlock(seat, message.get("epoch"))
            if refusal is None:
                log.info("phones: seat %d unlocked from its phone", seat)
                self.post(lambda: self.on_unlock(seat) if self.on_unlock else None)
            await self._send(phone, self.desk.view(seat) if refusal is None else
                             {"op": "refused", "text": both(refusal.key)})
        else:
            await self._send(phone, {"op": "refused", "text": both("refused.bad_message")})
        return True

    # -- sending -------------------------------------------------------------------------------
    def _report_presence(self, seat: int, present: bool) -> None:
        if self.on_presence is not None:
            callback = self.on_presence
            self.post(lambda: callback(seat, present))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        task.add_done_callback(lambda t: t.cancelled() or t.exception())  # never "never retrieved"

    async def _send(self, phone: _Phone, message: dict[str, Any]) -> None:
        if phone.ws.closed:
            return
        try:
            await phone.ws.send_str(dump(message))
        except (ConnectionError, RuntimeError):
            pass  # the phone went away; its handler cleans up

    async def _tell(self, seat: int, message: dict[str, Any]) -> None:
        phone = self._phones.get(seat)
        if phone is not None:
            await self._send(phone, message)
            await self._send(phone, self.desk.view(seat))

    async def _sync_all(self) -> None:
        for phone in list(self._phones.values()):
            await self._send(phone, self.desk.view(phone.seat))

    async def _sync_others(self, seat: int) -> None:
        for phone in list(self._phones.values()):
            if phone.seat != seat:
                await self._send(phone, self.desk.view(phone.seat))

    async def _bye(self, phone: _Phone, reason: str, code: int) -> None:
        await self._send(phone, {"op": "bye", "reason": reason})
        try:
            await phone.ws.close(code=code)
        except (ConnectionError, RuntimeError):
            pass

    async def _drop(self, seat: int, reason: str) -> None:
        phone = self._phones.get(seat)
        if phone is not None:
            await self._bye(phone, reason, 4401)

    async def _drop_all(self, reason: str) -> None:
        for phone in list(self._phones.values()):
            await self._bye(phone, reason, 4401)
