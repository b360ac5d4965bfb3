"""Leonardo as a game of the family: the object the entry point ``leonardo`` names
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
    from . import box as B
    from . import commands as C
    from . import describe as D
    from . import engine as E
    from . import end
    from . import expects as X
    from . import record as R
    from . import state as S
    from .state import State
else:
    @lazy
    def B() -> ModuleType:
        from . import box as B

        return B

    @lazy
    def C() -> ModuleType:
        from . import commands as C

        return C

    @lazy
    def D() -> ModuleType:
        from . import describe as D

        return D

    @lazy
    def E() -> ModuleType:
        from . import engine as E

        return E

    @lazy
    def end() -> ModuleType:
        from . import end

        return end

    @lazy
    def X() -> ModuleType:
        from . import expects as X

        return X

    @lazy
    def R() -> ModuleType:
        from . import record as R

        return R

    @lazy
    def S() -> ModuleType:
        from . import state as S

        return S


def _load_box(profile: dict[str, Any] | None) -> dict[str, Any]:
    """What a new game's header carries of the table's box: ``{"box": the whole profile}``."""
    return {"box": B.normalize(profile)}


def _remember(profile: dict[str, Any], command: Any) -> dict[str, Any]:
    """The profile with a printed value the table entered during a game (SetPrintedValue)."""
    if isinstance(command, dict):
        command = C.from_dict(command)
    return B.set_value(profile, command.item, command.field, command.value)


class Leonardo:
    """A Renaissance city: palaces, works of art, markets, men-at-arms (3-6 players)."""

    name = "leonardo"
    title = {"en": "Leonardo", "it": "Leonardo"}
    seats = (3, 6)
    rules_version = "leonardo-1"
    domain = "leonardo"
    secrets = {"factions": frozenset({"ChooseFaction"}), "market_bets": frozenset({"LockBet"})}  # engine.SECRETS
    box = BoxSchema(load=_load_box, remember=_remember, remembers=frozenset({"SetPrintedValue"}))
    @property
    def variants(self) -> dict[str, tuple[Any, tuple[Any, ...]]]:
        from .variants import VARIANTS  # not the engine: the setup form reads them

        return VARIANTS

    # -- the rules ---------------------------------------------------------------------
    def new_game(self, header: dict[str, Any]) -> State:
        return E.new_game(header)

    def apply(self, state: State, command: Any) -> tuple[State, list[Event]]:
        return E.apply(state, command)

    def check(self, state: State, command: Any) -> Any:
        return E.check(state, command)

    def needs(self, state: State, command: Any) -> dict[str, Any] | None:
        """The printed value a command waits for (``{"item", "field"}``), or None."""
        return E.needs(state, command)

    def legal(self, state: State) -> dict[str, Any]:
        return E.legal(state)

    def state_to_dict(self, state: State) -> dict[str, Any]:
        return state.to_dict()

    def state_from_dict(self, data: dict[str, Any]) -> State:
        return S.State.from_dict(data)

    def command_to_dict(self, command: Any) -> dict[str, Any]:
        return C.to_dict(command)

    def command_from_dict(self, data: dict[str, Any]) -> Any:
        return C.from_dict(data)

    def public_view(self, state: State) -> dict[str, Any]:
        return E.public_view(state)

    # -- words -------------------------------------------------------------------------
    def describe(self, event: Event, header: dict[str, Any], lang: str = DEFAULT_LANG) -> str:
        return D.describe_event(event, header, lang)

    def describe_command(self, command: Any, header: dict[str, Any], lang: str = DEFAULT_LANG) -> str:
        return D.describe_command(command, header, lang)

    def summary(self, state: State) -> dict[str, Any]:
        return R.summary(state)

    def outcome(self, state: State) -> Outcome | None:
        return end.outcome(state)

    def history(self, state: State) -> History:
        return History(state.round, state.phase == "over", self.outcome(state))

    def expects(self, state: State) -> list[Expect]:
        return X.expects(state)

    # -- a virtual table ---------------------------------------------------------------
    def demo_header(self, players: int, seed: int = 1) -> dict[str, Any]:
        from .demo import demo_header

        return demo_header(players, seed)

    def demo_move(self, state: State, seed: int, index: int) -> Any | None:
        from .demo import demo_move

        return demo_move(state, seed, index)

    def demo_lines(self, state: State, events: list[Event]) -> list[str]:
        """A demo's summary lines (``python -m companion demo --game leonardo``)."""
        out = []
        for ev in events:
            if ev["type"] == "round":
                cash = "; ".join(f"{p.name} {p.cash} fl {len(state.holdings(s))} prop" + (" (out)" if p.out else "")
                                 for s, p in enumerate(state.seats))
                out.append(f"Round {ev['round'] - 1} done: {cash}")
            elif ev["type"] == "game_over":
                names = ", ".join(state.seats[s].name for s in ev["winners"])
                out.append(f"Round {state.round}: {names} won ({ev['reason']}).")
        return out

    def ui(self) -> Any | None:
        """Leonardo's screens for the app shell (``companion.app.game_ui.GameUI``); Kivy is
        imported only here, when the app asks."""
        from .ui.entry import LeonardoUI

        return LeonardoUI()


GAME = Leonardo()
