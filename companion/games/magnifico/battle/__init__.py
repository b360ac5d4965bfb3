"""One battle of Magnifico: the notation, the step machine, the odds and simulations.

The seam the game engine uses (docs/architecture.md, "The battle seam"):
``start(setup)``, ``step(position, step)``, ``options(position)``,
``outcome(position)``, ``odds(position, exact=False)`` and
``simulate(position, games, seed)``. Positions and results are plain JSON dicts.
"""

from .machine import options, outcome, resolve, start, step
from .odds import odds
from .simulate import simulate

__all__ = ["start", "step", "options", "outcome", "odds", "simulate", "resolve"]
