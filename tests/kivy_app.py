"""One headless app for the whole test session (Kivy has one window per process): the
fixtures the shell's tests (``tests/app``) and each game's UI tests share. Loaded by the
root conftest as a plugin, so the app is made once even when both folders run."""

import os
import tempfile
import time

import pytest

from companion.app import kivy_env
from companion.core import registry

kivy_env.configure(headless=True)  # before any Kivy import; does nothing the second time
# The journal and its seal key go to a temporary folder, never to the user's data folder
# (given in the settings, not the environment, so the other packages' tests are untouched).
_tmp = tempfile.mkdtemp(prefix="companion-app-tests-")
PROFILES = {name: os.path.join(_tmp, f"{name}-box.json") for name in registry.names()}  # each game's own
FILES = {"database": os.path.join(_tmp, "journal.sqlite3"), "key_file": os.path.join(_tmp, "journal.key"),
         "box_profiles": PROFILES}


@pytest.fixture(autouse=True)
def fresh_box_profile():
    """Every test starts with the shipped box: no printed value remembered by an earlier test."""
    for path in PROFILES.values():
        if os.path.exists(path):
            os.remove(path)


def make_settings(**values):
    """Settings for a test: simulated hardware and the temporary journal, plus ``values``
    (``box_profiles`` names files over the temporary ones, game by game)."""
    from companion.app.settings import Settings

    profiles = {**PROFILES, **values.pop("box_profiles", {})}
    return Settings({"hardware": "simulated", **FILES, "box_profiles": profiles, **values})


@pytest.fixture(scope="session")
def app():
    from companion.app import harness
    from companion.app.main import CompanionApp

    application = harness.start(CompanionApp(settings=make_settings(), lang="en"))
    yield application
    harness.stop(application)


@pytest.fixture
def home(app):
    """The app on its start screen, in English, with no dialog open."""
    from kivy.core.window import Window

    from companion.app import harness

    for child in list(Window.children):
        if child is not app.root and hasattr(child, "dismiss"):
            child.dismiss()
    for _ in range(100):  # a dialog's closing animation still holds the touches
        if list(Window.children) == [app.root]:
            break
        time.sleep(0.01)
        harness.frames(1)
    app.set_lang("en")
    app.go("home")
    harness.frames(2)
    return app


@pytest.fixture
def renders(app, monkeypatch):
    """The texts whose pixels Kivy renders from now on."""
    from kivy.core.text import LabelBase

    done: list[str] = []
    original = LabelBase.render

    def render(self, real=False):
        if real:
            done.append(str(self.text))
        return original(self, real)

    monkeypatch.setattr(LabelBase, "render", render)
    yield done
