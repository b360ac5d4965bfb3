"""``GAME``: Magnate as the family's game contract sees it (companion/core/game.py).

One object the shell, the journal and the CLI use without knowing Magnate's modules.
"""

from __future__ import annotations

from typing import Any

from . import commands as C
from . import demo, describe, engine, legality, record, scoring
from .state import State
from .text import DOMAIN, refuse


class MagnateBox:
    """The box profile of Magnate: only how many tokens of each suit the table owns
    (None: as many as needed). Fewer tokens never refuse a move; the bank warns."""

    keys = ("token_supply",)

    def defaults(self) -> dict[str, Any]:
        return {"token_supply": None}

    def validate(self, profile: Any) -> dict[str, Any]:
        if not isinstance(profile, dict):
            raise refuse("box_not_object")
        unknown = sorted(set(profile) - {*self.keys, "name", "note"})
        if unknown:
            raise refuse("box_unknown", entry=unknown[0])
        supply = profile.get("token_supply")
        if supply is not None and (isinstance(supply, bool) or not isinstance(supply, int) or supply < 1):
            raise refuse("token_supply")
        return {**self.defaults(), **{k: profile[k] for k in self.keys if k in profile}}

    def merge(self, header: dict[str, Any], profile: Any) -> dict[str, Any]:
        """The header with the profile's values (a record carries them: self-contained)."""
        return {**header, **self.validate(profile)}


class MagnateGame:
    """The game contract for Magnate."""

    name = "magnate"
    title = {"en": "Magnate", "it": "Magnate"}
    seats = engine.SEATS
    rules_version = "1"
    domain = DOMAIN
    secrets: dict[str, frozenset[str]] = {}  # hands are never entered: nothing sealed
    variants = engine.VARIANTS
    box = MagnateBox()
    ui = None

    # rules
    def new_game(self, header: dict[str, Any]) -> State:
        return engine.new_game(header)

    def apply(self, state: State, command: Any) -> tuple[State, list[dict[str, Any]]]:
        return engine.apply(state, command)

    def check(self, state: State, command: Any) -> Any:
        return engine.check(state, command)

    def legal(self, state: State) -> dict[str, Any]:
        return legality.legal(state)

    def expects(self, state: State) -> list[legality.Expect]:
        return legality.expects(state)

    # (de)serialisation
    def state_to_dict(self, state: State) -> dict[str, Any]:
        return state.to_dict()

    def state_from_dict(self, d: dict[str, Any]) -> State:
        return State.from_dict(d)

    def command_to_dict(self, command: Any) -> dict[str, Any]:
        return C.to_dict(command)

    def command_from_dict(self, d: Any) -> Any:
        return C.from_dict(d)

    def public_view(self, state: State) -> dict[str, Any]:
        """Everything is public: the state holds no hand's contents, only sizes."""
        return state.to_dict()

    # words and results
    def describe(self, event: dict[str, Any], header: Any, lang: str = "en") -> str:
        return describe.describe(event, header, lang)

    def describe_command(self, command: Any, header: Any, lang: str = "en", *, undo: bool = False) -> str:
        return describe.describe_command(command, header, lang, undo=undo)

    def summary(self, state: State) -> dict[str, Any]:
        return record.summary(state)

    def history(self, state: State) -> dict[str, Any]:
        return record.history(state)

    def outcome(self, state: State) -> scoring.Outcome | None:
        return scoring.outcome(state)

    # the demo bots
    def demo_header(self, players: int = 2, seed: int = 0) -> dict[str, Any]:
        return demo.demo_header(players, seed)

    def demo_move(self, state: State, seed: int, index: int) -> Any:
        return demo.demo_move(state, seed, index)


GAME = MagnateGame()
