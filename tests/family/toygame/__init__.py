"""A throw-away game written only against the contract (companion.core.game), for the
platform tests: seats pick a number in secret; when every seat has picked, the picks open
and the highest pick nobody else made scores a point; two points win.

It is copied into a temporary folder with its own distribution metadata, so the app finds
it through the entry point ``companion.games`` exactly as it finds a real game. Its screens
(``ui.py``, ``toy.kv``) come with it, as a game's UI package does (``companion.app.game_ui``).
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any

from companion.core.game import Expect, ExpectKind, History, Outcome
from companion.errors import IllegalCommand


@dataclass
class State:
    names: list[str]
    points: list[int]
    picks: dict[str, int] = field(default_factory=dict)
    round: int = 1
    winner: int | None = None


@dataclass(frozen=True)
class Pick:
    seat: int
    number: int
    type: str = "Pick"


COMMANDS = {"Pick": Pick}


class Toy:
    name = "toy"
    title = {"en": "Toy", "it": "Giocattolo"}
    seats = (2, 3)
    rules_version = "toy-1"
    domain = "core"
    secrets = {"picks": frozenset({"Pick"})}
    box = None

    def new_game(self, header: dict[str, Any]) -> State:
        names = [s["name"] for s in header.get("seats", [])]
        if not 2 <= len(names) <= 3:
            raise IllegalCommand("toy is played by 2 or 3")
        return State(names, [0] * len(names))

    def apply(self, state: State, command: Any) -> tuple[State, list[dict[str, Any]]]:
        if self.check(state, command):
            raise IllegalCommand(str(self.check(state, command)))
        s = State(**{**asdict(state), "picks": dict(state.picks), "points": list(state.points)})
        s.picks[str(command.seat)] = command.number
        events: list[dict[str, Any]] = [{"type": "picked", "seat": command.seat}]
        if len(s.picks) == len(s.names):
            numbers = list(s.picks.values())
            unique = [int(k) for k, v in s.picks.items() if numbers.count(v) == 1]
            best = max(unique, key=lambda k: s.picks[str(k)], default=None)
            events.append({"type": "picks_opened", "picks": dict(s.picks), "reveal": True, "opens": ["picks"]})
            if best is not None:
                s.points[best] += 1
                if s.points[best] >= 2:
                    s.winner = best
            s.picks, s.round = {}, s.round + 1
        return s, events

    def check(self, state: State, command: Any) -> str | None:
        if state.winner is not None:
            return "the game is over"
        if not 0 <= command.seat < len(state.names):
            return "no such seat"
        if str(command.seat) in state.picks:
            return f"{state.names[command.seat]} has picked already"
        if command.number not in (1, 2, 3):
            return "pick 1, 2 or 3"
        return None

    def legal(self, state: State) -> dict[str, Any]:
        todo = [] if state.winner is not None else [i for i in range(len(state.names)) if str(i) not in state.picks]
        return {"to_act": todo, "actions": [{"type": "Pick", "seat": i, "choices": [1, 2, 3]} for i in todo]}

    def state_to_dict(self, state: State) -> dict[str, Any]:
        return asdict(state)

    def state_from_dict(self, data: dict[str, Any]) -> State:
        return State(**data)

    def command_to_dict(self, command: Any) -> dict[str, Any]:
        return asdict(command)

    def command_from_dict(self, data: dict[str, Any]) -> Any:
        try:
            return COMMANDS[data["type"]](**{k: v for k, v in data.items() if k != "type"})
        except (KeyError, TypeError):
            raise IllegalCommand(f"not a command of toy: {data!r}") from None

    def public_view(self, state: State) -> dict[str, Any]:
        d = asdict(state)
        d["picked"] = sorted(int(k) for k in d.pop("picks"))
        return d

    def describe(self, event: dict[str, Any], header: dict[str, Any], lang: str = "en") -> str:
        names = [s["name"] for s in header["seats"]]
        if event["type"] == "picked":
            return f"{names[event['seat']]} picked"
        return "picks: " + ", ".join(f"{names[int(k)]} {v}" for k, v in event["picks"].items())

    def describe_command(self, command: dict[str, Any], header: dict[str, Any], lang: str = "en") -> str:
        return f"{header['seats'][command['seat']]['name']} picks"

    def summary(self, state: State) -> dict[str, Any]:
        return {"points": state.points, "winner": state.winner, "round": state.round}

    def outcome(self, state: State) -> Outcome | None:
        return None if state.winner is None else Outcome((state.winner,), "two_points", {"points": state.points})

    def history(self, state: State) -> History:
        return History(state.round, state.winner is not None, self.outcome(state))

    def expects(self, state: State) -> list[Expect]:
        return [Expect(ExpectKind.SEALED, "Pick", a["seat"], group="picks", choices=(1, 2, 3))
                for a in self.legal(state)["actions"]]

    def demo_header(self, players: int, seed: int = 1) -> dict[str, Any]:
        return {"game": "toy", "format": 1, "seats": [{"name": n} for n in ["Ada", "Bo", "Cy"][:players]]}

    def demo_move(self, state: State, seed: int, index: int) -> Any | None:
        todo = self.legal(state)["to_act"]
        if not todo:
            return None
        return Pick(todo[0], random.Random(f"{seed}:{index}").choice([1, 2, 3]))

    def ui(self) -> Any | None:
        from .ui import ToyUI  # Kivy only when the app asks: the rules never need it

        return ToyUI()


GAME = Toy()
