"""Sealed entries on GPIO handsets: the ``BidHandsets`` controller.

One handset per seat: up and down buttons, a lock button (press again, or hold, to unlock
before the reveal), an LED (off: waiting, blinking: entering, on: locked) and optionally a
TM1637 display that shows the seat's own entry to that player alone. A seat without a
display (or without a handset) enters on the app's private keypad (``set_value``) and
locks with its button (or ``lock`` from the screen).

What a seat enters is an ``Ask`` (``hardware.asks``) per request: a number with its step,
minimum and maximum (a Magnifico bid: 10 up to the florins held, in tens; an auction in
fives), or one of a few choices (a Leonardo faction). ``start_sealed(asks)`` opens any
request; ``start_auction(florins)`` keeps today's Magnifico bid as the default.

The controller never imports the engine or Kivy. Everything it reports goes through the
injected ``post(fn)`` so that gpiozero's background threads hand over to the app's main
thread (``Clock.schedule_once`` in the app, a queue in tests); ``post`` must keep order.

Callbacks (all optional):

- ``on_state(seat, state)``: "waiting" / "entering" / "locked". For the shared screen:
  it never carries a value.
- ``on_lock(seat, value)`` / ``on_unlock(seat)``: for the engine's sealed command (``LockBid``
  / ``UnlockBid``) only; never show or log the value. By default (``defer_locks=True``) no
  value leaves this object before the last seat locks: then ``on_lock`` is posted for
  every seat in seat order, followed by ``on_all_locked``; unlocks before that stay here.
  With ``defer_locks=False`` each lock and unlock is posted at once (the engine then
  holds the sealed values, and they survive a restart of the app).
- ``on_all_locked(values)``: once, when the last seat locks; maps seat to value.
- ``on_notice(seat, text)``: a short keyed message for the screen ("enter it on the
  screen's private keypad first"); never a value.

After a restart, ``locked=`` reopens the seats the engine already holds locked (see
``start_sealed``). Debouncing is gpiozero's ``bounce_time`` alone (``bounce_ms``).

The log never holds a value, nor a press: only that a seat locked or unlocked.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from hardware.asks import Ask, Value, display_text, magnifico_bid
from hardware.errors import HardwareError, InputRefused
from hardware.handset_devices import BUTTONS, HandsetDevices
from hardware.messages import text
from hardware.settings import HandsetSettings, HardwareSettings

log = logging.getLogger(__name__)

WAITING, ENTERING, LOCKED = "waiting", "entering", "locked"
STEP = 10  # Magnifico's default: bids in tens...
MINIMUM = 10  # ...of at least 10 florins
__all__ = ["Ask", "BUTTONS", "BidHandsets", "Handsets", "display_text", "WAITING", "ENTERING", "LOCKED"]


@dataclass
class _Seat:
    seat: int
    state: str = WAITING
    value: Value | None = None
    ask: Ask | None = None
    name: object = ""
    keypad: bool = True  # the value comes from the app's keypad, not up/down
    held: bool = False  # the engine holds this seat's lock (posted, or restored after a restart)


@dataclass
class _Press:
    down: bool = False  # a press that has not been released yet
    hold_unlocks: bool = False  # this press began on a locked seat (hold mode)


def _direct(fn: Callable[[], None]) -> None:
    fn()


class BidHandsets:
    """Per seat: the value being entered, a state, and the devices that show them."""

    def __init__(
        self,
        settings: HandsetSettings,
        *,
        pin_factory: Any = None,
        factory_label: str = "MockFactory",
        post: Callable[[Callable[[], None]], None] | None = None,
        on_state: Callable[[int, str], None] | None = None,
        on_lock: Callable[[int, Value | None], None] | None = None,
        on_unlock: Callable[[int], None] | None = None,
        on_all_locked: Callable[[dict[int, Value | None]], None] | None = None,
        on_notice: Callable[[int, str], None] | None = None,
        defer_locks: bool = True,
        blink_s: float = 0.5,
    ) -> None:
        self.settings = settings
        self.post = post or _direct
        self.on_state = on_state
        self.on_lock = on_lock
        self.on_unlock = on_unlock
        self.on_all_locked = on_all_locked
        self.on_notice = on_notice
        self.defer_locks = defer_locks
        self.factory_label = factory_label
        self._lock = threading.RLock()
        self._seats: dict[int, _Seat] = {}
        self._takers: tuple[int, ...] = ()
        self._revealed = False
        self._presses: dict[tuple[int, str], _Press] = {}
        self.devices = HandsetDevices(settings, self._edge, pin_factory=pin_factory, blink_s=blink_s)
        if settings.present():
            log.info("handsets ready: %s", self.status)

    # -- construction --------------------------------------------------------------------

    @classmethod
    def from_settings(cls, settings: HardwareSettings, *, model: str | None | bool = False, **kwargs):
        """Real pins on a Pi, MockFactory elsewhere (never mock pins silently on a Pi)."""
        from hardware.gpio import pin_factory

        factory, label = pin_factory(settings.mode, settings.pin_factory, model=model)
        try:
            return cls(settings.handsets, pin_factory=factory, factory_label=label, **kwargs)
        except HardwareError:
            raise
        except Exception as err:  # noqa: BLE001 - e.g. a pin busy or not permitted
            raise HardwareError.of("handsets_cannot_open", factory=label, error=str(err)) from err

    @property
    def buttons(self) -> dict[tuple[int, str], Any]:
        return self.devices.buttons

    @property
    def leds(self) -> dict[int, Any]:
        return self.devices.leds

    @property
    def displays(self) -> Any:
        return self.devices.displays

    def close(self) -> None:
        self.devices.close()

    def __enter__(self) -> BidHandsets:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- what the app asks ---------------------------------------------------------------

    @property
    def status(self) -> str:
        """One line for the settings screen (a keyed message)."""
        present = self.settings.present()
        if not present:
            return text("handsets_none")
        if self.factory_label == "MockFactory":
            return text("handsets_simulated")
        return text("handsets_gpio", n=len(present), factory=self.factory_label)

    def has_handset(self, seat: int) -> bool:
        return self.devices.has_handset(seat)

    def has_display(self, seat: int) -> bool:
        return self.devices.has_display(seat)

    def uses_keypad(self, seat: int) -> bool:
        """True when the seat enters its value on the app's private keypad."""
        return not self.has_display(seat)

    def state(self, seat: int) -> str:
        with self._lock:
            s = self._seats.get(seat)
            return s.state if s else WAITING

    def states(self) -> dict[int, str]:
        """Seat -> state: safe for the shared screen."""
        with self._lock:
            return {seat: s.state for seat, s in self._seats.items()}

    def ask_of(self, seat: int) -> Ask | None:
        """What the seat may enter now (for its private keypad), None if it takes no part."""
        with self._lock:
            s = self._seats.get(seat)
            return s.ask if s else None

    @property
    def all_locked(self) -> bool:
        with self._lock:
            return self._revealed

    def values(self) -> dict[int, Value | None]:
        """The values, once every seat has locked; before that a HardwareError."""
        with self._lock:
            if not self._revealed:
                raise HardwareError.of("still_sealed")
            return {seat: self._seats[seat].value for seat in self._takers}

    bids = values

    def private_value(self, seat: int) -> Value | None:
        """The value a seat is entering, for that seat's own private view only."""
        with self._lock:
            s = self._seats.get(seat)
            return s.value if s else None

    private_amount = private_value

    def led_mode(self, seat: int) -> str | None:
        """"off", "blink" or "on": what the seat's LED does (None without an LED)."""
        return self.devices.led_mode(seat)

    # -- a sealed request ------------------------------------------------------------------

    def start_sealed(
        self,
        asks: Mapping[int, Ask],
        *,
        names: Mapping[int, object] | None = None,
        locked: Iterable[int] | Mapping[int, Value | None] = (),
        waiting: Iterable[int] = (),
    ) -> None:
        """Open a sealed request: each seat in ``asks`` enters what its Ask allows; seats in
        ``waiting`` take no part (shown waiting).

        ``locked`` reopens a request after a restart: the seats the engine already holds a
        locked entry for. They show locked (LED on, display "L"), their value stays hidden
        from the shared screen and the log, nothing is sent to the engine for them, and a
        press of lock still unlocks them (``on_unlock`` is then posted: the engine drops the
        entry it holds). Give a mapping ``{seat: value}`` to show each seat its own locked
        value on its display as before the restart ("L 30", and up/down go on from 30 after
        an unlock); with bare seats (or a None value) the display shows "L" alone and an
        unlock starts again from the Ask's first value.
        """
        names = dict(names or {})
        held = dict(locked) if isinstance(locked, Mapping) else {seat: None for seat in locked}
        asks = {seat: ask for seat, ask in asks.items()}
        for seat, ask in asks.items():
            who = names.get(seat, text("seat", seat=seat))
            if ask.empty:
                raise InputRefused.of("nothing_to_enter", name=who, minimum=ask.minimum,
                                      maximum=ask.maximum)
            if held.get(seat) is not None:
                ask.check(held[seat], who)
        with self._lock:
            self._revealed = False
            self._takers = tuple(sorted(asks))
            self._seats = {}
            for seat in sorted(set(asks) | set(waiting)):
                s = _Seat(seat, name=names.get(seat, text("seat", seat=seat)), keypad=self.uses_keypad(seat))
                if seat in asks:
                    s.ask = asks[seat]
                    if seat in held:
                        s.state, s.held, s.value = LOCKED, True, held[seat]
                    else:
                        s.state = ENTERING
                        s.value = None if s.keypad else s.ask.first()
                self._seats[seat] = s
                self._post(self.on_state, s.seat, s.state)
            log.info("sealed entry opened for %d seats (%d already locked)", len(asks), len(held.keys() & asks.keys()))
            self._check_all_locked()
        for seat in self._seats:
            self._sync(seat)

    def start_auction(
        self,
        florins: Mapping[int, int],
        bidders: Iterable[int] | None = None,
        *,
        names: Mapping[int, object] | None = None,
        locked: Iterable[int] | Mapping[int, Value | None] = (),
        step: int = STEP,
        minimum: int = MINIMUM,
    ) -> None:
        """Magnifico's sealed bids (the default): ``florins`` is every seat's florins;
        ``bidders`` the seats that bid (default: those with at least ``minimum``); each bids
        ``minimum`` up to its florins in ``step``s. ``locked`` as in ``start_sealed``."""
        names = dict(names or {})
        if bidders is None:
            bidders = [seat for seat, f in florins.items() if f >= minimum]
        bidders = tuple(bidders)
        for seat in bidders:
            if florins.get(seat, 0) < minimum:
                who = names.get(seat, text("seat", seat=seat))
                raise InputRefused.of("cannot_bid", name=who, florins=florins.get(seat, 0), minimum=minimum)
        asks = {seat: magnifico_bid(florins[seat], step=step, minimum=minimum) for seat in bidders}
        self.start_sealed(asks, names=names, locked=locked, waiting=[s for s in florins if s not in asks])

    def close_sealed(self) -> None:
        """Back to waiting: LEDs off, displays blank."""
        with self._lock:
            seats = list(self._seats.values())
            self._seats = {}
            self._takers = ()
            self._revealed = False
            for s in seats:
                if s.state != WAITING:
                    s.state = WAITING
                    self._post(self.on_state, s.seat, s.state)
        for s in seats:
            self._sync(s.seat)

    close_auction = close_sealed

    def set_value(self, seat: int, value: Value) -> None:
        """The value from the seat's private keypad (or an on-screen up/down)."""
        with self._lock:
            s = self._taker(seat)
            if s.state == LOCKED:
                raise InputRefused.of("locked_unlock_first", name=s.name)
            assert s.ask is not None
            s.value = s.ask.check(value, s.name)
        self._sync(seat)

    set_amount = set_value

    def lock(self, seat: int) -> None:
        """Lock from the screen (a seat without a handset)."""
        with self._lock:
            s = self._taker(seat)
            if s.state == LOCKED:
                return
            if s.value is None:
                raise InputRefused.of("enter_first", name=s.name)
            self._lock_seat(s)
        self._sync(seat)

    def unlock(self, seat: int) -> None:
        """Unlock from the screen, or when the app must take a lock back."""
        with self._lock:
            s = self._taker(seat)
            if self._revealed:
                raise InputRefused.of("already_revealed")
            if s.state != LOCKED:
                return
            self._unlock_seat(s)
        self._sync(seat)

    def _taker(self, seat: int) -> _Seat:
        s = self._seats.get(seat)
        if s is None or seat not in self._takers:
            raise InputRefused.of("takes_no_part", name=text("seat", seat=seat))
        return s

    # -- state changes (called with self._lock held) ---------------------------------------

    def _post(self, fn: Callable[..., None] | None, *args: object) -> None:
        if fn is not None:
            self.post(lambda: fn(*args))

    def _notice(self, s: _Seat, key: str) -> None:
        self._post(self.on_notice, s.seat, text(key))  # never logged: it would tell of a press

    def _lock_seat(self, s: _Seat) -> None:
        s.state = LOCKED
        log.info("%s locked", s.name)
        self._post(self.on_state, s.seat, s.state)
        if not self.defer_locks:
            s.held = True
            self._post(self.on_lock, s.seat, s.value)
        self._check_all_locked()

    def _unlock_seat(self, s: _Seat) -> None:
        s.state = ENTERING
        log.info("%s unlocked", s.name)
        self._post(self.on_state, s.seat, s.state)
        if s.value is None and not s.keypad and s.ask is not None:
            s.value = s.ask.first()  # reopened after a restart without its value
        if s.held:
            s.held = False
            self._post(self.on_unlock, s.seat)

    def _check_all_locked(self) -> None:
        if self._revealed or not self._takers:
            return
        if all(self._seats[seat].state == LOCKED for seat in self._takers):
            self._revealed = True
            values = {seat: self._seats[seat].value for seat in self._takers}
            log.info("every seat has locked: the entries can be revealed")
            for seat in self._takers:
                s = self._seats[seat]
                if not s.held:
                    s.held = True
                    self._post(self.on_lock, seat, values[seat])
            self._post(self.on_all_locked, values)

    # -- buttons ---------------------------------------------------------------------------

    def _edge(self, seat: int, button: str, edge: str) -> None:
        with self._lock:
            p = self._presses.setdefault((seat, button), _Press())
            if edge == "release":
                p.down = False
                return
            if edge == "hold":
                if not (p.down and p.hold_unlocks):
                    return
                p.hold_unlocks = False
                s = self._seats.get(seat)
                if not (s and s.state == LOCKED and not self._revealed and seat in self._takers):
                    return
                self._unlock_seat(s)
            else:
                p.down = True
                p.hold_unlocks = False
                if not self._press(seat, button, p):
                    return
        self._sync(seat)

    def _press(self, seat: int, button: str, p: _Press) -> bool:
        """One press; True when the seat's outputs must be updated. Nothing here is logged."""
        s = self._seats.get(seat)
        if s is None or seat not in self._takers or s.state == WAITING or self._revealed:
            return False
        if button in ("up", "down"):
            if s.state == LOCKED:
                self._notice(s, "notice_locked")
                return False
            if s.keypad:
                self._notice(s, "notice_use_keypad")
                return False
            assert s.ask is not None and s.value is not None
            new = s.ask.moved(s.value, 1 if button == "up" else -1)
            if new == s.value:
                return False
            s.value = new
            return True
        # the lock button
        if s.state == ENTERING:
            if s.value is None:
                self._notice(s, "notice_keypad_first")
                return False
            self._lock_seat(s)
            return True
        if self.settings.unlock == "hold":
            p.hold_unlocks = True  # a hold of this press unlocks; a short press does nothing
            return False
        self._unlock_seat(s)
        return True

    # -- outputs ---------------------------------------------------------------------------

    def _sync(self, seat: int) -> None:
        """Make the seat's LED and display match its state."""
        def read() -> tuple[str, Value | None, Ask | None]:
            with self._lock:
                s = self._seats.get(seat)
                return (s.state, s.value, s.ask) if s else (WAITING, None, None)

        self.devices.show(seat, read)


Handsets = BidHandsets  # the generic name: any sealed request, not only bids
