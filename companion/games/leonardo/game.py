"""Leonardo as a game of the family: the object the entry point ``leonardo`` names
(``companion.core.game.Game``)."""

from __future__ import annotations

from typing import Any

from companion.core.game import BoxSchema, Event, Expect, History, Outcome
from companion.core.i18n import DEFAULT_LANG

from . import box as B
from . import commands as C
from . import describe as D
from . import engine as E
from .end import outcome as _outcome
from .expects import expects as _expects
from .record import summary as _summary
from .state import State


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
    secrets = E.SECRETS
    box = BoxSchema(load=_load_box, remember=_remember, remembers=frozenset({"SetPrintedValue"}))
    variants = E.VARIANTS

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
        return State.from_dict(data)

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
        return _summary(state)

    def outcome(self, state: State) -> Outcome | None:
        return _outcome(state)

    def history(self, state: State) -> History:
        return History(state.round, state.phase == "over", self.outcome(state))

    def expects(self, state: State) -> list[Expect]:
        return _expects(state)

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
