"""The hardware layer's texts, keyed in the ``hardware`` catalogue (Italian and English).

Templates live in ``data/translations/hardware.en.json`` and ``hardware.it.json``.
``text(key, **params)`` gives a ``companion.core.i18n.Message`` of that domain: a ``str``
(its English text, so logs and old callers keep working) that a screen shows in the
table's language with ``message.localized("it")`` (or the app's ``reason()``).
"""

from __future__ import annotations

from companion.core.i18n import Domain, Message

DOMAIN = "hardware"
HARDWARE = Domain(DOMAIN)
HardwareMessage = Message  # what every hardware text is (a name for type hints)


def text(key: str, **params: object) -> Message:
    """``text("port_missing", port="/dev/ttyACM0")``."""
    return HARDWARE.msg(key, **params)
