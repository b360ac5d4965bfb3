"""Magnifico's own widgets: the schematic map and the victory point track (importing this
package registers them for the kv files)."""

from .mapview import MapView  # noqa: F401
from .vptrack import VPTrack  # noqa: F401
