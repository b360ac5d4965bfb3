"""``python -m companion screenshots --seats N --long-names``: each game's demo table seats N
players (the nearest count the game takes) with 16-letter names, the longest the new-game form
takes, so a sweep of crowded screens is reproduced without a script of its own."""

from __future__ import annotations

import pytest

from companion.app import cli
from companion.app import tour as shell_tour
from companion.app.screens.seats import NAME_LENGTH
from companion.cli import main

# (game, --seats, the players it seats): Leonardo takes 3-6, Magnate 2, Magnifico 3-5
CASES = [("leonardo", 6, 6), ("leonardo", 1, 3), ("magnate", 6, 2), ("magnifico", 6, 5), ("magnifico", 4, 4)]
IN_PLAY = {"leonardo": "leonardo-setup", "magnate": "magnate-setup", "magnifico": "03-setup-cards"}  # started


def seated_names(app, walk, game: str) -> list[str]:
    """The players' names once the tour's game is under way (the tour is left there)."""
    for name in walk:
        if name == IN_PLAY[game]:
            break
    walk.close()
    return [seat["name"] for seat in app.session.view()["seats"]]


@pytest.mark.parametrize(("game", "asked", "seated"), CASES)
def test_the_tour_seats_the_players_asked_for_with_long_names(home, game, asked, seated):
    app = home
    assert all(len(name) == NAME_LENGTH for name in shell_tour.LONG_NAMES)
    walk = shell_tour.visit(app, games=[game], seats=asked, long_names=True)
    assert seated_names(app, walk, game) == list(shell_tour.LONG_NAMES[:seated])


def test_without_the_options_each_game_keeps_its_own_table(home):
    app = home
    walk = shell_tour.visit(app, games=["magnifico"])
    assert seated_names(app, walk, "magnifico") == ["Anna", "Bruno", "Carla"]


def test_the_command_line_passes_the_options_on(tmp_path, monkeypatch):
    calls: list[dict[str, object]] = []
    monkeypatch.setattr(cli, "screenshots", lambda *args, **kw: calls.append({"args": args, **kw}) or 0)
    assert main(["screenshots", "--out", str(tmp_path), "--seats", "5", "--long-names"]) == 0
    assert main(["screenshots", "--out", str(tmp_path)]) == 0
    assert [(c["seats"], c["long_names"]) for c in calls] == [(5, True), (None, False)]
