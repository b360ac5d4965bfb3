"""Five seats with 16-letter names (the longest the setup form takes, ``seats.NAME_LENGTH``)
on Magnifico's screens at 800x480 and 1280x800, Italian and English: every name and line
shows whole (``harness.text_offenders``), the auction's cards do not rise over its help line
and the end-of-round table keeps its title inside its panel. The quality sweep of the
screens as a full table meets them (docs/architecture.md, "A game's screens": no cut or
spilling text)."""

from __future__ import annotations

import pytest

from companion.app import harness
from companion.app.screens.seats import NAME_LENGTH
from companion.games.magnifico.ui import tour

LONG = ("Massimilian Wolf", "Guglielmo Mazzon", "Bartolomeo Mowat", "Wilhelmina Marzo", "Mariagrazia Momo")
SIZES = ((800, 480), (1280, 800))
SHOTS = {"04-setup-roll", "06-income", "08-auction-bids", "10-auction-choose", "17-scoring", "18-table"}


def _top(w) -> float:
    return w.to_window(w.x, w.top)[1]


def _bottom(w) -> float:
    return w.to_window(w.x, w.y)[1]


def _checks(app, name: str) -> list[str]:
    out = harness.text_offenders()
    if name in ("08-auction-bids", "10-auction-choose"):
        screen = app.screens["magnifico.auction"]
        scroll = screen.ids.cards.children[-1]  # the cards' scroll view, first in the box
        help_line = next(w for w in harness.walk(screen) if getattr(w, "text", None) == screen.help)
        if _top(scroll) > _bottom(help_line) + 1:
            out.append(f"the cards rise over the help line ({_top(scroll):.0f} > {_bottom(help_line):.0f})")
    if name == "17-scoring":
        screen = app.screens["magnifico.scoring"]
        head = next(w for w in harness.walk(screen) if getattr(w, "text", None) == screen.title)
        if _top(head) > _top(head.parent) + 1:
            out.append(f"the title rises out of its panel ({_top(head):.0f} > {_top(head.parent):.0f})")
    if name == "04-setup-roll":  # each die's face on one line: a word broken in two reads "Esplo s."
        for w in harness.walk(app.screens["magnifico.setup"].ids.dice):
            if type(w).__name__ == "DieButton":
                w.row.set_faces(["explosion"] * len(w.row.faces))
                harness.frames(1)
                w.texture_update()
                if w.texture_size[1] > 1.6 * w.font_size:
                    out.append(f"the die face {w.text!r} takes two lines")
                break
    return out


@pytest.mark.parametrize("lang", ["it", "en"])
def test_five_long_names_fit_every_screen_of_a_round(home, lang, monkeypatch):
    assert all(len(n) == NAME_LENGTH for n in LONG)
    monkeypatch.setattr(tour, "NAMES", tuple(zip(LONG, ("red", "blue", "green", "yellow", "purple"))))
    app = home
    app.set_lang(lang)
    problems: list[str] = []
    seen: set[str] = set()
    try:
        for name in tour.visit(app, seed=7):
            if name not in SHOTS:
                continue
            seen.add(name)
            app.root.ids.toast.opacity = 0
            for size in SIZES:
                harness.resize(size)
                app.refresh_current()
                harness.frames(2)
                problems += [f"{name} {size}: {p}" for p in _checks(app, name)]
            harness.resize(SIZES[0])
            if seen == SHOTS:
                break
    finally:
        harness.resize(SIZES[0])
    assert seen == SHOTS
    assert not problems, "\n".join(problems)
