"""What every screen shares: the app, the session, and a refresh hook."""

from kivy.app import App
from kivy.uix.screenmanager import Screen


class BaseScreen(Screen):
    """A screen that redraws from the session's state in ``refresh`` (and when it is entered)."""

    @property
    def app(self):
        return App.get_running_app()

    @property
    def session(self):
        return self.app.session

    def on_pre_enter(self, *args):
        self.refresh()

    def refresh(self):
        pass

    def send(self, command) -> bool:
        """Send a command through the session; show the reason when it is refused."""
        return self.app.send(command)
