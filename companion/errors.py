"""The one error tree of the companion.

```
CompanionError                 any problem, with a keyed message shown in the table's language
├── IllegalCommand             the rules refuse an input (what a player did or typed)
├── StorageError (+ OSError)   the journal's files: locked, damaged, full, read-only
└── HardwareError (+ OSError)  handsets, the dice reader: missing, misconfigured, failing
```

Catching ``IllegalCommand`` never catches a full disk; a front end that only shows the
reason catches ``CompanionError``. ``GameError`` is the old name of ``IllegalCommand``.
"""

from __future__ import annotations

from typing import Any


class CompanionError(Exception):
    """A problem told in words a person can act on.

    ``reason`` is the English text. A keyed error (``Cls.of(key, **params)``) also carries
    ``key``, ``params`` and the catalogue ``domain`` (``companion.core.i18n``), so a screen
    shows it in the table's language: ``err.localized("it")``.
    """

    domain = "core"  # the catalogue a keyed error of this class looks in by default

    def __init__(self, reason: str, *, key: str | None = None, params: dict[str, Any] | None = None,
                 domain: str | None = None, needs: dict[str, Any] | None = None):
        # A reason that is an i18n Message brings its key, parameters and domain along.
        if key is None:
            key = getattr(reason, "key", None)
            if params is None:
                params = getattr(reason, "params", None)
            if domain is None:
                domain = getattr(reason, "domain", None)
        super().__init__(str(reason))
        self.reason = str(reason)
        self.key = key
        self.params: dict[str, Any] = dict(params or {})
        if domain is not None:
            self.domain = domain
        self.needs = needs

    @classmethod
    def of(cls, key: str, *, domain: str | None = None, needs: dict[str, Any] | None = None,
           **params: Any) -> Any:
        """A keyed error whose English reason comes from the ``domain`` catalogue."""
        from companion.core.i18n import Message  # lazy: this module imports nothing at load

        return cls(Message(key, params, domain=domain or cls.domain), needs=needs)

    @property
    def message(self) -> Any:
        """The reason as an i18n Message (plain English text if the error has no key)."""
        if self.key is None:
            return self.reason
        from companion.core.i18n import Message

        return Message(self.key, self.params, self.reason, domain=self.domain)

    def localized(self, lang: str = "en", catalog: Any = None) -> str:
        """The reason in ``lang``; the English ``reason`` when there is no key or template."""
        if self.key is None:
            return self.reason
        from companion.core.i18n import Catalog, Message

        if isinstance(catalog, dict):  # a plain {key: template} of that language
            catalog = Catalog({lang: catalog})
        return Message(self.key, self.params, self.reason, domain=self.domain).localized(lang, catalog)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON for a screen or a log: text, key, params, domain, needs."""
        from companion.core.i18n import _plain

        return {"text": self.reason, "key": self.key, "params": _plain(self.params), "domain": self.domain,
                "needs": self.needs}


class IllegalCommand(CompanionError):
    """An input the rules do not allow, with a reason a player understands.

    ``needs`` is set when the engine lacks a printed value that only the physical component
    shows (``{"card": "tank_3", "field": "dice"}``): the screen asks the table for it.
    """

    domain = "magnifico"


GameError = IllegalCommand  # the name the first engine was written with


class StorageError(CompanionError, OSError):
    """The journal cannot do what was asked (locked, damaged, newer, disk full...)."""

    domain = "storage"


class HardwareError(CompanionError, OSError):
    """Hardware that is missing, misconfigured or misbehaving, with a reason a person can act on."""

    domain = "hardware"
