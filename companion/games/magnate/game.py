"""Magnate as a game of the family: the object the entry point ``magnate`` names
(``companion.core.game.Game``)."""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any

from companion.core.game import BoxSchema, Event, Expect, History, Outcome
from companion.core.i18n import DEFAULT_LANG
from companion.core.lazy import lazy

# the rules, imported when a method first needs them (listing the games imports none);
# the type checker sees the modules themselves
if TYPE_CHECKING:
    from . import commands as C
    from . import demo
    from . import describe
    from . import engine
    from . import legality
    from . import record
    from . import scoring
    from . import state as S
    from . import text
    from .state import State
else:
    @lazy
    def C() -> ModuleType:
        from . import commands as C

        return C

    @lazy
    def demo() -> ModuleType:
        from . import demo

        return demo

    @lazy
    def describe() -> ModuleType:
        from . import describe

        return describe

    @lazy
    def engine() -> ModuleType:
        from . import engine

        return engine

    @lazy
    def legality() -> ModuleType:
        from . import legality

        return legality

    @lazy
    def record() -> ModuleType:
        from . import record

        return record

    @lazy
    def scoring() -> ModuleType:
        from . import scoring

        return scoring

    @lazy
    def S() -> ModuleType:
        from . import state as S

        return S

    @lazy
    def text() -> ModuleType:
        from . import text

        return text


BOX_KEYS = ("token_supply",)


def load_box(profile: dict[str, Any] | None) -> dict[str, Any]:
    """What a table's box profile puts in the header: how many tokens of each suit it owns
    (``token_supply``; None: as many as needed). Fewer tokens never refuse a move."""
    out: dict[str, Any] = {"token_supply": None}
    if profile is None:
        return out
    if not isinstance(profile, dict):
        raise text.refuse("box_not_object")
    unknown = sorted(set(profile) - {*BOX_KEYS, "name", "note"})
    if unknown:
        raise text.refuse("box_unknown", entry=unknown[0])
    supply = profile.get("token_supply")
    if supply is not None and (isinstance(supply, bool) or not isinstance(supply, int) or supply < 1):
        raise text.refuse("token_supply")
    out["token_supply"] = supply
    return out


def _remember(profile: dict[str, Any], command: Any) -> dict[str, Any]:
    return dict(profile)  # no command enters a printed value: nothing to keep


class Magnate:
    """The Decktet city-building game for two (Cristyn Magnus)."""

    name = "magnate"
    title = {"en": "Magnate", "it": "Magnate"}
    seats = (2, 2)  # engine.SEATS (a test checks they agree)
    rules_version = "magnate-1"
    domain = "magnate"
    secrets: dict[str, frozenset[str]] = {}  # a hand is never entered: nothing to seal
    box = BoxSchema(load=load_box, remember=_remember, remembers=frozenset())
    @property
    def variants(self) -> dict[str, tuple[bool, str]]:
        from .variants import VARIANTS  # not the engine: the setup form reads them

        return VARIANTS

    # -- the rules ---------------------------------------------------------------------
    def new_game(self, header: dict[str, Any]) -> State:
        return engine.new_game(header)

    def apply(self, state: State, command: Any) -> tuple[State, list[Event]]:
        return engine.apply(state, command)

    def check(self, state: State, command: Any) -> Any:
        return engine.check(state, command)

    def legal(self, state: State) -> dict[str, Any]:
        return legality.legal(state)

    def expects(self, state: State) -> list[Expect]:
        return legality.expects(state)

    def state_to_dict(self, state: State) -> dict[str, Any]:
        return state.to_dict()

    def state_from_dict(self, data: dict[str, Any]) -> State:
        return S.State.from_dict(data)

    def command_to_dict(self, command: Any) -> dict[str, Any]:
        return C.to_dict(command)

    def command_from_dict(self, data: dict[str, Any]) -> Any:
        return C.from_dict(data)

    def public_view(self, state: State) -> dict[str, Any]:
        """The whole state: it holds no hand's contents, only their sizes."""
        return state.to_dict()

    # -- words and results ---------------------------------------------------------------
    def describe(self, event: Event, header: dict[str, Any], lang: str = DEFAULT_LANG) -> str:
        return describe.describe(event, header, lang)

    def describe_command(self, command: Any, header: dict[str, Any], lang: str = DEFAULT_LANG, *,
                         undo: bool = False) -> str:
        return describe.describe_command(command, header, lang, undo=undo)

    def summary(self, state: State) -> dict[str, Any]:
        return record.summary(state)

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state)

    def history(self, state: State) -> History:
        """A game list's row (a Magnate "round" is a turn)."""
        return History(state.turn, state.phase == "over", scoring.outcome(state))

    # -- a virtual table -----------------------------------------------------------------
    def demo_header(self, players: int = 2, seed: int = 1) -> dict[str, Any]:
        return demo.demo_header(players, seed)

    def demo_move(self, state: State, seed: int, index: int) -> Any | None:
        return demo.demo_move(state, seed, index)

    def demo_lines(self, state: State, events: list[Event]) -> list[str]:
        """What ``python -m companion demo --game magnate`` prints: the reshuffle, the last
        turns and the end, district by district."""
        shown = ("reshuffled", "deck_out", "district_scored", "game_over")
        names = [p.name for p in state.seats]
        return [describe.describe(e, names, DEFAULT_LANG) for e in events if e["type"] in shown]

    def ui(self) -> Any | None:
        """Magnate's screens for the app shell (``companion.app.game_ui.GameUI``); Kivy is
        imported only here, when the app asks."""
        from .ui.entry import MagnateUI

        return MagnateUI()


GAME = Magnate()
