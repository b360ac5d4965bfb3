"""The kiosk runs the app under ``python -OO`` (issue 13: memory, seventh pass): without
docstrings (and asserts) the app holds about 5 MB less after three games. So a whole
Magnifico game plays through its screens in such a process too, and its odds process (which
``multiprocessing`` starts with the same flags) answers.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "hardware" / "kiosk" / "magnifico-companion.service"

# plays Magnifico's tour in a fresh app to the end of its game, waiting at the battle for the
# odds process's answer, then goes home; prints what it saw
PROBE = """
import json, sys
from companion.app import kivy_env
kivy_env.configure(headless=True)
from companion.app import harness
from companion.app.main import CompanionApp
app = harness.start_in(sys.argv[1])
seen, odds = [], ""
for name in app.uis["magnifico"].tour(app, 7):
    seen.append(name)
    if name == "15-battle":
        screen = app.screens["magnifico.battle"]
        harness.frames_until(lambda: "%" in screen.odds, 120)
        odds = screen.odds
app.go("home")
harness.frames(3)
out = {"optimize": sys.flags.optimize, "doc": CompanionApp.__doc__, "seen": seen, "odds": odds,
       "screen": app.manager.current}
harness.stop(app)
print(json.dumps(out))
"""


def test_the_kiosk_runs_python_without_docstrings():
    start = next(line for line in UNIT.read_text().splitlines() if line.startswith("ExecStart="))
    assert start.split()[1:] == ["-OO", "-m", "companion"]


def test_a_whole_game_plays_under_python_oo(tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-OO", "-c", PROBE, str(tmp_path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["optimize"] == 2 and seen["doc"] is None  # docstrings stripped: -OO in effect
    assert {"15-battle", "20-game-over"} <= set(seen["seen"])
    assert "%" in seen["odds"]  # the odds process (started with the same flags) answered
    assert seen["screen"] == "home"
