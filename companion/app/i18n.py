"""UI strings in Italian and English from ``data/translations/{it,en}.json``.

Keys are flat dotted names (``"home.new_game"``); values may hold ``{name}`` fields and
plurals as in the engine's catalogues (companion.core.i18n): ``{n|soldier|soldiers}`` gives
the first word when ``n`` is 1 and the second otherwise.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from companion.app.paths import TRANSLATIONS_DIR

LANGUAGES = ("it", "en")


_PLURAL = re.compile(r"\{(\w+)\|([^|{}]*)\|([^|{}]*)\}")


def _plural(match, fields) -> str:
    name, one, many = match.groups()
    if name not in fields:
        return match.group(0)
    return (one if fields[name] == 1 else many).replace("{", "{{").replace("}", "}}")


class Translations:
    """All UI strings of every language; a missing key shows as the key itself."""

    def __init__(self, folder: Path = TRANSLATIONS_DIR):
        self.strings: dict[str, dict[str, str]] = {}
        for lang in LANGUAGES:
            with open(folder / f"{lang}.json", encoding="utf-8") as f:
                self.strings[lang] = json.load(f)

    def add(self, prefix: str, strings: dict) -> list[str]:
        """A game's own UI strings (``{lang: {key: text}}``); only keys under ``prefix + "."``
        are taken, so two games never overwrite each other. Returns the keys refused."""
        refused = []
        for lang, table in strings.items():
            for key, text in table.items():
                if key.startswith(prefix + ".") and isinstance(text, str):
                    self.strings.setdefault(lang, {})[key] = text
                else:
                    refused.append(key)
        return refused

    def t(self, lang: str, key: str, **fields) -> str:
        text = self.strings.get(lang, {}).get(key)
        if text is None:
            text = self.strings["en"].get(key, key)
        if fields:
            if "|" in text:
                text = _PLURAL.sub(lambda m: _plural(m, fields), text)
            try:
                return text.format(**fields)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def name(self, lang: str, names) -> str:
        """A ``{"it": ..., "en": ...}`` name from the game data, in ``lang``."""
        if isinstance(names, dict):
            return names.get(lang) or names.get("en") or next(iter(names.values()), "")
        return str(names)
