"""Files the package ships: the data (maps, cards, catalogues) and the Kivy layouts.

In a checkout they are the top-level ``data/`` and ``kv/`` folders; the packaging maps them
to the packages ``companion.data`` and ``companion.kv``, so a wheel installed on a Pi (no
checkout) finds them the same way, through ``importlib.resources``.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def data_path(*parts: str) -> Path:
    """A file or folder of the shipped data: ``data_path("magnifico", "map.json")``."""
    return Path(str(files("companion.data").joinpath(*parts)))


def kv_path(*parts: str) -> Path:
    """A file or folder of the shipped Kivy layouts."""
    return Path(str(files("companion.kv").joinpath(*parts)))
