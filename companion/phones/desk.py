"""The phones' side of the table, without the network: views per seat, locks checked.

``PhoneDesk`` keeps the last ``Sealed`` the shell gave, numbers each seat's request (its
*epoch*: a lock answers the request the phone saw, never a newer one), checks a phone's
lock and unlock (the request, the value, which device holds the seat) and builds the one
view each seat's phone receives. A seat's own locked value is only ever put in that
seat's view; the others see who has locked, never what, until the reveal.

Thread-safe: the shell updates it from the main thread, the server reads it from its own.
Stdlib and ``companion.core`` only.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from .arbiter import PHONE, Arbiter
from .model import Request, Sealed
from .texts import choice_label, group_title, label, reveal_title


@dataclass(frozen=True)
class Refusal:
    """Why a phone's lock or unlock was not passed on: a key of the ``phones`` catalogue."""

    key: str


class PhoneDesk:
    """What every seat's phone may see and do now."""

    def __init__(self, arbiter: Arbiter | None = None) -> None:
        self.arbiter = arbiter or Arbiter()
        self._lock = threading.RLock()
        self._sealed = Sealed()
        self._epochs: dict[int, int] = {}
        self._asked: dict[int, Request] = {}  # the request each seat answers (kept while locked)
        self._pending: set[int] = set()  # a lock passed on, not yet confirmed by an update
        self._phones: set[int] = set()  # seats with a phone connected
        self.version = 0

    # -- from the shell (main thread) ------------------------------------------------------
    def update(self, sealed: Sealed) -> None:
        """The table changed (a command, an undo, a resume): take its new sealed state."""
        with self._lock:
            old = self._sealed
            for seat in range(len(sealed.seats)):
                now = sealed.requests.get(seat)
                before = self._asked.get(seat)
                taking_part = seat in sealed.requests or seat in sealed.locked
                took_part = seat in old.requests or seat in old.locked
                fresh = taking_part and not took_part  # a new sealed round (or a resumed one)
                changed = now is not None and before is not None and now.signature() != before.signature()
                if fresh or changed:
                    self._epochs[seat] = self._epochs.get(seat, 0) + 1  # a new question
                if now is not None:
                    self._asked[seat] = now
                elif not taking_part:
                    self._asked.pop(seat, None)
            self._pending.clear()
            self._sealed = sealed
            self.arbiter.keep_only(set(sealed.locked))
            self.version += 1

    def refused(self, seat: int) -> None:
        """The engine refused this seat's lock: it holds nothing and may try again."""
        with self._lock:
            self._pending.discard(seat)
            if seat not in self._sealed.locked:
                self.arbiter.release(seat, PHONE)

    def connected(self, seat: int, present: bool) -> None:
        with self._lock:
            if present:
                self._phones.add(seat)
            else:
                self._phones.discard(seat)

    def phones(self) -> list[int]:
        """The seats with a phone connected now."""
        with self._lock:
            return sorted(self._phones)

    @property
    def seats(self) -> int:
        with self._lock:
            return len(self._sealed.seats)

    # -- from a phone (server thread) ------------------------------------------------------
    def lock(self, seat: int, epoch: Any, value: Any) -> Refusal | None:
        """None: pass ``lock(seat, value)`` on to the table; else why not."""
        with self._lock:
            request = self._sealed.requests.get(seat)
            if request is None:
                return Refusal("refused.nothing_to_lock")
            if epoch != self._epochs.get(seat):
                return Refusal("refused.stale")
            if not request.accepts(value):
                return Refusal("refused.not_valid")
            if seat in self._pending:
                return Refusal("refused.busy")
            holder = self.arbiter.take(seat, PHONE)
            if holder is not None:
                return Refusal(f"refused.held_{holder}")
            self._pending.add(seat)
            return None

    def unlock(self, seat: int, epoch: Any) -> Refusal | None:
        """None: pass ``unlock(seat)`` on to the table; else why not."""
        with self._lock:
            if seat not in self._sealed.locked or self._sealed.revealed is not None:
                return Refusal("refused.nothing_to_unlock")
            if epoch != self._epochs.get(seat):
                return Refusal("refused.stale")
            holder = self.arbiter.may_unlock(seat, PHONE)
            if holder is not None:
                return Refusal(f"refused.held_{holder}")
            return None

    # -- what a phone receives -------------------------------------------------------------
    def view(self, seat: int) -> dict[str, Any]:
        """Everything seat ``seat``'s phone shows; nothing sealed of any other seat."""
        with self._lock:
            s = self._sealed
            if not 0 <= seat < len(s.seats):
                return {"op": "state", "seat": seat, "status": "idle", "others": [], "request": None,
                        "reveal": None, "epoch": 0}
            me = s.seats[seat]
            status = s.status(seat)
            asked = self._asked.get(seat)
            out: dict[str, Any] = {
                "op": "state", "seat": seat, "name": me.name, "color": me.color, "money": me.money,
                "unit": dict(s.money_unit), "status": status, "epoch": self._epochs.get(seat, 0),
                "pending": seat in self._pending, "request": None, "title": None, "own": None,
                "holder": None,
            }
            if asked is not None and status != "idle":
                out["request"] = {**asked.to_json(),
                                  "labels": {str(c): choice_label(s.domain, c, asked.labels) for c in asked.choices}}
                out["title"] = group_title(s.domain, asked.group, asked.labels)
            elif status == "locked":  # locked before a restart: the group is all that is known
                out["title"] = group_title(s.domain, s.open_group() or "")
            if status == "locked":
                out["own"] = s.locked.get(seat)  # this seat's own value, to this seat alone
                out["holder"] = self.arbiter.holder(seat)
            out["others"] = [{"seat": i, "name": o.name, "color": o.color, "status": s.status(i),
                              "phone": i in self._phones}
                             for i, o in enumerate(s.seats)]
            out["reveal"] = self._reveal(s)
            return out

    @staticmethod
    def _reveal(s: Sealed) -> dict[str, Any] | None:
        if s.revealed is None:
            return None
        values = []
        for seat, value in sorted(s.revealed.items()):
            if not 0 <= seat < len(s.seats):
                continue
            entry: dict[str, Any] = {"seat": seat, "name": s.seats[seat].name, "color": s.seats[seat].color,
                                     "value": value}
            if isinstance(value, (str, dict)):
                choice = value["choice"] if isinstance(value, dict) else value
                prefix = s.label_keys.get(s.revealed_group or "")
                entry["label"] = label(s.domain, f"{prefix}{choice}", str(choice)) if prefix is not None \
                    else choice_label(s.domain, choice)
            values.append(entry)
        return {"group": s.revealed_group, "title": reveal_title(s.domain, s.revealed_group or ""), "values": values}
