"""What every screen shares: the app, the session, and a refresh hook."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.uix.screenmanager import Screen


class BaseScreen(Screen):
    """A screen that redraws from the session's state in ``refresh`` (and when it is entered)."""

    @property
    def app(self) -> Any:
        return App.get_running_app()

    @property
    def session(self) -> Any:
        return self.app.session

    def on_pre_enter(self, *args: Any) -> None:
        self.refresh()

    def refresh(self) -> None:
        pass

    def send(self, command: Any) -> bool:
        """Send a command through the app; show the reason when it is refused."""
        return bool(self.app.send(command))
