"""Leonardo's screens, by their name in the app's ManagerScreen (styled by ``kv/leonardo/``)."""

from .. import widgets  # noqa: F401  (the ring and the spin pad, for the kv files)
from .auction import LeonardoAuctionScreen
from .box import LeonardoBoxScreen
from .capital import LeonardoCapitalScreen
from .landing import LeonardoLandingScreen
from .market import LeonardoMarketScreen
from .new_game import LeonardoNewGameScreen
from .setup import LeonardoSetupScreen
from .table import LeonardoTableScreen
from .turn import LeonardoTurnScreen

SCREENS = {
    "leonardo.new_game": LeonardoNewGameScreen,
    "leonardo.box": LeonardoBoxScreen,
    "leonardo.setup": LeonardoSetupScreen,
    "leonardo.table": LeonardoTableScreen,
    "leonardo.turn": LeonardoTurnScreen,
    "leonardo.landing": LeonardoLandingScreen,
    "leonardo.auction": LeonardoAuctionScreen,
    "leonardo.market": LeonardoMarketScreen,
    "leonardo.capital": LeonardoCapitalScreen,
}
