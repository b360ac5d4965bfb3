"""The hardware layer's error: a GameError, so every front end shows its reason plainly."""

from companion.errors import GameError


class HardwareError(GameError):
    """Hardware that is missing, misconfigured or misbehaving, with a reason a person can act on."""
