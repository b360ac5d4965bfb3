"""Settings: language, which hardware (real or simulated) and its status, files in use."""

from kivy.properties import ListProperty, StringProperty

from companion.app.screens.base import BaseScreen

HARDWARE_MODES = ("auto", "gpio", "simulated")


class SettingsScreen(BaseScreen):
    status_lines = ListProperty([])
    mode = StringProperty("auto")
    files_line = StringProperty("")

    def refresh(self):
        s = self.session
        self.mode = self.app.settings.get("hardware")
        status = s.hardware_status() if s else {}
        t = self.app.t
        lines = []
        for part in ("handsets", "dice", "pins"):
            value = status.get(part)
            lines.append(t(f"settings.{part}", status=value if value else t("settings.not_available")))
        self.status_lines = lines
        self.files_line = s.files_line(self.app.lang, self.app.translations) if s else ""

    def set_mode(self, mode: str):
        self.app.settings.set("hardware", mode)
        self.session.restart_hardware()
        self.app.refresh()
        self.refresh()
