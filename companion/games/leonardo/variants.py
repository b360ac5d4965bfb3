"""The house rules a new game of Leonardo offers (leonardo-decisions): name -> (its default,
the values it takes). Apart from the engine so that the setup form lists them without
importing the rules."""

from __future__ import annotations

from typing import Any

VARIANTS: dict[str, tuple[Any, tuple[Any, ...]]] = {
    "sealed_bets": (False, (False, True)),
    "market_pays": ("three_plus_stake", ("three_plus_stake", "three_in_all")),
    "corporations": (False, (False, True)),
}
DEFAULT_VARIANTS = {k: v[0] for k, v in VARIANTS.items()}
