"""The table's own box, one JSON file per game in the user's data folder.

Values printed only on the components (Magnifico's map and cards, Leonardo's board and
cards) are not published anywhere: a table enters them once and the app remembers them
here. The game says what a profile holds (its ``box`` schema, ``companion.core.game``); this
module only finds, reads and writes the file. A write is atomic and the profile is checked
by the game before it replaces the old one, so a bad value or a pulled plug never leaves a
profile the app cannot read.

``load_box`` keeps what it last loaded for each file (checked by the game, in this process
only): the setup form, each play screen's first fill made ahead and the Start ask it in
turn, and the file is read and checked again only when it changed (its inode, size, times),
or was written through this module (``save``, ``remember``).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from companion.core.game import Game
from companion.core.i18n import Domain
from companion.errors import IllegalCommand
from companion.storage import settings

T = Domain("storage")
FOLDER = "box-profiles"
LEGACY_FILE = "box-profile.json"  # Magnifico's profile before there were several games
PROFILE_ENV = "MAGNIFICO_BOX_PROFILE"  # Magnifico's profile, as the first version named it
LEGACY_GAME = "magnifico"  # the one game of the first version, whose file the old names meant
ABSENT = ("absent",)  # the stamp of a file not there (the shipped box alone)
# (game, file) -> (the file's stamp when read, what ``load_box`` made of it as JSON text)
_loaded: dict[tuple[str, str], tuple[tuple[Any, ...], str]] = {}


def configured(game: str, per_game: Any, legacy: Any = None) -> str | None:
    """The profile file the settings and the environment name for ``game``: its entry in
    ``per_game`` (the settings' ``box_profiles``); for Magnifico only, else the first
    version's names, ``MAGNIFICO_BOX_PROFILE`` then ``legacy`` (its single ``box_profile``).
    None when they name none: ``location`` looks further."""
    if isinstance(per_game, dict) and isinstance(per_game.get(game), str) and per_game[game]:
        return str(per_game[game])
    if game != LEGACY_GAME:
        return None
    if os.environ.get(PROFILE_ENV):
        return os.environ[PROFILE_ENV]
    return legacy if isinstance(legacy, str) and legacy else None


def location(game: str, path: str | os.PathLike[str] | None = None) -> Path:
    """The profile file of ``game``: the given path; what the settings file names for it
    (``configured``); for Magnifico an existing ``box-profile.json``; else
    ``box-profiles/<game>.json`` in the user's data folder."""
    if path:
        return Path(path)
    saved = settings.load_settings()
    named = configured(game, saved.get("box_profiles"), saved.get("box_profile"))
    if named:
        return Path(named)
    if game == LEGACY_GAME and (settings.data_dir() / LEGACY_FILE).exists():
        return settings.data_dir() / LEGACY_FILE
    return settings.data_dir() / FOLDER / f"{game}.json"


def read(game: str, path: str | os.PathLike[str] | None = None) -> dict[str, Any] | None:
    """The profile as saved (None when the table has entered nothing yet)."""
    where = location(game, path)
    if not where.exists():
        return None
    return _read(where)


def load_box(game: Game, path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """What the game's header carries of this table's box: the shipped data with the profile
    merged over it; a damaged profile is an IllegalCommand naming the file."""
    if game.box is None:
        return {}
    where = location(game.name, path)
    key, stamp = (game.name, str(where)), _stamp(where)
    kept = _loaded.get(key)
    if kept is not None and stamp is not None and kept[0] == stamp:
        # the caller's own: a header takes it, a screen may change it. Kept as its JSON text
        # (a box is JSON, as the header it goes into): reading it is 8 times a deep copy's speed
        made: dict[str, Any] = json.loads(kept[1])
        return made
    try:
        box = game.box.load(_read(where) if where.exists() else None)
    except IllegalCommand as err:
        raise IllegalCommand(T.msg("profile_bad", path=str(where), reason=err.message)) from None
    if stamp is not None and stamp == _stamp(where):  # unchanged while it was read: kept
        _loaded[key] = (stamp, json.dumps(box))
    return box


def _stamp(where: Path) -> tuple[Any, ...] | None:
    """What tells one version of the file from another (a write replaces the file: a new
    inode); None when it cannot be told (nothing is kept then)."""
    try:
        st = where.stat()
    except FileNotFoundError:
        return ABSENT
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def remember(game: Game, command: Any, path: str | os.PathLike[str] | None = None) -> Path | None:
    """Keep in the profile the value an accepted command entered (a printed value), after the
    game has checked the profile with it. Returns the file written (None: nothing to keep)."""
    if game.box is None or game.command_to_dict(command).get("type") not in game.box.remembers:
        return None
    where = location(game.name, path)
    profile = _read(where) if where.exists() else {}
    _write(where, game.box.remember(profile, command))
    return where


def save(game: Game, profile: dict[str, Any], path: str | os.PathLike[str] | None = None) -> Path:
    """Replace the whole profile (a setup screen's work), after the game has checked it."""
    if game.box is not None:
        game.box.load(profile)
    where = location(game.name, path)
    _write(where, profile)
    return where


def _read(where: Path) -> dict[str, Any]:
    try:
        doc = json.loads(where.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as err:
        raise IllegalCommand(T.msg("profile_unreadable", path=str(where), detail=str(err))) from None
    if not isinstance(doc, dict):
        raise IllegalCommand(T.msg("profile_not_object", path=str(where)))
    return doc


def _write(where: Path, profile: dict[str, Any]) -> None:
    for key in [key for key in _loaded if key[1] == str(where)]:  # read again by the next load_box
        del _loaded[key]
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".box-profile-", dir=where.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(profile, out, ensure_ascii=False, indent=2, sort_keys=True)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, where)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as err:
        raise IllegalCommand(T.msg("profile_unwritable", path=str(where), detail=str(err.strerror or err))) from None
