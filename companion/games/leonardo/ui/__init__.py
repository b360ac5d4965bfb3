"""Leonardo's screens for the app shell (``GAME.ui()`` returns ``entry.LeonardoUI``): the box
profile, the new game, the setup, the board, the turn, the landing, the auction, the market
and the capital count. Kivy is imported here and only here, never by the engine."""
