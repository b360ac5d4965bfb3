"""Sealed bids on GPIO handsets: the ``BidHandsets`` controller.

One handset per seat: up and down buttons (the bid in tens), a lock button (press again,
or hold, to unlock before the reveal), an LED (off: waiting, blinking: entering, on:
locked) and optionally a TM1637 display that shows the amount to that player alone.
A seat without a display (or without a handset) enters its amount on the app's private
keypad (``set_amount``) and locks with its button (or ``lock`` from the screen).

The controller never imports the engine or Kivy. Everything it reports goes through the
injected ``post(fn)`` so that gpiozero's background threads hand over to the app's main
thread (``Clock.schedule_once`` in the app, a queue in tests); ``post`` must keep order.

Callbacks (all optional):

- ``on_state(seat, state)``: "waiting" / "entering" / "locked". For the shared screen:
  it never carries an amount.
- ``on_lock(seat, amount)`` / ``on_unlock(seat)``: for the engine's ``LockBid`` /
  ``UnlockBid`` only; never show or log the amount. By default (``defer_locks=True``) no
  amount leaves this object before the last bidder locks: then ``on_lock`` is posted for
  every bidder in seat order, followed by ``on_all_locked``; unlocks before that stay
  here. With ``defer_locks=False`` each lock and unlock is posted at once (the engine then
  holds the sealed bids, and they survive a restart of the app).
- ``on_all_locked(bids)``: once, when the last bidder locks; ``bids`` maps seat to amount.
- ``on_notice(seat, text)``: a short message for the screen ("enter your bid on the keypad
  first"); never an amount.

No log record made here holds an amount.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping

from companion.errors import GameError
from hardware.errors import HardwareError
from hardware.settings import HandsetSettings, HardwareSettings

log = logging.getLogger(__name__)

WAITING, ENTERING, LOCKED = "waiting", "entering", "locked"
STEP = 10
MINIMUM = 10
BUTTONS = ("up", "down", "lock")


@dataclass
class _Seat:
    seat: int
    state: str = WAITING
    amount: int | None = None
    maximum: int = 0
    name: str = ""
    keypad: bool = True  # the amount comes from the app's keypad, not up/down


@dataclass
class _Guard:
    last_press: float = -math.inf
    last_release: float = -math.inf
    down: bool = False  # an accepted press that has not been released yet
    hold_unlocks: bool = False  # this press began on a locked seat (hold mode)


def _direct(fn):
    fn()


class BidHandsets:
    """Per seat: the amount being entered, a state, and the devices that show them."""

    def __init__(
        self,
        settings: HandsetSettings,
        *,
        pin_factory=None,
        factory_label: str = "MockFactory",
        post: Callable[[Callable[[], None]], None] | None = None,
        on_state=None,
        on_lock=None,
        on_unlock=None,
        on_all_locked=None,
        on_notice=None,
        defer_locks: bool = True,
        clock: Callable[[], float] = time.monotonic,
        blink_s: float = 0.5,
    ):
        self.settings = settings
        self.post = post or _direct
        self.on_state = on_state
        self.on_lock = on_lock
        self.on_unlock = on_unlock
        self.on_all_locked = on_all_locked
        self.on_notice = on_notice
        self.defer_locks = defer_locks
        self.clock = clock
        self.blink_s = blink_s
        self.factory_label = factory_label
        self._lock = threading.RLock()
        self._seats: dict[int, _Seat] = {}
        self._bidders: tuple[int, ...] = ()
        self._revealed = False
        self._guards: dict[tuple[int, str], _Guard] = {}
        self._out_locks: dict[int, threading.Lock] = {}
        self.buttons: dict[tuple[int, str], object] = {}
        self.leds: dict[int, object] = {}
        self.displays = None
        self._led_mode: dict[int, str] = {}
        self._open_devices(pin_factory)

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
            raise HardwareError(f"GPIO handsets could not be opened with {label}: {err}") from err

    def _open_devices(self, factory):
        present = self.settings.present()
        if not present:
            return
        from gpiozero import LED, Button

        from hardware.tm1637 import DisplayBus

        hs = self.settings
        bounce = hs.bounce_ms / 1000 if hs.bounce_ms > 0 else None
        try:
            for h in present:
                for name in BUTTONS:
                    button = Button(
                        getattr(h, name), pull_up=True, bounce_time=bounce, hold_time=hs.hold_s,
                        hold_repeat=False, pin_factory=factory,
                    )
                    button.when_pressed = self._callback(h.seat, name, "press")
                    button.when_released = self._callback(h.seat, name, "release")
                    if name == "lock":
                        button.when_held = self._callback(h.seat, name, "hold")
                    self.buttons[h.seat, name] = button
                if h.led is not None:
                    self.leds[h.seat] = LED(h.led, pin_factory=factory)
                self._out_locks[h.seat] = threading.Lock()
            data_pins = {h.seat: h.display for h in present if h.display is not None}
            if data_pins:
                self.displays = DisplayBus(hs.display_clock, data_pins, brightness=hs.brightness, pin_factory=factory)
        except Exception:
            self.close()
            raise
        log.info("handsets ready: %s", self.status)

    def _callback(self, seat: int, button: str, edge: str):
        def callback():
            try:
                self._edge(seat, button, edge)
            except Exception:  # noqa: BLE001 - a handset fault must not kill gpiozero's thread
                log.exception("handset of seat %s: %s %s failed", seat, button, edge)

        return callback

    def close(self):
        # Each button's hold thread polls every 0.1 s; tell them all to stop first so the
        # closes below do not wait for them one after another.
        for button in self.buttons.values():
            thread = getattr(button, "_hold_thread", None)
            if thread is not None:
                thread.stopping.set()
        for device in [*self.buttons.values(), *self.leds.values()]:
            device.close()
        self.buttons.clear()
        self.leds.clear()
        if self.displays is not None:
            self.displays.close()
            self.displays = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- what the app asks ---------------------------------------------------------------

    @property
    def status(self) -> str:
        """One line for the settings screen."""
        present = self.settings.present()
        if not present:
            return "handsets: none (keypad only)"
        if self.factory_label == "MockFactory":
            return "handsets: simulated (MockFactory)"
        return f"handsets: {len(present)} on GPIO ({self.factory_label})"

    def has_handset(self, seat: int) -> bool:
        return (seat, "lock") in self.buttons

    def has_display(self, seat: int) -> bool:
        return self.displays is not None and seat in self.displays.displays

    def uses_keypad(self, seat: int) -> bool:
        """True when the seat enters its amount on the app's private keypad."""
        return not self.has_display(seat)

    def state(self, seat: int) -> str:
        with self._lock:
            s = self._seats.get(seat)
            return s.state if s else WAITING

    def states(self) -> dict[int, str]:
        """Seat -> state: safe for the shared screen."""
        with self._lock:
            return {seat: s.state for seat, s in self._seats.items()}

    @property
    def all_locked(self) -> bool:
        with self._lock:
            return self._revealed

    def bids(self) -> dict[int, int | None]:
        """The amounts, once every bidder has locked; before that a HardwareError."""
        with self._lock:
            if not self._revealed:
                raise HardwareError("the bids stay sealed until every bidder has locked")
            return {seat: self._seats[seat].amount for seat in self._bidders}

    def private_amount(self, seat: int) -> int | None:
        """The amount a seat is entering, for that seat's own private view only."""
        with self._lock:
            s = self._seats.get(seat)
            return s.amount if s else None

    def led_mode(self, seat: int) -> str:
        """"off", "blink" or "on": what the seat's LED does (None without an LED)."""
        return self._led_mode.get(seat, "off") if seat in self.leds else None

    # -- the auction -----------------------------------------------------------------------

    def start_auction(
        self,
        florins: Mapping[int, int],
        bidders: Iterable[int] | None = None,
        *,
        names: Mapping[int, str] | None = None,
        locked: Iterable[int] = (),
    ) -> None:
        """Open the sealed bids. ``florins``: every seat's florins; ``bidders``: the seats that
        bid (default: those with at least 10); ``locked``: seats the engine already holds a
        locked bid for (after a restart: their amount stays in the engine)."""
        names = dict(names or {})
        if bidders is None:
            bidders = [seat for seat, f in florins.items() if f >= MINIMUM]
        bidders = tuple(bidders)
        locked = set(locked)
        for seat in bidders:
            if florins.get(seat, 0) < MINIMUM:
                who = names.get(seat, f"seat {seat}")
                raise GameError(f"{who} holds {florins.get(seat, 0)} florins and cannot bid (at least {MINIMUM})")
        with self._lock:
            self._revealed = False
            self._bidders = bidders
            self._seats = {}
            for seat in sorted(set(florins) | set(bidders)):
                s = _Seat(seat, name=names.get(seat, f"seat {seat}"), keypad=self.uses_keypad(seat))
                if seat in bidders:
                    s.maximum = florins[seat] // STEP * STEP
                    s.state = LOCKED if seat in locked else ENTERING
                    s.amount = None if (s.keypad or seat in locked) else MINIMUM
                self._seats[seat] = s
                self._post_state(s)
            log.info("auction opened for %d bidders", len(bidders))
            self._check_all_locked()
        for seat in self._seats:
            self._sync(seat)

    def close_auction(self) -> None:
        """Back to waiting: LEDs off, displays blank."""
        with self._lock:
            seats = list(self._seats.values())
            self._seats = {}
            self._bidders = ()
            self._revealed = False
            for s in seats:
                if s.state != WAITING:
                    s.state = WAITING
                    self._post_state(s)
        for s in seats:
            self._sync(s.seat)

    def set_amount(self, seat: int, amount: int) -> None:
        """The amount from the seat's private keypad (or an on-screen up/down)."""
        with self._lock:
            s = self._bidder(seat)
            if s.state == LOCKED:
                raise GameError(f"{s.name} has locked the bid; unlock it first")
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise GameError("a bid is a whole number of florins")
            if amount % STEP:
                raise GameError(f"bids go in tens of florins; {amount} is not possible")
            if amount < MINIMUM:
                raise GameError(f"the lowest bid is {MINIMUM} florins")
            if amount > s.maximum:
                raise GameError(f"{s.name} cannot bid more than the florins in hand")
            s.amount = amount
            log.debug("%s changed the bid on the keypad", s.name)
        self._sync(seat)

    def lock(self, seat: int) -> None:
        """Lock from the screen (a seat without a handset)."""
        with self._lock:
            s = self._bidder(seat)
            if s.state == LOCKED:
                return
            if s.amount is None:
                raise GameError(f"{s.name}: enter the bid on the keypad first")
            self._lock_seat(s)
        self._sync(seat)

    def unlock(self, seat: int) -> None:
        """Unlock from the screen, or when the app must take a lock back."""
        with self._lock:
            s = self._bidder(seat)
            if self._revealed:
                raise GameError("the bids are revealed; a bid can no longer be changed")
            if s.state != LOCKED:
                return
            self._unlock_seat(s)
        self._sync(seat)

    def _bidder(self, seat: int) -> _Seat:
        s = self._seats.get(seat)
        if s is None or seat not in self._bidders:
            raise GameError(f"seat {seat} does not bid in this auction")
        return s

    # -- state changes (called with self._lock held) ---------------------------------------

    def _post(self, fn, *args):
        if fn is not None:
            self.post(lambda: fn(*args))

    def _post_state(self, s: _Seat):
        log.info("%s: %s", s.name, s.state)
        self._post(self.on_state, s.seat, s.state)

    def _notice(self, s: _Seat, text: str):
        log.info("%s: %s", s.name, text)
        self._post(self.on_notice, s.seat, text)

    def _lock_seat(self, s: _Seat):
        s.state = LOCKED
        self._post_state(s)
        if not self.defer_locks:
            self._post(self.on_lock, s.seat, s.amount)
        self._check_all_locked()

    def _unlock_seat(self, s: _Seat):
        s.state = ENTERING
        self._post_state(s)
        if not self.defer_locks:
            self._post(self.on_unlock, s.seat)

    def _check_all_locked(self):
        if self._revealed or not self._bidders:
            return
        if all(self._seats[seat].state == LOCKED for seat in self._bidders):
            self._revealed = True
            bids = {seat: self._seats[seat].amount for seat in self._bidders}
            log.info("every bidder has locked: the bids can be revealed")
            if self.defer_locks:
                for seat in self._bidders:
                    self._post(self.on_lock, seat, bids[seat])
            self._post(self.on_all_locked, bids)

    # -- buttons ---------------------------------------------------------------------------

    def _edge(self, seat: int, button: str, edge: str):
        now = self.clock()
        guard_s = self.settings.guard_ms / 1000
        with self._lock:
            g = self._guards.setdefault((seat, button), _Guard())
            if edge == "release":
                g.last_release = now
                g.down = False
                return
            if edge == "hold":
                if g.down and g.hold_unlocks:
                    g.hold_unlocks = False
                    s = self._seats.get(seat)
                    if s and s.state == LOCKED and not self._revealed and seat in self._bidders:
                        self._unlock_seat(s)
                    else:
                        return
                else:
                    return
            else:
                if now - g.last_release < guard_s or now - g.last_press < guard_s:
                    g.down = True  # the contact bounced: still the same press
                    log.debug("seat %s: %s bounce ignored", seat, button)
                    return
                g.last_press = now
                g.down = True
                g.hold_unlocks = False
                if not self._press(seat, button, g):
                    return
        self._sync(seat)

    def _press(self, seat: int, button: str, g: _Guard) -> bool:
        """One accepted press; True when the seat's outputs must be updated."""
        s = self._seats.get(seat)
        if s is None or seat not in self._bidders or s.state == WAITING:
            log.debug("seat %s: %s pressed while not bidding", seat, button)
            return False
        if self._revealed:
            log.debug("seat %s: %s pressed after every bid was locked", seat, button)
            return False
        if button in ("up", "down"):
            if s.state == LOCKED:
                self._notice(s, "the bid is locked; unlock it to change it")
                return False
            if s.keypad:
                self._notice(s, "enter the bid on the screen's private keypad")
                return False
            step = STEP if button == "up" else -STEP
            new = min(max(s.amount + step, MINIMUM), s.maximum)
            if new == s.amount:
                log.debug("%s: %s at the limit", s.name, button)
                return False
            s.amount = new
            log.debug("%s: %s", s.name, button)
            return True
        # the lock button
        if s.state == ENTERING:
            if s.amount is None:
                self._notice(s, "enter the bid on the screen's private keypad first")
                return False
            self._lock_seat(s)
            return True
        if self.settings.unlock == "hold":
            g.hold_unlocks = True  # a hold of this press unlocks; a short press does nothing
            return False
        self._unlock_seat(s)
        return True

    # -- outputs ---------------------------------------------------------------------------

    def _sync(self, seat: int):
        """Make the seat's LED and display match its state (latest state wins)."""
        out = self._out_locks.get(seat)
        if out is None:
            return
        with out:
            with self._lock:
                s = self._seats.get(seat)
                state = s.state if s else WAITING
                amount = s.amount if s else None
            led = self.leds.get(seat)
            if led is not None:
                mode = {WAITING: "off", ENTERING: "blink", LOCKED: "on"}[state]
                if self._led_mode.get(seat) != mode:
                    if mode == "off":
                        led.off()
                    elif mode == "on":
                        led.on()
                    else:
                        led.blink(on_time=self.blink_s, off_time=self.blink_s, background=True)
                    self._led_mode[seat] = mode
            if self.has_display(seat):
                self.displays.show(seat, display_text(state, amount))


def display_text(state: str, amount: int | None) -> str:
    """What a seat's own display shows: blank, the amount, or "L" and the locked amount."""
    if state == WAITING:
        return "    "
    if amount is None:
        return "----" if state == ENTERING else "L   "
    if state == LOCKED:
        return f"L{amount:>3}" if amount < 1000 else f"{str(amount)[:1]}.{str(amount)[1:4]}"
    return f"{amount:>4}"[-4:]
