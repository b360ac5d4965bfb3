"""The hardware layer's errors, every message keyed in the ``hardware`` catalogue.

- ``HardwareError`` (``companion.errors``): hardware that is missing, misconfigured or
  misbehaving (a port that does not exist, a pin map that uses a pin twice, a reader
  speaking another protocol). Its branch of the error tree is also an ``OSError``, so
  catching an illegal move never catches an unplugged cable.
- ``InputRefused``: what a person entered on a handset or typed for the dice does not fit
  the request ("7 is not a face of a d6"): a refusal like the rules' own
  (``IllegalCommand``), told from the hardware catalogue.

Both are built with ``.of(key, **params)`` and show in the table's language with
``err.localized("it")``.
"""

from __future__ import annotations

from companion.errors import HardwareError, IllegalCommand

__all__ = ["HardwareError", "InputRefused"]


class InputRefused(IllegalCommand):
    """A value entered on a handset, or faces typed for a roll, that the request does not allow."""

    domain = "hardware"
