"""Leonardo's screens for the app shell: the object ``GAME.ui()`` returns (``companion.app.
game_ui.GameUI``), and what Leonardo's screens share while a game is open (the handsets'
requests, the notes of the turn, the box profile file)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from companion.app.game_session import Change, GameSession
from companion.app.game_ui import Banner, Chart, Texts, Values
from companion.app.hardware_hub import HardwareHub
from companion.core.resources import kv_path
from companion.errors import CompanionError
from companion.games.leonardo.game import GAME

from . import presenters as P
from .devices import Devices
from .notes import Notes
from .texts import strings

KV = ("common", "new_game", "box", "setup", "table", "turn", "landing", "auction", "market", "capital")
TOLD = ("factions_revealed", "bankrupt", "auction_won", "bank_keeps", "bets_revealed", "market_spin",
        "event_drawn", "office_drawn", "corporation_formed", "end_agreed")  # said in a toast as they happen


class LeonardoUI:
    """The UI package's entry (see ``companion.app.game_ui.GameUI`` for each member)."""

    name = "leonardo"
    new_game_screen = "leonardo.new_game"
    bar_hidden_on = ("leonardo.box",)  # the box editor is about the box, not the game in progress
    table_screen = "leonardo.table"
    charts = (Chart("capital", "leonardo.chart_capital"), Chart("cash", "leonardo.chart_cash"))

    def __init__(self) -> None:
        self.session: GameSession | None = None
        self.hardware: HardwareHub | None = None
        self.devices: Devices | None = None
        self.notes = Notes()

    # -- the contract -------------------------------------------------------------------
    def texts(self) -> Mapping[str, Mapping[str, str]]:
        return strings()

    def kv_files(self) -> Sequence[Path]:
        return [kv_path("leonardo", f"{name}.kv") for name in KV]

    def screens(self) -> Mapping[str, type]:
        from .screens import SCREENS

        return SCREENS

    def attach(self, session: GameSession, hardware: HardwareHub) -> None:
        self.session, self.hardware = session, hardware
        self.notes = Notes(lambda: self.session)  # a rehearsal's while home's warm-up fills a screen with it
        self.devices = Devices(session, hardware)
        session.observers.append(self._on_change)
        hardware.restarted.append(self.devices.reopen)

    def _on_change(self, change: Change) -> None:
        assert self.devices is not None
        if change.game.name == self.name:
            self.notes.note(change)
            if change.kind in ("undo", "redo", "resume", "new"):
                self.devices.opened = None  # the rules' entries may differ from the handsets': open again
        self.devices.sync()

    def screen_for(self, view: Mapping[str, Any], legal: Mapping[str, Any]) -> str:
        return P.screen_for(view, legal)

    def next_screen(self, events: Sequence[dict[str, Any]], view: Mapping[str, Any],
                    legal: Mapping[str, Any]) -> str:
        return P.next_screen(events, view, legal)

    def banner(self, session: GameSession, lang: str, texts: Texts) -> Banner:
        b = P.banner(session.view(), session.legal(), lang, texts)
        return Banner(b["who"], b["phase"])

    def after_command(self, events: Sequence[dict[str, Any]], view: Mapping[str, Any], lang: str,
                      texts: Texts) -> str:
        """The moments the whole table must notice: factions revealed, a bankruptcy, an
        auction won, a market settled, a card drawn."""
        told = [e for e in events if e.get("type") in TOLD]
        if not told or self.session is None:
            return ""
        return GAME.describe(told[-1], self.session.header, lang)

    def ask(self, app: Any, needs: Mapping[str, Any], retry: Any) -> bool:
        from .forms import ask_printed_value

        if "item" not in needs or "field" not in needs:
            return False
        ask_printed_value(app, dict(needs), retry)
        return True

    def correction(self, app: Any) -> Callable[[], Any] | None:
        from .forms import correction_form

        return lambda: correction_form(app)

    def outcome(self, view: Mapping[str, Any], lang: str, texts: Texts) -> tuple[str, str]:
        o = view.get("outcome") or {}
        winners = o.get("winners", [])
        if not winners:
            return texts.t(lang, "leonardo.over.no_winner"), ""
        title = texts.t(lang, "leonardo.over.winner", names=P.names(view, winners), count=len(winners))
        if o.get("reason") == "agreement":
            best = max((o.get("scores") or {"0": 0}).values())
            return title, texts.t(lang, "leonardo.over.by_agreement", capital=best, round=view.get("round", 0))
        return title, texts.t(lang, "leonardo.over.by_elimination", round=view.get("round", 0))

    def chart_rows(self, events: Sequence[dict[str, Any]], before: Callable[[], Mapping[str, Any]],
                   after: Callable[[], Mapping[str, Any]]) -> Mapping[int, Values]:
        """A round's row is taken when play comes back to the start player (``round``)."""
        out: dict[int, Values] = {}
        for e in events:
            if e.get("type") == "round":
                view = after()
                out[e["round"] - 1] = {"capital": P.capital_values(view), "cash": P.cash_values(view)}
        return out

    def chart_now(self, view: Mapping[str, Any]) -> tuple[int, Values] | None:
        if not view.get("round"):
            return None
        return view["round"], {"capital": P.capital_values(view), "cash": P.cash_values(view)}

    def tour(self, app: Any, seed: int, seats: int | None = None, names: Sequence[str] | None = None) -> Iterator[str]:
        from .tour import visit

        return visit(app, seed=seed, seats=seats, names=names)

    # -- the box profile and a new game ------------------------------------------------------
    def profile_path(self) -> str | None:
        """The profile file the session reads (the settings may name one)."""
        return self.session.profile_path(GAME.name) if self.session is not None else None

    def box_line(self, lang: str, texts: Texts) -> tuple[str, bool]:
        """What the new-game form says of the table's box, and whether a game can start with it."""
        from companion.games.leonardo import box as B

        assert self.session is not None
        try:
            profile = self.session.box(GAME)["box"]
        except CompanionError as err:
            return err.localized(lang), False
        left = B.missing(profile, checked=True)  # the game's own load: checked already
        lacking = B.to_start(profile, left)
        missing = len(left)
        if lacking:
            return texts.t(lang, "leonardo.new_game.box_lacking", n=missing), False
        if missing:
            return texts.t(lang, "leonardo.new_game.box_partial", n=missing), True
        return texts.t(lang, "leonardo.new_game.box_complete", name=profile.get("name") or ""), True

    def header(self, *, seats: list[dict[str, Any]], variants: dict[str, Any], end_at: str | None = None,
               profile: dict[str, Any] | None = None) -> dict[str, Any]:
        """The header a Start from the new-game form begins the game with (CompanionError when
        the box cannot be read). It carries the whole box profile (``GAME.box.load``), so a
        record says which box it was played with; ``profile`` replaces the table's own (the
        screenshots' invented box)."""
        assert self.session is not None
        box = GAME.box.load(profile) if profile is not None else self.session.box(GAME)
        header: dict[str, Any] = {"game": GAME.name, "format": 1, "seats": seats, "variants": variants, **box}
        if end_at:
            header["end_at"] = end_at
        return header

    def new_game(self, *, seats: list[dict[str, Any]], variants: dict[str, Any], end_at: str | None = None,
                 profile: dict[str, Any] | None = None) -> Any:
        """Start a game from the new-game form (``header``); the reason when it cannot start."""
        s = self.session
        assert s is not None
        try:
            header = self.header(seats=seats, variants=variants, end_at=end_at, profile=profile)
        except CompanionError as err:
            return err.message
        return s.new_game(GAME, header)

    # -- what the screens share ------------------------------------------------------------------
    def log_lines(self, events: Sequence[dict[str, Any]], lang: str) -> list[str]:
        """The events told as the log tells them (quiet money events and bookkeeping left out)."""
        if self.session is None:
            return []
        header = self.session.header
        out = []
        for e in events:
            if e.get("quiet") or e.get("type") in ("turn_ended", "round", "landed", "turn", "setup_done"):
                continue
            try:
                out.append(GAME.describe(e, header, lang))
            except Exception:  # an event the log cannot tell: left out, never a crash
                continue
        return out
