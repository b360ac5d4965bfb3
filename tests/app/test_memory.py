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
