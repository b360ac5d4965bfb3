"""Message catalogues: texts the table reads, in Italian or English.

A catalogue is one JSON file per domain and language, ``data/translations/DOMAIN.LANG.json``,
mapping a message key to a template. Templates use ``str.format`` fields (``{name}``)
and one extension for plurals: ``{count|carta|carte}`` gives the first word when
``count`` is 1 and the second otherwise.

A parameter is either plain (a name, a number) or per-language: a dict ``{"en": ..., "it":
...}`` (a territory's or a card's name; an ``"id"`` beside them is for screens, never
shown) is shown in the table's language, and a nested
message ``{"key": ..., "params": {...}}`` is formatted in that language too. A list of
parameters is joined with ", ", and ``{"items": [...], "sep": "; "}`` with ``sep``. So a message stays plain JSON and can be shown later in
either language.

``Message`` is a ``str`` (its English text) that also carries the key and parameters, so
code that compares or prints reasons keeps working while a screen can ask for
``message.localized("it")``. Stdlib only.
"""

from __future__ import annotations

import json
import os
import re
import string
from pathlib import Path

LANGUAGES = ("en", "it")
DEFAULT_LANG = "en"
DEFAULT_DOMAIN = "engine"


def translations_dir() -> Path:
    """``data/translations`` of the checkout, or ``$COMPANION_TRANSLATIONS``."""
    override = os.environ.get("COMPANION_TRANSLATIONS")
    return Path(override) if override else Path(__file__).resolve().parents[2] / "data" / "translations"


class Catalog:
    """The templates of one domain in every language found: ``get(lang, key)``."""

    def __init__(self, templates: dict[str, dict[str, str]]):
        self.templates = templates

    @classmethod
    def load(cls, domain: str = DEFAULT_DOMAIN, folder=None, languages=LANGUAGES) -> Catalog:
        """Read ``DOMAIN.LANG.json`` for each language; a missing or broken file is an
        empty catalogue for that language (messages then fall back to English)."""
        folder = Path(folder) if folder else translations_dir()
        templates = {}
        for lang in languages:
            try:
                doc = json.loads((folder / f"{domain}.{lang}.json").read_text(encoding="utf-8"))
            except (OSError, ValueError):
                doc = {}
            templates[lang] = {k: v for k, v in doc.items() if isinstance(v, str) and not k.startswith("_")}
        return cls(templates)

    def get(self, lang: str, key: str) -> str | None:
        return self.templates.get(lang, {}).get(key)

    def keys(self, lang: str = DEFAULT_LANG) -> set[str]:
        return set(self.templates.get(lang, {}))

    def format(self, key: str, params: dict | None = None, lang: str = DEFAULT_LANG) -> str | None:
        """The message in ``lang`` (English if ``lang`` lacks the key), or None if unknown."""
        template = self.get(lang, key)
        if template is None and lang != DEFAULT_LANG:
            template, lang = self.get(DEFAULT_LANG, key), DEFAULT_LANG
        if template is None:
            return None
        text = _render(template, params or {}, lang, self)
        polish = _POLISH.get(lang)
        return polish(text) if polish else text


# Italian euphony: "a Anna" -> "ad Anna", "e Elena" -> "ed Elena" (names come in as parameters).
_EUPHONY_IT = re.compile(r"\b([aAeE]) (?=([aAeE]))")


def _euphony_it(text: str) -> str:
    return _EUPHONY_IT.sub(lambda m: m.group(1) + "d " if m.group(1).lower() == m.group(2).lower() else m.group(0), text)


_POLISH = {"it": _euphony_it}

_catalogs: dict[str, Catalog] = {}


def catalog(domain: str = DEFAULT_DOMAIN) -> Catalog:
    """The shipped catalogue of ``domain``, read once."""
    if domain not in _catalogs:
        _catalogs[domain] = Catalog.load(domain)
    return _catalogs[domain]


def catalog_for(key: str) -> Catalog:
    """The shipped catalogue that holds ``key``: a game's own domain when the key starts
    with the game's name and that domain has it (``"leonardo.no_cash"`` in
    ``leonardo.LANG.json``), else the ``engine`` one."""
    prefix, dot, _ = key.partition(".")
    if dot and prefix != DEFAULT_DOMAIN:
        own = catalog(prefix)
        if own.get(DEFAULT_LANG, key) is not None:
            return own
    return catalog()


