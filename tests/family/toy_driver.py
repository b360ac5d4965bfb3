"""The real app in a process of its own, with the toy game installed beside it (for
``test_toy_in_the_shell.py``). The app finds the toy only through its entry point; every
step is a touch on a widget the screen shows.

``python toy_driver.py STEP FOLDER`` runs the app on the journal in FOLDER and prints, as
one JSON line, what the table saw; the app is then closed as a player closes it:

- ``start``: Toy on the home screen, three players, Ada picks 1 on the screen, undo, Ada picks
  3 on her handset (the keyboard's), Bo picks 2 on the screen;
- ``resume``: Resume on the home screen, Cy picks 2 (the reveal), a second round to the
  winner, Bo and Cy on their handsets;
- ``home``: what the home screen offers after the game, History, the game's log.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from companion.app import kivy_env

kivy_env.configure(headless=True)

from kivy.core.window import Window  # noqa: E402

from companion.app import harness  # noqa: E402
from companion.app.main import CompanionApp  # noqa: E402


def settle() -> None:
    """Frames until every dialog has finished closing (its animation still holds touches)."""
    end = time.monotonic() + 10
    while len(Window.children) > 1 and time.monotonic() < end:
        harness.frames(1)
        time.sleep(0.01)
    harness.frames(2)


def tap(name: str) -> None:
    harness.tap(harness.find_id(name))


def pick(seat: int, number: int) -> None:
    """The seat's Pick button on the shared screen, then its number in the secret dialog."""
    tap(f"pick_{seat}")
    tap(f"choice_{number}")
    settle()


KEYS = ["1qa", "3ed", "5tg"]  # each seat's handset on the keyboard: up, down, lock (hardware.keyboard)


def key(char: str) -> None:
    """A key pressed and released on the window, as a laptop's handset button."""
    Window.dispatch("on_key_down", ord(char), 0, char, [])
    harness.frames(1)
    time.sleep(0.08)  # the handsets' buttons are debounced
    Window.dispatch("on_key_up", ord(char), 0)
    harness.frames(1)
    time.sleep(0.05)


def handset_pick(app: CompanionApp, seat: int, number: int) -> dict[str, Any]:
    """The seat's pick on its handset: up from 1 to the number, then lock; what the seat's own
    display showed before the lock (the screen shows it only while its key is held)."""
    up, _down, lock = KEYS[seat]
    for _ in range(number - 1):
        key(up)
    hs = app.hardware.handsets
    own = {"value": hs.private_value(seat), "state": hs.state(seat)}
    key(lock)
    end = time.monotonic() + 5
    while seat in app.session.legal().get("to_act", []) and time.monotonic() < end:
        harness.frames(1)
        time.sleep(0.01)
    harness.frames(2)
    return {**own, "after": hs.state(seat), "notice": app.hardware.notice}


def seen(app: CompanionApp) -> dict[str, Any]:
    """What the whole window shows now (top bar, screen, any dialog; the toast line apart, as
    it lingers from an earlier touch), and which screen it is."""
    harness.frames(2)
    toast = app.root.ids.toast
    shown = [w.text for root in harness.visible_roots() for w in harness.walk(root)
             if type(w).__name__ != "Toast" and isinstance(getattr(w, "text", None), str) and w.text
             and w.opacity > 0]
    return {"screen": app.manager.current, "banner": app.banner, "phase": app.phase_line,
            "texts": shown, "toast": toast.text if toast.opacity > 0 else ""}


def statuses(app: CompanionApp) -> list[str]:
    screen = app.screens["toy.picks"]
    return [screen.ids[f"status_{i}"].text for i in range(len(app.session.view()["names"]))]


def play_start(app: CompanionApp) -> dict[str, Any]:
    out: dict[str, Any] = {"games": sorted(app.games), "uis": sorted(app.uis),
                           "home_toy": harness.find_id("new_toy").text}
    tap("new_toy")
    out["after_toy"] = app.manager.current
    tap("toy_seats_3")
    tap("toy_start")
    out["started"] = seen(app)
    tap("pick_0")
    out["dialog"] = harness.texts(app.dialog)
    tap("choice_1")
    settle()
    out["picked_1"] = seen(app)
    tap("top_undo")
    out["undone"] = {**seen(app), "picked": app.session.view()["picked"]}
    out["handset_3"] = handset_pick(app, 0, 3)  # the undone seat enters again, on its handset
    out["picked_3"] = seen(app)
    tap("pick_0")  # a seat that picked cannot pick again: the button says why
    out["again"] = {"toast": app.root.ids.toast.text, "dialogs": len(Window.children) - 1}
    pick(1, 2)
    out["two_picked"] = {**seen(app), "statuses": statuses(app)}
    tap("top_menu")  # the shell's menu: no correction form, as the toy has none
    out["menu"] = harness.texts(app.dialog)
    app.dialog.dismiss()
    settle()
    return out


def play_resume(app: CompanionApp) -> dict[str, Any]:
    resume = harness.find_id("resume")
    out: dict[str, Any] = {"home": seen(app), "resume": resume.text, "resume_off": resume.reason}
    tap("resume")
    hs = app.hardware.handsets
    out["resumed"] = {**seen(app), "statuses": statuses(app), "handsets": [hs.state(i) for i in range(3)],
                      "own": [hs.private_value(i) for i in range(2)]}
    pick(2, 2)
    out["revealed"] = {**seen(app), "statuses": statuses(app)}
    pick(0, 3)
    out["handset_1"] = handset_pick(app, 1, 1)
    out["handset_2"] = handset_pick(app, 2, 1)  # Cy picked on the screen last round
    settle()
    over = app.screens["game_over"]
    out["over"] = {**seen(app), "winner": over.winner, "detail": over.detail,
                   "chart": [list(s[2]) for s in over.ids["chart_points"].series],
                   "chart_colours": [list(s[1]) for s in over.ids["chart_points"].series],
                   "chart_title": over.ids["chart_points"].title}
    return out


def play_home(app: CompanionApp) -> dict[str, Any]:
    """Home after the game ended; History filtered on the toy, the game's log, the game opened."""
    resume = harness.find_id("resume")
    out: dict[str, Any] = {"home": seen(app), "resume": resume.text, "resume_off": resume.reason}
    tap("history")
    tap("filter_toy")
    rows = list(reversed(app.screens["history"].ids.games.children))
    out["history"] = [(row.title, row.detail) for row in rows]
    button = next(w for w in harness.walk(rows[0]) if getattr(w, "text", "") == app.t("history.log"))
    harness.tap(button)
    out["log"] = app.dialog.ids.log.text.splitlines()
    app.dialog.dismiss()
    settle()
    button = next(w for w in harness.walk(rows[0]) if getattr(w, "text", "") == app.t("history.open"))
    harness.tap(button)
    out["opened"] = seen(app)
    return out


STEPS = {"start": play_start, "resume": play_resume, "home": play_home}

if __name__ == "__main__":
    step, folder = sys.argv[1], sys.argv[2]
    application = harness.start_in(folder)
    harness.frames(2)
    result = STEPS[step](application)
    print(json.dumps(result), flush=True)
    harness.stop(application)  # closed as a player closes it: the session and journal too
