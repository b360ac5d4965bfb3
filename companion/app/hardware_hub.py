"""The table's devices in one place: the sealed-entry handsets, their keyboard stand-in on a
laptop, the dice desk and the serial dice reader.

The hub opens what the settings ask for; a failure becomes a line on the settings screen,
never a crash. It knows no game: the open game's UI package opens a sealed request on
``handsets`` (a Magnifico auction, a Leonardo faction) and registers as ``sealed`` to turn
a lock into its game's command. Every callback arrives through ``post`` (Kivy's main thread).
What closed devices said (a notice, a seat's state, a roll offered) goes with them: a restart
clears it, and what they posted before closing is dropped when it arrives.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from typing import Any, Protocol

from companion.app.settings import Readable
from companion.core.i18n import Domain
from companion.errors import CompanionError
from companion.phones.arbiter import HANDSET, KEYPAD, Arbiter
from hardware import dice_ports
from hardware import settings as hw_settings
from hardware.dice import DiceDesk
from hardware.dice_reader import DiceReader
from hardware.handsets import BidHandsets
from hardware.keyboard import HandsetKeyboard

Post = Callable[[Callable[[], None]], None]
T = Domain("app")


class SealedHandler(Protocol):
    """What the open game does with a handset's lock and unlock (send its sealed command)."""

    def locked(self, seat: int, value: Any) -> Any:
        """Send the seat's sealed command; the engine's reason when refused, else None."""
        ...

    def unlocked(self, seat: int) -> Any:
        """Send the seat's unlock; the engine's reason when refused, else None."""
        ...


