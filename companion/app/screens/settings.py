"""Settings: language, which hardware (real or simulated) and its status, the dice reader's port
with a test roll, the phones on or off (and "kick this phone" per seat), files in use."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, StringProperty

from companion.app.screens.base import BaseScreen

HARDWARE_MODES = ("auto", "gpio", "simulated")
TEST_ROLL_TIMEOUT_S = 30.0


class SettingsScreen(BaseScreen):
    status_lines = ListProperty([])
    mode = StringProperty("auto")
    files_line = StringProperty("")
    dice_port = StringProperty("")  # "" : found by HELLO
    test_line = StringProperty("")  # a test roll's outcome
    phones_line = StringProperty("")
    phones_on = BooleanProperty(False)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.ports: list[Any] = []  # PortInfo, from the last look
        self.testing = False

    def refresh(self) -> None:
        app = self.app
        self.mode = app.settings.get("hardware")
        self.dice_port = app.settings.get("dice_port") or ""
        status = app.hardware.status() if app.hardware is not None else {}
        t = app.t
        lines = []
        for part in ("handsets", "dice", "pins"):
            value = status.get(part)
            if value and part != "pins":  # the devices name themselves ("handsets: 5 on GPIO"): said once
                lines.append(app.reason(value))
            else:
                lines.append(t(f"settings.{part}", status=app.reason(value) if value else t("settings.not_available")))
        self.status_lines = lines
        where = getattr(self.session.journal, "path", None) if self.session is not None else None
        self.files_line = t("settings.files", database=str(where) if where else t("settings.memory"))
        self._phones()
        self._port_buttons()

    def on_pre_enter(self, *args: Any) -> None:
        self.look_for_ports()  # a reader plugged in (or a simulator started) since the last visit
        super().on_pre_enter(*args)

    def set_mode(self, mode: str) -> None:
        self.app.settings.set("hardware", mode)
        self.app.hardware.restart()
        self.app.refresh()
        self.refresh()

    # -- the dice reader's port -----------------------------------------------------------------
    def look_for_ports(self) -> None:
        from hardware.dice_setup import list_ports

        try:
            self.ports = list_ports()
        except Exception as err:  # pyserial missing or the system's list unreadable: said, never a crash
            self.ports = []
            self.test_line = str(err)

    def _port_buttons(self) -> None:
        box = self.ids.get("ports")
        if box is None:
            return
        app = self.app
        box.clear_widgets()
        choices = [("", app.t("settings.port_auto"))] + [
            (p.device, f"{p.device} ({app.t('settings.port_' + p.source)})") for p in self.ports]
        if self.dice_port and self.dice_port not in [c for c, _ in choices]:
            choices.append((self.dice_port, app.t("settings.port_missing", port=self.dice_port)))
        for index, (device, text) in enumerate(choices):
            b = Factory.Btn(text=text, kind="selected" if device == self.dice_port else "normal",
                            shorten=True, shorten_from="left")
            b.bind(on_tap=lambda *_a, d=device: self.set_port(d))
            box.add_widget(b)
            self.ids[f"port_{index}"] = b
        box.height = len(choices) * (app.touch + box.spacing)

    def set_port(self, device: str) -> None:
        """The port chosen by a tap ("" : found by HELLO); the reader reopens on it."""
        self.app.settings.set("dice_port", device or None)
        self.test_line = ""
        self.app.hardware.restart()
        self.app.refresh()
        self.refresh()

    def test_roll(self) -> None:
        """One die from the reader; the roll (or why none) is shown under the button."""
        from hardware.dice_setup import try_roll

        if self.testing:
            return
        app = self.app
        hub = app.hardware
        reader = hub.dice_reader if hub is not None else None
        self.testing = True
        self.test_line = app.t("settings.test_waiting")

        def done(check: Any) -> None:
            self.testing = False
            if check.ok:
                roll = check.roll
                faces = " ".join(app.t(f"dice.{v}") for v in roll.values) if roll.kind == "mag" else str(roll)
                self.test_line = app.t("settings.test_ok", roll=faces, port=check.port or "?")
            else:
                self.test_line = app.t("settings.test_failed", problem=app.reason(check.problem))

        if reader is not None:
            try_roll(reader=reader, n=1, kind="mag", timeout=TEST_ROLL_TIMEOUT_S, post=app._post, on_done=done)
        else:
            try_roll(self.dice_port or None, n=1, kind="mag", timeout=TEST_ROLL_TIMEOUT_S, post=app._post,
                     on_done=done)

    # -- phones -------------------------------------------------------------------------------
    def _phones(self) -> None:
        app, link = self.app, self.app.phones
        t = app.t
        self.phones_on = bool(link is not None and link.on)
        if link is None:
            self.phones_line = ""
        elif link.problem:
            self.phones_line = app.reason(link.problem)
        elif link.on:
            self.phones_line = t("settings.phones_address", address=f"{link.server.public_host}:{link.server.port}")
        else:
            self.phones_line = t("settings.phones_off_line")
        box = self.ids.get("kicks")
        if box is None:
            return
        box.clear_widgets()
        seats = link.seats() if link is not None and link.on else 0
        for seat in range(seats):
            b = Factory.Btn(text=self._seat_name(seat),
                            kind="danger" if link.presence.get(seat) else "normal", shorten=True)
            b.bind(on_tap=lambda *_a, s=seat: self.kick(s))
            box.add_widget(b)
            self.ids[f"kick_{seat}"] = b
        box.opacity = 1 if seats else 0

    def _seat_name(self, seat: int) -> str:
        seats = self.session.header.get("seats", []) if self.session is not None and self.session.has_game else []
        return str(seats[seat].get("name") or seat + 1) if seat < len(seats) else str(seat + 1)

    def set_phones(self, on: bool) -> None:
        self.app.phones.switch(on)
        self.refresh()

    def kick(self, seat: int) -> None:
        self.app.phones.kick(seat)
        self.app.toast(self.app.t("settings.kicked", name=self._seat_name(seat)))
        self.refresh()
