"""The serial dice reader: one thread that opens the port, reads lines and reopens it.

- The port is a device path or a pyserial URL (``loop://``, ``spy://...``); when unset,
  every serial port is opened in turn and the one that says ``HELLO`` is kept.
- The port is opened exclusively; when it vanishes (unplugged) it is reopened with
  exponential backoff, and the armed request is sent again.
- Garbage, bad checksums, unknown words, over-long lines and binary noise are counted in
  ``stats`` and logged; repeated ``seq`` numbers are ignored.
- A roll is an event ``{"type": "roll", "roll": Roll}`` only while armed with the same
  number and kind of dice; anything else is ``{"type": "rejected", "text": "5 dice seen,
  6 expected"}``. It is still only a candidate: the table confirms it (``hardware.dice``).

Events (dicts): hello, rolling, roll, rejected, error (the reader's ERR), pong,
connected, disconnected. Listeners added with ``add_listener`` run on the reader
thread; ``on_event`` runs through ``post`` (the app's main thread).
"""

from __future__ import annotations

import collections
import logging
import threading
import time
from typing import Callable, Iterable

import serial

from hardware.dice import Roll, check_kind, mismatch
from hardware.dice_protocol import Hello, LineError, LineSplitter, Pong, ReaderError, Rolling, RollLine, frame, parse
from hardware.errors import HardwareError

log = logging.getLogger(__name__)


# A seq seen among the last few rolls is the same roll again (a DUMP answer can arrive
# after a newer roll); seq wraps at 1000, so a new roll never collides this soon.
RECENT_SEQS = 16


class ReaderNotFound(HardwareError):
    """No serial port answered with HELLO."""


def serial_ports() -> list[str]:
    """USB serial ports: the reader is a USB device (the spec); the Pi's own UART pins
    (/dev/ttyS0, /dev/ttyAMA0) may be wired to handsets and are never touched."""
    from serial.tools import list_ports

    return [p.device for p in list_ports.comports() if p.vid is not None or "ttyACM" in p.device or "ttyUSB" in p.device]


def open_port(port: str, baudrate: int = 115200, timeout: float = 0.05):
    """Open a device path or pyserial URL exclusively (where the platform can lock)."""
    try:
        return serial.serial_for_url(port, baudrate=baudrate, timeout=timeout, exclusive=True)
    except (ValueError, TypeError):
        return serial.serial_for_url(port, baudrate=baudrate, timeout=timeout)


