"""The screen book builds a game's screens when one of them is first wanted, and only that
game's (issue 13, memory: a Magnifico game built Leonardo's and Magnate's 15 screens too,
their UIs coming first in name order)."""

from __future__ import annotations

import pytest

from companion.app.screen_book import Screens

from .screen_fakes import FakeScreen, FakeUI, Manager


def book(*uis: FakeUI) -> tuple[Screens, Manager]:
    manager = Manager()
    return Screens(manager, {}, lambda: list(uis)), manager


def test_a_games_screen_builds_that_game_alone():
    """The UIs come in name order and no game is open: asking for ``magnifico.new_game``
    used to build ``leonardo`` and ``magnate`` first (this test failed then). Only the screen
    asked for is built; the game's kv and classes are prepared once."""
    leonardo, magnate = FakeUI("leonardo", ("new_game", "board")), FakeUI("magnate", ("new_game", "city"))
    magnifico = FakeUI("magnifico", ("new_game", "turn"))
    screens, manager = book(leonardo, magnate, magnifico)
    assert screens["magnifico.new_game"].name == "magnifico.new_game"
    assert manager.added == ["magnifico.new_game"]  # the others on their first visit, or ahead when idle
    assert (leonardo.built, magnate.built, magnifico.built) == ([], [], ["magnifico"])
    assert screens["magnifico.turn"].name == "magnifico.turn"
    assert manager.added == ["magnifico.new_game", "magnifico.turn"] and magnifico.built == ["magnifico"]
    assert screens["leonardo.board"].name == "leonardo.board"  # another game's, when wanted
    assert leonardo.built == ["leonardo"] and magnate.built == []


def test_build_next_builds_a_games_screens_one_at_a_time():
    magnifico = FakeUI("magnifico", ("new_game", "turn", "battle"))
    screens, manager = book(magnifico)
    screens["magnifico.turn"]
    assert screens.unbuilt(magnifico) == ["magnifico.new_game", "magnifico.battle"]
    assert screens.build_next(magnifico) == "magnifico.new_game"
    assert screens.build_next(magnifico) == "magnifico.battle"
    assert screens.build_next(magnifico) is None
    assert manager.added == ["magnifico.turn", "magnifico.new_game", "magnifico.battle"]
    assert magnifico.built == ["magnifico"]  # prepared once


def test_load_builds_every_screen_of_a_game():
    magnate = FakeUI("magnate", ("new_game", "city", "roll"))
    screens, manager = book(magnate)
    screens.load(magnate)
    assert sorted(manager.added) == ["magnate.city", "magnate.new_game", "magnate.roll"]


def test_a_screen_named_otherwise_is_still_found_in_the_open_games_order():
    """A UI package may name a screen outside its prefix: the others are asked in turn."""
    odd = FakeUI("odd", ("x",))
    odd.screens = lambda: {"plain": FakeScreen}  # type: ignore[method-assign]
    first = FakeUI("first", ("a",))
    screens, manager = book(first, odd)
    assert screens["plain"].name == "plain"
    assert manager.added == ["plain"] and first.built == ["first"]  # asked, prepared, nothing built
    with pytest.raises(KeyError):
        screens["nowhere.at_all"]


def test_building_a_screen_freezes_nothing_preparing_a_game_freezes_its_modules():
    """A screen may be built in the middle of a game (on its first visit): freezing there put
    that game's objects out of the collector's sight for good, and what the game left behind
    was never collected (25 MB more after a second game, bench_memory.py). Only preparing a
    game (its kv rules and modules, which live as long as the app) freezes."""
    import gc

    magnifico = FakeUI("magnifico", ("new_game", "turn"))
    screens, _manager = book(magnifico)
    screens.prepare(magnifico)
    frozen = gc.get_freeze_count()
    young = [[i] for i in range(1000)]  # tracked objects made since the last freeze
    screens["magnifico.turn"]
    screens.build_next(magnifico)
    assert gc.get_freeze_count() <= frozen  # frozen objects of the running app may be freed meanwhile
    leonardo = FakeUI("leonardo", ("board",))
    screens, _manager = book(leonardo)
    screens.prepare(leonardo)
    assert gc.get_freeze_count() >= frozen + len(young) - 100
