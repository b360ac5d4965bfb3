"""Hardware benchmarks: handset press -> lock callback latency, and the dice reader's throughput.

    python bench/bench_hardware.py [--presses 300] [--lines 20000]

1. A mock button press (gpiozero MockFactory, defer_locks=False so every lock is handed
   over; the press runs in its own thread, like
   lgpio's callback thread) until ``on_lock`` runs on the "main thread" (a thread that
   takes posted callbacks from a queue, as Kivy's Clock does; Kivy adds at most one frame,
   ~17 ms at 60 fps, which is printed apart). Baseline: the same hand-over with no
   gpiozero (``BidHandsets.lock`` called from the other thread). If the engine is in this
   tree, the time to ``engine.apply`` of the LockBid is measured too. Target: < 50 ms.
   The whole path to the frame that shows the seat locked (the real app: the LockBid
   through the rules and the journal, the auction screen, the frame drawn) is in
   ``bench_app.py`` ("handset lock / unlock"), against that run's baseline tap.
2. The reader on a stream of noisy lines (1 in 3 garbage: binary noise, a wrong CRC, a
   line without one, an over-long line, an unknown word): in process (parsing only) and
   end to end through a pty; baseline: the same number of clean lines in process. Every
   line's CRC-16 (protocol version 2) is checked; its own cost is printed against version
   1's XOR checksum over the same bytes.
"""

from __future__ import annotations

import argparse
import logging
import os
import pathlib
import queue
import random
import statistics
import sys
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from gpiozero.pins.mock import MockFactory  # noqa: E402

from hardware import settings as hw_settings  # noqa: E402
from hardware.dice_protocol import crc, frame, xor8  # noqa: E402
from hardware.dice_reader import DiceReader  # noqa: E402
from hardware.handsets import BidHandsets  # noqa: E402
from hardware.simulate import VirtualReader  # noqa: E402


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def lock_latency(presses: int, via_gpio: bool, engine=None, florins=None, defer=False) -> list[float]:
    """Median-able times from the press to on_lock on the main thread. defer=False: each
    lock is handed over at once; defer=True: seat 0 is the only bidder, so its lock is the
    last one and the hand-over is the reveal."""
    main = queue.Queue()
    done = threading.Event()
    times: list[float] = []
    marks = {}

    def on_lock(seat, amount):
        if engine is not None:
            engine(seat, amount)
        times.append(time.perf_counter() - marks["t0"])
        done.set()

    def main_thread():
        while True:
            fn = main.get()
            if fn is None:
                return
            fn()

    consumer = threading.Thread(target=main_thread)
    consumer.start()
    factory = MockFactory()
    h = BidHandsets(hw_settings.load().handsets, pin_factory=factory, post=main.put, on_lock=on_lock,
                    defer_locks=defer)
    pin = h.buttons[0, "lock"].pin
    try:
        for _ in range(presses):
            h.start_auction({0: 100} if defer else florins or {0: 100, 1: 100})
            done.clear()
            marks["t0"] = time.perf_counter()
            if via_gpio:
                pin.drive_low()
            else:
                h.lock(0)
            done.wait(2)
            pin.drive_high()
    finally:
        main.put(None)
        consumer.join()
        h.close()
    return times


def engine_hook():
    """(apply a LockBid to a state in the bidding phase, note) if the engine is in this tree."""
    try:
        from companion.games.magnifico import commands as C
        from companion.games.magnifico import engine as E
        from companion.games.magnifico.demo import demo_header, next_command
    except ImportError:
        return None, None, "engine not in this tree: the LockBid step is not measured"
    state = E.new_game(demo_header(5))
    k = 0
    while state.phase != "bidding":  # the demo's bots play up to the first auction
        state, _ = E.apply(state, next_command(state, random.Random(f"1:{k}")))
        k += 1
    florins = {seat: state.seats[seat].florins for seat in range(state.n)}
    seen = []

    def apply(seat, amount):
        new, events = E.apply(state, C.LockBid(seat, amount))  # the state is never mutated
        seen.append(events[0]["type"])

    return apply, florins, f"engine: LockBid applied to a 5-player game in its first auction ({k} commands in)"


def noisy_stream(n: int, seed: int = 1) -> bytes:
    rng = random.Random(seed)
    out = bytearray()
    for i in range(n):
        r = i % 3
        if r == 0:
            out += frame(f"ROLL {i % 1000} mag " + ",".join(rng.choice("HBX") for _ in range(6)))
        elif r == 1:
            out += frame("ROLLING")
        else:
            out += rng.choice([
                bytes(rng.choice([b for b in range(256) if b != 10]) for _ in range(40)) + b"\n",
                b"ROLL 5 d6 6,6 *0000\n",
                b"ROLL 5 d6 6,6\n",
                b"Z" * 150 + b"\n",
                b"WHAT is this\r\n",
            ])
    return bytes(out)


