"""A Start opened ahead shows what a Start shows (issue 13: "taps under 50 ms").

While a game's setup form waits, the warm-up fills the screen its Start would open on with the
game the form would begin as it stands (``CompanionApp._opening``, ``GameSession.opening``),
nothing started, so the Start tap finds that screen's rows made and their texts rendered. The
table then changes the form before its Start (a name typed, a seat added, the seats swapped):
the screen must show the game started, never the one opened ahead. Each game is started
twice from the same form: once as before (nothing ahead), once after the warm-up opened it,
then the form changed; the screens must show the same, widget by widget, and the journal must
hold only the games started.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# a fresh app on FOLDER's journal: the game started from its form, once with no work ahead and
# once after a pause on the form (the warm-up opened it), the form changed in between; what
# the screen shows each time, what was filled ahead, and how many games the journal holds
PROBE = """
import json, sys
from companion.app import kivy_env
kivy_env.configure(headless=True)
from companion.app import harness
from tests.app.screen_probe import widgets
name, folder = sys.argv[1], sys.argv[2]
app = harness.start_in(folder)
harness.idle(app, 60)
warm = app.warm_up
opening, fill = warm.opening, app._fill
filled = []
app._fill = lambda rehearsal, screen: filled.append([screen.name, rehearsal.header["seats"]]) or fill(rehearsal, screen)

def shown():
    screen = app.manager.current_screen
    seen = widgets(screen) + widgets(app.root.ids.topbar)
    return [app.manager.current, seen, screen.session is app.session, app.ui.session is app.session,
            app.session.header["seats"]]

def change(form):
    form.set_name(0, "Zed")
    if hasattr(form, "add_seat"):
        form.add_seat()
    else:
        form.swap()

def start(ahead):
    app.new_game(name)
    harness.frames(2)
    form = app.manager.current_screen
    form.reset()
    form.refresh()
    warm.opening = opening if ahead else None
    if ahead:
        harness.idle(app, 40)
    change(form)
    harness.frames(1)
    form.start()
    harness.frames(3)
    seen = shown()
    app.go("home")
    harness.frames(2)
    return seen

out = {"before": start(False), "filled before": list(filled)}
out["opened"] = start(True)
out["filled"] = filled
out["games"] = len(app.session.games())
harness.stop(app)
print(json.dumps(out))
"""


def probed(script: str, name: str, tmp_path: Path) -> dict:
    """What ``script`` prints, run for the game ``name`` in a fresh app on a journal, key and
    box profiles of its own in ``tmp_path`` (Leonardo's box: the example's)."""
    from companion.core import registry
    from companion.games.leonardo import box
    from companion.storage import box_profile

    box_profile.save(registry.get("leonardo"), box.example(), str(tmp_path / "leonardo-box.json"))
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-c", script, name, str(tmp_path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", ("magnifico", "magnate", "leonardo"))
def test_a_start_opened_ahead_shows_what_a_start_shows(tmp_path, name):
    seen = probed(PROBE, name, tmp_path)
    before, opened = seen["before"], seen["opened"]
    assert seen["filled before"] == []
    [(screen, seats_ahead)] = seen["filled"]  # filled ahead once, on the form's pause
    assert screen == opened[0] == before[0]
    assert opened[2:4] == [True, True]  # the screen and the game's UI read the app's session again
    assert seen["games"] == 2  # the two Starts: nothing opened ahead reached the journal
    # the game started is the form changed after the opening: another seat, another name
    names = [seat["name"] for seat in opened[4]]
    assert opened[4] == before[4] != seats_ahead and "Zed" in names and "Zed" not in str(seats_ahead)
    differ = [(a, b) for a, b in zip(before[1], opened[1]) if a != b]
    assert len(before[1]) == len(opened[1]) and not differ, differ[:5]


# a fresh app on FOLDER's journal, paced on the game's setup form until its Start is opened
# ahead: the texts Kivy renders in the Start's tap and frame, and the top bar's words then
RENDERS = """
import json, sys
from companion.app import kivy_env
kivy_env.configure(headless=True)
from kivy.core.text import LabelBase
from companion.app import harness
name, folder = sys.argv[1], sys.argv[2]
app = harness.start_in(folder)
harness.idle(app, 60)
app.new_game(name)
harness.frames(2)
form = app.manager.current
for _ in range(400):
    if app.warm_up._opened.get(form):  # opened ahead, its texts rendered
        break
    harness.idle(app, 1)
harness.idle(app, 5)  # and drawn
renders, render = [], LabelBase.render
LabelBase.render = lambda self, real=False: (renders.append(str(self.text)) if real else None) or render(self, real)
step, app.warm_up.step = app.warm_up.step, lambda current: None  # (a slow machine's next pause: after the tap)
harness.tap(harness.find_id("start"), n_frames=1)  # the tap's frame
LabelBase.render = render
app.warm_up.step = step
bar = app.root.ids
words = [app.banner, app.phase_line] + [bar[b].text for b in ("top_table", "top_act", "top_undo", "top_menu")]
out = {"opened": bool(app.warm_up._opened.get(form)), "current": app.manager.current, "bar": app.show_bar,
       "renders": renders, "words": words}
harness.frames(2)  # (then the handsets' news: Leonardo's factions are chosen on them)
harness.stop(app)
print(json.dumps(out))
"""


@pytest.mark.parametrize("name", ("magnifico", "magnate", "leonardo"))
def test_a_start_opened_ahead_renders_only_the_bars_words_in_its_tap(tmp_path, name):
    """Issue 13: a paced first Start rendered 26 texts in its tap (Leonardo; Magnate 15,
    Magnifico 9): its play screen's, filled for the first time; the top bar's buttons, rendered
    again when the bar showed; its panels', laid out at the setup form's size first; rows made
    again at each fill. After a pause on the form, the Start renders only the top bar's words:
    its banner and phase, which change with the game, and its buttons, which Kivy renders again
    as the bar is enabled (a bar hidden without ``disabled`` made the app 15 MB larger after a
    game: docs/performance.md, "A Start opened ahead"). A fresh app of its own: what earlier
    tests leave in the shared one (another journal opened late, forms changed) is not a first
    Start's."""
    seen = probed(RENDERS, name, tmp_path)
    assert seen["opened"], "the Start was never opened ahead"
    assert seen["current"].startswith(name + ".") and seen["bar"]
    assert seen["renders"] and set(seen["renders"]) <= set(seen["words"]), seen["renders"]
