"""Bounds on what the phones may send: sizes, and a token bucket per peer or connection."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """Every bound the server enforces (the defaults suit five phones at a table)."""

    http_rate: float = 10.0  # page and file requests per second, per peer address
    http_burst: int = 40
    ws_rate: float = 5.0  # messages per second, per phone connection
    ws_burst: int = 20
    ws_abuse: int = 200  # messages refused in a row before the connection is closed
    ws_max_message: int = 512  # bytes; a lock is about 60
    max_connections: int = 16  # phone connections at once (one per seat counts; reloads replace)
    max_body: int = 1024  # no route takes a body
    max_line: int = 2048  # request line and each header line
    max_headers: int = 40
    peers: int = 256  # peer addresses remembered by the rate limiter


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` saved up."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class PeerBuckets:
    """One bucket per peer address, the least recently seen forgotten past ``size``."""

    def __init__(self, rate: float, burst: int, size: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.size, self.clock = rate, burst, size, clock
        self._buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, peer: str) -> bool:
        bucket = self._buckets.get(peer)
        if bucket is None:
            bucket = self._buckets[peer] = Bucket(self.rate, self.burst, self.clock)
            while len(self._buckets) > self.size:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(peer)
        return bucket.take()
