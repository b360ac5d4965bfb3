"""Issue 12, items 1 and 2: after a crash the real app offers the unfinished game at once, and
the resumed screen and handsets show what they showed before (locked seats locked, amounts
hidden). The app runs in a process of its own (``crash_driver.py``), killed with SIGKILL."""

from pathlib import Path

from tests.crash import kill_and_restart

DRIVER = Path(__file__).with_name("crash_driver.py")


def crash_at(tmp_path, point):
    """Play up to ``point`` in the real app, SIGKILL it, start it again: what each showed."""
    return kill_and_restart(DRIVER, tmp_path, [point], ["look"], timeout=120)


def test_mid_auction_with_two_bids_locked(tmp_path):
    before, after = crash_at(tmp_path, "auction")
    # item 1: the home screen offers the game at once (no visit to History first)
    assert after["screen"] == "home" and not after["resume_off"]
    assert after["resume"].startswith("Resume Magnifico: Anna, Bruno, Carla")
    # the resumed screen shows what it showed before the crash
    assert after["seen"] == before
    assert after["seen"]["banner"] == "Sealed bids: 2 of 3 locked"
    # item 2: locked seats show locked on the screen and on their handsets, amounts hidden
    locked, bidders = after["locked"], after["bidders"]
    assert len(locked) == 2
    for seat in bidders:
        key = str(seat)
        if seat in locked:
            assert after["rows"][key] == "locked" and after["handsets"][key] == "locked"
            assert after["displays"][key] == "L   " and after["leds"][key] == "on"  # no amount on the display
        else:
            assert after["rows"][key] == "entering a bid" and after["handsets"][key] == "entering"
            assert after["leds"][key] == "blink"
    # a locked seat's lock button unlocks it, as before the crash (not refused)
    assert after["after_unlock"] == [s for s in locked if s != locked[0]] and after["notice"] == ""
    assert after["handset_after"] == "entering"


def test_mid_battle(tmp_path):
    before, after = crash_at(tmp_path, "battle")
    assert after["screen"] == "home" and not after["resume_off"]
    assert after["seen"] == before and before["screen"] == "magnifico.battle"
    assert after["steps"] == 1 and after["options"]  # the battle goes on where it stood


def test_mid_turn(tmp_path):
    """Issue 12: killed in the middle of a player's turn (an action done, the turn not ended),
    the app offers the game at once and shows the turn as it stood, the action kept."""
    before, after = crash_at(tmp_path, "turn")
    assert after["screen"] == "home" and not after["resume_off"]
    assert before["screen"] == "magnifico.turn" and after["seen"] == before
    assert after["phase"] == "turns" and before["turn"] is not None  # the turn as it stood, florins too
    assert after["log"] and not after["log"][-1].startswith("Turn")  # the action is there, not a fresh turn
