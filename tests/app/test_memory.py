"""Nothing the app holds grows from game to game (issue 13: memory after three whole games).

The same short demo game is played three times back to back through the screens in the one
test app, each ending on the home screen as a table would. The first builds what the screens
build once (their widgets, the textures of their texts); the same game again must then
leave no more live widgets (of each class), screens, textures and objects of the
app's own classes than the game before: anything kept per game would show. Counts, not RSS:
RSS belongs to ``bench/bench_memory.py``.
"""

import collections
import gc

from companion.app import harness, memory
from companion.games.magnifico.ui.tour import visit


def live() -> collections.Counter:
    """What is alive after a full collection, by kind and by the app's own classes."""
    from kivy.graphics.texture import Texture
    from kivy.uix.screenmanager import Screen
    from kivy.uix.widget import Widget

    gc.unfreeze()  # the app froze what start built (counted too); the bench freezes again
    gc.collect()
    counts: collections.Counter = collections.Counter()
    for o in gc.get_objects():
        t = type(o)  # never isinstance: a dead weak proxy raises on __class__
        if issubclass(t, Widget):
            counts["widgets"] += 1
            counts[f"widget {t.__name__}"] += 1
            counts["screens"] += issubclass(t, Screen)
        elif issubclass(t, Texture):
            counts["textures"] += 1
        module = t.__dict__.get("__module__")
        if isinstance(module, str) and module.startswith("companion."):
            counts[f"{module}.{t.__qualname__}"] += 1
    gc.freeze()
    return counts


def play(app, seed: int) -> collections.Counter:
    for _ in visit(app, seed=seed, target=3):  # a short game: the first to 3 VP
        pass
    assert app.session.finished
    app.go("home")
    harness.frames(2)
    settle()
    return live()


def settle() -> None:
    """Let running animations end, as they would in a second at a table. Kivy's Animation
    keeps what it animates until it ends: a scroll bar fading on a panel just replaced, a
    dialog fading out. Counted mid-fade, a game looked 26 buttons bigger in CI."""
    from kivy.animation import Animation

    harness.frames_until(lambda: not Animation._instances, seconds=10)  # the longest: a notice, 3.9 s


def test_games_back_to_back_leave_nothing_growing(home):
    app = home
    play(app, 11)  # the first game builds each screen's widgets once
    second = play(app, 11)  # the same game (same seed): the same screens, texts and battles
    third = play(app, 11)
    # Only growth counts: the session's one app may still let go of what an earlier test left
    # (``app.dialog``, the last dialog opened, is replaced during a game).
    grown = {k: (second[k], third[k]) for k in third if third[k] > second[k]}
    assert not grown, f"grew from game 2 to game 3: {grown}"
    assert third["widgets"] > 100 and third["textures"] > 100  # the count sees the screens
    assert third["screens"] == len(app.screens)  # no screen made twice, none kept aside
    # the journal keeps the game in play and the one before, not every game played
    assert third["companion.storage.opengame.OpenGame"] <= 2


def test_giving_memory_back_is_safe_to_call_any_time():
    """glibc's malloc_trim where there is one; elsewhere only the collection (a no-op call)."""
    assert memory.give_back() in (True, False)
    assert memory.give_back() == memory.give_back()


SMAPS = """\
7f0000000000-7f0000100000 r--p 00000000 08:01 42 /usr/lib/libLLVM-15.so.1
Rss:                 400 kB
Private_Dirty:       400 kB
Anonymous:             0 kB
7f0000100000-7f0006000000 r-xp 00100000 08:01 42 /usr/lib/libLLVM-15.so.1
Rss:               33000 kB
Private_Dirty:         0 kB
Anonymous:             0 kB
7f0006000000-7f0006100000 r-xp 06000000 08:01 42 /usr/lib/libLLVM-15.so.1
Rss:                  12 kB
Private_Dirty:         4 kB
Anonymous:             4 kB
7f0007000000-7f0007800000 r-xp 00000000 08:01 43 /usr/lib/dri/swrast_dri.so
Rss:                7800 kB
Private_Dirty:         0 kB
Anonymous:             0 kB
7f0008000000-7f0008001000 rw-p 00000000 00:00 0
Rss:                   4 kB
Private_Dirty:         4 kB
Anonymous:             4 kB
"""


def test_only_the_compilers_unwritten_code_is_dropped():
    """memory.py: the executable mappings of LLVM in which no page was written (a written
    one, a breakpoint say, would lose its change); not its data, not another library."""
    assert memory.compiler_code(SMAPS) == [(0x7F0000100000, 0x7F0006000000)]
    assert memory.compiler_code("") == []


def llvm_code_resident_kb() -> int:
    """kB of LLVM's code resident in this process (its executable mappings)."""
    return sum(m.kb.get("Rss", 0) for m in memory.mappings(memory.SMAPS.read_text())
               if m.perms == "r-xp" and memory.COMPILER in m.path)


def test_the_compiler_code_the_driver_left_resident_is_dropped(home):
    """Mesa's driver (the software renderer here, a Pi's V3D) is linked with LLVM, whose
    loading leaves tens of MB of its code resident: giving memory back unmaps it, and the
    app draws on (the software renderer faults back what it runs)."""
    import ctypes

    import pytest

    harness.frames(2)
    ranges = memory.compiler_code(memory.SMAPS.read_text())
    if not ranges:
        pytest.skip("no LLVM mapped: this GL driver is not linked with it")
    low, high = max(ranges, key=lambda r: r[1] - r[0])
    for page in range(low, min(high, low + (8 << 20)), 4096):  # made resident, as its loading does
        ctypes.string_at(page, 1)
    before = llvm_code_resident_kb()
    assert before >= 8 * 1024
    assert memory.drop_compiler_code() >= high - low
    assert llvm_code_resident_kb() < before - 6 * 1024
    home.go("settings")  # a screen drawn after the drop
    harness.frames(3)
    assert home.manager.current == "settings"
    home.go("home")
    harness.frames(2)


def test_the_start_gives_memory_back_once_its_work_ahead_is_done(home, monkeypatch):
    """main.py: the first time the warm-up has nothing left, what the start left behind goes
    back (the C heap's free pages, the compiler's code); once, not at every idle check."""
    # the tidy-up home schedules (TIDY_AFTER after the fixture's return home) gives memory back
    # too: it runs first, so that a slow machine's idle checks below do not count it
    harness.frames_until(lambda: not home.tidy_pending, 10)
    calls = []
    monkeypatch.setattr(memory, "give_back", lambda: calls.append(1) or True)
    monkeypatch.setattr(home, "_ahead_done", False)
    for _ in range(400):
        harness.idle(home, 1)
        if calls:
            break
    assert calls == [1]
    harness.idle(home, 20)
    assert calls == [1]
