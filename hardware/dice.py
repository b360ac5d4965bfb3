"""One dice interface, three sources: the dice reader, faces typed on the screen, the app's roll.

The app asks for a roll with ``DiceDesk.request(n, kind)``. Any source may then offer a
*candidate* (``on_candidate(roll)``, through ``post``); the table looks at it and
``confirm()`` returns the roll the engine gets, or ``reject()`` throws it away and waits
on. Only a confirmed roll leaves the desk, and only one that has the number and kind of
dice asked for. Kinds: ``mag`` (Magnifico's die: "hit" / "blank" / "explosion", the
battle notation's words), ``d6``, ``d10`` (1-10; a typed or read 0 means 10), ``d12`` (ints).

A roll of the wrong size or kind from the reader is never a candidate: it goes to
``on_rejected(roll, message)`` (and ``on_notice``) so the screen can show what was seen.
Refusals of typed faces raise ``InputRefused``; every text is a keyed ``HardwareMessage``.
"""

from __future__ import annotations

import logging
import random
import re
import secrets
import threading
from dataclasses import dataclass
from typing import Callable

from companion.core import dice as core_dice
from hardware.dice_protocol import KINDS, MAG_FACES, MAG_LETTERS, ZERO_MEANS, LineError, face_number
from hardware.errors import InputRefused
from hardware.messages import HardwareMessage
from hardware.messages import text as hw_text

log = logging.getLogger(__name__)

SOURCES = ("reader", "typed", "app")
FACE_WORDS = {"h": "hit", "hit": "hit", "b": "blank", "blank": "blank", "x": "explosion",
              "e": "explosion", "explosion": "explosion"}


@dataclass(frozen=True)
class Roll:
    kind: str
    values: tuple
    source: str = "app"
    seq: int | None = None

    def to_json(self) -> dict:
        """``{"kind": "mag", "faces": [...]}`` or ``{"kind": "d6", "values": [...]}``."""
        key = "faces" if self.kind == "mag" else "values"
        return {"kind": self.kind, key: list(self.values)}

    def __str__(self):
        if self.kind == "mag":
            return " ".join(MAG_LETTERS[v] for v in self.values)
        return " ".join(str(v) for v in self.values)


def check_kind(kind: str) -> None:
    if kind not in KINDS:
        raise InputRefused.of("unknown_kind", kind=str(kind), kinds=", ".join(KINDS))


def faces_of(kind: str) -> tuple:
    check_kind(kind)
    return tuple(MAG_FACES[f] for f in KINDS["mag"]) if kind == "mag" else KINDS[kind]


def mismatch(n: int, kind: str, roll_kind: str, count: int) -> HardwareMessage | None:
    """Why a roll of ``count`` ``roll_kind`` dice does not answer a request for n ``kind``."""
    if roll_kind != kind:
        return hw_text("roll_wrong_kind", seen=roll_kind, kind=kind)
    if count != n:
        return hw_text("roll_wrong_count", count=count, n=n)
    return None


def parse_typed(text: str | list, n: int, kind: str) -> Roll:
    """Faces typed on the screen: "H H B X", "hit, blank", "HHBX", or "3 5 6" for numbers."""
    check_kind(kind)
    if isinstance(text, (list, tuple)):
        tokens = [str(t).strip().lower() for t in text]
    else:
        tokens = [t for t in re.split(r"[\s,;]+", text.strip().lower()) if t]
        if kind == "mag" and len(tokens) == 1 and len(tokens[0]) > 1 and tokens[0] not in FACE_WORDS:
            tokens = list(tokens[0])  # "hhbx"
    values: list[str | int] = []
    for tok in tokens:
        if kind == "mag":
            if tok not in FACE_WORDS:
                raise InputRefused.of("not_a_mag_face", face=tok)
            values.append(FACE_WORDS[tok])
        else:
            try:
                values.append(face_number(kind, tok))
            except LineError:
                key = "not_a_face_zero" if kind in ZERO_MEANS else "not_a_face"
                raise InputRefused.of(key, face=tok, kind=kind, top=KINDS[kind][-1]) from None
    if len(values) != n:
        raise InputRefused.of("dice_typed", count=len(values), n=n)
    return Roll(kind, tuple(values), "typed")


