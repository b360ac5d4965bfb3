"""What Magnifico's summary screens show after the fact: the round's income and recruits, the
last scoring (and the VP before it, for the track's animation), the battle just finished
(the rules clear it from the state when it ends)."""

from __future__ import annotations

from typing import Any

from companion.app.game_session import Change
from companion.games.magnifico import battle


class Notes:
    """Kept from the changes of the open game; reset by a new game or a resume."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.round_events: list[dict[str, Any]] = []
        self.last_scoring: dict[str, Any] | None = None
        self.vp_before_scoring: list[int] = []
        self.last_battle: dict[str, Any] | None = None

    def note(self, change: Change) -> None:
        if change.kind in ("new", "resume"):
            self.reset()
        events = list(change.events)
        types = [e.get("type") for e in events]
        if "round_scoring" in types:
            self.last_scoring = next(e for e in events if e.get("type") == "round_scoring")
            self.vp_before_scoring = [p["vp"] for p in change.before_view().get("seats", [])]
        if "round" in types:
            self.round_events = list(events[types.index("round"):])
        else:
            self.round_events = self.round_events + [e for e in events if e.get("type") == "recruited"]
        try:
            self._note_battle(change, events)
        except Exception:
            self.last_battle = None

    def _note_battle(self, change: Change, events: list[dict[str, Any]]) -> None:
        """Keep the finished battle so its screen can show the result."""
        over = next((e for e in events if e.get("type") == "battle_over"), None)
        if over is None or change.before is None:
            return
        b = change.before_view().get("battle")
        steps = [e["step"] for e in events if e.get("type") == "battle_step"]
        position = None
        if b is not None:  # else over at once (the attack itself ended it)
            position = b["position"]
            for step in steps:
                position = battle.step(position, step)
            b = {**b, "steps": list(b.get("steps", [])) + steps}
        self.last_battle = {"battle": b, "event": over, "outcome": battle.outcome(position) if position else {}}
