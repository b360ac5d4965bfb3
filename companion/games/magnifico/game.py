"""Magnifico as a game of the family: the object the entry point ``magnifico`` names."""

from __future__ import annotations

import random
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

from companion.core.game import BoxSchema, Event, Expect, ExpectKind, History, Outcome
from companion.core.i18n import DEFAULT_LANG
from companion.core.lazy import lazy

# the rules, imported when a method first needs them (listing the games imports none);
# the type checker sees the modules themselves
if TYPE_CHECKING:
    from . import commands as C
    from . import engine as E
    from . import state as S
    from .state import State
else:
    @lazy
    def C() -> ModuleType:
        from . import commands as C

        return C

    @lazy
    def E() -> ModuleType:
        from . import engine as E

        return E

    @lazy
    def S() -> ModuleType:
        from . import state as S

        return S


MAX_DEMO_ROUNDS = 80


def _load_box(profile: dict[str, Any] | None) -> dict[str, Any]:
    from . import data

    return data.load_box(profile)


def _remember(profile: dict[str, Any], command: Any) -> dict[str, Any]:
    """The profile with a printed value the table entered (``SetCardValue``) kept in it."""
    from companion.errors import IllegalCommand

    out = dict(profile)
    if not isinstance(out.get("cards", {}), dict):
        raise IllegalCommand.of("profile_cards_not_object")
    cards = dict(out.get("cards") or {})
    if not isinstance(cards.get(command.card, {}), dict):
        raise IllegalCommand.of("profile_card_not_object", card=command.card)
    entry = dict(cards.get(command.card) or {})
    entry[command.field] = command.value
    cards[command.card] = entry
    out["cards"] = cards
    _load_box(out)  # refuses a value the card cannot print, before anything is kept
    return out


class Magnifico:
    """Europe c.1500: auctions, Leonardo's machines, castles and battles (3-5 players)."""

    name = "magnifico"
    title = {"en": "Magnifico", "it": "Magnifico"}
    seats = (3, 5)
    rules_version = "magnifico-1"
    domain = "magnifico"
    secrets = {"bids": frozenset({"LockBid"})}
    box = BoxSchema(load=_load_box, remember=_remember, remembers=frozenset({"SetCardValue"}))
    @property
    def variants(self) -> dict[str, tuple[Any, str]]:
        from .variants import VARIANTS  # not the engine: a setup form reads them

        return VARIANTS

    # -- the rules ---------------------------------------------------------------------
    def new_game(self, header: dict[str, Any]) -> State:
        return E.new_game(header)

    def apply(self, state: State, command: Any) -> tuple[State, list[Event]]:
        new, events = E.apply(state, command)
        # The contract speaks plain dicts: Magnifico's typed events (events.py) are those dicts.
        return new, cast(list[Event], events)

    def check(self, state: State, command: Any) -> Any:
        return E.check(state, command)

    def legal(self, state: State) -> dict[str, Any]:
        return cast(dict[str, Any], E.legal(state))  # actions.Legal, as the plain dict it is

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
        return E.describe(event, header, lang)

    def describe_command(self, command: dict[str, Any], header: dict[str, Any], lang: str = DEFAULT_LANG) -> str:
        from . import describe as D

        return D.describe_command(command, D.Names.of(header), lang)

    def summary(self, state: State) -> dict[str, Any]:
        from .record import summary

        return summary(state)

    def outcome(self, state: State) -> Outcome | None:
        return E.outcome(state)

    def history(self, state: State) -> History:
        return History(state.round, state.phase == S.Phase.OVER, self.outcome(state))

    def expects(self, state: State) -> list[Expect]:
        """The dice to roll and the sealed bids the table owes now."""
        out: list[Expect] = []
        for a in E.legal(state)["actions"]:
            if a["type"] == "StartOrderRoll":
                out.append(Expect(ExpectKind.ROLL, "StartOrderRoll", a["seat"], dice="mag", count=a["dice"]))
            elif a["type"] == "LockBid":
                out.append(Expect(ExpectKind.SEALED, "LockBid", a["seat"], group="bids", step=a["step"],
                                  minimum=a["min"], maximum=a["max"]))
        return out

    # -- a virtual table ---------------------------------------------------------------
    def demo_header(self, players: int, seed: int = 1) -> dict[str, Any]:
        from .demo import demo_header

        return demo_header(players)

    def demo_move(self, state: State, seed: int, index: int) -> Any | None:
        if state.phase == S.Phase.OVER or state.round > MAX_DEMO_ROUNDS:
            return None
        from .demo import next_command

        return next_command(state, random.Random(f"{seed}:{index}"))

    def demo_lines(self, state: State, events: list[Event]) -> list[str]:
        """A demo's round-by-round summary (``python -m companion demo``)."""
        from .demo import _round_line

        out = []
        for ev in events:
            if ev["type"] == "round_scoring":
                out.append(_round_line(state, ev["round"]))
            elif ev["type"] == "game_over":
                out.append(f"Round {state.round}: {state.seats[ev['winner']].name} wins with {ev['vp']} VP.")
        return out

    def cli_commands(self) -> dict[str, tuple[Any, str]]:
        """Magnifico's own subcommands: a battle script, a battle's odds."""
        from .battle import cli

        return {"battle": (cli, "resolve a battle script (Magnifico)"),
                "odds": (cli, "the odds of a battle position (Magnifico; decimals, --exact for fractions)")}

    def ui(self) -> Any | None:
        """Magnifico's screens for the app shell (``companion.app.game_ui.GameUI``); Kivy is
        imported only here, when the app asks."""
        from .ui.entry import MagnificoUI

        return MagnificoUI()


GAME = Magnifico()
