"""Magnifico's UI package for the app shell: screens, presenters, the odds worker and the
sealed bids at the table (``entry.MagnificoUI`` is what ``GAME.ui()`` returns). Its layouts
are in ``kv/magnifico/``. Kivy is imported here and in the app, never by the rules."""
