"""docs/storage.md, the box profile: ``load_box`` reads and checks a game's profile file once
while it does not change (the setup form, each play screen's first fill made ahead and the
Start all ask it: docs/performance.md, issue 13), and never answers with a profile older
than the file."""

import json
import os

from companion.games.leonardo import box as B
from companion.games.leonardo.game import GAME
from companion.storage import box_profile


def counting(monkeypatch):
    """Count the file's reads and the game's checks of a profile."""
    counts = {"read": 0, "checked": 0}
    read, validate = box_profile._read, B.validate

    def counted_read(where):
        counts["read"] += 1
        return read(where)

    def counted_validate(profile):
        counts["checked"] += 1
        return validate(profile)

    monkeypatch.setattr(box_profile, "_read", counted_read)
    monkeypatch.setattr(B, "validate", counted_validate)
    return counts


def test_an_unchanged_profile_is_read_and_checked_once(tmp_path, monkeypatch):
    path = tmp_path / "leonardo.json"
    box_profile.save(GAME, B.example(), path)
    counts = counting(monkeypatch)
    first = box_profile.load_box(GAME, path)
    assert counts == {"read": 1, "checked": 1}
    for _ in range(3):  # the form's box line, two play screens ahead, the Start
        assert box_profile.load_box(GAME, path) == first
    assert counts == {"read": 1, "checked": 1}  # the old code: 4 reads, 4 checks


def test_each_caller_gets_its_own_copy(tmp_path):
    path = tmp_path / "leonardo.json"
    box_profile.save(GAME, B.example(), path)
    first = box_profile.load_box(GAME, path)
    first["box"]["spaces"]["2"]["price"] = 999_999  # a header or a screen changing its own
    assert box_profile.load_box(GAME, path)["box"]["spaces"]["2"]["price"] == B.example()["spaces"]["2"]["price"]


def test_a_save_is_read_at_once(tmp_path):
    """The box screen saves each value as it is entered: the next load has it, even within
    the file system's clock tick."""
    path = tmp_path / "leonardo.json"
    box_profile.save(GAME, B.example(), path)
    assert box_profile.load_box(GAME, path)["box"]["name"] != "Our own"
    for name in ("Our own", "Our other"):
        box_profile.save(GAME, {**B.example(), "name": name}, path)
        assert box_profile.load_box(GAME, path)["box"]["name"] == name


def test_a_file_changed_by_another_program_is_read_again(tmp_path):
    path = tmp_path / "leonardo.json"
    box_profile.save(GAME, B.example(), path)
    box_profile.load_box(GAME, path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["name"] = "Edited by hand"
    path.write_text(json.dumps(doc), encoding="utf-8")  # the same inode, another size
    assert box_profile.load_box(GAME, path)["box"]["name"] == "Edited by hand"
    os.remove(path)  # gone: the shipped box alone
    assert box_profile.load_box(GAME, path)["box"]["name"] is None
