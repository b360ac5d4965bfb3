"""``python -m companion --hardware FILE`` (issue 15 item 2): a table's own hardware settings
file over the shipped one; a mode word still picks the mode; a bad file is said at once."""

from __future__ import annotations

import json

from companion.app.cli import apply_hardware_option
from companion.app.hardware_hub import HardwareHub
from companion.app.settings import Settings


def test_a_mode_word_picks_the_mode():
    settings = Settings()
    assert apply_hardware_option(settings, "simulated") is None
    assert settings.get("hardware") == "simulated" and settings.get("hardware_file") is None


def test_a_file_is_the_hardware_settings_the_hub_opens(tmp_path):
    path = tmp_path / "table.json"
    path.write_text(json.dumps({"mode": "simulated", "dice": {"port": str(tmp_path / "no-such-port")}}))
    settings = Settings()
    assert apply_hardware_option(settings, str(path)) is None
    assert settings.get("hardware_file") == str(path.resolve())
    hub = HardwareHub(settings)
    hub.start()
    try:
        assert hub.handsets is not None and hub.handsets.factory_label == "MockFactory"  # the file's mode
        assert hub.dice_reader is not None and hub.dice_reader.port == str(tmp_path / "no-such-port")  # its port
    finally:
        hub.stop()


def test_the_settings_screens_port_wins_over_the_files(tmp_path):
    path = tmp_path / "table.json"
    path.write_text(json.dumps({"dice": {"port": "/dev/from-file"}}))
    hub = HardwareHub(Settings({"hardware": "simulated", "hardware_file": str(path), "dice_port": "/dev/chosen"}))
    hub.start()
    try:
        assert hub.dice_reader is not None and hub.dice_reader.port == "/dev/chosen"
    finally:
        hub.stop()


def test_a_bad_file_is_said_at_once(tmp_path):
    settings = Settings()
    problem = apply_hardware_option(settings, str(tmp_path / "missing.json"))
    assert problem is not None and "missing.json" in problem
    (tmp_path / "bad.json").write_text("{not json")
    assert apply_hardware_option(settings, str(tmp_path / "bad.json")) is not None
    assert settings.get("hardware_file") is None
