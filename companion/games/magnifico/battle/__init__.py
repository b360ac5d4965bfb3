"""One battle of Magnifico: the notation, the step machine and exact odds.

The seam the game engine uses (docs/architecture.md, "The battle seam"):
``start(setup)``, ``step(position, step)``, ``options(position)``,
``outcome(position)`` and ``odds(position)``. Positions are plain JSON dicts.
"""

from .machine import options, outcome, resolve, start, step
from .odds import odds

__all__ = ["start", "step", "options", "outcome", "odds", "resolve"]
