"""The real app in a process of its own, for Leonardo's crash tests (``test_leonardo_ui_crash.py``).

``python leonardo_crash_driver.py play FOLDER POINT`` starts the app on the journal in FOLDER,
plays a bots' game of Leonardo through the session up to POINT ("auction": a bid made, the
auction still open; "market": sealed bets, one locked on its seat's handset, the others not),
prints what the table sees, ``ready``, and waits to be killed. ``python leonardo_crash_driver.py
look FOLDER`` starts the app again on the same journal, taps Resume and prints, as one JSON
line, what the table sees then.
"""

from __future__ import annotations

import json
import sys
import time

from companion.app import kivy_env

kivy_env.configure(headless=True)

from companion.app import harness  # noqa: E402
from companion.app.main import CompanionApp  # noqa: E402
from companion.games.leonardo.demo import demo_header  # noqa: E402
from companion.games.leonardo.game import GAME  # noqa: E402
from companion.games.leonardo.ui.presenters import head_task  # noqa: E402
from hardware.asks import display_text  # noqa: E402

SEED = 92
BET = {"product": "spices", "amount": 35}


def seen(app: CompanionApp) -> dict:
    app.refresh_current()
    harness.frames(2)
    screen = app.screens[app.manager.current]
    return {"screen": app.manager.current, "banner": app.banner, "texts": harness.texts(screen)}


def play(folder: str, point: str) -> None:
    app = harness.start_in(folder)
    s, ui = app.session, app.uis["leonardo"]
    assert s.new_game(GAME, demo_header(3, SEED, variants={"sealed_bets": point == "market"})) is None
    index = 0
    while True:
        task = head_task(s.view())
        if point == "auction" and task and task["t"] == "auction" and task["leader"] is not None:
            break
        if point == "market" and task and task["t"] == "market" and task["stage"] == "bets":
            break
        command = GAME.demo_move(s.state, SEED, index)
        if command is None or not s.send(command).ok:
            raise SystemExit(f"the demo game never got there ({command})")
        index += 1
    app.go_current()
    harness.frames(2)
    if point == "market":
        seat = task["bettors"][0]
        assert ui.devices.lock_bet(seat, BET["product"], BET["amount"]) is None  # through its handset
        harness.frames_until(lambda: seat in head_task(s.view()).get("locked", []))
    print(json.dumps(seen(app)), flush=True)
    print("ready", flush=True)
    while True:
        harness.frames(1)
        time.sleep(0.05)


def look(folder: str) -> None:
    app = harness.start_in(folder)
    harness.frames(2)
    resume = harness.find_id("resume")
    out = {"home": app.manager.current, "resume": resume.text, "resume_off": bool(resume.reason)}
    harness.tap(resume)
    harness.frames(3)
    s = app.session
    task = head_task(s.view())
    out.update(seen=seen(app), task=task["t"] if task else None)
    if task and task["t"] == "market":
        hs = app.hardware.handsets
        out.update(locked=task.get("locked", []), bettors=task["bettors"],
                   handsets={seat: hs.state(seat) for seat in task["bettors"]},
                   displays={seat: display_text(hs.state(seat), hs.private_value(seat), hs.ask_of(seat))
                             for seat in task["bettors"]},
                   log=s.log("en"))
    print(json.dumps(out), flush=True)
    harness.stop(app)


if __name__ == "__main__":
    if sys.argv[1] == "play":
        play(sys.argv[2], sys.argv[3])
    else:
        look(sys.argv[2])
