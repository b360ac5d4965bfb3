"""The app's first screen imports only what it shows (issue 13: "start under 1 s here to the
first usable screen"). Timing depends on the machine's load; which modules a fresh process
had imported when its first frame was drawn does not, so that is what is checked here (in
the style of test_cli_imports.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOT_AT_FIRST_FRAME = ("sqlalchemy", "sqlmodel", "pydantic")

# starts the app on FOLDER's journal; prints the modules imported when the first frame was
# drawn (the journal's thread starts then), the resume button's text then and once the
# journal is open
PROBE = """
import json, sys
from companion.app import kivy_env
kivy_env.configure(headless=True)
from companion.app import harness
from companion.app.late_journal import LateJournal
seen = {}
begin = LateJournal.start
def start(self, *args):
    seen["modules"] = sorted(sys.modules)
    seen["resume"] = harness.find_id("resume").text
    begin(self, *args)
LateJournal.start = start
app = harness.start_in(sys.argv[1], journal=True)
seen["after"] = harness.find_id("resume").text
seen["journal"] = type(app.session.journal).__name__
harness.stop(app)
print(json.dumps(seen))
"""


@pytest.fixture(scope="module")
def table(tmp_path_factory) -> Path:
    """A journal holding one unfinished Magnifico game (a demo's first commands)."""
    from companion.core import registry
    from companion.core.game import demo
    from companion.storage.journal import Journal

    folder = tmp_path_factory.mktemp("table")
    game = registry.get("magnifico")
    header = game.demo_header(3, 5)
    with Journal(folder / "journal.sqlite3", key_file=folder / "journal.key") as journal:
        game_id = journal.new_game(header)
        for _index, command, _state, _events in demo(game, 5, 3, header=header, limit=12):
            journal.submit(game_id, command)
    return folder


def first_frame(folder: Path) -> dict:
    env = {**os.environ, "XDG_DATA_HOME": str(folder / "data"), "XDG_CONFIG_HOME": str(folder / "config")}
    done = subprocess.run([sys.executable, "-c", PROBE, str(folder)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_the_first_screen_offers_the_resume_without_the_journals_database_modules(table):
    seen = first_frame(table)
    assert "modules" in seen, "the journal was opened before the first screen"
    heavy = sorted(m for m in seen["modules"] if m.split(".")[0] in NOT_AT_FIRST_FRAME)
    assert heavy == []
    assert "companion.storage.journal" not in seen["modules"]
    assert seen["resume"].startswith("Resume Magnifico: ") and seen["after"] == seen["resume"]
    assert seen["journal"] == "Journal"  # and then the journal itself took its place
