"""The one error type every illegal input raises."""


class GameError(Exception):
    """An input the rules (or the files) do not allow, with a reason a player understands.

    ``needs`` is set when the engine lacks a printed value that only the physical card
    shows (``{"card": "tank_3", "field": "dice"}``): the screen asks the table for it.
    """

    def __init__(self, reason: str, *, needs: dict | None = None):
        super().__init__(reason)
        self.reason = reason
        self.needs = needs
