"""One headless app for the whole test session (Kivy has one window per process)."""

import pytest

from companion.app import kivy_env

kivy_env.configure(headless=True)


@pytest.fixture(scope="session")
def app():
    from companion.app import harness
    from companion.app.main import MagnificoApp
    from companion.app.settings import Settings

    application = harness.start(MagnificoApp(settings=Settings({"hardware": "simulated"}), lang="en"))
    yield application
    harness.stop(application)


@pytest.fixture
def home(app):
    """The app on its start screen, in English, with no dialog open."""
    from companion.app import harness

    from kivy.core.window import Window

    for child in list(Window.children):
        if child is not app.root and hasattr(child, "dismiss"):
            child.dismiss()
    app.set_lang("en")
    app.go("home")
    harness.frames(2)
    return app
