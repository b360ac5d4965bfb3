"""A command as the table enters it on Magnate's screens: the buttons tapped, in order, named
by their ids (the screenshots' tour and the UI tests play the demo's bots this way).

A step is ``("tap", id)`` or ``("step", stepper id, value)`` (tap "-" or "+" until it shows
the value). Ids are looked up on the screen shown at that moment.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.magnate import commands as C

from .presenters import SCREEN

Step = tuple[Any, ...]


def screen_of(command: Any) -> str:
    """The screen a command is entered on."""
    if isinstance(command, (C.SetDistricts, C.DealCrowns, C.StartPlayer)):
        return SCREEN + "setup"
    if isinstance(command, (C.Roll, C.TaxRoll, C.ChooseIncome)):
        return SCREEN + "roll"
    return SCREEN + "turn"


def steps(command: Any) -> list[Step]:
    """The taps that enter ``command``."""
    c = command
    if isinstance(c, C.SetDistricts):
        return [("tap", "pawn_" + p) for p in c.pawns] + [("tap", "districts_ok")]
    if isinstance(c, C.DealCrowns):
        return [("tap", f"crowns_seat_{c.seat}")] + [("tap", "crown_" + x) for x in c.crowns] + [("tap", "crowns_ok")]
    if isinstance(c, C.StartPlayer):
        return [("tap", f"start_{c.seat}")]
    if isinstance(c, C.Roll):
        return [("tap", f"die_{i}_{10 if f == 0 else f}") for i, f in enumerate(c.dice)] + [("tap", "roll_ok")]
    if isinstance(c, C.TaxRoll):
        return [("tap", f"die_0_{c.die}"), ("tap", "roll_ok")]
    if isinstance(c, C.ChooseIncome):
        return [("tap", f"income_{c.card}_{c.suit}")]
    if isinstance(c, C.Trade):
        return [("tap", "act_Trade"), ("tap", "give_" + c.give), ("tap", "get_" + c.get),
                ("step", "times", c.times), ("tap", "confirm")]
    if isinstance(c, C.Develop):
        return [("tap", "act_Develop"), ("tap", "deed_" + c.card), ("tap", "suit_" + c.suit),
                ("step", "count", c.count), ("tap", "confirm")]
    if isinstance(c, C.Build):
        from companion.games.magnate.cards import decktet

        pays = [("step", "pay_" + x, c.payment.get(x, 0)) for x in decktet()[c.card].suits]
        return [("tap", "act_Build"), ("tap", "card_" + c.card), ("tap", "district_" + c.district), *pays,
                ("tap", "confirm")]
    if isinstance(c, C.Found):
        return [("tap", "act_Found"), ("tap", "card_" + c.card), ("tap", "district_" + c.district), ("tap", "confirm")]
    if isinstance(c, C.Sell):
        return [("tap", "act_Sell"), ("tap", "card_" + c.card), ("tap", "confirm")]
    if isinstance(c, C.Draw):
        return [("tap", "act_Draw")]
    if isinstance(c, C.EndTurn):
        return [("tap", "act_EndTurn")]
    raise ValueError(f"no screen enters {type(c).__name__}")


def enter(step: Step, find: Callable[[str], Any], tap: Callable[[Any], None]) -> None:
    """Do one step: ``find(id)`` gives the widget shown, ``tap(widget)`` touches it. A stepper
    that is not shown (one value only) is skipped."""
    if step[0] == "tap":
        tap(find(step[1]))
        return
    _, wid, value = step
    for _ in range(40):
        try:
            stepper = find(wid)
        except LookupError:
            return
        if stepper.value == value:
            return
        minus, plus = stepper.children[2], stepper.children[0]  # kv order: label, -, value, +
        tap(minus if stepper.value > value else plus)
    raise AssertionError(f"the stepper {wid} never showed {value}")
