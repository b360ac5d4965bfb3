"""The hardware's error: its branch of the error tree (``companion.errors``)."""

from companion.errors import HardwareError

__all__ = ["HardwareError"]
