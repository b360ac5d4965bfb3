"""The first screen: resume the unfinished game, start a new one, history, settings, language."""

from kivy.properties import StringProperty

from companion.app.screens.base import BaseScreen


class HomeScreen(BaseScreen):
    resume_text = StringProperty("")

    def refresh(self):
        s = self.session
        self.resume_text = s.resume_label(self.app.lang, self.app.translations) if s else ""

    def resume(self):
        if self.session.resume():
            self.app.go_current()
