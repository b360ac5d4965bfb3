"""The hardware layer's errors, every message keyed in the ``hardware`` catalogue.

- ``HardwareError``: hardware that is missing, misconfigured or misbehaving (a port that
  does not exist, a pin map that uses a pin twice, a reader speaking another protocol).
  It is the branch of the project's error tree for hardware (``companion.errors.
  HardwareError`` where that exists, an OSError there), so catching an illegal move never
  catches an unplugged cable.
- ``InputRefused``: what a person entered on a handset or typed for the dice does not fit
  the request ("7 is not a face of a d6"); a refusal like the rules' own
  (``companion.errors.IllegalCommand``, or ``GameError`` before it exists).

Both are built with ``.of(key, **params)`` and show in the table's language with
``err.localized("it")``.
"""

from __future__ import annotations

import companion.errors as _errors
from companion.core.i18n import Catalog
from hardware.messages import HardwareMessage

_Refusal = getattr(_errors, "IllegalCommand", _errors.GameError)
_HardwareBase = getattr(_errors, "HardwareError", _errors.GameError)


class _Keyed:
    """Localize through the hardware catalogue instead of the engine's."""

    key: str | None
    params: dict
    reason: str

    @classmethod
    def of(cls, key: str, **params: object):  # type: ignore[override]
        return cls(HardwareMessage(key, params))  # type: ignore[call-arg]

    @property
    def message(self):
        if self.key is None:
            return self.reason
        return HardwareMessage(self.key, self.params, self.reason)

    def localized(self, lang: str = "en", catalog: Catalog | dict | None = None) -> str:
        if self.key is None:
            return self.reason
        if isinstance(catalog, dict):
            catalog = Catalog({lang: catalog})
        return HardwareMessage(self.key, self.params, self.reason).localized(lang, catalog)


class HardwareError(_Keyed, _HardwareBase):  # type: ignore[misc, valid-type]
    """Hardware that is missing, misconfigured or misbehaving, with a reason a person can act on."""


class InputRefused(_Keyed, _Refusal):  # type: ignore[misc, valid-type]
    """A value entered on a handset, or faces typed for a roll, that the request does not allow."""
