"""Magnifico Companion: keeps the books and referees a game of Magnifico."""

__version__ = "0.1.0"