def localize_param(value, lang: str, cat: Catalog | None = None):
    """One parameter shown in ``lang`` (see the module doc)."""
    if isinstance(value, dict):
        if "key" in value:
            return format_message(value, lang, cat)
        if "items" in value:
            return value.get("sep", ", ").join(str(localize_param(v, lang, cat)) for v in value["items"])
        return value.get(lang) or value.get(DEFAULT_LANG) or value.get("id", "")
    if isinstance(value, Message):
        return value.localized(lang, cat)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(localize_param(v, lang, cat)) for v in value)
    return value


_compiled: dict[str, list] = {}


def _compile(template: str) -> list:
    """The template as (literal, field, plural forms, conversion, spec) parts, cached."""
    parts = _compiled.get(template)
    if parts is None:
        parts = []
        for literal, name, spec, conversion in string.Formatter().parse(template):
            forms = None
            if name is not None:
                name, _, rest = name.partition("|")
                if rest:
                    one, _, many = rest.partition("|")
                    forms = (one, many)
            parts.append((literal, name, forms, conversion, spec))
        _compiled[template] = parts
    return parts


def _render(template: str, params: dict, lang: str, cat: Catalog) -> str:
    """``str.format`` with per-language parameters and ``{n|singular|plural}``; a missing
    parameter shows as ``{name}``."""
    out = []
    for literal, name, forms, conversion, spec in _compile(template):
        out.append(literal)
        if name is None:
            continue
        if name not in params:
            out.append("{" + name + "}")
            continue
        value = params[name]
        if forms:
            out.append(forms[0] if value == 1 else forms[1])
            continue
        value = localize_param(value, lang, cat)
        if conversion == "r":
            value = repr(value)
        out.append(format(value, spec) if spec else str(value))
    return "".join(out)


def fields(template: str) -> set[str]:
    """The parameter names a template uses (plural forms reduced to the name)."""
    out = set()
    for _, name, _, _ in string.Formatter().parse(template):
        if name is not None:
            out.add(name.partition("|")[0].partition(".")[0].partition("[")[0])
    return out


def format_message(message, lang: str = DEFAULT_LANG, cat: Catalog | None = None) -> str:
    """A message dict ``{"key", "params", "text"?}`` (or a Message, or plain text) in ``lang``."""
    if isinstance(message, Message):
        return message.localized(lang, cat)
    if isinstance(message, str):
        return message
    cat = cat or catalog_for(message.get("key", ""))
    text = cat.format(message.get("key", ""), message.get("params"), lang)
    if text is None:
        return message.get("text") or message.get("key", "")
    return text


class Message(str):
    """English text that remembers its key and parameters (see the module doc)."""

    key: str
    params: dict

    def __new__(cls, key: str, params: dict | None = None, text: str | None = None, cat: Catalog | None = None):
        params = dict(params or {})
        if text is None:
            text = (cat or catalog_for(key)).format(key, params, DEFAULT_LANG)
            if text is None:  # no catalogue shipped: still say something readable
                text = key + (f" {params}" if params else "")
        self = super().__new__(cls, text)
        self.key, self.params = key, params
        return self

    def localized(self, lang: str = DEFAULT_LANG, cat: Catalog | None = None) -> str:
        if lang == DEFAULT_LANG and cat is None:
            return str(self)
        text = (cat or catalog_for(self.key)).format(self.key, self.params, lang)
        return str(self) if text is None else text

    def to_dict(self) -> dict:
        """Plain JSON: ``{"key", "params", "text"}`` (nested messages become dicts too)."""
        return {"key": self.key, "params": _plain(self.params), "text": str(self)}

    def __reduce__(self):
        return (Message, (self.key, self.params, str(self)))


def _plain(value):
    if isinstance(value, Message):
        return value.to_dict()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def msg(key: str, **params) -> Message:
    """A Message of the shipped ``engine`` catalogue: ``msg("bid_over_florins", name=..., ...)``."""
    return Message(key, params)


def joined(items, sep: str = ", ") -> dict:
    """A parameter that shows ``items`` (each localized) joined with ``sep``."""
    return {"items": list(items), "sep": sep}


def localized(text, lang: str = DEFAULT_LANG, cat: Catalog | None = None) -> str:
    """Any reason (a Message, a message dict, plain text, a GameError) shown in ``lang``."""
    if hasattr(text, "localized") and not isinstance(text, str):
        return text.localized(lang, cat)
    return format_message(text, lang, cat)
