"""Bring the app to each of its screens in turn (for the screenshots): yields a name per screen."""

from __future__ import annotations

from companion.app import harness


def visit(app, seed: int = 7):
    app.go("home")
    harness.frames(2)
    yield "01-home"
    app.go("new_game")
    harness.frames(2)
    yield "02-new-game"
    app.go("settings")
    harness.frames(2)
    yield "90-settings"
    app.go("history")
    harness.frames(2)
    yield "91-history"
    app.go("home")
