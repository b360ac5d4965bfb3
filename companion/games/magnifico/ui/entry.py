"""Magnifico's screens for the app shell: the object ``GAME.ui()`` returns (``companion.app.
game_ui.GameUI``), and what Magnifico's screens share while a game is open (names from the
header, the odds worker, the sealed bids, the notes of the last round and battle)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from companion.app.game_session import Change, GameSession
from companion.app.game_ui import Banner, Chart, Texts, Values
from companion.app.hardware_hub import HardwareHub
from companion.core.resources import kv_path
from companion.games.magnifico import battle
from companion.games.magnifico.game import GAME

from . import presenters
from .bids import Bids
from .notes import Notes
from .odds import OddsWorker

KV = ("new_game", "setup", "table", "income", "auction", "turn", "battle", "scoring")


class MagnificoUI:
    """The UI package's entry (see ``companion.app.game_ui.GameUI`` for each member)."""

    name = "magnifico"
    new_game_screen = "magnifico.new_game"
    table_screen = "magnifico.table"
    charts = (Chart("vp", "over.chart_vp"), Chart("florins", "over.chart_florins"))

    def __init__(self) -> None:
        self.session: GameSession | None = None
        self.hardware: HardwareHub | None = None
        self.notes = Notes()
        self.odds: OddsWorker | None = None
        self.bids: Bids | None = None

    # -- the contract -------------------------------------------------------------------
    def texts(self) -> Mapping[str, Mapping[str, str]]:
        return {}  # Magnifico's UI strings came first: they are in the app's own catalogue

    def kv_files(self) -> Sequence[Path]:
        return [kv_path("magnifico", f"{name}.kv") for name in KV]

    def screens(self) -> Mapping[str, type]:
        from .screens import SCREENS

        return SCREENS

    def attach(self, session: GameSession, hardware: HardwareHub) -> None:
        self.session, self.hardware = session, hardware
        self.notes = Notes()
        if self.odds is None:  # one odds worker for the app's life; it follows the new session
            self.odds = OddsWorker(hardware.post, lambda: self.session.version if self.session else 0)
        self.odds.post, self.odds.cache = hardware.post, {}
        self.bids = Bids(session, hardware)
        session.observers.append(self._on_change)
        hardware.restarted.append(self.bids.reopen)

    def stop(self) -> None:
        """The app stops: end the odds process (an optional member of the UI contract)."""
        if self.odds is not None:
            self.odds.stop()

    def rest(self) -> None:
        """The game ended or the table left it (an optional member of the UI contract): end the
        odds process and its tables (about 18 MB); the next odds asked start another."""
        self.stop()

    def _on_change(self, change: Change) -> None:
        assert self.bids is not None
        if change.game.name == self.name:
            self.notes.note(change)
            if change.kind in ("undo", "redo", "resume", "new"):
                self.bids.opened = None  # the rules' locks may differ from the handsets': open again
        self.bids.sync()

    def sealed(self, session: GameSession) -> Any:
        """What the phones may see (docs/phones.md): the bids while the bidding is open, each
        locked bid to its own seat only, every bid once revealed."""
        from companion.phones import Sealed

        if not session.has_game or session.game is None or session.game.name != self.name:
            return None
        state, header = session.state, session.header
        a = state.auction
        open_ = a is not None and not a.revealed
        return Sealed.from_game(
            GAME, state, header, money={i: p.florins for i, p in enumerate(state.seats)},
            locked=dict(a.bids) if open_ else {},
            revealed=dict(a.bids) if a is not None and a.revealed else None,
            revealed_group="bids" if a is not None and a.revealed else None,
            group="bids" if open_ else None, money_unit={"en": "florins", "it": "fiorini"})

    def screen_for(self, view: Mapping[str, Any], legal: Mapping[str, Any]) -> str:
        return presenters.screen_for(dict(view), dict(legal))

    def next_screen(self, events: Sequence[dict[str, Any]], view: Mapping[str, Any],
                    legal: Mapping[str, Any]) -> str:
        return presenters.next_screen(list(events), dict(view), dict(legal))

    def banner(self, session: GameSession, lang: str, texts: Texts) -> Banner:
        b = presenters.banner(session, lang, texts)
        return Banner(b["who"], b["phase"])

    def after_command(self, events: Sequence[dict[str, Any]], view: Mapping[str, Any], lang: str,
                      texts: Texts) -> str:
        """The Leonardo card changing hands at an auction (rulebook 5.3.6) is said; so is a round
        without an auction because both decks are empty (rd: Running out of cards: Leonardo stays)."""
        lines = []
        for e in events:
            if e.get("type") == "no_auction" and e.get("why") == "no cards left":
                lines.append(texts.t(lang, "auction.none_decks_empty",
                                     name=presenters.seat_name(dict(view), e.get("leonardo"))))
        moved = [e for e in events if e.get("type") == "leonardo" and e.get("why") == "auction"]
        if moved:
            lines.append(texts.t(lang, "auction.leonardo_moves",
                                 name=presenters.seat_name(dict(view), moved[-1]["seat"])))
        return "\n".join(lines)

    def ask(self, app: Any, needs: Mapping[str, Any], retry: Any) -> bool:
        from .forms import ask_card_value

        if "card" not in needs:
            return False
        ask_card_value(app, dict(needs), retry=retry)
        return True

    def correction(self, app: Any) -> Callable[[], Any] | None:
        from .forms import correction_form

        return lambda: correction_form(app)

    def menu_items(self, app: Any) -> list[tuple[str, Callable[[], Any]]]:
        """The menu's Magnifico entries: ending by agreement while the game is on (rd)."""
        from .forms import open_agreement_form

        s = app.session
        if s is None or not s.has_game or s.action("EndByAgreement") is None:
            return []
        return [("menu.end_agreement", lambda: open_agreement_form(app))]

    def outcome(self, view: Mapping[str, Any], lang: str, texts: Texts) -> tuple[str, str]:
        w = view.get("winner")
        if w is None:
            return texts.t(lang, "over.no_winner"), ""
        title = texts.t(lang, "over.winner", name=presenters.seat_name(dict(view), w))
        ended = view.get("ended") or {}
        if ended.get("by") == "agreement":  # rd: ending by agreement
            return title, texts.t(lang, "over.agreement", vp=view["seats"][w]["vp"],
                                  round=ended.get("round", view.get("round", 0)), reason=ended.get("reason", ""))
        return title, texts.t(lang, "over.detail", vp=view["seats"][w]["vp"], round=view.get("round", 0))

    def chart_rows(self, events: Sequence[dict[str, Any]], before: Callable[[], Mapping[str, Any]],
                   after: Callable[[], Mapping[str, Any]]) -> Mapping[int, Values]:
        """A round's row is taken when it is scored: VP after the awards, florins before the next
        income."""
        out: dict[int, Values] = {}
        for e in events:
            if e.get("type") == "round_scoring":
                out[e["round"]] = {"vp": [p["vp"] for p in after()["seats"]],
                                   "florins": [p["florins"] for p in before()["seats"]]}
        return out

    def chart_now(self, view: Mapping[str, Any]) -> tuple[int, Values] | None:
        if not view.get("round"):
            return None
        seats = view["seats"]
        return view["round"], {"vp": [p["vp"] for p in seats], "florins": [p["florins"] for p in seats]}

    def tour(self, app: Any, seed: int, seats: int | None = None, names: Sequence[str] | None = None) -> Iterator[str]:
        from .tour import visit

        return visit(app, seed=seed, seats=seats, names=names)

    # -- starting a game ------------------------------------------------------------------
    def variant_names(self) -> dict[str, tuple[Any, Any]]:
        """The house-rule toggles the rules offer (rules-decisions: every **variant**):
        name -> (default, the other value)."""
        out = {}
        for name, (default, _text) in GAME.variants.items():
            other = (not default) if isinstance(default, bool) else {"army": "infantry"}.get(default, default)
            out[name] = (default, other)
        return out

    def box_line(self, lang: str, texts: Texts) -> str:
        from companion.errors import CompanionError

        assert self.session is not None
        try:
            box = self.session.box(GAME)
        except CompanionError as err:
            return err.reason
        key = "new_game.box_verified" if box["map"].get("verified") else "new_game.box_default"
        return texts.t(lang, key)

    def header(self, *, seats: list[dict[str, Any]], variants: dict[str, Any], target: int,
               soldiers: int) -> dict[str, Any]:
        """The header a Start from the setup form begins the game with (CompanionError when
        the table's box cannot be read)."""
        assert self.session is not None
        box = self.session.box(GAME)
        return {"game": GAME.name, "format": 1, "seats": seats, "variants": variants, "target": target,
                "soldiers_per_army": soldiers, "map": box["map"], "cards": box["cards"]}

    def new_game(self, *, seats: list[dict[str, Any]], variants: dict[str, Any], target: int,
                 soldiers: int) -> str | None:
        """Start a game from the setup form; the reason when it cannot start."""
        from companion.errors import CompanionError

        s = self.session
        assert s is not None
        try:
            header = self.header(seats=seats, variants=variants, target=target, soldiers=soldiers)
        except CompanionError as err:
            return err.message
        return s.new_game(GAME, header)

    # -- names from the open game's header -------------------------------------------------
    @property
    def kinds(self) -> dict[str, Any]:
        """Card kinds with their names, effects and upgrade symbol (from the game's header)."""
        cards = self.session.header.get("cards") if self.session is not None else None
        return cards.get("kinds", {}) if isinstance(cards, dict) else {}

    def card_name(self, card: str, lang: str) -> str:
        assert self.session is not None
        kind = (self.session.view().get("cards") or {}).get(card, {}).get("kind") or card.rsplit("_", 1)[0]
        names = self.kinds.get(kind, {}).get("name") or {}
        name = names.get(lang) or names.get("en") or kind.replace("_", " ").title()
        suffix = card.rsplit("_", 1)[-1]
        if kind in ("tank", "airplane", "work_of_art") and suffix.isdigit():
            name = f"{name} {suffix}"
        return str(name)

    def card_effect(self, card: str, lang: str) -> str:
        assert self.session is not None
        kind = (self.session.view().get("cards") or {}).get(card, {}).get("kind", "")
        effect = self.kinds.get(kind, {}).get("effect") or {}
        return str(effect.get(lang) or effect.get("en") or "")

    def territory_name(self, tid: str, lang: str) -> str:
        assert self.session is not None
        for t in (self.session.view().get("map") or {}).get("territories", []):
            if t["id"] == tid:
                return str(t["name"].get(lang) or t["name"].get("en") or tid)
        return tid

    # -- battles ------------------------------------------------------------------------------
    def attack_odds(self, command: Any) -> dict[str, Any] | None:
        """The odds of an attack before it is declared: a dict, PENDING, or None when they
        cannot be computed (from the session's preview of the attack: no rule is called here)."""
        assert self.session is not None and self.odds is not None
        key = (self.session.version, repr(command))
        if key in self.odds.cache:
            return self.odds.cache[key]
        after = self.session.preview(command)
        b = (after or {}).get("battle")
        if not b:
            return None
        return self.odds.odds(key, b["position"])

    def battle_view(self) -> dict[str, Any] | None:
        """The battle in progress: the game's battle record, the options, the outcome so far and
        the odds (a dict, PENDING while computed, None when over or not computable)."""
        assert self.session is not None and self.odds is not None
        b = self.session.view().get("battle")
        if not b:
            return None
        position = b["position"]
        out = {"battle": b, "options": battle.options(position), "outcome": battle.outcome(position)}
        out["odds"] = None if out["outcome"].get("over") else self.odds.odds((self.session.version, "battle"),
                                                                              position)
        return out
