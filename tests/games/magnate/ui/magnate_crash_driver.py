"""The real app in a process of its own, for the whole game by touches (``test_magnate_ui_game.py``).

``python magnate_crash_driver.py play FOLDER`` starts the app on the journal in FOLDER, starts
a game of Magnate from the home screen by touches and plays the demo's bots' commands by
touches up to the middle of a player's turn (``crash_point``), prints what the table sees as
one JSON line, then ``ready``, and waits to be killed. ``python magnate_crash_driver.py resume
FOLDER`` starts the app again on the same journal, taps Resume, prints what the table sees,
plays on by touches to the end and prints (one JSON line) the end screen, the charts and
whether the game ended as the same game played without the crash.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from companion.app import kivy_env  # noqa: E402

kivy_env.configure(headless=True)

import touches  # noqa: E402

from companion.app import harness  # noqa: E402
from companion.app.main import CompanionApp  # noqa: E402
from companion.games.magnate import commands as C  # noqa: E402
from companion.games.magnate.game import GAME  # noqa: E402

MID_TURN = (C.Build, C.Found, C.Sell, C.Trade, C.Develop)


def crash_point(seed: int = touches.SEED, courts: bool = touches.COURTS, after: int = 70) -> int:
    """The number of commands in the journal when the app is killed: past the middle of the
    game, just after a player's action with the turn not ended."""
    header = GAME.demo_header(2, seed)
    header["variants"]["courts"] = courts
    state, index = GAME.new_game(header), 0
    while (command := GAME.demo_move(state, seed, index)) is not None:
        state, _ = GAME.apply(state, command)
        index += 1
        if index >= after and isinstance(command, MID_TURN):
            return index
    raise SystemExit("the demo game has no action past the middle")


def seen(app: CompanionApp) -> dict:
    """What the table sees of the open game: the screen, the banner, its texts, the tokens."""
    app.refresh_current()
    harness.frames(2)
    screen = app.screens[app.manager.current]
    view = app.session.view()
    return {"screen": app.manager.current, "banner": app.banner, "texts": harness.texts(screen),
            "turn": view.get("turn"), "tokens": [p["tokens"] for p in view["seats"]]}


def play(folder: str) -> None:
    app = harness.start_in(folder)
    touches.start_game(app)
    touches.play(app, until=crash_point())
    print(json.dumps(seen(app)), flush=True)
    print("ready", flush=True)
    while True:
        harness.frames(1)
        time.sleep(0.05)


def resume(folder: str) -> None:
    app = harness.start_in(folder)
    harness.frames(2)
    resume = harness.find_id("resume")
    out = {"home": app.manager.current, "resume": resume.text, "resume_off": bool(resume.reason)}
    touches.tap("resume")
    harness.frames(2)
    s = app.session
    out.update(resumed_at=len(s.commands()), seen=seen(app))
    screens = {app.manager.current}
    while True:  # on to the end by touches, noting every screen the game passes through
        played = touches.play(app, until=len(s.commands()) + 1)
        screens.add(app.manager.current)
        if GAME.demo_move(s.state, touches.SEED, played) is None:
            break
    view = s.view()
    end = app.screens["magnate.end"]
    out.update(commands=len(s.commands()), screens=sorted(screens), screen=app.manager.current,
               same_game=GAME.state_to_dict(s.state) == GAME.state_to_dict(touches.uninterrupted()),
               outcome=view["outcome"], names=[p["name"] for p in view["seats"]], turn=view["turn"],
               winner=end.winner, cells={k: w.text for k, w in end.ids.items() if k.startswith("cell_")},
               end_texts=harness.texts(end))
    touches.tap("to_charts")
    over = app.screens["game_over"]
    out["charts"] = {key: [[name, list(points)] for name, _colour, points in over.ids["chart_" + key].series]
                     for key in ("tokens", "buildings")}
    out["charts_screen"] = app.manager.current
    app.go("magnate.end")
    harness.frames(2)
    touches.tap("to_city")
    city = app.screens["magnate.city"]
    out["city_screen"] = app.manager.current
    out["city_texts"] = harness.texts(city)
    print(json.dumps(out), flush=True)
    harness.stop(app)


if __name__ == "__main__":
    if sys.argv[1] == "play":
        play(sys.argv[2])
    else:
        resume(sys.argv[2])
