"""Magnate's screens for the app shell (Kivy is imported only here, when the app asks)."""
