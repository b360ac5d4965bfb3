"""Issue 11, done when: a killed and resumed app in the middle of a game, mid-auction and
mid-market. The app runs in a process of its own (``leonardo_crash_driver.py``), killed with
SIGKILL, then started again on the same journal: Resume shows what the table saw before, and
a sealed bet locked before the crash stays locked and hidden (leonardo-decisions: Markets)."""

import re
from pathlib import Path

from tests.crash import kill_and_restart

DRIVER = Path(__file__).with_name("leonardo_crash_driver.py")


def crash_at(tmp_path, point):
    return kill_and_restart(DRIVER, tmp_path, [point], ["look"])


def test_killed_mid_auction(tmp_path):
    before, after = crash_at(tmp_path, "auction")
    assert after["home"] == "home" and not after["resume_off"]
    assert after["resume"].startswith("Resume Leonardo: Anna, Bruno, Carla")
    assert after["task"] == "auction" and before["screen"] == "leonardo.auction"
    assert after["seen"] == before


def test_killed_mid_market_with_a_sealed_bet_locked(tmp_path):
    before, after = crash_at(tmp_path, "market")
    assert after["seen"] == before and before["screen"] == "leonardo.market"
    locked = after["locked"]
    assert len(locked) == 1
    seat = locked[0]
    assert after["handsets"][str(seat)] == "locked" and after["displays"][str(seat)] == "L   "
    others = [b for b in after["bettors"] if b != seat]
    assert all(after["handsets"][str(b)] == "entering" for b in others)
    lines = after["seen"]["texts"] + after["log"]
    assert "bet locked" in lines
    # neither the amount nor the product of the sealed bet, anywhere on the screen or in the log
    assert not [t for t in lines if re.search(r"\b35\b.*spices|spices.*\b35\b|\bbets? 35\b", t)]
    assert not [t for t in after["log"] if "spices" in t or re.search(r"\b35\b", t)]