def app_roll(n: int, kind: str, rng: random.Random | None = None) -> Roll:
    """The app's own roll: a secure random source unless a seeded one is given (demos, tests)."""
    check_kind(kind)
    rng = rng or secrets.SystemRandom()
    return Roll(kind, tuple(core_dice.kind(kind).roll(rng, n)), "app")  # mag: 3 hit, 2 blank, 1 explosion


class DiceDesk:
    """Where a roll is asked for, offered by a source, and confirmed by the table."""

    def __init__(
        self,
        *,
        reader=None,
        post: Callable | None = None,
        on_candidate: Callable[[Roll], None] | None = None,
        on_notice: Callable[[str], None] | None = None,
        on_rejected: Callable[[Roll, HardwareMessage], None] | None = None,
        rng: random.Random | None = None,
    ):
        self.reader = reader
        self.post = post or (lambda fn: fn())
        self.on_candidate = on_candidate
        self.on_notice = on_notice
        self.on_rejected = on_rejected
        self.rng = rng
        self._lock = threading.Lock()
        self._request: tuple[int, str] | None = None
        self._candidate: Roll | None = None
        if reader is not None:
            reader.add_listener(self._reader_event)

    @property
    def request_open(self) -> tuple[int, str] | None:
        return self._request

    @property
    def candidate(self) -> Roll | None:
        return self._candidate

    def request(self, n: int, kind: str) -> None:
        """The app now needs ``n`` dice of ``kind``; the reader (if any) is armed."""
        check_kind(kind)
        if n < 1:
            raise InputRefused.of("roll_needs_a_die")
        with self._lock:
            self._request = (n, kind)
            self._candidate = None
        if self.reader is not None:
            self.reader.arm(n, kind)

    def cancel(self) -> None:
        with self._lock:
            self._request = None
            self._candidate = None
        if self.reader is not None:
            self.reader.disarm()

    def roll_here(self) -> Roll:
        """The app rolls the dice asked for; the result is offered like any other."""
        n, kind = self._need()
        return self._offer(app_roll(n, kind, self.rng))

    def type_faces(self, text) -> Roll:
        """Faces the table typed; InputRefused with the reason if they do not fit the request."""
        n, kind = self._need()
        return self._offer(parse_typed(text, n, kind))

    def confirm(self, roll: Roll | None = None) -> Roll:
        """The table accepts the candidate: the roll for the engine. The request closes."""
        with self._lock:
            if self._candidate is None or (roll is not None and roll != self._candidate):
                raise InputRefused.of("no_roll_to_confirm")
            roll, self._candidate, self._request = self._candidate, None, None
        if self.reader is not None:
            self.reader.disarm()
        log.info("roll confirmed from %s: %s", roll.source, roll)
        return roll

    def reject(self) -> None:
        """The table refuses the candidate (a die was cocked): wait for another."""
        with self._lock:
            self._candidate = None

    def _need(self) -> tuple[int, str]:
        with self._lock:
            if self._request is None:
                raise InputRefused.of("no_roll_expected")
            return self._request

    def _offer(self, roll: Roll) -> Roll:
        with self._lock:
            if self._request is None:
                raise InputRefused.of("no_roll_expected")
            n, kind = self._request
            reason = mismatch(n, kind, roll.kind, len(roll.values))
            if reason:
                raise InputRefused(reason)
            self._candidate = roll
        if self.on_candidate is not None:
            self.post(lambda: self.on_candidate(roll))
        return roll

    def _reader_event(self, event: dict) -> None:
        """Reader thread: a roll that fits becomes the candidate; a roll that does not goes
        to ``on_rejected`` with the reason; anything else is a notice."""
        if event["type"] == "roll":
            try:
                self._offer(event["roll"])
            except InputRefused as err:  # the desk's request changed since the reader was armed
                self._reject(event["roll"], err.message)
        elif event["type"] == "rejected":
            self._reject(event["roll"], event["text"])
        elif event["type"] in ("error", "disconnected", "connected", "rolling", "incompatible"):
            self._notify(event["text"])

    def _reject(self, roll: Roll, reason) -> None:
        log.info("roll from the reader not used: %s", reason)
        if self.on_rejected is not None:
            on_rejected = self.on_rejected
            self.post(lambda: on_rejected(roll, reason))
        self._notify(reason)

    def _notify(self, message) -> None:
        if self.on_notice is not None:
            on_notice = self.on_notice
            self.post(lambda: on_notice(message))
