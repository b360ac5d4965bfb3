"""Magnate's screens for the app shell: the object ``GAME.ui()`` returns (``companion.app.
game_ui.GameUI``), and what Magnate's screens share while a game is open (the turn's events,
the roll being entered)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from companion.app.game_session import Change, GameSession
from companion.app.game_ui import Banner, Chart, Texts, Values
from companion.app.hardware_hub import HardwareHub
from companion.core.resources import data_path, kv_path
from companion.games.magnate.game import GAME

from . import presenters
from .dice import RollEntry
from .notes import Notes

KV = ("common", "new_game", "setup", "roll", "turn", "city", "end")
SHOWN_AFTER = ("reshuffled", "deck_out", "completed", "bank_short")  # said in the toast line


class MagnateUI:
    """The UI package's entry (see ``companion.app.game_ui.GameUI`` for each member)."""

    name = "magnate"
    new_game_screen = "magnate.new_game"
    table_screen = "magnate.city"
    charts = (Chart("tokens", "magnate.chart_tokens"), Chart("buildings", "magnate.chart_buildings"))

    def __init__(self) -> None:
        self.session: GameSession | None = None
        self.hardware: HardwareHub | None = None
        self.notes = Notes()
        self.roll = RollEntry()

    # -- the contract -------------------------------------------------------------------
    def texts(self) -> Mapping[str, Mapping[str, str]]:
        out = {}
        for lang in ("en", "it"):
            with open(data_path("magnate", f"ui.{lang}.json"), encoding="utf-8") as f:
                out[lang] = {k: v for k, v in json.load(f).items() if not k.startswith("_")}
        return out

    def kv_files(self) -> Sequence[Path]:
        return [kv_path("magnate", f"{name}.kv") for name in KV]

    def screens(self) -> Mapping[str, type]:
        from .screens import SCREENS

        return SCREENS

    def attach(self, session: GameSession, hardware: HardwareHub) -> None:
        self.session, self.hardware = session, hardware
        self.notes = Notes()
        self.roll = RollEntry()
        session.observers.append(self._on_change)

    def _on_change(self, change: Change) -> None:
        if change.game.name == self.name:
            self.notes.note(change)

    def screen_for(self, view: Mapping[str, Any], legal: Mapping[str, Any]) -> str:
        return presenters.screen_for(view, legal)

    def next_screen(self, events: Sequence[dict[str, Any]], view: Mapping[str, Any],
                    legal: Mapping[str, Any]) -> str:
        return presenters.next_screen(events, view, legal)

    def banner(self, session: GameSession, lang: str, texts: Texts) -> Banner:
        who, phase = presenters.banner(session.view(), session.legal(), lang, texts)
        return Banner(who, phase)

    def after_command(self, events: Sequence[dict[str, Any]], view: Mapping[str, Any], lang: str,
                      texts: Texts) -> str:
        """A deck run out, a reshuffle, a deed completed, the bank short of tokens."""
        shown = [e for e in events if e.get("type") in SHOWN_AFTER]
        header = self.session.header if self.session is not None else {"seats": view.get("seats", [])}
        return " · ".join(presenters.lines(shown, header, lang))

    def ask(self, app: Any, needs: Mapping[str, Any], retry: Any) -> bool:
        return False  # Magnate's rules never ask for a printed value

    def correction(self, app: Any) -> Callable[[], Any] | None:
        from .correction import correction_form

        return lambda: correction_form(app)

    def outcome(self, view: Mapping[str, Any], lang: str, texts: Texts) -> tuple[str, str]:
        return presenters.outcome_title(view, lang, texts), presenters.outcome_detail(view, lang, texts)

    def chart_rows(self, events: Sequence[dict[str, Any]], before: Callable[[], Mapping[str, Any]],
                   after: Callable[[], Mapping[str, Any]]) -> Mapping[int, Values]:
        """A turn's row is taken when it ends: the tokens in hand and the buildings completed."""
        out: dict[int, Values] = {}
        if any(e.get("type") == "turn_ended" for e in events):
            out[int(before()["turn"])] = presenters.chart_values(after())
        return out

    def chart_now(self, view: Mapping[str, Any]) -> tuple[int, Values] | None:
        if not view.get("turn"):
            return None
        return int(view["turn"]), presenters.chart_values(view)

    def tour(self, app: Any, seed: int, seats: int | None = None, names: Sequence[str] | None = None) -> Iterator[str]:
        from .tour import visit

        return visit(app, seed=seed, seats=seats, names=names)

    # -- starting a game ------------------------------------------------------------------
    def variant_names(self) -> dict[str, bool]:
        """The table options the rules offer, with their defaults (docs/magnate.md)."""
        return {name: bool(default) for name, (default, _text) in GAME.variants.items()}

    def box(self) -> dict[str, Any]:
        """What this table's box profile puts in the header (the tokens it owns), or CompanionError;
        Magnate's own file, as the session finds it."""
        assert self.session is not None
        return self.session.box(GAME)

    def header(self, *, seats: list[dict[str, Any]], variants: dict[str, Any]) -> dict[str, Any]:
        """The header a Start from the form begins the game with (CompanionError when the box
        profile cannot be read)."""
        return {"game": GAME.name, "format": 1, "seats": seats, "variants": variants, **self.box()}

    def new_game(self, *, seats: list[dict[str, Any]], variants: dict[str, Any]) -> Any:
        """Start a game from the form; the reason when it cannot start (None when it started)."""
        from companion.errors import CompanionError

        s = self.session
        assert s is not None
        try:
            header = self.header(seats=seats, variants=variants)
        except CompanionError as err:
            return err.message
        self.roll = RollEntry()
        return s.new_game(GAME, header)

    # -- the turn under way ------------------------------------------------------------------
    def turn_events(self) -> list[dict[str, Any]]:
        return self.notes.events(self.session) if self.session is not None else []

    def turn_lines(self, lang: str) -> list[str]:
        assert self.session is not None
        return presenters.lines(self.turn_events(), self.session.header, lang)
