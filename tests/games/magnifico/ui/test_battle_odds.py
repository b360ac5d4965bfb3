"""The odds are computed in a separate process: the screen says "computing the odds…", a tap
is processed meanwhile, the odds appear when the process delivers them (docs/battle.md
"Speed": exact odds take seconds with airplanes on both sides, so the app uses float mode),
and the process ends with the app."""

import functools
import os
from pathlib import Path

import pytest

from companion.app import harness
from companion.games.magnifico import commands as C
from companion.games.magnifico.ui.odds import PENDING
from tests.games.magnifico.ui.games import mag, neighbours, new_game_with_cards_removed, roll_start_order, tap_territory


@pytest.fixture
def bruno_attacks(home):
    """Bruno's turn; Anna holds a territory next to Bruno's castle with one soldier."""
    app = home
    s = app.session
    new_game_with_cards_removed(app)
    roll_start_order(s)
    near = neighbours(s.view())
    anna = s.action("PlaceFirstCastle")["territories"][0]
    middle = sorted(near[anna])[0]
    bruno = next(t for t in sorted(near[middle]) if t != anna and t not in near[anna])
    assert s.send(C.PlaceFirstCastle(0, anna)).ok
    assert s.send(C.PlaceFirstCastle(1, bruno)).ok
    carla = next(t for t in s.action("PlaceFirstCastle")["territories"]
                 if t not in near[anna] | near[bruno] | near[middle] and t != middle)
    assert s.send(C.PlaceFirstCastle(2, carla)).ok
    draw = s.action("DrawAuction")
    assert s.send(C.DrawAuction((draw["vehicle_cards"][0], draw["project_cards"][0]))).ok
    for seat in range(3):
        assert s.send(C.LockBid(seat, 30 - 10 * seat)).ok
    for seat in s.legal()["to_act"] * 3:
        if s.view()["phase"] != "choosing":
            break
        assert s.send(C.PassChoice(s.legal()["to_act"][0])).ok
    assert s.view()["phase"] == "turns" and s.legal()["to_act"] == [0]
    assert s.send(C.Invade(0, anna, middle, 1)).ok
    assert s.send(C.EndTurn(0)).ok
    assert s.legal()["to_act"] == [1]
    app.go_current()
    harness.frames(2)
    return app, bruno, middle


class Gate:
    """The odds process's answers held until ``set`` (a file the child waits for)."""

    def __init__(self, path: Path):
        self.path = path

    def set(self) -> None:
        self.path.touch()

    def is_set(self) -> bool:
        return self.path.exists()

    def calls(self) -> list[str]:
        calls = Path(str(self.path) + ".calls")
        return calls.read_text().split() if calls.exists() else []


@pytest.fixture
def slow_odds(bruno_attacks, tmp_path):
    """The odds process computes through ``gated_odds.gated``, held until the test releases it."""
    from tests.games.magnifico.ui.gated_odds import gated

    app = bruno_attacks[0]
    release = Gate(tmp_path / "gate")
    mag(app).odds.compute = functools.partial(gated, str(release.path))
    yield release, release.calls
    release.set()


def wait_for(predicate, seconds=10.0):
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        harness.frames(1)
        if predicate():
            return True
        time.sleep(0.01)
    return False


def test_attack_preview_stays_responsive_while_odds_compute(bruno_attacks, slow_odds):
    app, bruno, middle = bruno_attacks
    release, calls = slow_odds
    turn = app.screens["magnifico.turn"]
    harness.tap(harness.find_id("act_Attack"))
    tap_territory(turn, bruno)
    tap_territory(turn, middle)
    line = harness.find_id("odds")
    assert line.text == app.t("battle.odds_computing")
    before = turn.pick["soldiers"]
    step = harness.find_id("step_soldiers")
    harness.tap(step.children[2])  # minus: processed while the worker is still blocked
    assert not release.is_set() and turn.pick["soldiers"] == before - 1
    assert harness.find_id("odds").text == app.t("battle.odds_computing")
    release.set()
    assert wait_for(lambda: "%" in harness.find_id("odds").text)
    assert 1 <= len(calls()) <= 3  # the child computed: the first pick, the stepped one, the latest
    assert turn.pick["soldiers"] == before - 1  # the delivery did not redraw the choice


def test_battle_screen_shows_odds_when_delivered(bruno_attacks, slow_odds):
    app, bruno, middle = bruno_attacks
    release, _calls = slow_odds
    s = app.session
    soldiers = s.view()["territories"][bruno]["soldiers"]
    assert app.send(C.Attack(1, bruno, middle, soldiers - 1, 0, 0))
    harness.frames(2)
    assert app.manager.current == "magnifico.battle"
    screen = app.screens["magnifico.battle"]
    assert screen.odds == app.t("battle.odds_computing")
    harness.tap(harness.find_id("assault_attacker_infantry"))  # a tap is processed meanwhile
    assert screen.chosen and "dice_0" in screen.ids
    release.set()
    assert wait_for(lambda: "%" in screen.odds)
    assert screen.chosen  # the dice entry stays open: only the odds line changed
    odds = mag(app).battle_view()["odds"]
    assert "exact" not in odds  # the float odds: no fractions
    assert screen.odds == app.t("battle.odds", a=round(100 * odds["attacker_wins"]),
                                d=round(100 * odds["defender_wins"]))


def test_stale_odds_are_dropped(bruno_attacks, slow_odds):
    app, bruno, middle = bruno_attacks
    release, _calls = slow_odds
    s = app.session
    command = C.Attack(1, bruno, middle, 1, 0, 0)
    assert mag(app).attack_odds(command) is PENDING
    assert s.undo() is None  # the position changes while the worker computes
    release.set()
    assert not wait_for(lambda: any(k[1] == repr(command) for k in mag(app).odds.cache), seconds=0.5)


