"""``lazy(name)``: a module imported on its first attribute access.

A game's ``game.py`` is what the entry point loads, so ``python -m companion games``
imports every installed one; with its rules modules behind ``lazy`` it costs little, and
the engine is imported when a method first needs it (``E.apply(...)``).
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import Any


class LazyModule:
    """Stands for the module ``name`` until an attribute is asked for, then forwards to it."""

    __slots__ = ("_name", "_module")

    def __init__(self, name: str) -> None:
        self._name = name
        self._module: ModuleType | None = None

    def __getattr__(self, attr: str) -> Any:
        module = self._module
        if module is None:
            module = self._module = importlib.import_module(self._name)
        return getattr(module, attr)

    def __repr__(self) -> str:
        return f"<lazy module {self._name!r}{' (imported)' if self._module else ''}>"


def lazy(name: str, package: str | None = None) -> Any:
    """The module ``name`` (relative to ``package`` if it starts with a dot), imported on first use."""
    return LazyModule(importlib.util.resolve_name(name, package) if name.startswith(".") else name)
