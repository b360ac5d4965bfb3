"""Per-game, per-seat tokens: what a seat's QR code carries and every request must show.

A token is 32 random bytes (``secrets.token_urlsafe``), fresh for each game and for each
seat; "kick this phone" gives that seat a new one, so the old link stops working at once.
``seat_of`` compares a presented token with every seat's in constant time
(``hmac.compare_digest``) and never stops early, so timing tells nothing of which seat or
how many characters matched. Thread-safe: the server checks from its own thread.
"""

from __future__ import annotations

import hmac
import secrets
import threading

TOKEN_BYTES = 32
MAX_TOKEN_CHARS = 64  # token_urlsafe(32) is 43 characters; anything longer is refused unread


class TokenBook:
    """The valid token of each seat of the current game."""

    def __init__(self, seats: int = 0) -> None:
        self._lock = threading.Lock()
        self._tokens: dict[int, str] = {}
        self.generation = 0  # bumped whenever any token changes (a page can tell it is stale)
        if seats:
            self.new_game(seats)

    def new_game(self, seats: int) -> None:
        """Fresh tokens for ``seats`` seats; every older token is refused from now on."""
        with self._lock:
            self._tokens = {seat: secrets.token_urlsafe(TOKEN_BYTES) for seat in range(seats)}
            self.generation += 1

    def kick(self, seat: int) -> None:
        """A new token for ``seat``: the phone that held the old one is out."""
        with self._lock:
            if seat not in self._tokens:
                raise KeyError(seat)
            self._tokens[seat] = secrets.token_urlsafe(TOKEN_BYTES)
            self.generation += 1

    def token(self, seat: int) -> str:
        with self._lock:
            return self._tokens[seat]

    @property
    def seats(self) -> int:
        with self._lock:
            return len(self._tokens)

    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` belongs to, or None (compared with every seat's, in constant time)."""
        if not isinstance(token, str) or not token or len(token) > MAX_TOKEN_CHARS:
            return None
        given = token.encode("utf-8", "replace")
        found = None
        with self._lock:
            for seat, valid in self._tokens.items():
                if hmac.compare_digest(given, valid.encode("ascii")):
                    found = seat
        return found

    def is_valid(self, seat: int, token: str) -> bool:
        """Whether ``token`` is still ``seat``'s (a connection checks this on every message)."""
        return self.seat_of(token) == seat

    def export(self) -> dict[str, object]:
        """The tokens as plain data, for a shell that keeps them across a restart of the app."""
        with self._lock:
            return {"tokens": {str(s): t for s, t in self._tokens.items()}}

    def restore(self, data: dict[str, object]) -> None:
        """Tokens kept by ``export`` (a resumed game keeps its phones joined)."""
        tokens = data.get("tokens")
        if not isinstance(tokens, dict) or not all(isinstance(t, str) and 20 <= len(t) <= MAX_TOKEN_CHARS
                                                    for t in tokens.values()):
            raise ValueError("not a token book")
        with self._lock:
            self._tokens = {int(s): str(t) for s, t in tokens.items()}
            self.generation += 1
