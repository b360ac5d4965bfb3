"""Where the journal lives.

The database is, in this order of precedence:

1. the path or URL the caller gives (``--db PATH`` on the command line);
2. the environment variable ``MAGNIFICO_DB`` (a path, or an SQLAlchemy URL such as
   ``sqlite:////media/usb/magnifico.sqlite3``);
3. ``"database"`` in the settings file ``settings.json`` of the user's config folder
   (``platformdirs.user_config_dir("magnifico-companion")``);
4. ``journal.sqlite3`` in the user's data folder
   (``platformdirs.user_data_dir("magnifico-companion")``).

The key that seals bids before their reveal is ``MAGNIFICO_KEY_FILE``, else
``"key_file"`` in the settings file, else ``journal.key`` in the user's data folder.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import platformdirs

APP_NAME = "magnifico-companion"
DB_ENV = "MAGNIFICO_DB"
KEY_ENV = "MAGNIFICO_KEY_FILE"


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME))


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME))


def settings_file() -> Path:
    return config_dir() / "settings.json"


def load_settings() -> dict:
    """The settings file as a dict; an absent or unreadable file counts as empty."""
    try:
        data = json.loads(settings_file().read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def database_location(db: str | os.PathLike | None = None) -> str:
    """The database the journal opens, as a path or an SQLAlchemy URL (see module doc)."""
    if db:
        return str(db)
    if os.environ.get(DB_ENV):
        return os.environ[DB_ENV]
    configured = load_settings().get("database")
    if isinstance(configured, str) and configured:
        return configured
    return str(data_dir() / "journal.sqlite3")


def key_file_location() -> Path:
    """The secret key file that seals bids before their reveal (see module doc)."""
    if os.environ.get(KEY_ENV):
        return Path(os.environ[KEY_ENV])
    configured = load_settings().get("key_file")
    if isinstance(configured, str) and configured:
        return Path(configured)
    return data_dir() / "journal.key"
