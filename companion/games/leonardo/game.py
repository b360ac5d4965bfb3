"""``GAME``: Leonardo as one game of the family (the contract in the helpers' brief; the
lead aligns it with ``companion/core/game.py`` when that lands).

Registered by the entry point ``leonardo`` in group ``companion.games``.
"""

from __future__ import annotations

from typing import Any

from . import box as B
from . import commands as C
from . import describe as D
from . import engine as E
from . import record
from .demo import demo_header, demo_move
from .end import Outcome, outcome
from .expects import Expect, expects
from .state import State


class _Box:
    """The box-profile schema: defaults, checks, what is missing, merging into a header."""

    defaults = staticmethod(B.defaults)
    validate = staticmethod(B.validate)
    errors = staticmethod(B.errors)
    missing = staticmethod(B.missing)
    complete = staticmethod(B.complete)
    to_start = staticmethod(B.to_start)
    merge = staticmethod(B.merge)
    set_value = staticmethod(B.set_value)
    example = staticmethod(B.example)


class Leonardo:
    name = "leonardo"
    title = {"en": "Leonardo", "it": "Leonardo"}
    seats = (3, 6)
    rules_version = "1"
    domain = "leonardo"
    secrets = E.SECRETS
    variants = E.VARIANTS
    box = _Box()

    new_game = staticmethod(E.new_game)
    apply = staticmethod(E.apply)
    check = staticmethod(E.check)
    needs = staticmethod(E.needs)
    legal = staticmethod(E.legal)
    public_view = staticmethod(E.public_view)
    expects = staticmethod(expects)
    outcome = staticmethod(outcome)
    summary = staticmethod(record.summary)
    replay = staticmethod(record.replay)
    demo_header = staticmethod(demo_header)
    demo_move = staticmethod(demo_move)
    command_to_dict = staticmethod(C.to_dict)
    command_from_dict = staticmethod(C.from_dict)

    @staticmethod
    def state_to_dict(state: State) -> dict[str, Any]:
        return state.to_dict()

    @staticmethod
    def state_from_dict(d: Any) -> State:
        return State.from_dict(d)

    @staticmethod
    def describe(event: dict[str, Any], header: Any, lang: str = "en") -> str:
        return D.describe_event(event, header, lang)

    @staticmethod
    def describe_command(command: Any, header: Any, lang: str = "en") -> str:
        return D.describe_command(command, header, lang)

    @staticmethod
    def is_secret(command: Any) -> str | None:
        """The secret group a command belongs to, or None."""
        kind = command.get("type") if isinstance(command, dict) else type(command).__name__
        for group, kinds in E.SECRETS.items():
            if kind in kinds:
                return group
        return None

    @staticmethod
    def history(state: State) -> dict[str, Any]:
        return {"round": state.round, "finished": state.phase == "over", "outcome": state.outcome}


GAME = Leonardo()

__all__ = ["GAME", "Expect", "Outcome"]
