"""The app's own settings (language, hardware, files), kept as JSON in the user's config folder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Protocol


class Readable(Protocol):
    """What the session, the devices and the journal's opening read of the settings."""

    def get(self, key: str) -> Any: ...

DEFAULTS = {
    "lang": "it",
    "hardware": "auto",  # "auto": GPIO on a Raspberry Pi, simulated elsewhere; "gpio"; "simulated"
    "database": None,  # None: the journal's default file in the user's data folder
    "key_file": None,  # None: the journal's default seal key in the user's data folder
    "box_profile": None,  # Magnifico's profile file, as the first version named it (box_profile.configured)
    "box_profiles": None,  # {game: file}; None: each game's box-profiles/<game>.json in the user's data folder
    "fullscreen": "auto",
    "hardware_file": None,  # None: the shipped data/hardware/hardware.json; else a table's own file over it
    "dice_port": None,  # None: the hardware file's port, else found by HELLO (the simulator's announcement too)
    "phones": False,  # phones as private handsets (docs/phones.md): off unless switched on
    "phones_port": 8765,
}


def default_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_config_dir("magnifico-companion")) / "settings.json"


class Settings:
    """Settings with defaults; ``path=None`` keeps them in memory only (tests, screenshots)."""

    def __init__(self, values: dict | None = None, path: Path | None = None):
        self.values = dict(DEFAULTS)
        self.values.update(values or {})
        self.path = path
        self.problem: str | None = None

    @classmethod
    def load(cls, path: Path | None = None) -> "Settings":
        path = path or default_path()
        values, problem = {}, None
        try:
            with open(path, encoding="utf-8") as f:
                values = json.load(f)
            if not isinstance(values, dict):
                values, problem = {}, f"{path}: not a settings file"
        except FileNotFoundError:
            pass
        except (OSError, ValueError) as err:
            problem = f"{path}: {err}"
        settings = cls({k: v for k, v in values.items() if k in DEFAULTS}, path)
        settings.problem = problem
        return settings

    def get(self, key: str) -> Any:
        return self.values.get(key, DEFAULTS.get(key))

    def set(self, key: str, value: Any) -> None:
        self.values[key] = value
        if self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(json.dumps(self.values, indent=2), encoding="utf-8")
            tmp.replace(self.path)
        except OSError as err:
            self.problem = f"{self.path}: {err}"
