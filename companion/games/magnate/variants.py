"""The table options a new game of Magnate offers (magnate-decisions): name -> (its default,
what it does). Apart from the engine so that the setup form lists them without importing the
rules."""

from __future__ import annotations

VARIANTS: dict[str, tuple[bool, str]] = {
    "courts": (True, "the four Courts are shuffled into the deck"),
    "deed_any_suit": (False, "a deed's income is one token of any suit, not only of its own suits"),
    "deed_each_suit": (False, "a completed deed carries at least one token of each of its suits"),
}
DEFAULT_VARIANTS = {k: v[0] for k, v in VARIANTS.items()}