def clean_stream(n: int) -> bytes:
    return b"".join(frame(f"ROLL {i % 1000} mag H,B,X,H,H,B") for i in range(n))


def parse_rate(data: bytes, n: int, repeats: int = 5) -> float:
    rates = []
    for _ in range(repeats):
        reader = DiceReader("loop://")
        reader.arm(6, "mag")
        t0 = time.perf_counter()
        reader.feed(data)
        rates.append(n / (time.perf_counter() - t0))
    return statistics.median(rates)


def checksum_rates(data: bytes, repeats: int = 5) -> tuple[float, float]:
    """Lines/s of the CRC-16 alone and of version 1's XOR alone, over the same line bodies."""
    bodies = [line.rpartition(b" *")[0] for line in data.split(b"\n") if line]
    out = []
    for fn in (crc, xor8):
        times = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            for body in bodies:
                fn(body)
            times.append(time.perf_counter() - t0)
        out.append(len(bodies) / statistics.median(times))
    return out[0], out[1]


def pty_rate(n: int, repeats: int = 3) -> tuple[float, float]:
    data = noisy_stream(n)
    rates = []
    for _ in range(repeats):
        sim = VirtualReader(hello_every=0.05).start()
        reader = DiceReader(sim.path, read_timeout=0.01)
        reader.start()
        reader.connected.wait(2)
        sim.wait_heard()
        lines_before = reader.stats["lines"]
        t0 = time.perf_counter()
        sim.raw(data, timeout=30)
        sim.send("PONG")  # the end marker
        deadline = time.monotonic() + 30
        while reader.stats["pongs"] < 1 and time.monotonic() < deadline:
            time.sleep(0.001)
        elapsed = time.perf_counter() - t0
        got = reader.stats["lines"] - lines_before + reader.stats["too_long"]
        rates.append(got / elapsed)
        reader.stop()
        sim.unplug()
    return statistics.median(rates), len(data) / n


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--presses", type=int, default=300)
    p.add_argument("--lines", type=int, default=20000)
    args = p.parse_args(argv)
    logging.getLogger("hardware").setLevel(logging.ERROR)  # the noise is logged on purpose
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cpus")

    base = lock_latency(args.presses, via_gpio=False)
    gpio = lock_latency(args.presses, via_gpio=True)
    mb, mg = statistics.median(base), statistics.median(gpio)
    p99 = sorted(gpio)[int(len(gpio) * 0.99) - 1]
    print(f"lock latency, mock press -> on_lock on the main thread: median {ms(mg)}, p99 {ms(p99)} "
          f"({len(gpio)} presses; target < 50 ms; Kivy's Clock adds up to one frame, ~17 ms)")
    print(f"  baseline (BidHandsets.lock from another thread, no gpiozero): median {ms(mb)}; ratio {mg / mb:.2f}x")
    last = statistics.median(lock_latency(args.presses, via_gpio=True, defer=True))
    print(f"  the last lock (default defer_locks: the reveal hands the amounts over): median {ms(last)}")
    apply, florins, note = engine_hook()
    if apply is not None:
        eng = lock_latency(args.presses, via_gpio=True, engine=apply, florins=florins)
        me = statistics.median(eng)
        print(f"  mock press -> on_lock -> engine.apply(LockBid) done: median {ms(me)} ({note}); "
              f"ratio to the press alone {me / mg:.2f}x")
    else:
        print(f"  {note}")

    noisy, clean = noisy_stream(args.lines), clean_stream(args.lines)
    rn, rc = parse_rate(noisy, args.lines), parse_rate(clean, args.lines)
    print(f"reader parsing, {args.lines} noisy lines (1 in 3 garbage): median {rn:,.0f} lines/s; "
          f"clean baseline {rc:,.0f} lines/s; ratio {rn / rc:.2f}x")
    rcrc, rxor = checksum_rates(clean)
    print(f"  the checksum alone: CRC-16 (binascii.crc_hqx) {rcrc:,.0f} lines/s; version 1's XOR in Python "
          f"{rxor:,.0f} lines/s; ratio {rcrc / rxor:.2f}x")
    n = max(args.lines // 4, 1000)
    rp, avg = pty_rate(n)
    print(f"reader end to end through a pty, {n} noisy lines (~{avg:.0f} bytes each): median {rp:,.0f} lines/s "
          f"(~{rp * avg / 1024:,.0f} KiB/s; 115200 baud carries ~11 KiB/s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
