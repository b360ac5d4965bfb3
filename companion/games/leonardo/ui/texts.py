"""Leonardo's UI strings (``data/leonardo/ui.<lang>.json``, keys under ``leonardo.``) and
the engine's own words (products, factions, kinds of space, log lines) in either language."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from companion.core.i18n import Domain
from companion.core.resources import data_path

LANGS = ("en", "it")
ENGINE = Domain("leonardo")  # the engine's catalogue: product.gem, faction.guelph, kind.street ...


@lru_cache(maxsize=1)
def strings() -> dict[str, dict[str, str]]:
    """``{lang: {"leonardo.key": text}}`` for the shell's ``Translations.add``."""
    out: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        out[lang] = json.loads(data_path("leonardo", f"ui.{lang}.json").read_text(encoding="utf-8"))
    return out


def word(key: str, lang: str, **params: Any) -> str:
    """A word of the engine's catalogue (``"product.gem"``) in ``lang``."""
    return ENGINE.format(key, lang, **params)


def name_in(names: Any, lang: str) -> str:
    """A name given as text or ``{"it", "en"}``, in ``lang``."""
    if isinstance(names, dict):
        return str(names.get(lang) or names.get("en") or names.get("it") or "")
    return "" if names is None else str(names)
