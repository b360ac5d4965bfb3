"""Issue 10, done when: a whole 2-player game of Magnate played through the screens by touches
on the real widgets, from the home screen's Magnate button to the winner, with the app killed
(SIGKILL) in the middle of a player's turn and resumed.

The app runs in a process of its own (``magnate_crash_driver.py``); the demo's bots decide and
every command is entered with the buttons a player taps (``companion.games.magnate.ui.drive``),
so the game covers setup, rolls (the d10s and the tax d6), income choices, trades,
developments, build/found/sell with the district and the payment, draws, both run-outs, the
last turns and the end (magnate-decisions: Setup, Turn 1-5, End)."""

from __future__ import annotations

from pathlib import Path

from companion.games.magnate.game import GAME
from tests.crash import kill_and_restart

from .touches import NAMES, uninterrupted

DRIVER = Path(__file__).with_name("magnate_crash_driver.py")


def run_killed_and_resumed(folder: Path) -> tuple[dict, dict]:
    """Play to the middle in one app, SIGKILL it, resume and finish in a second one."""
    return kill_and_restart(DRIVER, folder, [], ["resume"], timeout=400)


def test_a_whole_game_by_touches_killed_and_resumed_mid_turn(tmp_path):
    before, after = run_killed_and_resumed(tmp_path)
    # killed mid-turn (an action done, the turn not ended): home offers the game at once and
    # the resumed turn screen shows what it showed before, the tokens as they stood
    assert before["screen"] == "magnate.turn"
    assert after["home"] == "home" and not after["resume_off"]
    assert after["resume"].startswith("Resume Magnate: Anna, Bruno")
    assert after["seen"] == before
    assert after["resumed_at"] > 70
    # played on by touches to the end: the very game the rules give without the crash
    final = uninterrupted()
    assert after["same_game"]
    assert after["commands"] > after["resumed_at"]
    assert {"magnate.roll", "magnate.turn"} <= set(after["screens"])
    assert after["screen"] == "magnate.end"
    # the end: each district's totals and who takes it, then the winner (magnate-decisions: End)
    outcome = GAME.outcome(final)
    assert outcome is not None and after["outcome"]["winners"] == list(outcome.winners)
    names = [n for n, _ in NAMES]
    if len(outcome.winners) == 1:
        assert after["winner"].startswith(names[outcome.winners[0]])
    districts = after["outcome"]["districts"]
    assert len(districts) == 5
    for r, result in enumerate(districts.values()):
        assert [after["cells"][f"cell_{r}_{i}"] for i in range(2)] == [str(v) for v in result["totals"]]
    # a district tied scores nothing: its row names no one (magnate-decisions: End)
    for result in districts.values():
        if result["totals"][0] == result["totals"][1]:
            assert result["winner"] is None
    # the charts: tokens and buildings by turn, a line per player, a point per turn played
    for key in ("tokens", "buildings"):
        series = after["charts"][key]
        assert [name for name, _ in series] == names
        assert all(len(points) == after["turn"] for _, points in series)
    built = after["charts"]["buildings"]
    view = GAME.public_view(final)
    completed = [sum(1 for d in view["districts"] for b in view["city"][d][seat] if b["complete"]) for seat in (0, 1)]
    assert [points[-1] for _, points in built] == completed
    assert after["charts_screen"] == "game_over" and after["city_screen"] == "magnate.city"
