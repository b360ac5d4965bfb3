"""Simulators: a virtual dice reader on a pseudo-terminal, and the handsets on the keyboard.

``python -m hardware.simulate dice`` prints the pty path and announces it in the user's
runtime folder (``hardware.dice_ports``; removed on exit), so an app with no dice port set
finds it by its HELLO; or set the path as the dice port. It reads commands:

    H H B X  /  hhbx  /  3 5 6    send a roll of those faces (letters: mag; numbers: the
                                  armed kind, else d6)
    d10 3 0 7  /  d12 11          a roll of that kind (a d10's 0 is sent as 0: it means 10)
    (empty) or r                  a random roll of what the app armed (else 1 mag die)
    r 6 mag                       a random roll of 6 mag dice
    again                         the last roll again (same seq: the app must ignore it)
    rolling / err TEXT / hello    the other reader lines
    noise                         binary noise, a bad checksum, a line without one, an
                                  over-long line
    unplug / replug               vanish and come back (on a new pty; --link keeps one path)
    q                             quit

Every line carries its CRC-16 (protocol version 2); ``--protocol 1`` plays an old reader
(XOR checksums, a HELLO without a version) that the app must refuse, ``--no-checksums``
one whose lines must all be dropped.

``python -m hardware.simulate handsets`` runs a sealed auction in the terminal on mock
pins: the keys of hardware.keyboard (seat 0: 1 up, q down, a lock; seat 1: 3/e/d; ...)
each press and release a button; it prints what the shared screen would show and each
seat's private display.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import select
import signal
import sys
import threading
import time
import tty

from hardware import dice_ports
from hardware.dice_protocol import KINDS, MAG_LETTERS, PROTOCOL, LineError, LineSplitter, frame, frame_v1, strip_checksum
from hardware.errors import HardwareError


class VirtualReader:
    """A dice reader speaking the protocol on the master side of a pty pair."""

    def __init__(self, *, hello: bool = True, model: str = "SIM", firmware: str = "2.0",
                 kinds=("mag", "d6", "d10", "d12"), checksums: bool = True, link: str | None = None,
                 hello_every: float = 0.2, rng: random.Random | None = None, on_command=None,
                 protocol: int = 2):
        self.say_hello = hello
        self.model, self.firmware, self.kinds = model, firmware, tuple(kinds)
        self.checksums = checksums
        self.protocol = protocol
        self.link = link
        self.hello_every = hello_every
        self.rng = rng or secrets.SystemRandom()
        self.on_command = on_command
        self.answer_ping = True
        self.commands: list[str] = []
        self.armed: tuple[int, str] | None = None
        self.seq = 0
        self.last_roll: str | None = None
        self._heard = threading.Event()
        self._cond = threading.Condition()
        self._master: int | None = None
        self.tty: str | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    @property
    def path(self) -> str:
        path = self.link or self.tty
        assert path is not None, "start() the virtual reader first"
        return path

    def start(self) -> "VirtualReader":
        self._master, slave = os.openpty()
        tty.setraw(slave)
        self.tty = os.ttyname(slave)
        os.close(slave)  # the app opens it by name; see _run
        os.set_blocking(self._master, False)
        if self.link:
            tmp = self.link + ".new"
            if os.path.lexists(tmp):
                os.unlink(tmp)
            os.symlink(self.tty, tmp)
            os.replace(tmp, self.link)
        self._stop.clear()
        self._heard.clear()
        self._thread = threading.Thread(target=self._run, name="virtual-reader", daemon=True)
        self._thread.start()
        return self

    def unplug(self) -> None:
        """The cable comes out: both ends of the pty close, the app's reads fail."""
        self._stop.set()
        if self._thread:
            self._thread.join(1.0)
        if self._master is not None:
            try:
                os.close(self._master)
            except OSError:
                pass
        self._master = None

    def replug(self) -> "VirtualReader":
        self.unplug()
        return self.start()

    close = unplug

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.unplug()

    # -- lines to the app -------------------------------------------------------------------

    def raw(self, data: bytes, timeout: float = 2.0) -> None:
        """Write bytes to the app (waiting while the pty's buffer is full)."""
        view = memoryview(data)
        deadline = time.monotonic() + timeout
        while view:
            try:
                view = view[os.write(self._master, view):]
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise TimeoutError("nobody reads the virtual dice reader's port") from None
                select.select([], [self._master], [], 0.05)

    def send(self, text: str, checksum: bool | None = None) -> None:
        """One line, framed as this reader's protocol version frames it."""
        if not (self.checksums if checksum is None else checksum):
            self.raw(frame(text, with_checksum=False))
        elif self.protocol == 1:
            self.raw(frame_v1(text))
        else:
            self.raw(frame(text))

    def hello(self) -> None:
        kinds = ",".join(self.kinds)
        if self.protocol == 1:
            self.send(f"HELLO {self.model} {self.firmware} {kinds}")  # version 1 did not name it
        else:
            self.send(f"HELLO {self.model} {self.firmware} {kinds} v{self.protocol}")

    def roll(self, kind: str, values) -> str:
        """Send a settled roll; values are faces ("hit"/"H") for mag, numbers otherwise (0 for a
        d10's ten is sent as it is: the app reads it as 10)."""
        if kind == "mag":
            text = ",".join(MAG_LETTERS.get(v, str(v).upper()) for v in values)
        else:
            text = ",".join(str(v) for v in values)
        self.seq = (self.seq + 1) % 1000
        self.last_roll = f"ROLL {self.seq} {kind} {text}"
        self.send(self.last_roll)
        return self.last_roll

    def random_roll(self, n: int | None = None, kind: str | None = None) -> str:
        if n is None or kind is None:
            n, kind = self.armed or (1, "mag")
        faces = ("H", "H", "H", "B", "B", "X") if kind == "mag" else KINDS[kind]  # 3 hit, 2 blank, 1 explosion
        return self.roll(kind, [self.rng.choice(faces) for _ in range(n)])

    def again(self) -> None:
        if self.last_roll:
            self.send(self.last_roll)

    # -- lines from the app -----------------------------------------------------------------

    def wait_heard(self, timeout: float = 2.0) -> bool:
        """Wait until the app has said anything (it has the port open and is listening)."""
        return self._heard.wait(timeout)

    def wait_command(self, word: str, timeout: float = 2.0) -> str | None:
        with self._cond:
            ok = self._cond.wait_for(lambda: any(c.split()[0] == word for c in self.commands), timeout)
            if not ok:
                return None
            return next(c for c in self.commands if c.split()[0] == word)

    def _run(self):
        """Serve the app. A pty shows whether the other end is open: reading the master
        fails (EIO) while nobody has the port open. Like a reader that resets when its port
        opens, say HELLO after every open, again and again until the app speaks."""
        splitter = LineSplitter()
        master = self._master
        is_open = False
        next_hello = 0.0
        while not self._stop.is_set():
            ready, _, _ = select.select([master], [], [], 0.02)
            data = b""
            if ready:
                try:
                    data = os.read(master, 1024)
                except BlockingIOError:
                    pass  # the port was opened between select and read
                except OSError:
                    if is_open:
                        is_open = False
                        splitter = LineSplitter()
                    time.sleep(0.02)
                    continue
            if not is_open:
                is_open = True
                self._heard.clear()
                next_hello = time.monotonic() + 0.05  # after pyserial has flushed its input
            for line in splitter.feed(data):
                self._command(line)
            if self.say_hello and not self._heard.is_set() and time.monotonic() >= next_hello:
                try:
                    self.hello()
                except OSError:
                    return
                next_hello = time.monotonic() + self.hello_every

    def _command(self, line: bytes):
        try:
            text = strip_checksum(line).decode("ascii", "replace").strip()
        except LineError:
            return
        if not text:
            return
        if self.say_hello and not self._heard.is_set():
            self.hello()  # the port is surely open now: a HELLO sent while it opened may have been flushed
        self._heard.set()
        word, *args = text.split()
        if word == "PING" and self.answer_ping:
            self.send("PONG")
        elif word == "DUMP":
            self.again()
        elif word == "ARM" and len(args) == 2 and args[0].isdigit() and args[1] in KINDS:
            self.armed = (int(args[0]), args[1])
        elif word == "DISARM":
            self.armed = None
        with self._cond:  # after the answer, so a waiting test sees the answer sent
            self.commands.append(text)
            self._cond.notify_all()
        if self.on_command:
            self.on_command(text)


