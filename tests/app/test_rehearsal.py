"""A Resume rehearsed shows what a Resume does (issue 13: "taps under 50 ms").

Home's warm-up fills the screen a Resume opens on with the game it resumes, not opening it
(``CompanionApp.rehearse``, ``GameSession.rehearsal``), so the Resume tap finds that screen's
rows made and their texts drawn. A screen keeps some of its rows while what they show is
unchanged (Magnifico's cards on offer, the turn screens' actions): rows made from what the
app knows at home (the notes of another game, the devices' seats) would then stay on the
resumed game's screen. Each game is resumed at many points of a bots' game, once as before
and once rehearsed, each time after the screen showed another game, and the screens must
show the same, widget by widget.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# a fresh app on FOLDER's journal, whose games are listed in GAMES (JSON: [[commands, id], ...]
# and the id of another game): each game resumed as before, then rehearsed and resumed, each
# time after the other game was shown; what the screen shows each time
PROBE = """
import json, sys
from companion.app import kivy_env
kivy_env.configure(headless=True)
from companion.app import harness
from tests.app.screen_probe import widgets
name, folder, listed = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
games, other = listed["games"], listed["other"]
app = harness.start_in(folder)
harness.idle(app, 40)
ui = app.uis[name]

def shown():
    screen = app.manager.current_screen
    return [app.manager.current, widgets(screen), screen.session is app.session, ui.session is app.session]

def visit(game_id):
    assert app.resume(game_id), app.session.last_reason
    harness.frames(3)
    seen = shown()
    app.go("home")
    harness.frames(2)
    return seen

out = []
for commands, game_id in games:
    visit(other)
    before = visit(game_id)
    visit(other)
    first = ui.screen_for(*app.session.peek(game_id))
    app.rehearse(game_id, app.screens[first])
    rehearsed = visit(game_id)
    out.append({"commands": commands, "screen": first, "before": before, "rehearsed": rehearsed})
harness.stop(app)
print(json.dumps(out))
"""

POINTS = (1, 3, 6, 10, 15, 22, 30, 45, 60, 80, 110, 150)


def journal(folder: Path, name: str) -> dict:
    """A bots' game of ``name`` stopped after each of POINTS commands (the unfinished ones),
    and another game of it (other seats) to show between the Resumes; the box profiles a
    Leonardo game needs."""
    from companion.core import registry
    from companion.core.game import demo
    from companion.games.leonardo import box
    from companion.storage import box_profile
    from companion.storage.journal import Journal

    game = registry.get(name)
    players = game.seats[-1]
    header = game.demo_header(players, 3)
    played = [command for _i, command, _s, _e in demo(game, 3, players, header=header, limit=max(POINTS) + 1)]
    listed: dict = {"games": []}
    with Journal(folder / "journal.sqlite3", key_file=folder / "journal.key") as j:
        other = game.demo_header(game.seats[0], 4)  # other seats, other names, other cards
        listed["other"] = j.new_game(other)
        for _i, command, _s, _e in demo(game, 4, game.seats[0], header=other, limit=4):
            j.submit(listed["other"], command)
        for n in POINTS:
            if n >= len(played):  # the game ends first: no Resume
                continue
            game_id = j.new_game(header)
            for command in played[:n]:
                j.submit(game_id, command)
            listed["games"].append([n, game_id])
    box_profile.save(registry.get("leonardo"), box.example(), str(folder / "leonardo-box.json"))
    return listed


@pytest.mark.parametrize("name", ("magnifico", "magnate", "leonardo"))
def test_a_rehearsed_resume_shows_what_a_resume_shows(tmp_path, name):
    listed = journal(tmp_path, name)
    assert len(listed["games"]) >= 6
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-c", PROBE, name, str(tmp_path), json.dumps(listed)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    assert len({point["screen"] for point in seen}) >= 2  # more than one kind of screen resumed
    for point in seen:
        before, rehearsed = point["before"], point["rehearsed"]
        assert rehearsed[0] == before[0] == point["screen"]
        assert rehearsed[2:] == [True, True]  # the screen and the game's UI read the app's session again
        differ = [(a, b) for a, b in zip(before[1], rehearsed[1]) if a != b]
        assert len(before[1]) == len(rehearsed[1]) and not differ, (point["commands"], point["screen"], differ[:5])
