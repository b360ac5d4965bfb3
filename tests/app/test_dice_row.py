"""The shell's dice row types any die of the family (companion.core.dice): Magnifico's faces
by name, a d6, d10 or d12 by number; a tap turns a die to its next face."""

import random

import pytest
from kivy.factory import Factory

from companion.app import harness
from companion.core import dice


@pytest.mark.parametrize("kind", ["d6", "d10", "d12"])
def test_a_tap_turns_a_die_through_its_faces(home, kind):
    app = home  # on the start screen: a game screen left open by another test would take the taps
    row = Factory.DiceRow(kind=kind, count=2)
    screen = app.screens["home"]
    screen.add_widget(row)
    try:
        harness.frames(2)
        faces = dice.kind(kind).faces
        start = row.faces[0]
        seen = [start]
        for _ in range(len(faces)):
            harness.tap(row.children[-1])  # the first die (children are in reverse order)
            seen.append(row.faces[0])
        assert sorted(seen[:-1], key=faces.index) == list(faces) and seen[-1] == start
        assert row.faces[1] == start  # the other die did not move
        button = row.children[-1]
        assert button.text == (app.t("dice." + start) if kind == "mag" else str(start))
    finally:
        screen.remove_widget(row)


def test_the_apps_own_roll_is_the_dies(app):
    row = Factory.DiceRow(kind="d10", count=5)
    row.roll(random.Random(3))
    assert row.faces == dice.D10.roll(random.Random(3), 5)
    row.kind = "mag"
    row.roll(random.Random(3))
    assert row.faces == dice.MAG.roll(random.Random(3), 5) and len(row.children) == 5


def test_a_magnifico_die_shows_hit_blank_explosion_in_turn(app):
    """Issue 15: taps on a fresh die show Hit, Blank, Explosion, Hit... (it starts on blank,
    which counts nothing until someone enters the die)."""
    row = Factory.DiceRow(kind="mag", count=2)
    screen = app.screens["home"]
    screen.add_widget(row)
    try:
        harness.frames(2)
        assert row.faces == [dice.BLANK, dice.BLANK]
        seen = []
        for _ in range(4):
            harness.tap(row.children[-1])
            seen.append(row.faces[0])
        assert seen == [dice.HIT, dice.BLANK, dice.EXPLOSION, dice.HIT]
        assert row.faces[1] == dice.BLANK
        assert row.children[-1].text == app.t("dice.hit") and row.children[-2].text == app.t("dice.blank")
    finally:
        screen.remove_widget(row)
