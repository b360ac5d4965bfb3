"""Settings: language, which hardware (real or simulated) and its status, files in use."""

from __future__ import annotations

from kivy.properties import ListProperty, StringProperty

from companion.app.screens.base import BaseScreen

HARDWARE_MODES = ("auto", "gpio", "simulated")


class SettingsScreen(BaseScreen):
    status_lines = ListProperty([])
    mode = StringProperty("auto")
    files_line = StringProperty("")

    def refresh(self) -> None:
        app = self.app
        self.mode = app.settings.get("hardware")
        status = app.hardware.status() if app.hardware is not None else {}
        t = app.t
        lines = []
        for part in ("handsets", "dice", "pins"):
            value = status.get(part)
            text = app.reason(value) if value else t("settings.not_available")
            label = t(f"settings.{part}", status="").strip().rstrip(":").strip()
            if label and text.lower().startswith(label.lower()):  # "Handsets: handsets: ..." says it once
                text = text[len(label):].lstrip(" :")
            lines.append(t(f"settings.{part}", status=text))
        self.status_lines = lines
        where = getattr(self.session.journal, "path", None) if self.session is not None else None
        self.files_line = t("settings.files", database=str(where) if where else t("settings.memory"))

    def set_mode(self, mode: str) -> None:
        self.app.settings.set("hardware", mode)
        self.app.hardware.restart()
        self.app.refresh()
        self.refresh()
