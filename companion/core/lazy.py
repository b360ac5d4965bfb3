"""``@lazy``: a module imported on its first attribute access.

A game's ``game.py`` is what the entry point loads, so ``python -m companion games``
imports every installed one; with its rules modules behind ``lazy`` it costs little, and
the engine is imported when a method first needs it (``E.apply(...)``)::

    @lazy
    def E() -> ModuleType:
        from . import engine  # a plain import statement: no module is named by a string

        return engine
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any


class LazyModule:
    """Stands for the module ``load()`` returns until an attribute is asked for, then forwards to it."""

    __slots__ = ("_load", "_module")

    def __init__(self, load: Callable[[], ModuleType]) -> None:
        self._load = load
        self._module: ModuleType | None = None

    def __getattr__(self, attr: str) -> Any:
        module = self._module
        if module is None:
            module = self._module = self._load()
        return getattr(module, attr)

    def __repr__(self) -> str:
        return f"<lazy module {getattr(self._module, '__name__', self._load.__name__)}>"


def lazy(load: Callable[[], ModuleType]) -> Any:
    """The module ``load`` imports and returns, imported on first use (a decorator)."""
    return LazyModule(load)
