"""Six seats (Leonardo's most) with 16-letter names, the longest the setup form takes
(``seats.NAME_LENGTH``): the setup rows, the faction dialog over them and the market's
bettors keep every name whole at 800x480 and 1280x800, in Italian and English (they read
"Mass... Wolf" and "Gugli...azzon"; the quality sweep of the screens as a full table meets them)."""

from __future__ import annotations

import pytest

from companion.app import harness
from companion.app.screens.seats import NAME_LENGTH
from companion.games.leonardo.ui import tour

LONG = ("Massimilian Wolf", "Guglielmo Mazzon", "Bartolomeo Mowat", "Wilhelmina Marzo", "Mariagrazia Momo",
        "Maddalena Woolfe")
SHOTS = {"leonardo-setup", "leonardo-faction", "leonardo-market"}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_six_long_names_fit_setup_and_market(home, lang, monkeypatch):
    assert all(len(n) == NAME_LENGTH for n in LONG)
    original = tour.demo_header

    def six_long(players, seed, **kw):
        header = original(6, seed, **kw)
        for seat, name in zip(header["seats"], LONG):
            seat["name"] = name
        return header

    monkeypatch.setattr(tour, "demo_header", six_long)
    app = home
    app.set_lang(lang)
    problems: list[str] = []
    seen: set[str] = set()
    try:
        for name in tour.visit(app):
            if name not in SHOTS:
                continue
            seen.add(name)
            app.root.ids.toast.opacity = 0
            assert len(app.session.view()["seats"]) == 6
            for size in ((800, 480), (1280, 800)):
                harness.resize(size)
                app.refresh_current()
                harness.frames(2)
                problems += [f"{name} {size}: {p}" for p in harness.text_offenders()]
            harness.resize((800, 480))
            if seen == SHOTS:
                break
    finally:
        harness.resize((800, 480))
    assert seen == SHOTS
    assert not problems, "\n".join(problems)
