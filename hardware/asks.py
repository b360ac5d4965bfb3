"""What one seat enters on its handset: a number in steps, or one of a few choices.

``Ask(minimum=10, step=10, maximum=80)`` is a Magnifico bid of a player holding 85
florins (10, 20 ... 80); ``Ask(minimum=5, step=5, maximum=60)`` an auction in fives;
``Ask(choices=("guelph", "ghibelline"))`` a sealed faction. Up and down move a number
one step and stop at its ends; on a choice they go round. A seat's 4-digit display shows
a number as it is and a choice by its label (given, or made from the choice's first
letters when the display can draw them, else its number 1, 2 ...).

``Ask.from_dict`` reads the sealed choice a game's ``expects`` announces
(``{"choices": [...]}`` or ``{"step": .., "min": .., "max": ..}``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Union

from hardware.errors import InputRefused
from hardware.tm1637 import SEGMENTS

Value = Union[int, str]
WIDTH = 4  # digits of a seat's display


def _glyphs(word: str) -> str | None:
    """``word``'s first letters as the display can draw them ("guelph" -> "GuEL"), or None."""
    out = []
    for ch in word[:WIDTH]:
        drawn = next((c for c in (ch, ch.upper(), ch.lower()) if c in SEGMENTS and c != " "), None)
        if drawn is None:
            return None
        out.append(drawn)
    return "".join(out)


def auto_labels(choices: tuple[str, ...]) -> tuple[str, ...]:
    """Labels for the display: the choices' first letters if all can be drawn and differ
    (in their first three too: a locked display shows "L" and three), else 1, 2, 3..."""
    words = tuple(_glyphs(c) for c in choices)
    if all(words) and len({w[:WIDTH - 1] for w in words}) == len(words):  # type: ignore[index]
        return words  # type: ignore[return-value]
    return tuple(str(i + 1) for i in range(len(choices)))


@dataclass(frozen=True)
class Ask:
    """A number from ``minimum`` to ``maximum`` (None: no top) in ``step``s, or one of ``choices``."""

    minimum: int = 10
    maximum: int | None = None
    step: int = 10
    choices: tuple[str, ...] = ()
    labels: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if self.choices:
            choices = tuple(self.choices)
            if not all(isinstance(c, str) and c for c in choices) or len(set(choices)) != len(choices):
                raise InputRefused.of("ask_bad_choices")
            labels = tuple(self.labels) if self.labels else auto_labels(choices)
            if len(labels) != len(choices) or not all(_fits(lb) for lb in labels):
                raise InputRefused.of("ask_bad_labels", width=WIDTH)
            object.__setattr__(self, "choices", choices)
            object.__setattr__(self, "labels", labels)
            return
        for value in (self.minimum, self.step, self.maximum):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise InputRefused.of("ask_not_whole")
        if self.step < 1:
            raise InputRefused.of("ask_bad_step", step=self.step)

    @classmethod
    def from_dict(cls, d: Mapping) -> Ask:
        """``{"choices": [...], "labels"?: [...]}`` or ``{"step", "min"/"minimum", "max"/"maximum"}``."""
        if d.get("choices"):
            return cls(choices=tuple(d["choices"]), labels=tuple(d.get("labels") or ()))
        return cls(minimum=d.get("minimum", d.get("min", 0)), maximum=d.get("maximum", d.get("max")),
                   step=d.get("step", 1))

    @property
    def is_choice(self) -> bool:
        return bool(self.choices)

    @property
    def top(self) -> int | None:
        """The highest number a seat can reach (``maximum`` rounded down to a step)."""
        if self.is_choice or self.maximum is None:
            return None
        return self.minimum + (self.maximum - self.minimum) // self.step * self.step

    @property
    def empty(self) -> bool:
        """True when nothing can be entered (a maximum below the minimum)."""
        return not self.is_choice and self.maximum is not None and self.maximum < self.minimum

    def first(self) -> Value:
        """Where a handset with a display starts."""
        return self.choices[0] if self.is_choice else self.minimum

    def moved(self, value: Value, direction: int) -> Value:
        """One press of up (+1) or down (-1)."""
        if self.is_choice:
            i = self.choices.index(value) if value in self.choices else -direction
            return self.choices[(i + direction) % len(self.choices)]
        assert isinstance(value, int)
        new = max(value + direction * self.step, self.minimum)
        top = self.top
        return new if top is None else min(new, top)

    def check(self, value: object, name: object) -> Value:
        """``value`` if a seat may enter it, else InputRefused saying why (``name``: whose)."""
        if self.is_choice:
            if value not in self.choices:
                raise InputRefused.of("not_a_choice", value=str(value), choices=", ".join(self.choices))
            return value  # type: ignore[return-value]
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputRefused.of("value_not_whole", value=str(value))
        if value < self.minimum:
            raise InputRefused.of("value_too_low", minimum=self.minimum)
        if (value - self.minimum) % self.step:
            raise InputRefused.of("value_off_step", value=value, step=self.step, minimum=self.minimum)
        if self.maximum is not None and value > self.maximum:
            raise InputRefused.of("value_too_high", name=name, maximum=self.maximum)
        return value

    def label(self, value: Value) -> str:
        """What a display shows for ``value``."""
        if self.is_choice and value in self.choices:
            return self.labels[self.choices.index(value)]
        return str(value)


def _fits(label: object) -> bool:
    return isinstance(label, str) and 0 < len(label) <= WIDTH and all(c in SEGMENTS for c in label)


def magnifico_bid(florins: int, *, step: int = 10, minimum: int = 10) -> Ask:
    """Today's default: a bid of ``minimum`` up to the florins held, in ``step``s."""
    return Ask(minimum=minimum, maximum=florins, step=step)


def display_text(state: str, value: Value | None, ask: Ask | None = None) -> str:
    """What a seat's own display shows: blank while waiting, the value (or "----") while
    entering, "L" and the value when locked ("1.230" with the point lit: locked at 1230)."""
    if state == "waiting":
        return " " * WIDTH
    if value is None:
        return "----" if state == "entering" else "L   "
    if isinstance(value, str) or (ask is not None and ask.is_choice):
        label = ask.label(value) if ask is not None else str(value)
        return f"L{label[:WIDTH - 1]:>3}" if state == "locked" else f"{label:>4}"
    if state == "locked":
        return f"L{value:>3}" if -100 < value < 1000 else f"{str(value)[:1]}.{str(value)[1:4]}"
    return f"{value:>4}"[-WIDTH:]
