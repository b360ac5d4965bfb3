"""The touchscreen app: the shell (home, new game, history, settings, game over with its charts,
the dice desk and the handsets) and each installed game's UI package (``game_ui.GameUI``)."""
