"""The house rules a new game of Magnifico offers (rules-decisions: every **variant**): name ->
(its default, what it does). Apart from the engine so that a setup form lists them without
importing the rules."""

from __future__ import annotations

from typing import Any

VARIANTS: dict[str, tuple[Any, str]] = {
    "strict_order": (False, "Italian strict order: activate, build tanks/airplanes, towers, invade, attack"),
    "separate_limits": (False, "3 invasions and 3 attacks per turn, counted apart"),
    "tank_explosion": ("army", "a tank with 3+ explosions destroys its whole army ('army') or only its soldiers ('infantry')"),
    "only_defender_intercepts": (False, "reference sheet: only the defender may intercept with Anti-tank Bombs and Culverins"),
}
DEFAULT_VARIANTS = {k: v[0] for k, v in VARIANTS.items()}
