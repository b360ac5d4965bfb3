"""Leonardo's widgets (importing this package registers them for the kv files)."""

from .ring import LeonardoRing  # noqa: F401
from .spin import LeonardoSpinPad  # noqa: F401
