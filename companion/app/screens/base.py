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

    rehearses = True  # False: its fill must not be made ahead from a game not open (it starts work)
    _rehearsal: Any = None

    @property
    def session(self) -> Any:
        return self._rehearsal if self._rehearsal is not None else self.app.session

    def on_pre_enter(self, *args: Any) -> None:
        self.refresh()

    def rehearse(self, session: Any) -> None:
        """Fill the screen from ``session``, a game read but not open (``GameSession.rehearsal``):
        home's warm-up fills the screen a Resume opens on with the game it resumes, so the tap
        finds its rows made and its texts drawn. The Resume's own fill follows in the tap."""
        self._rehearsal = session
        try:
            self.refresh()
        finally:
            self._rehearsal = None

    def render_texts(self) -> int:
        """After a rehearsal, once its labels are laid out: their texts' pixels rendered now,
        not in the frame of the tap that shows them (widgets/textures.py)."""
        from companion.app.widgets.textures import render_labels

        return render_labels(self)

    def kept(self, name: str, made: Any) -> Any:
        """A widget made once for this size (made again when the unit changes), taken out of
        where it was and updated on each refresh: making the labels and buttons again cost most
        of entering a screen, and rendered their texts again."""
        size = (self.app.u, self.app.touch)
        if getattr(self, "_kept_size", None) != size:
            self._kept_size, self._kept_widgets = size, {}
        w = self._kept_widgets.get(name)
        if w is None:
            w = self._kept_widgets[name] = made()
        elif w.parent is not None:
            w.parent.remove_widget(w)
        return w

    def refresh(self) -> None:
        pass

    def send(self, command: Any) -> bool:
        """Send a command through the app; show the reason when it is refused."""
        return bool(self.app.send(command))
