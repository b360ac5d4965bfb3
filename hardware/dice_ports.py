"""Finding the dice reader: the serial ports, the simulator's announcement, HELLO, a port check.

- ``list_ports()``: what a Settings screen offers: USB serial ports, then the virtual
  readers that ``python -m hardware.simulate dice`` announced.
- The simulator announces its pseudo-terminal in a small JSON file in the user's runtime
  folder (``$XDG_RUNTIME_DIR/magnifico-companion/``, or a private folder in the temporary
  directory) and removes it on exit; an announcement whose process is gone is ignored.
  So the app finds the simulator by its HELLO with no port set and no file edited.
- ``find_reader``: open every candidate and keep the first that says a version-2 HELLO; a
  reader announcing another version is refused with a message naming it.
- ``check_port``: say at once that a port does not exist or cannot be opened (the
  command line), where the reader itself keeps retrying (a cable may come back).
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import serial

from hardware.dice_protocol import PROTOCOL, Hello, LineError, LineSplitter, parse
from hardware.errors import HardwareError
from hardware.messages import text

APP_NAME = "magnifico-companion"
ANNOUNCE_PREFIX = "dice-simulator-"


class ReaderNotFound(HardwareError):
    """No serial port answered with a HELLO this app can speak with."""


@dataclass(frozen=True)
class PortInfo:
    """A port the reader may be on: ``source`` is "usb" or "simulator"."""

    device: str
    description: str
    source: str


# -- the simulator's announcement -------------------------------------------------------

def runtime_dir() -> Path:
    """The user's runtime folder for this app (private; not created here)."""
    base = os.environ.get("XDG_RUNTIME_DIR")
    if base and os.path.isdir(base):
        return Path(base) / APP_NAME
    return Path(tempfile.gettempdir()) / f"{APP_NAME}-{os.getuid()}"


def _private_dir(create: bool) -> Path | None:
    """The runtime folder if it is ours alone (never one another user planted), else None."""
    folder = runtime_dir()
    if create:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        info = folder.lstat()
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o022:
        return None
    return folder


def announce(port: str) -> Path:
    """Write this process's announcement of a virtual reader on ``port``; returns its file."""
    folder = _private_dir(create=True)
    if folder is None:
        raise HardwareError.of("runtime_dir_unsafe", folder=str(runtime_dir()))
    path = folder / f"{ANNOUNCE_PREFIX}{os.getpid()}.json"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"port": port, "pid": os.getpid()}), encoding="utf-8")
    os.replace(tmp, path)
    return path


def withdraw(path: Path | None) -> None:
    """Remove an announcement written by ``announce`` (the simulator's exit)."""
    if path is not None:
        try:
            path.unlink()
        except FileNotFoundError:
            pass


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def announced() -> list[str]:
    """The ports of the virtual readers announced by live simulators of this user."""
    folder = _private_dir(create=False)
    if folder is None:
        return []
    ports = []
    for path in sorted(folder.glob(f"{ANNOUNCE_PREFIX}*.json")):
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
            port, pid = doc["port"], doc["pid"]
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if not isinstance(port, str) or not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
            continue
        try:
            is_tty = stat.S_ISCHR(os.stat(port).st_mode)
        except OSError:
            continue
        if is_tty and _alive(pid) and port not in ports:
            ports.append(port)
    return ports


# -- the ports ------------------------------------------------------------------------------

def list_ports() -> list[PortInfo]:
    """USB serial ports (the reader is a USB device; the Pi's own UART pins may be wired to
    handsets and are never touched), then the announced virtual readers."""
    from serial.tools import list_ports as tools

    found = [
        PortInfo(p.device, p.description if p.description and p.description != "n/a" else p.device, "usb")
        for p in sorted(tools.comports(), key=lambda p: p.device)
        if p.vid is not None or "ttyACM" in p.device or "ttyUSB" in p.device
    ]
    known = {p.device for p in found}
    found += [PortInfo(port, text("port_simulator"), "simulator") for port in announced() if port not in known]
    return found


def serial_ports() -> list[str]:
    """The devices auto-detection tries, in ``list_ports`` order."""
    return [p.device for p in list_ports()]


def open_port(port: str, baudrate: int = 115200, timeout: float = 0.05):
    """Open a device path or pyserial URL exclusively (where the platform can lock)."""
    try:
        return serial.serial_for_url(port, baudrate=baudrate, timeout=timeout, exclusive=True)
    except (ValueError, TypeError):
        return serial.serial_for_url(port, baudrate=baudrate, timeout=timeout)


def check_port(port: str) -> None:
    """HardwareError at once if ``port`` cannot be a serial port now: a device path that does
    not exist, that this user may not open, or that is no device; a URL pyserial does not know."""
    if "://" in port:
        try:
            serial.serial_for_url(port, do_not_open=True)
        except (ValueError, OSError) as err:
            raise HardwareError.of("port_bad_url", port=port, error=str(err)) from None
        return
    try:
        mode = os.stat(port).st_mode
    except FileNotFoundError:
        raise HardwareError.of("port_missing", port=port) from None
    except OSError as err:
        raise HardwareError.of("port_unreadable", port=port, error=err.strerror or str(err)) from None
    if not stat.S_ISCHR(mode):
        raise HardwareError.of("port_not_serial", port=port)
    if not os.access(port, os.R_OK | os.W_OK):
        raise HardwareError.of("port_denied", port=port)


# -- auto-detection -------------------------------------------------------------------------

def refused_version(hello: Hello) -> HardwareError | None:
    """The refusal of a reader that announces another protocol version, or None."""
    if hello.version == PROTOCOL and hello.checked:
        return None
    return HardwareError.of("old_protocol", version=hello.version, needed=PROTOCOL)


def find_reader(ports: Iterable[str] | None = None, *, timeout: float = 3.0, baudrate: int = 115200,
                stop: threading.Event | None = None):
    """Open every port and keep the first that says a version-2 HELLO within ``timeout`` s.

    Returns ``(port, serial, hello, lines, splitter)``: ``lines`` came after the HELLO in
    the same read, ``splitter`` holds any partial line. Raises ReaderNotFound naming the
    ports tried (and the version of a reader that speaks another protocol) when none answers.
    """
    ports = list(serial_ports() if ports is None else ports)
    if not ports:
        raise ReaderNotFound.of("no_serial_port")
    opened, failed, refused = {}, [], {}
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
                    if not isinstance(msg, Hello):
                        continue
                    if refused_version(msg) is not None:
                        refused[port] = msg.version
                        ser.close()
                        del opened[port]
                        break
                    del opened[port]
                    return port, ser, msg, lines[i + 1:], splitter
            time.sleep(0.01)
    finally:
        for ser, _ in opened.values():
            ser.close()
    if refused:
        port, version = next(iter(refused.items()))
        raise ReaderNotFound.of("old_protocol_on", port=port, version=version, needed=PROTOCOL)
    if failed:
        raise ReaderNotFound.of("no_hello_failed", seconds=f"{timeout:g}", ports=", ".join(ports),
                                failed=", ".join(failed))
    raise ReaderNotFound.of("no_hello", seconds=f"{timeout:g}", ports=", ".join(ports))
