"""Magnate's rolls through the same dice desk as Magnifico's (issue 10, dice reader): the
simulated reader (``python -m hardware.simulate dice``, a subprocess on a pty) is armed for two
d10, then for the tax d6; what it reads is shown, and a touch on Confirm sends it.
magnate-decisions: Components (two d10, a face 0 is 10, and one d6, entered like any roll:
reader, typed or the app's, confirmed by the table) and Turn 1 (a 1 showing: taxation with the d6)."""

from __future__ import annotations

import pytest

from companion.app import harness
from tests.app.phone import wait
from tests.app.test_dice_settings import Simulator

from .touches import play, start_game, tap


@pytest.fixture
def reader_app(home, tmp_path, monkeypatch):
    folder = tmp_path / "runtime"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(folder))  # the app and the simulator share it
    import os

    sim = Simulator({**os.environ, "XDG_RUNTIME_DIR": str(folder), "PYTHONUNBUFFERED": "1"})
    monkeypatch.setitem(home.settings.values, "dice_port", None)
    home.hardware.restart()  # simulated mode: the announced reader is opened without a port set
    assert wait(lambda: home.hardware.dice_reader is not None and home.hardware.dice_reader.connected.is_set())
    yield home, sim
    sim.quit()
    home.settings.values["dice_port"] = None
    home.hardware.restart()


def test_the_reader_rolls_the_d10s_and_the_tax_d6(reader_app):
    app, sim = reader_app
    start_game(app)
    seen = len(sim.lines)
    play(app, until=3)  # set up: Anna rolls
    screen = app.screens["magnate.roll"]
    assert app.manager.current == "magnate.roll"
    assert sim.wait_line("ARM 2 d10", after=seen), sim.lines[-5:]
    sim.type("0 1")  # a 0 is a 10; a 1 showing: taxation first
    assert wait(lambda: screen.ids["shown"].text == "The reader read: 10 + 1"), screen.ids["shown"].text
    seen = len(sim.lines)
    tap("roll_ok")
    assert app.session.commands()[-1] == {"type": "Roll", "dice": [10, 1]}
    assert app.session.view()["phase"] == "tax" and "d6" in app.banner
    assert sim.wait_line("ARM 1 d6", after=seen), sim.lines[-5:]
    sim.type("4")
    assert wait(lambda: screen.ids["shown"].text == "The reader read: 4"), screen.ids["shown"].text
    tap("roll_ok")
    assert app.session.commands()[-1] == {"type": "TaxRoll", "die": 4}
    assert app.session.view()["phase"] in ("income", "actions")
    harness.frames(2)
