"""Message catalogues: texts the table reads, in Italian or English.

A catalogue is one JSON file per domain and language, ``DOMAIN.LANG.json``, mapping a
message key to a template. The shipped domains (``core``, ``storage``, ``hardware``, one per
game: ``magnifico``, ``magnate``, ``leonardo``) live in the package data's ``translations``
folder; a game shipped elsewhere adds its folder with ``add_folder(domain, path)``. A key a
domain lacks is looked up in ``core``. Templates use ``str.format`` fields (``{name}``)
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
from collections.abc import Iterable
from typing import Any

from companion.core.resources import data_path

LANGUAGES = ("en", "it")
DEFAULT_LANG = "en"
DEFAULT_DOMAIN = "magnifico"  # messages saved before domains existed are Magnifico's
CORE_DOMAIN = "core"

_folders: dict[str, Path] = {}


def translations_dir() -> Path:
    """The shipped catalogues (the package data's ``translations``), or ``$COMPANION_TRANSLATIONS``."""
    override = os.environ.get("COMPANION_TRANSLATIONS")
    return Path(override) if override else data_path("translations")


def add_folder(domain: str, folder: str | os.PathLike[str]) -> None:
    """Read ``domain``'s catalogues from ``folder`` (a game package shipped on its own)."""
    _folders[domain] = Path(folder)
    _catalogs.pop(domain, None)


class Catalog:
    """The templates of one domain in every language found: ``get(lang, key)``."""

    def __init__(self, templates: dict[str, dict[str, str]], fallback: Catalog | None = None):
        self.templates = templates
        self.fallback = fallback  # where a key this domain lacks is looked up (``core``)

    @classmethod
    def load(cls, domain: str = DEFAULT_DOMAIN, folder: str | os.PathLike[str] | None = None,
             languages: tuple[str, ...] = LANGUAGES) -> Catalog:
        """Read ``DOMAIN.LANG.json`` for each language; a missing or broken file is an
        empty catalogue for that language (messages then fall back to English)."""
        folder = Path(folder) if folder else _folders.get(domain) or translations_dir()
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

    def format(self, key: str, params: dict[str, Any] | None = None, lang: str = DEFAULT_LANG) -> str | None:
        """The message in ``lang`` (English if ``lang`` lacks the key), or None if unknown."""
        template = self.get(lang, key)
        if template is None and self.fallback is not None and self.get(DEFAULT_LANG, key) is None:
            return self.fallback.format(key, params, lang)  # a key of the shared domain
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
    """The catalogue of ``domain`` (falling back on ``core``), read once."""
    if domain not in _catalogs:
        cat = Catalog.load(domain)
        if domain != CORE_DOMAIN:
            cat.fallback = catalog(CORE_DOMAIN)
        _catalogs[domain] = cat
    return _catalogs[domain]


def localize_param(value: Any, lang: str, cat: Catalog | None = None) -> Any:
    """One parameter shown in ``lang`` (see the module doc)."""
    if isinstance(value, dict):
        if "key" in value:
            return format_message(value, lang, None if "domain" in value else cat)
        if "items" in value:
            return value.get("sep", ", ").join(str(localize_param(v, lang, cat)) for v in value["items"])
        return value.get(lang) or value.get(DEFAULT_LANG) or value.get("id", "")
    if isinstance(value, Message):
        return value.localized(lang, cat)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(localize_param(v, lang, cat)) for v in value)
    return value


_Part = tuple[str, str | None, tuple[str, str] | None, str | None, str | None]
_compiled: dict[str, list[_Part]] = {}


def _compile(template: str) -> list[_Part]:
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


def _render(template: str, params: dict[str, Any], lang: str, cat: Catalog) -> str:
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


def format_message(message: Any, lang: str = DEFAULT_LANG, cat: Catalog | None = None) -> str:
    """A message dict ``{"key", "params", "text"?}`` (or a Message, or plain text) in ``lang``."""
    if isinstance(message, Message):
        return message.localized(lang, cat)
    if isinstance(message, str):
        return message
    cat = cat or catalog(message.get("domain") or DEFAULT_DOMAIN)
    text = cat.format(message.get("key", ""), message.get("params"), lang)
    if text is None:
        return str(message.get("text") or message.get("key", ""))
    return text


class Message(str):
    """English text that remembers its key and parameters (see the module doc)."""

    key: str
    params: dict[str, Any]
    domain: str

    def __new__(cls, key: str, params: dict[str, Any] | None = None, text: str | None = None,
                cat: Catalog | None = None, *, domain: str | None = None) -> Message:
        params = dict(params or {})
        domain = domain or DEFAULT_DOMAIN
        if text is None:
            text = (cat or catalog(domain)).format(key, params, DEFAULT_LANG)
            if text is None:  # no catalogue shipped: still say something readable
                text = key + (f" {params}" if params else "")
        self = super().__new__(cls, text)
        self.key, self.params, self.domain = key, params, domain
        return self

    def localized(self, lang: str = DEFAULT_LANG, cat: Catalog | None = None) -> str:
        if lang == DEFAULT_LANG and cat is None:
            return str(self)
        text = (cat or catalog(self.domain)).format(self.key, self.params, lang)
        return str(self) if text is None else text

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON: ``{"key", "params", "text", "domain"}`` (nested messages become dicts too)."""
        return {"key": self.key, "params": _plain(self.params), "text": str(self), "domain": self.domain}

    def __reduce__(self) -> Any:
        return (_message, (self.key, self.params, str(self), self.domain))


def _plain(value: Any) -> Any:
    if isinstance(value, Message):
        return value.to_dict()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _message(key: str, params: dict[str, Any], text: str, domain: str) -> Message:
    return Message(key, params, text, domain=domain)


def msg(key: str, **params: Any) -> Message:
    """A Message of Magnifico's catalogue: ``msg("bid_over_florins", name=..., ...)``."""
    return Message(key, params)


class Domain:
    """The messages and refusals of one catalogue: ``T = Domain("magnate")``, then
    ``T.msg(key, n=2)`` and ``raise T.error(key, name=...)``."""

    def __init__(self, name: str):
        self.name = name

    def msg(self, key: str, **params: Any) -> Message:
        return Message(key, params, domain=self.name)

    def error(self, key: str, *, needs: dict[str, Any] | None = None, **params: Any) -> Any:
        from companion.errors import IllegalCommand

        return IllegalCommand(self.msg(key, **params), needs=needs)

    def format(self, key: str, lang: str = DEFAULT_LANG, **params: Any) -> str:
        """The message in ``lang`` at once (a log line, a label)."""
        return self.msg(key, **params).localized(lang)


CORE = Domain(CORE_DOMAIN)


def joined(items: Iterable[Any], sep: str = ", ") -> dict[str, Any]:
    """A parameter that shows ``items`` (each localized) joined with ``sep``."""
    return {"items": list(items), "sep": sep}


def localized(text: Any, lang: str = DEFAULT_LANG, cat: Catalog | None = None) -> str:
    """Any reason (a Message, a message dict, plain text, a GameError) shown in ``lang``."""
    if hasattr(text, "localized") and not isinstance(text, str):
        return str(text.localized(lang, cat))
    return format_message(text, lang, cat)
