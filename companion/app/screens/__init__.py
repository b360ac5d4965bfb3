"""One module per screen; each defines the Screen subclass its ``kv/<name>.kv`` file styles."""

from __future__ import annotations

import importlib


def load(names) -> dict:
    """The Screen class of each named screen (``home`` -> ``HomeScreen``)."""
    classes = {}
    for name in names:
        module = importlib.import_module(f"companion.app.screens.{name}")
        classes[name] = getattr(module, "".join(p.capitalize() for p in name.split("_")) + "Screen")
    return classes
