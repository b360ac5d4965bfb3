"""The app's own process never loads the battle's exact odds (issue 13: memory, seventh pass).

The screens need the battle's rules (start, step, options, outcome); the odds run in a
separate process, and exact fractions only on request (``odds(position, exact=True)``). So
a table that reaches a battle screen has not imported the exact machinery (about 0.6 MB of
Python heap with the float flow); which modules a fresh process holds is checked, not time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
EXACT = "companion.games.magnifico.battle.exact"
FLOW = "companion.games.magnifico.battle.flow"  # the float odds: the odds process's too

# plays Magnifico's tour in a fresh app until its battle screen shows, then prints the
# modules the app's process holds and whether the battle screen was reached
PROBE = """
import json, sys
from companion.app import kivy_env
kivy_env.configure(headless=True)
from companion.app import harness
app = harness.start_in(sys.argv[1])
seen = []
for name in app.uis["magnifico"].tour(app, 7):
    seen.append(name)
    if name == "15-battle":
        break
harness.frames(3)
out = {"seen": seen, "screen": app.manager.current, "modules": sorted(sys.modules)}
from companion.games.magnifico import battle
exact = battle.odds(battle.start({"attacker": {"soldiers": 2}, "defender": {"soldiers": 1}}), exact=True)
out["exact"], out["loaded"] = exact["exact"], "%s" in sys.modules
harness.stop(app)
print(json.dumps(out))
""" % EXACT


def test_a_battle_screen_leaves_the_exact_odds_unloaded(tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["seen"][-1] == "15-battle" and seen["screen"] == "magnifico.battle"
    assert "companion.games.magnifico.battle.machine" in seen["modules"]  # the rules: loaded
    assert [m for m in seen["modules"] if m in (EXACT, FLOW)] == []
    # and asked for, the exact odds load and answer (two soldiers against one: 0.94...)
    assert seen["loaded"] and seen["exact"]["attacker_wins"].count("/") == 1