def _typed_roll(reader: VirtualReader, text: str) -> str:
    tokens = [t for t in text.replace(",", " ").split() if t]
    if len(tokens) > 1 and tokens[0] in KINDS and tokens[0] != "mag":
        return reader.roll(tokens[0], [int(t) for t in tokens[1:]])
    if len(tokens) == 1 and not tokens[0].isdigit() and len(tokens[0]) > 1:
        tokens = list(tokens[0])
    if all(t.isdigit() for t in tokens):
        kind = reader.armed[1] if reader.armed and reader.armed[1] != "mag" else "d6"
        return reader.roll(kind, [int(t) for t in tokens])
    return reader.roll("mag", [t.upper() for t in tokens])


def _stop_on_sigterm() -> None:
    """SIGTERM ends the simulator like Ctrl-C, so its announcement is withdrawn."""
    def handler(signum, frame):
        raise KeyboardInterrupt

    try:
        signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread (tests)
        pass


def run_dice(args) -> int:
    reader = VirtualReader(hello=not args.no_hello, checksums=not args.no_checksums, link=args.link,
                           rng=random.Random(args.seed) if args.seed is not None else None,
                           on_command=lambda text: print(f"\napp: {text}", flush=True), protocol=args.protocol)
    try:
        reader.start()
    except OSError as err:
        reader.unplug()
        if args.link and os.path.islink(args.link + ".new"):
            os.unlink(args.link + ".new")
        key = "sim_cannot_link" if args.link else "sim_cannot_open_pty"
        raise HardwareError.of(key, link=args.link or "", error=err.strerror or str(err)) from None
    announced = None
    try:
        _stop_on_sigterm()
        if not args.no_announce:
            announced = dice_ports.announce(reader.path)
        print(f"virtual dice reader on {reader.path} (protocol v{args.protocol})")
        if announced:
            print(f"announced in {announced}: an app with no dice port set finds it by its HELLO")
        else:
            print("set the dice port to that path, or leave it unset to find the reader by its HELLO")
        print("type faces (H B X, or numbers; d10 3 0 7), r [N KIND], again, rolling, err TEXT, noise, "
              "unplug, replug, q")
        for line in sys.stdin:
            cmd = line.strip()
            try:
                if cmd in ("q", "quit", "exit"):
                    break
                if cmd in ("", "r"):
                    print(reader.random_roll())
                elif cmd.startswith("r "):
                    _, n, kind = cmd.split()
                    print(reader.random_roll(int(n), kind))
                elif cmd == "again":
                    reader.again()
                elif cmd == "rolling":
                    reader.send("ROLLING")
                elif cmd.startswith("err "):
                    reader.send("ERR " + cmd[4:])
                elif cmd == "hello":
                    reader.hello()
                elif cmd == "noise":
                    reader.raw(bytes(range(0, 256, 7)) + b"\n")
                    reader.raw(b"ROLL 1 mag H,H *0000\n")
                    reader.raw(b"ROLL 2 mag H,H\n")
                    reader.raw(b"X" * 200 + b"\n")
                elif cmd == "unplug":
                    reader.unplug()
                    print("unplugged")
                elif cmd == "replug":
                    reader.replug()
                    if announced:
                        announced = dice_ports.announce(reader.path)
                    print(f"back on {reader.path}")
                else:
                    print(_typed_roll(reader, cmd))
            except (ValueError, KeyError, OSError) as err:
                print(f"not understood: {cmd!r} ({err})")
    except KeyboardInterrupt:
        pass
    finally:
        dice_ports.withdraw(announced)
        reader.unplug()
    return 0


