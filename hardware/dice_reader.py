"""The serial dice reader: one thread that opens the port, reads lines and reopens it.

- The port is a device path or a pyserial URL (``loop://``, ``spy://...``); when unset,
  every USB serial port and every virtual reader the simulator announced is opened in
  turn and the one that says a version-2 ``HELLO`` is kept (``hardware.dice_ports``).
- The port is opened exclusively; when it vanishes (unplugged) it is reopened with
  exponential backoff, and the armed request is sent again.
- Every line must carry its CRC-16 (protocol version 2). Lines without a valid one,
  garbage, unknown words, over-long lines and binary noise are counted in ``stats`` and
  logged, never applied; repeated ``seq`` numbers are ignored.
- A reader whose ``HELLO`` announces another protocol version (an old ``v1`` firmware) is
  refused: an ``incompatible`` event names the version and nothing it says is used
  until it says a version-2 ``HELLO``.
- A roll is an event ``{"type": "roll", "roll": Roll}`` only while armed with the same
  number and kind of dice; anything else is ``{"type": "rejected", "roll": Roll, "text":
  "5 dice seen, 6 expected"}``. It is still only a candidate: the table confirms it
  (``hardware.dice``).

Events (dicts, each with a ``text``: a keyed ``HardwareMessage`` for the screen): hello,
incompatible, rolling, roll, rejected, error (the reader's ERR), pong, connected,
disconnected. Listeners added with ``add_listener`` run on the reader thread;
``on_event`` runs through ``post`` (the app's main thread).
"""

from __future__ import annotations

import collections
import logging
import threading
import time
from typing import Callable, Iterable

from hardware.dice import Roll, check_kind, mismatch
from hardware.dice_ports import (  # noqa: F401 - re-exported: the reader's public names
    PortInfo, ReaderNotFound, check_port, find_reader, list_ports, open_port, refused_version, serial_ports,
)
from hardware.dice_protocol import (
    PROTOCOL, Hello, LineError, LineSplitter, Pong, ReaderError, Rolling, RollLine, frame, parse,
)
from hardware.errors import HardwareError
from hardware.messages import HardwareMessage
from hardware.messages import text as hw_text

log = logging.getLogger(__name__)


# A seq seen among the last few rolls is the same roll again (a DUMP answer can arrive
# after a newer roll); seq wraps at 1000, so a new roll never collides this soon.
RECENT_SEQS = 16


