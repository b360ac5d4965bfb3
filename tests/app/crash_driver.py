"""The real app in a process of its own, for the crash tests (``test_crash_resume.py``).

``python crash_driver.py play FOLDER POINT`` starts the app on the journal in FOLDER, plays a
Magnifico demo game through the session up to POINT ("auction": two bids locked on the
handsets, the third not; "battle": an assault rolled, the battle still on; "turn": a player's
turn with an action done and the turn not ended), prints ``ready``
and waits to be killed. ``python crash_driver.py look FOLDER`` starts the app again on the
same journal and prints, as one JSON line, what the table sees at once and after Resume.
"""

from __future__ import annotations

import json
import sys
import time

from companion.app import kivy_env

kivy_env.configure(headless=True)

from companion.app import harness  # noqa: E402
from companion.app.main import CompanionApp  # noqa: E402
from companion.games.magnifico.game import GAME  # noqa: E402
from hardware.asks import display_text  # noqa: E402


MID_TURN = {"Invade", "BuildTower", "BuildCastle", "Activate", "BuildTank", "BuildAirplane", "Move"}


def play(folder: str, point: str) -> None:
    app = harness.start_in(folder)
    ui, s = app.uis["magnifico"], app.session
    assert s.new_game(GAME, GAME.demo_header(3, 5)) is None  # the demo's header: printed values invented
    index, command = 0, None
    while True:
        view = s.view()
        if point == "auction" and view["phase"] == "bidding":
            break
        if point == "battle" and view["phase"] == "battle" and view["battle"].get("steps"):
            break
        if point == "turn" and view["phase"] == "turns" and index and type(command).__name__ in MID_TURN:
            break
        command = GAME.demo_move(s.state, 5, index)
        if command is None:
            raise SystemExit("the demo game never got there")
        if not s.send(command).ok:
            raise SystemExit(f"refused: {command}")
        index += 1
    app.go_current()
    harness.frames(2)
    if point == "auction":
        bidders = s.view()["auction"]["bidders"]
        for seat in bidders[:2]:  # locked on the handsets, as the table does
            assert ui.bids.enter(seat, 10) is None
        harness.frames_until(lambda: len(s.view()["auction"]["locked"]) == 2)
    harness.frames(3)
    print(json.dumps(seen(app)), flush=True)
    print("ready", flush=True)
    while True:
        harness.frames(1)
        time.sleep(0.05)


def seen(app: CompanionApp) -> dict:
    """What the table sees of the open game: the screen, the banner and its texts."""
    app.refresh_current()
    harness.frames(2)
    screen = app.screens[app.manager.current]
    if hasattr(screen, "odds"):  # the odds come from their own process: compare them once shown
        pending = app.t("battle.odds_computing")
        harness.frames_until(lambda: screen.odds != pending, seconds=60.0)
    view = app.session.view()
    return {"screen": app.manager.current, "banner": app.banner, "texts": harness.texts(screen),
            "turn": view.get("turn"), "florins": [p["florins"] for p in view.get("seats", [])]}


def look(folder: str) -> None:
    app = harness.start_in(folder)
    harness.frames(2)
    resume = harness.find_id("resume")
    out = {"screen": app.manager.current, "resume": resume.text, "resume_off": bool(resume.reason)}
    harness.tap(resume)
    harness.frames(3)
    s, ui = app.session, app.uis["magnifico"]
    view = s.view()
    out.update(phase=view.get("phase"), seen=seen(app))
    if view.get("phase") == "bidding":
        screen = app.screens["magnifico.auction"]
        rows = list(reversed(screen.ids.seats.children))
        hs = app.hardware.handsets
        out.update(
            bidders=view["auction"]["bidders"], locked=view["auction"]["locked"],
            rows={i: getattr(rows[i], "status", "") for i in view["auction"]["bidders"]},
            handsets={seat: hs.state(seat) for seat in view["auction"]["bidders"]},
            displays={seat: display_text(hs.state(seat), hs.private_value(seat), hs.ask_of(seat))
                      for seat in view["auction"]["bidders"]},
            leds={seat: hs.led_mode(seat) for seat in view["auction"]["bidders"]},
            screen_texts=harness.texts(screen))
        seat = view["auction"]["locked"][0]
        press = app.hardware.keyboard  # a press of a locked seat's lock button unlocks it, as before
        lock_key = {0: "a", 1: "d", 2: "g"}[seat]
        press.key(lock_key, True)
        time.sleep(0.07)
        press.key(lock_key, False)
        harness.frames_until(lambda: seat not in s.view()["auction"]["locked"])
        out.update(after_unlock=s.view()["auction"]["locked"], notice=app.hardware.notice,
                   handset_after=hs.state(seat))
    elif view.get("phase") == "turns":
        out.update(turn=view["turn"], florins=[p["florins"] for p in view["seats"]], log=s.log()[-3:])
    elif view.get("phase") == "battle":
        bv = ui.battle_view()
        out.update(steps=len(view["battle"]["steps"]), title=app.screens["magnifico.battle"].title,
                   options=sorted({st["assault"] for st in bv["options"].get("steps", [])}))
    print(json.dumps(out), flush=True)
    harness.stop(app)


if __name__ == "__main__":
    if sys.argv[1] == "play":
        play(sys.argv[2], sys.argv[3])
    else:
        look(sys.argv[2])
