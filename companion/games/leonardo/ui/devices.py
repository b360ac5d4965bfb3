"""Leonardo's requests on the handsets (the shell's sealed-choice path) and the private keypad.

Three requests follow the game:

- ``factions`` (setup): each seat chooses Guelph or Ghibelline on its handset (up/down turn
  the choice, lock sends ``ChooseFaction``), or on the screen's private keypad. Sealed: the
  shared screen shows only who has chosen.
- ``bets`` (sealed-bets variant, a market's bets): the amount on the handset in steps of 5,
  the product on the private keypad first (``choose_product``); the lock sends ``LockBet``,
  an unlock ``UnlockBet``. A seat without a handset enters both on the private keypad.
- ``auction`` (an open auction): each bidder's handset starts at the lowest bid it may make,
  in steps of 5; a lock is a bid, public at once. The request opens again after each bid
  with the new lowest amount.

Opened again after a restart (of the app or of the devices) a request shows every seat as
the rules hold it: a sealed entry the rules keep shows locked, its value hidden.
"""

from __future__ import annotations

from typing import Any

from companion.app.game_session import GameSession
from companion.app.hardware_hub import HardwareHub
from companion.errors import CompanionError
from companion.games.leonardo import commands as C
from companion.games.leonardo.state import FACTIONS
from hardware.asks import Ask

from . import presenters as P

STEP = 5


class Devices:
    """Opens and closes the handsets with the game; turns their locks into commands."""

    def __init__(self, session: GameSession, hardware: HardwareHub) -> None:
        self.session = session
        self.hardware = hardware
        self.opened: tuple[Any, ...] | None = None  # the request on the handsets now
        self.products: dict[int, str] = {}  # sealed bets: the product each seat chose on the keypad

    # -- what should be open ------------------------------------------------------------
    def wanted(self) -> tuple[tuple[Any, ...] | None, dict[int, Ask], dict[int, Any]]:
        """(the request's key, each seat's Ask, the seats already locked) for the game now."""
        s = self.session
        if not s.has_game or s.game is None or s.game.name != "leonardo":
            return None, {}, {}
        view = s.view()
        if view.get("phase") == "setup":
            asks = {i: Ask(choices=FACTIONS) for i in range(len(view["seats"]))}
            locked = {i: None for i, p in enumerate(view["seats"]) if p.get("faction_chosen")}
            return (s.game_id, "factions"), asks, locked
        task = P.head_task(view)
        if task is None:
            return None, {}, {}
        if task["t"] == "market" and task["sealed"] and task["stage"] == "bets":
            asks = {b: Ask(minimum=STEP, step=STEP, maximum=view["seats"][b]["cash"]) for b in task["bettors"]}
            asks = {b: a for b, a in asks.items() if not a.empty}
            locked = {b: None for b in task.get("locked", [])}
            key = (s.game_id, "bets", view.get("round"), view["turn"]["seat"], task["space"])
            return key, asks, locked
        if task["t"] == "auction":
            least = task["high"] + STEP
            asks = {}
            for b in task["bidders"]:
                if b == task["leader"]:
                    continue
                ask = Ask(minimum=least, step=STEP, maximum=view["seats"][b]["cash"])
                if not ask.empty:
                    asks[b] = ask
            key = (s.game_id, "auction", view.get("round"), task["space"], task["high"], tuple(task["bidders"]))
            return key, asks, {}
        return None, {}, {}

    def reopen(self) -> None:
        """The devices were reopened, or the state moved by undo/resume: open again."""
        self.opened = None
        self.sync()

    def sync(self) -> None:
        hs = self.hardware.handsets
        key, asks, locked = self.wanted()
        if key is None or key[1] != "bets":
            self.products = {}
        if hs is None:
            self.opened = key
            return
        try:
            if key is not None and asks and self.opened != key:
                view = self.session.view()
                names = {i: p["name"] for i, p in enumerate(view["seats"])}
                waiting = [i for i in range(len(view["seats"])) if i not in asks]
                hs.start_sealed(asks, names=names, locked=locked, waiting=waiting)
                self.opened = key
                self.hardware.sealed = self
            elif (key is None or not asks) and self.opened is not None:
                hs.close_sealed()
                self.opened = None
        except CompanionError as err:
            self.hardware.problem = err.message

    @property
    def kind(self) -> str | None:
        return self.opened[1] if self.opened else None

    # -- the handsets' locks, on the main thread (through ``post``) ------------------------
    def locked(self, seat: int, value: Any) -> None:
        kind = self.kind
        if kind == "factions":
            command: Any = C.ChooseFaction(seat, str(value))
        elif kind == "bets":
            product = self.products.get(seat)
            if product is None:
                self.hardware.say(_text("leonardo.devices.product_first"))
                self._unlock_quietly(seat)
                return
            command = C.LockBet(seat, product, int(value))
        elif kind == "auction":
            command = C.Bid(seat, int(value))
        else:
            return
        result = self.session.send(command)
        if not result.ok:
            self.hardware.say(result.reason)
            if kind != "auction":
                self._unlock_quietly(seat)

    def unlocked(self, seat: int) -> None:
        if self.kind == "bets":
            result = self.session.send(C.UnlockBet(seat))
            if not result.ok:
                self.hardware.say(result.reason)

    def _unlock_quietly(self, seat: int) -> None:
        hs = self.hardware.handsets
        if hs is not None:
            try:
                hs.unlock(seat)
            except CompanionError:
                pass

    # -- the private keypad ----------------------------------------------------------------
    def takes_part(self, seat: int) -> bool:
        hs = self.hardware.handsets
        return hs is not None and self.opened is not None and hs.ask_of(seat) is not None

    def choose_faction(self, seat: int, faction: str) -> Any:
        """A faction from the seat's private keypad (through its handset request when open)."""
        if self.takes_part(seat):
            return self._through_handset(seat, faction)
        result = self.session.send(C.ChooseFaction(seat, faction))
        if result.ok:
            self.reopen()
        return None if result.ok else result.reason

    def choose_product(self, seat: int, product: str) -> None:
        """Sealed bets: the product a seat chose on the private keypad (kept until its lock)."""
        self.products[seat] = product

    def lock_bet(self, seat: int, product: str, amount: int) -> Any:
        """A whole sealed bet from the private keypad."""
        self.products[seat] = product
        if self.takes_part(seat) and amount % STEP == 0:
            return self._through_handset(seat, amount)
        result = self.session.send(C.LockBet(seat, product, amount))
        if result.ok:
            self.reopen()
        return None if result.ok else result.reason

    def unlock_bet(self, seat: int) -> Any:
        hs = self.hardware.handsets
        if self.takes_part(seat) and hs is not None and hs.state(seat) == "locked":
            try:
                hs.unlock(seat)
            except CompanionError as err:
                return err.message
            return None
        result = self.session.send(C.UnlockBet(seat))
        if result.ok:
            self.reopen()
        return None if result.ok else result.reason

    def _through_handset(self, seat: int, value: Any) -> Any:
        hs = self.hardware.handsets
        assert hs is not None
        try:
            if hs.state(seat) == "locked":
                hs.unlock(seat)
            hs.set_value(seat, value)
            hs.lock(seat)
        except CompanionError as err:
            return err.message
        return None


def _text(key: str) -> str:
    from kivy.app import App

    app = App.get_running_app()
    return str(app.t(key)) if app is not None else key