def find_reader(ports: Iterable[str] | None = None, *, timeout: float = 3.0, baudrate: int = 115200,
                stop: threading.Event | None = None):
    """Open every port and keep the first that says HELLO within ``timeout`` seconds.

    Returns ``(port, serial, hello, lines, splitter)``: ``lines`` came after the HELLO in
    the same read, ``splitter`` holds any partial line. Raises ReaderNotFound naming the
    ports tried when none answers.
    """
    ports = list(serial_ports() if ports is None else ports)
    if not ports:
        raise ReaderNotFound("no dice reader found: there is no serial port (is it plugged in?)")
    opened, failed = {}, []
    for port in ports:
        try:
            opened[port] = (open_port(port, baudrate, timeout=0), LineSplitter())
        except (OSError, ValueError) as err:
            failed.append(f"{port} ({err})")
    deadline = time.monotonic() + timeout
    try:
        while opened and time.monotonic() < deadline and not (stop and stop.is_set()):
            for port, (ser, splitter) in list(opened.items()):
                try:
                    data = ser.read(ser.in_waiting or 1)
                except (OSError, ValueError):
                    ser.close()
                    del opened[port]
                    continue
                lines = splitter.feed(data)
                for i, line in enumerate(lines):
                    try:
                        msg = parse(line)
                    except LineError:
                        continue
                    if isinstance(msg, Hello):
                        del opened[port]
                        return port, ser, msg, lines[i + 1:], splitter
            time.sleep(0.01)
    finally:
        for ser, _ in opened.values():
            ser.close()
    tried = ", ".join(ports)
    extra = f"; could not open {', '.join(failed)}" if failed else ""
    raise ReaderNotFound(f"no dice reader answered HELLO within {timeout:g} s on {tried}{extra}")


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
    ):
        self.port = port
        self.baudrate = baudrate
        self.hello_timeout = hello_timeout
        self.backoff = backoff
        self.ping_s = ping_s
        self.read_timeout = read_timeout
        self.ports = ports or serial_ports
        self.post = post or (lambda fn: fn())
        self.on_event = on_event
        self.stats = collections.Counter()
        self.hello: Hello | None = None
        self.connected = threading.Event()
        self.status = "dice reader: not started"
        self.last_problem: str | None = None
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

    def send(self, text: str) -> bool:
        """Write one line if the port is open; False when it is not (ARM is resent on reconnect)."""
        with self._write_lock:
            ser = self._serial
            if ser is None:
                return False
            try:
                ser.write(frame(text))
                return True
            except (OSError, ValueError) as err:
                log.warning("dice reader: could not send %s: %s", text.split()[0], err)
                return False

    # -- waiting for one roll (the command line) -------------------------------------------

    def wait_roll(self, n: int, kind: str, timeout: float, on_notice: Callable[[str], None] | None = None) -> Roll:
        """Arm, wait for one roll of n ``kind`` dice, disarm. HardwareError on timeout."""
        rolls = []
        got = threading.Event()

        def listen(event):
            if event["type"] == "roll" and not got.is_set():
                rolls.append(event["roll"])
                got.set()
            elif on_notice and event["type"] in ("rejected", "error", "disconnected", "connected"):
                on_notice(event["text"])

        self.add_listener(listen)
        try:
            self.arm(n, kind)
            self.start()
            if not got.wait(timeout):
                why = None
                if not self.connected.is_set():
                    why = self.last_problem or ("still looking for the dice reader" if not self.port else
                                                f"{self.port} did not open")
                raise HardwareError(
                    f"no roll of {n} {kind} dice within {timeout:g} s" + (f" ({why})" if why else "")
                )
            return rolls[0]
        finally:
            self.remove_listener(listen)
            self.disarm()

    # -- the reader thread -----------------------------------------------------------------

    def _emit(self, event: dict) -> None:
        for fn in list(self._listeners):
            try:
                fn(event)
            except Exception:  # noqa: BLE001 - a listener's bug must not stop the reader
                log.exception("dice reader listener failed")
        if self.on_event is not None:
            self.post(lambda: self.on_event(event))

    def _open(self):
        if self.port:
            ser = open_port(self.port, self.baudrate, self.read_timeout)
            return self.port, ser, [], LineSplitter()
        port, ser, hello, lines, splitter = find_reader(self.ports(), timeout=self.hello_timeout, baudrate=self.baudrate,
                                                       stop=self._stop)
        ser.timeout = self.read_timeout
        self._hello(hello)
        return port, ser, lines, splitter

    def _run(self):
        delay = self.backoff[0]
        reported_down = False
        while not self._stop.is_set():
            try:
                port, ser, lines, splitter = self._open()
            except (OSError, ValueError, HardwareError) as err:
                self.last_problem = getattr(err, "reason", None) or str(err)
                self.status = f"dice reader: {self.last_problem}; retrying"
                if not reported_down:
                    log.warning("dice reader: %s", self.last_problem)
                    reported_down = True
                if self._stop.wait(delay):
                    break
                delay = min(delay * 2, self.backoff[1])
                continue
            delay = self.backoff[0]
            reported_down = False
            self.stats["opened"] += 1
            with self._write_lock:
                self._serial = ser
            self._port_in_use = port
            self.status = f"dice reader: {port}" + (f" ({self.hello.model} {self.hello.firmware})" if self.hello else "")
            self.connected.set()
            log.info("dice reader connected on %s", port)
            self._emit({"type": "connected", "port": port, "text": f"dice reader connected on {port}"})
            self.send("PING")  # liveness, and a sign to the reader that the app listens
            if self._armed:
                self.send(f"ARM {self._armed[0]} {self._armed[1]}")
            try:
                self._read_loop(ser, lines, splitter)
            except (OSError, ValueError, TypeError) as err:
                # pyserial's SerialException is an OSError; a closed port can also say TypeError
                if not self._stop.is_set():
                    self.stats["disconnects"] += 1
                    self.last_problem = f"{port} went away ({err})"
                    self.status = "dice reader: unplugged; reconnecting"
                    log.warning("dice reader: %s; reconnecting", self.last_problem)
                    self._emit({"type": "disconnected", "port": port,
                                "text": "dice reader unplugged: reconnecting (type the faces meanwhile)"})
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
        self.status = "dice reader: stopped"

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
                    self.status = f"dice reader: {self._port_in_use}"
                    self._emit({"type": "connected", "port": self._port_in_use, "text": "dice reader answers again"})
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
                    self.status = "dice reader: not answering PING"
                    log.warning("dice reader on %s does not answer PING", self._port_in_use)
                    self._emit({"type": "error", "text": "dice reader does not answer (type the faces meanwhile)"})
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
        if isinstance(msg, RollLine):
            self._roll(msg)
        elif isinstance(msg, Hello):
            self._hello(msg)
        elif isinstance(msg, Rolling):
            self._emit({"type": "rolling", "text": "dice rolling"})
        elif isinstance(msg, Pong):
            self.stats["pongs"] += 1
            self._emit({"type": "pong", "text": "PONG"})
        elif isinstance(msg, ReaderError):
            self.stats["reader_errors"] += 1
            log.warning("dice reader says: %s", msg.text)
            self._emit({"type": "error", "text": f"dice reader: {msg.text}"})

    def _hello(self, hello: Hello) -> None:
        self.hello = hello
        self._recent_seqs.clear()  # a reset reader counts anew
        log.info("dice reader %s firmware %s (%s)", hello.model, hello.firmware, ",".join(hello.kinds))
        self._emit({"type": "hello", "model": hello.model, "firmware": hello.firmware, "kinds": list(hello.kinds),
                    "text": f"dice reader {hello.model} {hello.firmware}"})

    def _roll(self, msg: RollLine) -> None:
        if msg.seq in self._recent_seqs:
            self.stats["repeats"] += 1
            log.debug("dice reader: roll %d again, ignored", msg.seq)
            return
        self._recent_seqs.append(msg.seq)
        roll = Roll(msg.kind, msg.values, "reader", msg.seq)
        armed = self._armed
        if armed is None:
            reason = f"a roll of {len(msg.values)} {msg.kind} dice came while no roll was expected"
        else:
            reason = mismatch(armed[0], armed[1], msg.kind, len(msg.values))
        if reason:
            self.stats["rejected"] += 1
            log.info("dice reader: roll %d not used: %s", msg.seq, reason)
            self._emit({"type": "rejected", "text": reason, "roll": roll})
            return
        self.stats["rolls"] += 1
        self._emit({"type": "roll", "roll": roll, "text": f"dice read: {roll}"})

    def _garbage(self, category: str, err: Exception, count: int = 1) -> None:
        self.stats[category] += count
        self.stats["garbage"] += count
        total = self.stats["garbage"]
        if total <= 10 or total % 100 == 0:
            log.warning("dice reader: %s (%d bad lines so far)", err, total)
