"""rules-decisions ("What the rulebooks do not give"): the app asks a printed value the
first time it needs it, remembers it in the box profile, and lets the table correct it."""

import json

import pytest

from companion.errors import GameError
from companion.games.magnifico.commands import SetCardValue
from companion.games.magnifico.game import GAME
from companion.storage import box_profile


def printed(box, card):
    return next(c for c in box["cards"]["cards"] if c["id"] == card)["printed"]


def test_without_a_profile_the_shipped_box_is_used(tmp_path):
    box = box_profile.load_box(GAME, tmp_path / "box-profile.json")
    assert printed(box, "tank_1")["dice"] is None  # no text gives it
    assert box["map"]["verified"] is False


def test_a_value_entered_once_is_remembered_for_the_next_game(tmp_path):
    path = tmp_path / "sub" / "box-profile.json"
    box_profile.remember(GAME, SetCardValue("tank_1", "dice", 4), path)
    box_profile.remember(GAME, SetCardValue("tank_1", "hits", 5), path)
    box_profile.remember(GAME, SetCardValue("tank_1", "cost", 30), path)  # rd: Money: the cost is asked too (issue 15)
    box = box_profile.load_box(GAME, path)
    assert printed(box, "tank_1") == {"cost": 30, "dice": 4, "hits": 5}
    box_profile.remember(GAME, SetCardValue("tank_1", "dice", 3), path)  # the table corrects it later
    assert printed(box_profile.load_box(GAME, path), "tank_1")["dice"] == 3


def test_remembering_keeps_the_tables_map_corrections(tmp_path):
    path = tmp_path / "box-profile.json"
    path.write_text(json.dumps({"map": {"remove_borders": [["milano", "venezia"]]}}))
    box_profile.remember(GAME, SetCardValue("airplane_2", "hooks", 2), path)
    doc = json.loads(path.read_text())
    assert doc["map"] == {"remove_borders": [["milano", "venezia"]]}
    assert doc["cards"] == {"airplane_2": {"hooks": 2}}


def test_an_impossible_value_is_refused_and_the_file_is_untouched(tmp_path):
    path = tmp_path / "box-profile.json"
    box_profile.remember(GAME, SetCardValue("tank_2", "dice", 4), path)
    before = path.read_bytes()
    with pytest.raises(GameError) as err:
        box_profile.remember(GAME, SetCardValue("tank_2", "dice", 9), path)  # no tank rolls more than 6 dice
    assert "dice" in err.value.reason
    assert path.read_bytes() == before


def test_a_damaged_profile_is_answered_with_its_name_and_kept(tmp_path):
    path = tmp_path / "box-profile.json"
    path.write_text("{not json")
    for call in (lambda: box_profile.load_box(GAME, path), lambda: box_profile.remember(GAME, SetCardValue("tank_1", "dice", 4), path)):
        with pytest.raises(GameError) as err:
            call()
        assert str(path) in err.value.reason
    assert path.read_text() == "{not json"


def test_the_default_file_is_in_the_users_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv(box_profile.PROFILE_ENV, raising=False)
    monkeypatch.setattr(box_profile.settings, "data_dir", lambda: tmp_path)
    monkeypatch.setattr(box_profile.settings, "load_settings", lambda: {})
    assert box_profile.location("magnifico") == tmp_path / "box-profiles" / "magnifico.json"
    (tmp_path / "box-profile.json").write_text("{}")  # a profile the first version wrote is kept
    assert box_profile.location("magnifico") == tmp_path / "box-profile.json"
    monkeypatch.setenv(box_profile.PROFILE_ENV, str(tmp_path / "other.json"))
    assert box_profile.location("magnifico") == tmp_path / "other.json"
