"""Settings: language, which hardware (real or simulated) and its status, the dice reader's port
with a test roll, the phones on or off (and "kick this phone" per seat), files in use."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
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
        # a reader plugged in (or a simulator started) since the last visit, looked for in the
        # next frame: the tap that opens the screen shows it with the ports found last time
        Clock.schedule_once(self._look_again, 0)
        super().on_pre_enter(*args)

    def _look_again(self, *_: Any) -> None:
        before = self.ports
        self.look_for_ports()
        if self.ports != before:
            self._port_buttons()

    def set_mode(self, mode: str) -> None:
        """The hardware reopened in ``mode``; the hub's restart redraws the app (this screen with it)."""
        self.app.settings.set("hardware", mode)
        self.app.hardware.restart()

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
        choices = [("", app.t("settings.port_auto"))] + [
            (p.device, f"{p.device} ({app.t('settings.port_' + p.source)})") for p in self.ports]
        if self.dice_port and self.dice_port not in [c for c, _ in choices]:
            choices.append((self.dice_port, app.t("settings.port_missing", port=self.dice_port)))
        buttons = self._buttons(box, "port", len(choices), lambda b: self.set_port(b.choice),
                                shorten=True, shorten_from="left")
        for b, (device, text) in zip(buttons, choices):
            b.choice, b.text = device, text
            b.kind = "selected" if device == self.dice_port else "normal"
        box.height = len(choices) * (app.touch + box.spacing)

    def _buttons(self, box: Any, prefix: str, n: int, on_tap: Any, **kw: Any) -> list[Any]:
        """``n`` buttons in ``box`` (ids ``prefix_0``...): those already there are kept, only the
        missing ones are made (a redraw changes their texts and looks, not the widgets)."""
        have = list(reversed(box.children))
        for index in range(n, len(have)):
            box.remove_widget(have[index])
            self.ids.pop(f"{prefix}_{index}", None)
        for _ in range(len(have), n):
            b = Factory.Btn(**kw)
            b.choice = None
            b.bind(on_tap=on_tap)
            box.add_widget(b)
        buttons = list(reversed(box.children))
        for index, b in enumerate(buttons):
            self.ids[f"{prefix}_{index}"] = b
        return buttons

    def set_port(self, device: str) -> None:
        """The port chosen by a tap ("" : found by HELLO); the reader reopens on it."""
        self.app.settings.set("dice_port", device or None)
        self.test_line = ""
        self.app.hardware.restart()  # its listeners redraw the app and this screen

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
        self.phones_on = bool(link is not None and (link.on or link.starting))
        if link is None:
            self.phones_line = ""
        elif link.starting:
            self.phones_line = t("settings.phones_starting")
        elif link.problem:
            self.phones_line = app.reason(link.problem)
        elif link.on:
            self.phones_line = t("settings.phones_address", address=f"{link.server.public_host}:{link.server.port}")
        else:
            self.phones_line = t("settings.phones_off_line")
        box = self.ids.get("kicks")
        if box is None:
            return
        seats = link.seats() if link is not None and link.on else 0
        for seat, b in enumerate(self._buttons(box, "kick", seats, lambda b: self.kick(b.choice), shorten=True)):
            b.choice, b.text = seat, self._seat_name(seat)
            b.kind = "danger" if link.presence.get(seat) else "normal"
        box.opacity = 1 if seats else 0

    def _seat_name(self, seat: int) -> str:
        seats = self.session.header.get("seats", []) if self.session is not None and self.session.has_game else []
        return str(seats[seat].get("name") or seat + 1) if seat < len(seats) else str(seat + 1)

    def set_phones(self, on: bool) -> None:
        self.app.phones.switch(on)  # the link's listeners redraw the app and this screen

    def kick(self, seat: int) -> None:
        self.app.phones.kick(seat)  # the link's listeners redraw the app and this screen
        self.app.toast(self.app.t("settings.kicked", name=self._seat_name(seat)))
