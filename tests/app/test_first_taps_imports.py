"""A game's pick and its first Start import none of its modules inside the tap, once the
table has paused on the screen before (issue 13: "taps under 50 ms"). Leonardo's pick imported
its rules for the variants its setup form lists (about 15 ms here), Magnate's likewise (about
10 ms), and Magnate's Start its legality (about 10 ms): the variants are now in modules of
their own, and each game's setup screen imports the rules in its work ahead, while the form
is read. Which modules a fresh app imports does not depend on the machine's load, so that is
what is checked, in a fresh process per game (the table played another game last)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("magnifico", "magnate", "leonardo")
# what a pick may import: a game's tables of names (its variants; Magnifico's map and cards),
# under half a millisecond each here
TABLES = ("variants", "data")

# a fresh app on FOLDER's journal: each tap of the journey after the warm-up's idle checks
# (no real waiting), printing the game's modules each tap imported
PROBE = """
import json, sys
from companion.app import kivy_env
kivy_env.configure(headless=True)
from companion.app import harness
name, folder = sys.argv[1], sys.argv[2]
app = harness.start_in(folder)
seen = {}
for step in ("new_" + name, "start"):
    harness.idle(app, 40)
    before = set(sys.modules)
    harness.tap(harness.find_id(step))
    seen[step] = sorted(m for m in set(sys.modules) - before if m.startswith("companion.games." + name))
seen["screen"] = app.manager.current
harness.stop(app)
print(json.dumps(seen))
"""


def table(folder: Path, played: str) -> None:
    """A journal whose one game (its first demo commands) is of ``played``; the box profiles
    a Leonardo game needs to start."""
    from companion.core import registry
    from companion.core.game import demo
    from companion.games.leonardo import box
    from companion.storage import box_profile
    from companion.storage.journal import Journal

    other = registry.get(played)
    header = other.demo_header(other.seats[0], 1)
    with Journal(folder / "journal.sqlite3", key_file=folder / "journal.key") as journal:
        game_id = journal.new_game(header)
        for _index, command, _state, _events in demo(other, 1, other.seats[0], header=header, limit=10):
            journal.submit(game_id, command)
    box_profile.save(registry.get("leonardo"), box.example(), str(folder / "leonardo-box.json"))


@pytest.mark.parametrize("name", GAMES)
def test_the_pick_and_the_first_start_import_nothing_of_the_game(tmp_path, name):
    played = GAMES[(GAMES.index(name) + 1) % len(GAMES)]
    table(tmp_path, played)
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-c", PROBE, name, str(tmp_path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["screen"] != f"{name}.new_game"  # the Start started the game
    assert [m for m in seen["new_" + name] if m.rpartition(".")[2] not in TABLES] == []
    assert seen["start"] == []
