"""Issue 9, done when: "a test adds a tiny throw-away game through the entry point and plays
it through the shell ...". The toy game (rules, screens and layout in tests/family/toygame/)
is installed into a temporary folder with its entry point; the real app, in a process of its
own (``toy_driver.py``), finds it there, and the table plays it by touches and handset
presses: Toy on the home screen, three players, the picks entered in secret (on the screen's
dialog or a seat's handset), the app closed and opened again in the middle of a round,
Resume, the reveal, the winner on the shell's game over with its chart, then History. Between the runs the journal's files are read as bytes: a pick stays sealed
until its round's reveal opens it."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.family.test_a_new_game import install_toy

DRIVER = Path(__file__).with_name("toy_driver.py")
ROOT = Path(__file__).resolve().parents[2]


def drive(step: str, site: Path, folder: Path) -> dict[str, Any]:
    """One run of the real app with the toy installed in ``site``: what the table saw."""
    env = {**os.environ, "PYTHONPATH": f"{site}{os.pathsep}{ROOT}",
           "XDG_DATA_HOME": str(folder / "xdg-data"), "XDG_CONFIG_HOME": str(folder / "xdg-config")}
    done = subprocess.run([sys.executable, str(DRIVER), step, str(folder)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def journal_bytes(folder: Path) -> bytes:
    """Every file the journal keeps (the database, its shadow copy, their side files)."""
    return b"".join(p.read_bytes() for p in sorted(folder.glob("journal.sqlite3*")))


def bodies(folder: Path) -> list[str]:
    with sqlite3.connect(folder / "journal.sqlite3") as db:
        return [row[0] for row in db.execute("SELECT body FROM commands ORDER BY seq")]


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> dict[str, Any]:
    """The three runs, with the journal's bytes and rows read after each."""
    root = tmp_path_factory.mktemp("toy-shell")
    site, folder = install_toy(root / "site"), root / "table"
    folder.mkdir()
    out: dict[str, Any] = {}
    for step in ("start", "resume", "home"):
        out[step] = drive(step, site, folder)
        out[step + "_bytes"], out[step + "_bodies"] = journal_bytes(folder), bodies(folder)
    return out


def test_the_app_finds_the_toy_by_its_entry_point_and_starts_it_by_touch(played):
    start = played["start"]
    assert "toy" in start["games"] and "toy" in start["uis"]  # its screens came from Game.ui()
    assert start["home_toy"] == "Toy · 2–3 players"
    assert start["after_toy"] == "toy.new_game"  # the toy's own setup form
    started = start["started"]
    assert started["screen"] == "toy.picks"
    assert started["banner"] == "To pick: Ada, Bo, Cy" and started["phase"] == "Round 1"


def test_a_pick_never_shows_on_the_shared_screen(played):
    """The toy's secret group "picks": the others see that a seat picked, never what."""
    start = played["start"]
    assert start["dialog"][:5] == ["Ada: pick in secret",
                                   "Only Ada looks: the others see that Ada picked, never what.", "1", "2", "3"]
    one, three = start["picked_1"], start["picked_3"]
    assert one["texts"] == three["texts"]  # the same screen whichever number Ada picked
    # the second time on her handset: its own display showed 3, the shared screen never did;
    # the keypad's hold on her seat went with the undo (one device per seat, not forever)
    assert start["handset_3"] == {"value": 3, "state": "entering", "after": "locked", "notice": ""}
    assert "picked" in three["texts"] and three["banner"] == "To pick: Bo, Cy"
    for seen in (one, three, start["two_picked"]):
        assert not any("3" in text for text in seen["texts"]) and "3" not in seen["toast"]
    assert start["undone"]["picked"] == [] and start["undone"]["toast"] == "Undone."  # undo before the reveal
    assert start["again"] == {"toast": "Ada has picked already", "dialogs": 0}  # the button says why
    assert start["two_picked"]["statuses"] == ["picked", "picked", "picking"]
    assert "Menu" in start["menu"] and "Redo" in start["menu"]
    assert not any(text.startswith("Correction") for text in start["menu"])


def test_the_journal_keeps_the_picks_sealed_until_the_reveal(played):
    """After the first run (two picks locked, the round open) no file of the journal holds a
    pick; once the last pick reveals the round, the picks are opened in the journal."""
    assert b'"number"' not in played["start_bytes"]
    assert len(played["start_bodies"]) == 2  # Ada's undone pick is gone, sealed or not
    assert not any('"number"' in body for body in played["start_bodies"])
    opened = played["resume_bodies"]
    assert len(opened) == 6
    assert ['"number":3' in opened[0], '"number":2' in opened[1], '"number":2' in opened[2]] == [True] * 3
    assert '"number":1' in opened[5]


def test_closed_in_the_middle_of_a_round_the_app_offers_the_toy_and_resumes_it(played):
    resume = played["resume"]
    assert resume["home"]["screen"] == "home" and not resume["resume_off"]
    assert resume["resume"] == "Resume Toy: Ada, Bo, Cy (round 1)"
    resumed = resume["resumed"]
    assert resumed["screen"] == "toy.picks" and resumed["banner"] == "To pick: Cy"
    assert resumed["statuses"] == ["picked", "picked", "picking"]  # the locks kept, the numbers not shown
    assert resumed["texts"] == played["start"]["two_picked"]["texts"]
    # the handsets show the picks the rules hold locked, their numbers hidden (own: none shown)
    assert resumed["handsets"] == ["locked", "locked", "entering"] and resumed["own"] == [None, None]


def test_the_reveal_and_the_winner_on_the_shells_game_over(played):
    revealed = played["resume"]["revealed"]
    assert "Opened: Ada 3, Bo 2, Cy 2\nAda scores a point" in revealed["texts"]  # the picks, opened
    assert revealed["phase"] == "Round 2"
    assert revealed["statuses"] == ["picking"] * 3 and "1 point" in revealed["texts"]
    for seat in ("handset_1", "handset_2"):  # the last two picks on the handsets; Cy's last one was the keypad's
        assert played["resume"][seat]["value"] == 1 and played["resume"][seat]["notice"] == ""
    over = played["resume"]["over"]
    assert over["screen"] == "game_over"
    assert (over["winner"], over["detail"]) == ("Ada wins!", "2 points in round 2")
    assert over["chart_title"] == "Points per round"
    assert over["chart"] == [[1, 2], [0, 0], [0, 0]]  # a line per seat, a point per round
    assert len({tuple(c) for c in over["chart_colours"]}) == 3  # the toy's seats name no colour: each gets one


def test_after_the_game_home_offers_nothing_and_history_has_it(played):
    home = played["home"]
    assert home["resume"] == "No game to resume" and home["resume_off"]
    [(title, detail)] = home["history"]
    assert title.startswith("Toy · started") and detail == "Ada, Bo, Cy  (won by Ada)"
    assert home["log"] == ["Ada picked", "Bo picked", "Cy picked", "picks: Ada 3, Bo 2, Cy 2",
                           "Ada picked", "Bo picked", "Cy picked", "picks: Ada 3, Bo 1, Cy 1"]
    assert home["opened"]["screen"] == "game_over" and "Ada wins!" in home["opened"]["texts"]
