"""Two 16-letter names (the longest the setup form takes, ``seats.NAME_LENGTH``), typed into
Magnate's form: the token bar shown on every screen keeps each name whole at 800x480 and
1280x800, in Italian and English (it cut them to "Massi...n Wolf"; the quality sweep of the
screens as a table meets them)."""

from __future__ import annotations

import pytest

from companion.app import harness
from companion.app.screens.seats import NAME_LENGTH

from . import touches

LONG = (("Massimilian Wolf", "red"), ("Guglielmo Mazzon", "blue"))


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_token_bar_keeps_two_long_names_whole(home, lang, monkeypatch):
    assert all(len(n) == NAME_LENGTH for n, _ in LONG)
    monkeypatch.setattr(touches, "NAMES", LONG)
    home.set_lang(lang)
    touches.start_game(home)
    touches.play(home, until=8)
    home.go_current()
    problems = []
    try:
        for size in ((800, 480), (1280, 800)):
            harness.resize(size)
            home.refresh_current()
            harness.frames(2)
            bar = home.screens[home.manager.current].ids.tokens
            names = [line.name for line in bar.children]
            assert sorted(names) == sorted(n for n, _ in LONG)
            problems += [f"{size}: {p}" for p in harness.text_offenders(bar)]
    finally:
        harness.resize((800, 480))
    assert not problems, "\n".join(problems)