class DiceReader:
    """Reads the dice reader on a background thread and reports what it says."""

    def __init__(
        self,
        port: str | None = None,
        *,
        baudrate: int = 115200,
        hello_timeout: float = 3.0,
        backoff: tuple[float, float] = (0.5, 8.0),
        ping_s: float | None = None,
        read_timeout: float = 0.05,
        ports: Callable[[], Iterable[str]] | None = None,
        post: Callable | None = None,
        on_event: Callable[[dict], None] | None = None,
        retry_first_open: bool = True,
    ):
        """``retry_first_open=False`` (the command line): a set port that does not open at the
        first try ends a ``wait_roll`` at once with the reason, instead of retrying."""
        self.port = port
        self.retry_first_open = retry_first_open
        self.baudrate = baudrate
        self.hello_timeout = hello_timeout
        self.backoff = backoff
        self.ping_s = ping_s
        self.read_timeout = read_timeout
        self.ports = ports or serial_ports
        self.post = post or (lambda fn: fn())
        self.on_event = on_event
        self.stats: collections.Counter = collections.Counter()
        self.hello: Hello | None = None
        self.connected = threading.Event()
        self.status: str = hw_text("status_not_started")
        self.last_problem: str | None = None
        self.refused: HardwareMessage | None = None  # set while the reader speaks another protocol
        self._listeners: list[Callable[[dict], None]] = []
        self._serial = None
        self._port_in_use: str | None = None
        self._write_lock = threading.Lock()
        self._armed: tuple[int, str] | None = None
        self._recent_seqs: collections.deque = collections.deque(maxlen=RECENT_SEQS)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @classmethod
    def from_settings(cls, dice_settings, **kwargs):
        return cls(
            dice_settings.port, baudrate=dice_settings.baudrate, hello_timeout=dice_settings.hello_timeout_s,
            backoff=dice_settings.backoff_s, ping_s=dice_settings.ping_s, **kwargs,
        )

    # -- life cycle ------------------------------------------------------------------------

    def start(self) -> "DiceReader":
        if self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name="dice-reader", daemon=True)
            self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        with self._write_lock:
            ser = self._serial
        if ser is not None:
            try:
                ser.cancel_read()
            except (AttributeError, OSError, NotImplementedError):
                pass
        if self._thread is not None:
            self._thread.join(2.0)
            self._thread = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def add_listener(self, fn: Callable[[dict], None]) -> None:
        self._listeners.append(fn)

    def remove_listener(self, fn) -> None:
        if fn in self._listeners:
            self._listeners.remove(fn)

    @property
    def port_in_use(self) -> str | None:
        """The port the reader is on now (found by HELLO when no port is set), else None."""
        return self._port_in_use if self.connected.is_set() else None

    # -- app to reader ---------------------------------------------------------------------

    def arm(self, n: int, kind: str) -> None:
        check_kind(kind)
        self._armed = (n, kind)
        self.send(f"ARM {n} {kind}")

    def disarm(self) -> None:
        self._armed = None
        self.send("DISARM")

    def ping(self) -> None:
        self.send("PING")

    def dump(self) -> None:
        self.send("DUMP")

    def send(self, line: str) -> bool:
        """Write one line if the port is open; False when it is not (ARM is resent on reconnect)."""
        with self._write_lock:
            ser = self._serial
            if ser is None:
                return False
            try:
                ser.write(frame(line))
                return True
            except (OSError, ValueError) as err:
                log.warning("dice reader: could not send %s: %s", line.split()[0], err)
                return False

    # -- waiting for one roll (the command line, a test roll) ------------------------------

    def wait_roll(self, n: int, kind: str, timeout: float, on_notice: Callable[[str], None] | None = None) -> Roll:
        """Arm, wait for one roll of n ``kind`` dice, disarm. HardwareError on timeout, and at
        once when the reader announces a protocol version this app does not speak."""
        rolls: list[Roll] = []
        refused: list[HardwareMessage] = []
        got = threading.Event()

        def listen(event):
            if event["type"] == "roll" and not got.is_set():
                rolls.append(event["roll"])
                got.set()
            elif event["type"] in ("incompatible", "unavailable"):
                refused.append(event["text"])
                got.set()
            elif on_notice and event["type"] in ("rejected", "error", "disconnected", "connected"):
                on_notice(event["text"])

        before = self._armed  # a test roll from Settings may come while the desk waits for a roll
        self.add_listener(listen)
        try:
            self.arm(n, kind)
            if self.refused is not None:
                raise HardwareError(self.refused)
            self.start()
            if not got.wait(timeout):
                why = None
                if not self.connected.is_set():
                    why = self.last_problem or (hw_text("still_looking") if not self.port else
                                                hw_text("port_did_not_open", port=self.port))
                if why is None:
                    raise HardwareError.of("no_roll_within", n=n, kind=kind, seconds=f"{timeout:g}")
                raise HardwareError.of("no_roll_within_because", n=n, kind=kind, seconds=f"{timeout:g}",
                                       why=why)
            if refused:
                raise HardwareError(refused[0])
            return rolls[0]
        finally:
            self.remove_listener(listen)
            if before is None:
                self.disarm()
            else:
                self.arm(*before)

    # -- the reader thread -----------------------------------------------------------------

    def _emit(self, event: dict) -> None:
        for fn in list(self._listeners):
            try:
                fn(event)
            except Exception:  # noqa: BLE001 - a listener's bug must not stop the reader
                log.exception("dice reader listener failed")
        if self.on_event is not None:
            on_event = self.on_event
            self.post(lambda: on_event(event))

    def _open(self):
        if self.port:
            ser = open_port(self.port, self.baudrate, self.read_timeout)
            return self.port, ser, [], LineSplitter()
        port, ser, hello, lines, splitter = find_reader(self.ports(), timeout=self.hello_timeout, baudrate=self.baudrate,
                                                       stop=self._stop)
        ser.timeout = self.read_timeout
        self._hello(hello)
        return port, ser, lines, splitter

    def _connected_status(self, port: str) -> HardwareMessage:
        if self.refused is not None:
            return hw_text("status_refused", port=port, version=self.hello.version if self.hello else "?",
                           needed=PROTOCOL)
        if self.hello:
            return hw_text("status_reader", port=port, model=self.hello.model, firmware=self.hello.firmware)
        return hw_text("status_port", port=port)

    def _run(self):
        delay = self.backoff[0]
        reported_down = False
        first = True
        while not self._stop.is_set():
            try:
                port, ser, lines, splitter = self._open()
            except (OSError, ValueError, HardwareError) as err:
                self.last_problem = getattr(err, "message", None) or str(err)
                if first and self.port and not self.retry_first_open:
                    problem = hw_text("port_cannot_open", port=self.port, error=str(err))
                    self._emit({"type": "unavailable", "text": problem})
                first = False
                if getattr(err, "key", None) == "old_protocol_on" and self.refused is None:
                    self.refused = err.message  # found, but it speaks another version
                    self._emit({"type": "incompatible", "text": err.message, "version": err.params.get("version")})
                self.status = hw_text("status_retrying", problem=self.last_problem)
                if not reported_down:
                    log.warning("dice reader: %s", self.last_problem)
                    reported_down = True
                if self._stop.wait(delay):
                    break
                delay = min(delay * 2, self.backoff[1])
                continue
            delay = self.backoff[0]
            reported_down = False
            first = False
            self.stats["opened"] += 1
            with self._write_lock:
                self._serial = ser
            self._port_in_use = port
            self.status = self._connected_status(port)
            self.connected.set()
            log.info("dice reader connected on %s", port)
            self._emit({"type": "connected", "port": port, "text": hw_text("reader_connected", port=port)})
            self.send("PING")  # liveness, and a sign to the reader that the app listens
            if self._armed:
                self.send(f"ARM {self._armed[0]} {self._armed[1]}")
            try:
                self._read_loop(ser, lines, splitter)
            except (OSError, ValueError, TypeError) as err:
                # pyserial's SerialException is an OSError; a closed port can also say TypeError
                if not self._stop.is_set():
                    self.stats["disconnects"] += 1
                    self.last_problem = hw_text("port_went_away", port=port, error=str(err))
                    self.status = hw_text("status_unplugged")
                    log.warning("dice reader: %s; reconnecting", self.last_problem)
                    self._emit({"type": "disconnected", "port": port, "text": hw_text("reader_unplugged")})
            finally:
                self.connected.clear()
                with self._write_lock:
                    self._serial = None
                try:
                    ser.close()
                except OSError:
                    pass
            if self._stop.wait(delay):
                break
        self.status = hw_text("status_stopped")

    def _read_loop(self, ser, lines: list[bytes], splitter: LineSplitter):
        for line in lines:
            self._line(line)
        dropped = splitter.dropped
        last_ping = last_heard = time.monotonic()
        silent = False
        data = b""
        while not self._stop.is_set():
            now = time.monotonic()
            if data:
                last_heard = now
                if silent:
                    silent = False
                    self.status = self._connected_status(self._port_in_use or "")
                    self._emit({"type": "connected", "port": self._port_in_use,
                                "text": hw_text("reader_answers")})
            for line in splitter.feed(data):
                self._line(line)
            if splitter.dropped != dropped:
                self._garbage("too_long", LineError("too_long", "line over 120 bytes dropped"), splitter.dropped - dropped)
                dropped = splitter.dropped
            if self.ping_s:
                if now - last_ping >= self.ping_s:
                    last_ping = now
                    self.send("PING")
                if not silent and now - last_heard > 3 * self.ping_s:
                    # the port is open but the reader says nothing, not even PONG
                    silent = True
                    self.stats["silent"] += 1
                    self.status = hw_text("status_silent")
                    log.warning("dice reader on %s does not answer PING", self._port_in_use)
                    self._emit({"type": "error", "text": hw_text("reader_silent")})
            data = ser.read(ser.in_waiting or 1)

    def feed(self, data: bytes, splitter: LineSplitter | None = None) -> None:
        """Handle raw bytes as if read from the port (benchmarks, tests)."""
        splitter = splitter or LineSplitter()
        for line in splitter.feed(data):
            self._line(line)

    def _line(self, line: bytes) -> None:
        if not line.strip():
            return
        self.stats["lines"] += 1
        try:
            msg = parse(line)
        except LineError as err:
            self._garbage(err.category, err)
            return
        if isinstance(msg, Hello):
            self._hello(msg)
        elif self.refused is not None:
            self.stats["refused"] += 1  # a reader of another protocol: nothing it says is used
        elif isinstance(msg, RollLine):
            self._roll(msg)
        elif isinstance(msg, Rolling):
            self._emit({"type": "rolling", "text": hw_text("dice_rolling")})
        elif isinstance(msg, Pong):
            self.stats["pongs"] += 1
            self._emit({"type": "pong", "text": "PONG"})
        elif isinstance(msg, ReaderError):
            self.stats["reader_errors"] += 1
            log.warning("dice reader says: %s", msg.text)
            self._emit({"type": "error", "text": hw_text("reader_says", text=msg.text)})

    def _hello(self, hello: Hello) -> None:
        self.hello = hello
        self._recent_seqs.clear()  # a reset reader counts anew
        err = refused_version(hello)
        if err is not None:
            self.stats["incompatible"] += 1
            self.refused = err.message
            port = self._port_in_use or self.port or "?"
            self.last_problem = self.refused
            self.status = self._connected_status(port)
            log.warning("dice reader %s %s speaks protocol %s, not %s: refused", hello.model, hello.firmware,
                        hello.version, PROTOCOL)
            self._emit({"type": "incompatible", "version": hello.version, "text": self.refused})
            return
        if self.refused is not None:
            self.refused = None
            self.last_problem = None
            if self._port_in_use:
                self.status = self._connected_status(self._port_in_use)
        log.info("dice reader %s firmware %s (%s)", hello.model, hello.firmware, ",".join(hello.kinds))
        self._emit({"type": "hello", "model": hello.model, "firmware": hello.firmware, "kinds": list(hello.kinds),
                    "text": hw_text("reader_hello", model=hello.model, firmware=hello.firmware)})

    def _roll(self, msg: RollLine) -> None:
        if msg.seq in self._recent_seqs:
            self.stats["repeats"] += 1
            log.debug("dice reader: roll %d again, ignored", msg.seq)
            return
        self._recent_seqs.append(msg.seq)
        roll = Roll(msg.kind, msg.values, "reader", msg.seq)
        armed = self._armed
        reason: HardwareMessage | None
        if armed is None:
            reason = hw_text("roll_unexpected", n=len(msg.values), kind=msg.kind)
        else:
            reason = mismatch(armed[0], armed[1], msg.kind, len(msg.values))
        if reason:
            self.stats["rejected"] += 1
            log.info("dice reader: roll %d not used: %s", msg.seq, reason)
            self._emit({"type": "rejected", "text": reason, "roll": roll})
            return
        self.stats["rolls"] += 1
        self._emit({"type": "roll", "roll": roll, "text": hw_text("dice_read", faces=str(roll))})

    def _garbage(self, category: str, err: Exception, count: int = 1) -> None:
        self.stats[category] += count
        self.stats["garbage"] += count
        total = self.stats["garbage"]
        if total <= 10 or total % 100 == 0:
            log.warning("dice reader: %s (%d bad lines so far)", err, total)