def run_handsets(args) -> int:
    import termios

    from hardware import settings as hw_settings
    from hardware.handsets import BidHandsets
    from hardware.keyboard import KEYMAP, HandsetKeyboard

    settings = hw_settings.load(args.settings)
    try:
        florins = {seat: int(f) for seat, f in enumerate(args.florins.split(","))}
    except ValueError:
        raise HardwareError.of("sim_florins", florins=repr(args.florins)) from None
    if not 1 <= len(florins) <= 5 or any(f < 0 for f in florins.values()):
        raise HardwareError.of("sim_florins_count", florins=repr(args.florins))
    if not sys.stdin.isatty():
        raise HardwareError.of("sim_needs_terminal")
    shown = []
    h = BidHandsets.from_settings(
        hw_settings.HardwareSettings(mode="simulated", handsets=settings.handsets),
        on_state=lambda seat, state: shown.append(f"shared screen: seat {seat} {state}"),
        on_all_locked=lambda bids: shown.append(f"shared screen: REVEAL {bids}"),
        on_notice=lambda seat, text: shown.append(f"shared screen: seat {seat}: {text}"),
    )
    kb = HandsetKeyboard(h)
    print(h.status)
    print("keys: " + ", ".join(f"{k}=seat {s} {b}" for k, (s, b) in KEYMAP.items()) + "; Esc or Ctrl-C quits")
    h.start_auction(florins)
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        while True:
            for line in shown:
                print(line)
            shown.clear()
            ch = sys.stdin.read(1)
            if ch in ("\x1b", "\x03", ""):
                break
            if kb.key(ch, True):
                kb.key(ch, False)
                time.sleep(0.05)  # let the posted callbacks land before printing
                for line in shown:
                    print(line)
                shown.clear()
                if h.displays:
                    h.displays.flush()
                    seats = [s for s in sorted(h.displays.displays) if s in florins]
                    private = "  ".join(f"[{s}:{h.displays.shown(s)}]" for s in seats)
                    print(f"private displays: {private}")
    except KeyboardInterrupt:
        pass
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        h.close()
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hardware.simulate")
    sub = parser.add_subparsers(dest="what", required=True)
    d = sub.add_parser("dice", help="a virtual dice reader on a pseudo-terminal")
    d.add_argument("--link", help="also make this path a symlink to the pty (kept across replug)")
    d.add_argument("--no-hello", action="store_true", help="never say HELLO (auto-detection must fail)")
    d.add_argument("--no-checksums", action="store_true", help="send lines without their CRC (all must be dropped)")
    d.add_argument("--protocol", type=int, choices=(1, 2), default=2,
                   help=f"the protocol version to speak (the app speaks {PROTOCOL}; 1 must be refused)")
    d.add_argument("--no-announce", action="store_true",
                   help="do not announce the pty in the user's runtime folder (auto-detection will not find it)")
    d.add_argument("--seed", type=int, help="seeded random rolls (demos)")
    k = sub.add_parser("handsets", help="a sealed auction on keyboard handsets")
    k.add_argument("--florins", default="100,80,60,40,20", help="florins per seat, comma separated")
    k.add_argument("--settings", help="a hardware settings JSON (pin map)")
    args = parser.parse_args(argv)
    try:
        return run_dice(args) if args.what == "dice" else run_handsets(args)
    except HardwareError as err:
        print(err.reason, file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
