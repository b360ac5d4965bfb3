"""Every game's setup form names its seats and gives each army a colour of its own
(app/screens/seats.py), through the real widgets: a tap on a seat's colour moves it to the
next colour no other seat has; a long name is cut to what a seat's row shows."""

from __future__ import annotations

import pytest
from kivy.uix.textinput import TextInput

from companion.app import harness
from companion.app.screens.seats import NAME_LENGTH


def open_form(app, game):
    app.go(f"{game}.new_game")
    screen = app.screens[f"{game}.new_game"]
    screen.reset()
    screen.refresh()
    harness.frames(2)
    return screen


@pytest.mark.parametrize("game", ["magnifico", "magnate", "leonardo"])
def test_a_seats_colour_moves_to_the_next_free_one_and_its_name_is_cut(home, game):
    app = home
    screen = open_form(app, game)
    seen = []
    for _ in range(3):
        before = [s["color"] for s in screen.seats]
        harness.tap(harness.find_text(app.t("colour." + before[0]), root=screen, exact=True))
        after = [s["color"] for s in screen.seats]
        assert after[0] != before[0] and after[0] not in before[1:]  # never two armies of one colour
        assert after[1:] == before[1:]
        seen.append(after[0])
    assert len(set(seen)) == 3  # each tap a new colour
    name_box = next(w for w in harness.walk(screen) if isinstance(w, TextInput))
    name_box.text = "  Bartolomeo Colleoni da Bergamo  "
    harness.frames(1)
    assert screen.seats[0]["name"] == "Bartolomeo Colleoni da Bergamo"[:NAME_LENGTH]
    app.go("home")
