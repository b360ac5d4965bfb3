"""Magnifico's screens, by their name in the app's ScreenManager (styled by ``kv/magnifico/``)."""

from .. import widgets  # noqa: F401  (the map and the VP track, for the kv files)
from .auction import MagnificoAuctionScreen
from .battle import MagnificoBattleScreen
from .income import MagnificoIncomeScreen
from .new_game import MagnificoNewGameScreen
from .scoring import MagnificoScoringScreen
from .setup import MagnificoSetupScreen
from .table import MagnificoTableScreen
from .turn import MagnificoTurnScreen

SCREENS = {
    "magnifico.new_game": MagnificoNewGameScreen,
    "magnifico.setup": MagnificoSetupScreen,
    "magnifico.table": MagnificoTableScreen,
    "magnifico.income": MagnificoIncomeScreen,
    "magnifico.auction": MagnificoAuctionScreen,
    "magnifico.turn": MagnificoTurnScreen,
    "magnifico.battle": MagnificoBattleScreen,
    "magnifico.scoring": MagnificoScoringScreen,
}
