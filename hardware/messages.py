"""The hardware layer's texts, keyed in the ``hardware`` catalogue (Italian and English).

Templates live in ``data/translations/hardware.en.json`` and ``hardware.it.json``; keys are
prefixed ``hardware.`` so they never clash with another domain's. ``text(key, **params)``
gives a ``HardwareMessage``: a ``str`` (its English text, so logs and old callers keep
working) that a screen shows in the table's language with ``message.localized("it")``.
"""

from __future__ import annotations

from companion.core.i18n import Catalog, Message, catalog

DOMAIN = "hardware"


class HardwareMessage(Message):
    """A Message of the ``hardware`` catalogue: it localizes there, not in the engine's."""

    def __new__(cls, key: str, params: dict | None = None, text: str | None = None,
                cat: Catalog | None = None) -> HardwareMessage:
        return super().__new__(cls, key, params, text, cat or catalog(DOMAIN))

    def localized(self, lang: str = "en", cat: Catalog | None = None) -> str:
        return super().localized(lang, cat or catalog(DOMAIN))

    def __reduce__(self):  # type: ignore[override]
        return (HardwareMessage, (self.key, self.params, str(self)))


def text(key: str, **params: object) -> HardwareMessage:
    """``text("hardware.port_missing", port="/dev/ttyACM0")``."""
    return HardwareMessage(key, params)

