"""Magnate's screens, by their name in the app's ScreenManager (styled by ``kv/magnate/``)."""

from .. import widgets  # noqa: F401  (the token bar, for the kv files)
from .city import MagnateCityScreen
from .end import MagnateEndScreen
from .new_game import MagnateNewGameScreen
from .roll import MagnateRollScreen
from .setup import MagnateSetupScreen
from .turn import MagnateTurnScreen

SCREENS = {
    "magnate.new_game": MagnateNewGameScreen,
    "magnate.setup": MagnateSetupScreen,
    "magnate.roll": MagnateRollScreen,
    "magnate.turn": MagnateTurnScreen,
    "magnate.city": MagnateCityScreen,
    "magnate.end": MagnateEndScreen,
}
