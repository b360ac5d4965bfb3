"""The one error type every illegal input raises."""


class GameError(Exception):
    """An input the rules (or the files) do not allow, with a reason a player understands.

    ``reason`` is the English text. A keyed error (``GameError.of(key, **params)``) also
    carries ``key`` and ``params`` of the message catalogue (companion.core.i18n), so a
    screen can show it in the table's language: ``err.localized("it")``.

    ``needs`` is set when the engine lacks a printed value that only the physical card
    shows (``{"card": "tank_3", "field": "dice"}``): the screen asks the table for it.
    """

    def __init__(self, reason: str, *, needs: dict | None = None, key: str | None = None,
                 params: dict | None = None):
        # A reason that is an i18n Message brings its key and parameters along.
        if key is None:
            key = getattr(reason, "key", None)
            if params is None:
                params = getattr(reason, "params", None)
        super().__init__(str(reason))
        self.reason = str(reason)
        self.needs = needs
        self.key = key
        self.params = dict(params or {})

    @classmethod
    def of(cls, key: str, *, needs: dict | None = None, **params) -> "GameError":
        """A keyed error whose English reason comes from the catalogue."""
        from companion.core.i18n import Message  # lazy: this module imports nothing at load

        return cls(Message(key, params), needs=needs)

    @property
    def message(self):
        """The reason as an i18n Message (plain English text if the error has no key)."""
        if self.key is None:
            return self.reason
        from companion.core.i18n import Message

        return Message(self.key, self.params, self.reason)

    def localized(self, lang: str = "en", catalog=None) -> str:
        """The reason in ``lang``; the English ``reason`` when there is no key or template."""
        if self.key is None:
            return self.reason
        from companion.core.i18n import Catalog, Message

        if isinstance(catalog, dict):  # a plain {key: template} of that language
            catalog = Catalog({lang: catalog})
        return Message(self.key, self.params, self.reason).localized(lang, catalog)

    def to_dict(self) -> dict:
        """Plain JSON for a screen or a log: text, key, params, needs."""
        from companion.core.i18n import _plain

        return {"text": self.reason, "key": self.key, "params": _plain(self.params), "needs": self.needs}