def test_battle_lines_in_the_tables_language_with_plurals(bruno_attacks):
    """The armies and the running log in Italian, singular and plural as the numbers ask."""
    app, bruno, middle = bruno_attacks
    s = app.session
    app.set_lang("it")
    try:
        assert app.send(C.Attack(1, bruno, middle, 2, 0, 0))
        harness.frames(2)
        screen = app.screens["magnifico.battle"]
        att, dfn = screen.armies.split("\n")[:2]
        assert att == "Attaccante: 2 soldati" and dfn.startswith("Difensore: 1 soldato")
        harness.tap(harness.find_id("assault_attacker_infantry"))
        row = screen.ids["dice_0"]
        row.set_faces(["blank", "explosion"])
        harness.tap(harness.find_id("roll_ok"))
        assert "0 colpi, 1 vuoto, 1 esplosione" in screen.log
        assert "Bruno -1 soldato" in screen.log  # an explosion kills one of the roller's own (7.2)
    finally:
        app.set_lang("en")
    assert app.t("battle.log_soldiers", n=1) == "1 soldier" and app.t("battle.log_soldiers", n=2) == "2 soldiers"



def test_odds_process_ends_when_the_table_leaves_the_game(bruno_attacks):
    """Issue 13 (memory): once the table is home (or at a game's end) the odds process and its
    tables go; a trip home and back quicker than the tidy-up keeps it; the next odds asked
    start another, and they arrive."""
    from companion.app.main import TIDY_AFTER

    app, bruno, middle = bruno_attacks
    ui = mag(app)
    worker = ui.odds
    assert ui.attack_odds(C.Attack(1, bruno, middle, 2, 0, 0)) is PENDING
    assert wait_for(lambda: worker.pid is not None)
    first = worker.pid
    app.go("home")
    app.go_current()  # back before the tidy-up: the game is in play again
    assert not wait_for(lambda: worker.pid is None, seconds=TIDY_AFTER + 0.5)
    app.go("home")
    assert app.tidy_pending  # what a benchmark waits for (bench_memory.py)
    assert wait_for(lambda: worker.pid is None, seconds=TIDY_AFTER + 5)
    assert not app.tidy_pending
    with pytest.raises(ProcessLookupError):
        os.kill(first, 0)
    app.go_current()
    command = C.Attack(1, bruno, middle, 1, 0, 0)
    assert ui.attack_odds(command) is PENDING
    assert wait_for(lambda: isinstance(ui.attack_odds(command), dict) and ui.attack_odds(command) is not PENDING,
                    seconds=60)
    assert worker.pid not in (None, first)
    # a table that picks its next game before the tidy-up comes (its timer is late after a
    # long frame at home): the setup form is out of the play too
    app.go("home")
    app.new_game("leonardo")
    assert app.tidy_pending and app.manager.current == app.uis["leonardo"].new_game_screen
    assert wait_for(lambda: worker.pid is None, seconds=TIDY_AFTER + 5)


STOP_SCRIPT = """
import os
from companion.app import kivy_env
kivy_env.configure(headless=True)
from companion.app import harness
from companion.app.main import CompanionApp
from tests.kivy_app import make_settings

app = harness.start(CompanionApp(settings=make_settings(), lang="en"))
worker = app.uis["magnifico"].odds
assert worker.odds((0, "probe"), {}) is not None  # PENDING: the child is started
pid = worker.pid
assert pid is not None and pid != os.getpid()
harness.stop(app)
assert worker.pid is None
try:
    os.kill(pid, 0)
    print("alive", pid)
except ProcessLookupError:
    print("gone", pid)
"""


def test_odds_process_ends_with_the_app(tmp_path):
    """The odds run in a child process (not a thread of the app), gone once the app stops
    (a separate app process: the tests' own app lives for the whole session)."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[4]
    env = {**os.environ, "MAGNIFICO_DB": str(tmp_path / "j.sqlite3"), "MAGNIFICO_KEY_FILE": str(tmp_path / "j.key")}
    out = subprocess.run([sys.executable, "-c", STOP_SCRIPT], cwd=root, env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split()[0] == "gone", out.stdout


def test_odds_kept_are_bounded_and_of_the_current_position_only():
    """Issue 13: the odds cache is bounded (CACHE_SIZE of the current state version) and a
    new position drops the odds of the old one."""
    from companion.games.magnifico.ui.odds import CACHE_SIZE, OddsWorker

    now = {"v": 1}
    worker = OddsWorker(lambda fn: fn(), lambda: now["v"], inline=True, compute=len)
    for i in range(CACHE_SIZE * 2):
        assert worker.odds((1, i), {"i": i}) == 1
    assert len(worker.cache) == CACHE_SIZE and (1, CACHE_SIZE * 2 - 1) in worker.cache
    now["v"] = 2
    worker.odds((2, "x"), {})
    assert list(worker.cache) == [(2, "x")]


def test_odds_process_runs_below_the_apps_priority():
    """Issue 13: the odds child lowers its own CPU priority (os.nice) so that on a busy machine
    the screen's process wins the core; its answers still arrive."""
    import time

    from companion.games.magnifico.ui.odds import NICE, OddsWorker

    answers = []
    worker = OddsWorker(answers.append, lambda: 1, compute=len)
    try:
        assert worker.odds((1, "a"), {"x": 1, "y": 2}) is not None  # PENDING: the child is started
        end = time.monotonic() + 60
        while not answers and time.monotonic() < end:
            time.sleep(0.05)
        assert answers, "the child never answered"
        answers[0]()  # on the "main thread": kept in the cache
        assert worker.cache[(1, "a")] == 2
        mine = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, worker.pid) == min(mine + NICE, 19)
    finally:
        worker.stop()
