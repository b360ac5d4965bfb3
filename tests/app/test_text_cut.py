"""Cut text (docs/architecture.md, "A game's screens": no cut text at 800x480 and 1280x800).
The measure (``harness.text_offenders``) sees a label shortened with an ellipsis, and one
whose box fixes its height and so drops the lines that overflow (its texture is never taller
than the box); the top bar's banner (``FitLabel``) shrinks its text until every line shows:
five 16-letter names in a roll-off."""

from __future__ import annotations

import pytest

from companion.app import harness

FIVE = ("Massimilian Wolf, Guglielmo Mazzon, Bartolomeo Mowat, Wilhelmina Marzo, Mariagrazia Momo: "
        "lanciate 6 dadi per l'ordine di gioco")


def _reported(screen, cut, fits) -> list[str]:
    """The offenders the measure finds on ``screen`` with a cut label and a fitting one added."""
    for w in (cut, fits):
        screen.add_widget(w)
    try:
        harness.frames(2)
        return harness.text_offenders(screen)
    finally:
        screen.remove_widget(cut)
        screen.remove_widget(fits)


def test_the_measure_sees_a_shortened_label(home):
    """A long text in a short, shortened box is reported; a fitting one is not."""
    from kivy.uix.label import Label

    cut = Label(text="Constantinople and Copenhagen " * 3, shorten=True, size_hint=(None, None), size=(80, 30))
    cut.text_size = cut.size
    fits = Label(text="Oslo", size_hint=(None, None), size=(200, 40))
    found = _reported(home.root.ids.manager.current_screen, cut, fits)
    assert any("Constantinople" in o for o in found)
    assert not any("'Oslo'" in o for o in found)


def test_the_measure_sees_lines_dropped_below_a_fixed_height(home):
    from kivy.uix.label import Label

    cut = Label(text=FIVE, size_hint=(None, None), size=(300, 40), pos=(10, 10))
    cut.text_size = cut.size
    fits = Label(text="Oslo", size_hint=(None, None), size=(300, 40), pos=(10, 100))
    fits.text_size = fits.size
    found = _reported(home.root.ids.manager.current_screen, cut, fits)
    assert any("Massimilian" in o for o in found)
    assert not any("'Oslo'" in o for o in found)


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
def test_a_long_banner_shrinks_until_every_line_shows(home, size):
    """The banner of a roll-off that names every seat (Magnifico's start order, five seats)."""
    harness.resize(size)
    try:
        home.banner = FIVE
        home.show_bar = True
        harness.frames(2)
        banner = home.root.ids.banner
        assert banner.font_size < banner.max_font  # it had to shrink
        assert harness.text_offenders(banner) == []
    finally:
        home.banner = ""
        home.show_bar = False
        harness.resize((800, 480))


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
def test_a_long_winner_keeps_both_lines_whole(home, size):
    """The game-over title with a 16-letter name wraps onto two lines: both whole in its box."""
    harness.resize(size)
    screen = home.screens["game_over"]
    try:
        home.go("game_over")
        screen.winner = "Bartolomeo Mowat is the Magnifico!"
        harness.frames(2)
        assert harness.text_offenders(screen.ids.winner) == []
    finally:
        screen.winner = ""
        home.go("home")
        harness.resize((800, 480))
