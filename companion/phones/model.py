"""What the phones may know of the table: plain data the app shell hands the server.

The shell builds a ``Sealed`` after every change (a command accepted, an undo, a resume)
from the game's ``expects(state)`` and what it knows of the game's sealed group; the
server turns it into one view per seat. Nothing here knows a game: a request is a group
("bids", "factions"), the command that answers it, and either ``choices`` or
``step``/``minimum``/``maximum``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core.game import Expect, ExpectKind


@dataclass(frozen=True)
class Seat:
    """A seat as its phone shows it: name, colour and its own money (never another's)."""

    name: str
    color: str = ""
    money: int | None = None


@dataclass(frozen=True)
class Request:
    """A sealed choice a seat owes: pick one of ``choices``, or a number in steps."""

    group: str
    command: str = ""
    choices: tuple[Any, ...] = ()
    step: int = 1
    minimum: int = 0
    maximum: int | None = None
    labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Optional words for the page: ``{"title": {"en", "it"}, "<choice>": {"en", "it"}}``;
    missing ones come from the catalogues (``companion.phones.texts``)."""

    @classmethod
    def from_expect(cls, expect: Expect) -> Request:
        if expect.kind is not ExpectKind.SEALED or expect.group is None:
            raise ValueError("not a sealed choice")
        return cls(expect.group, expect.command, tuple(expect.choices), expect.step, expect.minimum,
                   expect.maximum)

    def signature(self) -> tuple[Any, ...]:
        """What makes two requests the same question (a phone's answer to one fits the other)."""
        return (self.group, self.command, self.choices, self.step, self.minimum, self.maximum)

    @property
    def kind(self) -> str:
        """``"choice"`` (one of ``choices``), ``"amount"`` (a number in steps) or
        ``"choice_amount"`` (both: Leonardo's sealed market bet, a product and a stake).
        A request has an amount when it has a ``maximum``."""
        if self.choices:
            return "choice" if self.maximum is None else "choice_amount"
        return "amount"

    def accepts(self, value: Any) -> bool:
        """Whether ``value`` answers this request (the engine still has the last word):
        a choice, an int, or ``{"choice": c, "amount": n}``."""
        kind = self.kind
        if kind == "choice":
            return self._choice_ok(value)
        if kind == "amount":
            return self._amount_ok(value)
        return (isinstance(value, dict) and set(value) == {"choice", "amount"}
                and self._choice_ok(value["choice"]) and self._amount_ok(value["amount"]))

    def _choice_ok(self, value: Any) -> bool:
        return any(type(value) is type(c) and value == c for c in self.choices)

    def _amount_ok(self, value: Any) -> bool:
        if not isinstance(value, int) or isinstance(value, bool):
            return False
        if value < self.minimum or (self.maximum is not None and value > self.maximum):
            return False
        return self.step <= 1 or (value - self.minimum) % self.step == 0

    def to_json(self) -> dict[str, Any]:
        return {"group": self.group, "kind": self.kind, "choices": list(self.choices), "step": self.step,
                "minimum": self.minimum, "maximum": self.maximum}


@dataclass(frozen=True)
class Sealed:
    """The table as the phones see it now.

    - ``requests``: seat -> what it owes and has not locked yet;
    - ``locked``: seat -> its own locked value (sent to that seat alone; ``None`` when the
      shell does not know it, e.g. a lock from before a restart);
    - ``revealed``: after the last lock, every seat's value (public from then on), under
      the group ``revealed_group``; ``None`` before.
    A seat in neither ``requests`` nor ``locked`` has nothing sealed to do now.
    """

    seats: tuple[Seat, ...] = ()
    requests: Mapping[int, Request] = field(default_factory=dict)
    locked: Mapping[int, Any] = field(default_factory=dict)
    revealed: Mapping[int, Any] | None = None
    revealed_group: str | None = None
    money_unit: Mapping[str, str] = field(default_factory=dict)  # {"en": "florins", "it": "fiorini"}
    domain: str = ""  # the game's catalogue, where labels of its groups are looked up first
    group: str | None = None  # the group the locks belong to, when no request names it
    label_keys: Mapping[str, str] = field(default_factory=dict)  # group -> its choices' key prefix

    def open_group(self) -> str | None:
        """The sealed group open now (None when nobody owes or holds a sealed choice)."""
        for request in self.requests.values():
            return request.group
        return self.group if self.locked else None

    def status(self, seat: int) -> str:
        """``"owes"``, ``"locked"`` or ``"idle"``."""
        if seat in self.requests:
            return "owes"
        if seat in self.locked:
            return "locked"
        return "idle"

    @classmethod
    def from_game(cls, game: Any, state: Any, header: Mapping[str, Any], *,
                  money: Mapping[int, int] | None = None, locked: Mapping[int, Any] | None = None,
                  revealed: Mapping[int, Any] | None = None, revealed_group: str | None = None,
                  money_unit: Mapping[str, str] | None = None, group: str | None = None,
                  label_keys: Mapping[str, str] | None = None) -> Sealed:
        """Seats from the header, requests from ``game.expects(state)``; the rest (whose
        locks hold what, the revealed values, the money) is the game's to say.
        ``label_keys`` names, per group, the prefix of its choices' words in the game's
        catalogue (``{"factions": "faction.", "market_bets": "product."}``)."""
        from .texts import catalogue_labels

        domain = str(getattr(game, "domain", ""))
        seats = tuple(Seat(str(s.get("name", "")), str(s.get("color", "")),
                           None if money is None else money.get(i))
                      for i, s in enumerate(header.get("seats", [])))
        requests = {}
        for e in game.expects(state):
            if e.kind is ExpectKind.SEALED and e.seat is not None:
                request = Request.from_expect(e)
                prefix = (label_keys or {}).get(request.group)
                if prefix is not None:
                    request = replace(request, labels=catalogue_labels(domain, prefix, request.choices))
                requests[e.seat] = request
        return cls(seats, requests, dict(locked or {}), None if revealed is None else dict(revealed),
                   revealed_group, dict(money_unit or {}), domain, group, dict(label_keys or {}))
