"""The table's own box: ``box-profile.json`` in the user's data folder.

The map and the cards' printed values are not published (rules-decisions: "What the
rulebooks do not give"). A table corrects them once for its box; every printed value it
enters during a game (``SetCardValue``) is remembered here too, so the next game does not
ask again. The file is written atomically and checked before it replaces the old one, so
a bad value or a pulled plug never leaves a profile the app cannot read.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from companion.errors import GameError
from companion.games.magnifico import data
from companion.storage import settings

FILE_NAME = "box-profile.json"
PROFILE_ENV = "MAGNIFICO_BOX_PROFILE"


def location(path: str | os.PathLike | None = None) -> Path:
    """The profile file: the given path, ``MAGNIFICO_BOX_PROFILE``, ``"box_profile"`` in the
    settings file, else ``box-profile.json`` in the user's data folder."""
    if path:
        return Path(path)
    if os.environ.get(PROFILE_ENV):
        return Path(os.environ[PROFILE_ENV])
    configured = settings.load_settings().get("box_profile")
    if isinstance(configured, str) and configured:
        return Path(configured)
    return settings.data_dir() / FILE_NAME


def load_box(path: str | os.PathLike | None = None) -> dict:
    """``{"map", "cards"}`` of this table's box: the shipped data with the profile merged
    over it when the file exists; a damaged profile is a GameError naming the file."""
    where = location(path)
    return data.load_box(where if where.exists() else None)


def remember(card: str, field: str, value, path: str | os.PathLike | None = None) -> Path:
    """Record one printed value in the profile (creating it), after checking that the
    profile with it still loads. Returns the file written."""
    where = location(path)
    profile = _read(where)
    cards = profile.setdefault("cards", {})
    if not isinstance(cards, dict):
        raise GameError(f"box profile {where}: \"cards\" must be an object of card ids")
    entry = cards.setdefault(card, {})
    if not isinstance(entry, dict):
        raise GameError(f"box profile {where}: the entry of {card} must be an object")
    entry[field] = value
    data.load_box(profile)  # refuses a value the card cannot print, before anything is written
    _write(where, profile)
    return where


def _read(where: Path) -> dict:
    if not where.exists():
        return {}
    try:
        doc = json.loads(where.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as err:
        raise GameError(f"box profile {where} cannot be read ({err}); fix or move it aside") from None
    if not isinstance(doc, dict):
        raise GameError(f"box profile {where} must hold a JSON object")
    return doc


def _write(where: Path, profile: dict) -> None:
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".box-profile-", dir=where.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(profile, out, ensure_ascii=False, indent=2, sort_keys=True)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, where)
    except OSError as err:
        raise GameError(f"box profile {where} cannot be written ({err.strerror or err})") from None