class HardwareHub:
    """Handsets, keyboard, dice desk and reader, opened from the settings."""

    def __init__(self, settings: Readable, post: Post | None = None):
        self.settings = settings
        self.post: Post = post or (lambda fn: fn())
        self.listeners: list[Callable[[], None]] = []  # redraw: a seat's state, a roll, a notice
        self.restarted: list[Callable[[], None]] = []  # the devices were reopened: open requests again
        self.sealed: SealedHandler | None = None
        self.handsets: BidHandsets | None = None
        self.keyboard: HandsetKeyboard | None = None
        self.dice: DiceDesk | None = None
        self.dice_reader: DiceReader | None = None
        self.seat_states: dict[int, str] = {}  # "waiting" / "entering" / "locked", never a value
        self.notice = ""
        self.problem = ""  # why the handsets could not be opened
        self.dice_problem = ""
        self.dice_candidate: Any = None
        self.peek: int | None = None  # the seat whose keyboard key is held down now
        self.notices = 0  # counts the notices: the app shows each one once
        # One device per seat: the handsets, the keypad and the phones share it (docs/phones.md).
        self.arbiter = Arbiter()
        self._keypad: set[int] = set()  # seats whose next handset lock or unlock came from the keypad
        self._rejected: Any = None  # the reason of the last roll refused (said with its roll)
        self._queued = 0  # the handsets' callbacks posted and not run yet
        self._queued_lock = threading.Lock()  # the handsets post from their own threads too
        self._states_untold = False  # a seat's state changed, not told to the listeners yet
        self._opened = 0  # counts the openings: a callback of devices closed since is dropped

    # -- opening and closing ------------------------------------------------------------
    def start(self) -> None:
        """Open the handsets the settings ask for, then the dice desk."""
        self.seat_states = {}
        self._opened += 1
        mine = self._mine
        mode = self.settings.get("hardware") or "auto"
        try:
            loaded = hw_settings.load(self.settings.get("hardware_file"))
            mode = loaded.mode if mode == "auto" else mode  # "auto" here: the file's own mode decides
            hs = dataclasses.replace(loaded, mode=mode)
            if self.settings.get("dice_port"):  # chosen on the Settings screen
                hs = dataclasses.replace(hs, dice=dataclasses.replace(hs.dice, port=self.settings.get("dice_port")))
            self.handsets = BidHandsets.from_settings(
                hs, post=self._post_handsets, on_state=mine(self._on_state), on_lock=self._on_lock,
                on_unlock=self._on_unlock, on_notice=mine(self._on_notice),
                defer_locks=False)  # each lock goes to the rules at once: the journal seals it
            self.problem = ""
        except Exception as err:
            self.handsets = None
            self.problem = getattr(err, "message", None) or str(err)  # a keyed refusal keeps its key
            return
        if self.handsets.factory_label == "MockFactory":
            self.keyboard = HandsetKeyboard(self.handsets)
        self._start_dice(hs, mode)

    def _start_dice(self, hs: Any, mode: str) -> None:
        """The dice desk; with a reader on the serial port unless the hardware is simulated (then
        only on a port set, or when ``python -m hardware.simulate dice`` announced its pty)."""
        reader = None
        self.dice_problem = ""
        if mode != "simulated" or hs.dice.port or dice_ports.announced():
            try:
                reader = DiceReader.from_settings(hs.dice, post=self.post).start()
            except Exception as err:
                self.dice_problem = getattr(err, "reason", None) or str(err)
        self.dice_reader = reader
        mine = self._mine
        self.dice = DiceDesk(reader=reader, post=self.post, on_candidate=mine(self._on_dice_candidate),
                             on_notice=mine(self._on_notice_text), on_rejected=mine(self._on_dice_rejected))

    def _mine(self, fn: Callable[..., None]) -> Callable[..., None]:
        """``fn`` for the devices open now: called once they are closed (a notice the reader
        posted as it went, arriving after a restart), it does nothing."""
        opened = self._opened

        def call(*args: Any) -> None:
            if opened == self._opened:
                fn(*args)
        return call

    def stop(self) -> None:
        """Close the devices. What they said goes with them: a notice of theirs ("dice reader
        unplugged: reconnecting") is no longer shown, a roll the reader offered no longer stands."""
        self._opened += 1
        if self.notice:
            self.notice = ""
            self.notices += 1  # the screens that show the notice draw again without it
        self._rejected = None
        self.dice_candidate = None
        if self.dice_reader is not None:
            try:
                self.dice_reader.stop()
            except Exception:
                pass
        self.dice_reader = None
        self.dice = None
        if self.handsets is not None:
            try:
                self.handsets.close()
            except Exception:
                pass
        self.handsets = None
        self.keyboard = None

    def restart(self) -> None:
        """Reopen everything (the settings changed); the open game reopens its request."""
        self.stop()
        self.start()
        for fn in list(self.restarted):
            fn()
        self._changed()

    def status(self) -> dict[str, Any]:
        out: dict[str, Any] = {"real": False, "handsets": None, "dice": None, "pins": None}
        if self.handsets is not None:
            label = self.handsets.factory_label
            out["real"] = label not in ("", "MockFactory")
            out["handsets"] = self.handsets.status
            out["pins"] = label
        elif self.problem:
            out["handsets"] = self.problem
        if self.dice_reader is not None:
            out["dice"] = self.dice_reader.status
        elif self.dice is not None:
            out["dice"] = self.dice_problem or T.msg("no_dice_reader")
        return out

    # -- the handsets -------------------------------------------------------------------
    @property
    def sealed_open(self) -> bool:
        """A sealed request is open on the handsets (some seat is entering or locked)."""
        if self.handsets is None:
            return False
        return any(state != "waiting" for state in self.handsets.states().values())

    def uses_keypad(self, seat: int) -> bool:
        """True when the seat enters on the app's private keypad (no handset display)."""
        return self.handsets is None or self.handsets.uses_keypad(seat)

    def key(self, char: str, pressed: bool) -> bool:
        """A laptop key standing for a handset button (``hardware.keyboard``); True if it was one."""
        if self.keyboard is None or not self.sealed_open:
            return False
        pressed_key = self.keyboard.key(char, pressed)
        if pressed_key is None:
            return False
        self.peek = pressed_key[0] if pressed else None
        return True

    def peek_text(self) -> str:
        """What the held key's seat's own display shows ("  20", "L 20"): on a laptop, the screen
        shows it only while that seat's key is held, so the others never see it."""
        hs, seat = self.handsets, self.peek
        if hs is None or seat is None:
            return ""
        displays = hs.displays
        shown = displays.shown(seat) if displays is not None and hasattr(displays, "shown") else None
        return (shown or "").strip()

    def _post_handsets(self, fn: Callable[[], None]) -> None:
        """The handsets' callbacks, posted as any other; the seats' new states are told to the
        listeners (a redraw of the screen) once the callbacks queued with them have run: a
        request opened for three seats is one redraw, not three."""
        with self._queued_lock:
            self._queued += 1

        def run() -> None:
            try:
                fn()
            finally:
                with self._queued_lock:
                    self._queued -= 1
                    last = self._queued == 0
                if last and self._states_untold:
                    self._states_untold = False
                    self._changed()

        self.post(run)

    def _on_state(self, seat: int, state: str) -> None:
        self.seat_states = {**self.seat_states, seat: state}
        self._states_untold = True  # told when the handsets' queued callbacks have run

    def from_keypad(self, seat: int) -> None:
        """The next lock or unlock of ``seat`` on the handsets comes from the screen's keypad."""
        self._keypad.add(seat)

    def _source(self, seat: int) -> str:
        if seat in self._keypad:
            self._keypad.discard(seat)
            return KEYPAD
        return HANDSET

    def _on_lock(self, seat: int, value: Any) -> None:
        source = self._source(seat)
        holder = self.arbiter.take(seat, source)
        if holder is not None:  # the seat locked on another device: that one holds it
            self.say(T.msg(f"held_{holder}", seat=seat + 1))
            self.resync(seat)
            return
        reason = self.sealed.locked(seat, value) if self.sealed is not None else None
        if reason:
            self.arbiter.release(seat, source)
            self.say(reason)

    def _on_unlock(self, seat: int) -> None:
        source = self._source(seat)
        holder = self.arbiter.may_unlock(seat, source)
        if holder is not None:
            self.say(T.msg(f"held_{holder}", seat=seat + 1))
            self.resync(seat)
            return
        reason = self.sealed.unlocked(seat) if self.sealed is not None else None
        if reason:
            self.say(reason)
        else:
            self.arbiter.release(seat, source)

    def forget_stale_holds(self) -> None:
        """Free each seat a handset or the keypad holds whose handset is no longer locked (the
        rules took its lock back with an undo, or the request closed and a new one opened):
        otherwise the seat's next lock from its other device would be refused as held. A
        phone's hold is the phones' desk's to keep."""
        hs = self.handsets
        if hs is None:
            return
        for seat, state in hs.states().items():
            if state != "locked" and self.arbiter.holder(seat) in (HANDSET, KEYPAD):
                self.arbiter.release(seat)

    def resync(self, seat: int | None = None) -> None:
        """Show the handsets the locks the rules hold (a refused press changed a seat's handset)."""
        for fn in list(self.restarted):
            fn()

    def _on_notice(self, seat: int, text: str) -> None:
        self._on_notice_text(text)

    def _on_notice_text(self, text: str) -> None:
        if self._rejected is not None and text == self._rejected:
            self._rejected = None  # the desk tells a rejection twice: its roll was said already
            return
        self.notice = text
        self.notices += 1
        self._changed()

    def say(self, text: str) -> None:
        """A notice for the screen (a refused lock, a reader's complaint)."""
        self._on_notice_text(text)

    # -- the dice -----------------------------------------------------------------------
    def request_dice(self, n: int, kind: str) -> None:
        """A roll of ``n`` dice of ``kind`` is wanted now (the reader, if any, is armed)."""
        self.dice_candidate = None
        if self.dice is not None:
            try:
                self.dice.request(n, kind)
            except CompanionError as err:
                self.notice = err.message

    def dice_done(self) -> None:
        self.dice_candidate = None
        if self.dice is not None:
            self.dice.cancel()

    def _on_dice_rejected(self, roll: Any, why: Any) -> None:
        """A reader roll of the wrong size or kind: the table sees what was read and why not."""
        self._rejected = why
        if self.dice is None or self.dice.request_open is None:
            return  # nothing was asked (a Settings test roll): not the table's business
        self.say(T.msg("dice_rejected", roll=str(roll), why=why))

    def _on_dice_candidate(self, roll: Any) -> None:
        self.dice_candidate = roll
        self._changed()

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()
