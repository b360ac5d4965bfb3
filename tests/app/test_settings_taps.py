"""Settings taps do only what they must (issue 13: every tap under 50 ms): a hardware or port
choice reopens the devices and redraws the screen once (the hub's own news redraws it, no
second and third redraw after it); the port buttons are kept and relabelled, not made anew."""

from __future__ import annotations

import pytest

from companion.app import harness


@pytest.fixture
def settings(home, monkeypatch):
    """The Settings screen shown, its redraws counted."""
    app = home
    monkeypatch.setitem(app.settings.values, "dice_port", None)
    harness.tap(harness.find_id("settings"))
    assert app.manager.current == "settings"
    screen = app.screens["settings"]
    redraws: list[int] = []
    original = screen.refresh

    def counted() -> None:
        redraws.append(1)
        original()

    monkeypatch.setattr(screen, "refresh", counted)
    yield app, screen, redraws
    app.settings.set("hardware", "simulated")
    app.settings.values["dice_port"] = None
    app.hardware.restart()


@pytest.mark.parametrize("button, mode", [("hw_auto", "auto"), ("hw_sim", "simulated")])
def test_a_hardware_choice_redraws_the_screen_once(settings, button, mode):
    app, screen, redraws = settings
    harness.tap(harness.find_id(button))
    assert app.settings.get("hardware") == mode and screen.mode == mode
    assert len(redraws) == 1  # was 3: the hub's restart, then app.refresh(), then refresh()
    assert harness.find_id(button).kind == "selected"


def test_a_port_choice_keeps_the_port_buttons(settings, monkeypatch):
    app, screen, redraws = settings
    monkeypatch.setattr(screen, "look_for_ports", lambda: None)  # the list the screen shows, not the system's
    monkeypatch.setattr(screen, "ports", [])
    app.settings.values["dice_port"] = "/dev/ttyACM7"  # chosen before, not plugged in now
    screen.refresh()
    harness.frames(2)
    before = list(reversed(screen.ids.ports.children))
    assert [b.text for b in before] == [app.t("settings.port_auto"), app.t("settings.port_missing", port="/dev/ttyACM7")]
    redraws.clear()
    harness.tap(screen.ids.port_0)  # back to "found by the reader's greeting"
    assert app.settings.get("dice_port") is None and len(redraws) == 1
    after = list(reversed(screen.ids.ports.children))
    assert after == before[:1]  # the auto button kept (the missing port's button gone), none made anew
    assert screen.ids.port_0.kind == "selected" and "port_1" not in screen.ids
    app.settings.values["dice_port"] = "/dev/ttyACM7"
    screen.refresh()  # the missing port again: one button added beside the kept one
    assert list(reversed(screen.ids.ports.children))[0] is before[0] and screen.ids.port_1.kind == "selected"


def test_the_ports_are_looked_for_after_the_screen_is_shown(home, monkeypatch):
    """Opening Settings does not scan the serial ports inside the tap (4 to 6 ms here, more on
    a Pi): the screen is drawn with the ports found last time, and the next frame looks again,
    so a reader plugged in since shows up."""
    from hardware import dice_setup
    from hardware.dice_ports import PortInfo

    app = home
    monkeypatch.setitem(app.settings.values, "dice_port", None)
    looks: list[int] = []
    plugged = PortInfo("/dev/ttyACM5", "a dice reader", "usb")

    def list_ports() -> list[PortInfo]:
        looks.append(1)
        return [plugged]

    monkeypatch.setattr(dice_setup, "list_ports", list_ports)
    screen = app.screens["settings"]
    drawn_after: list[int] = []  # the looks done when the screen is drawn for this visit
    refresh = screen.refresh
    monkeypatch.setattr(screen, "refresh", lambda: drawn_after.append(len(looks)) or refresh())
    harness.tap(harness.find_id("settings"))
    assert app.manager.current == "settings" and drawn_after[0] == 0  # drawn before any port was looked for
    assert looks == [1] and screen.ports == [plugged]  # looked for once, in a frame after
    assert any(plugged.device in b.text for b in screen.ids.ports.children)  # shown without another visit
