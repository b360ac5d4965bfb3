"""The phone page's words, in Italian and English (the ``phones`` catalogue).

A page gets every ``page.*`` template in both languages at once, so switching language
on the phone needs no request. The words of a sealed group and its choices come from the
request's own labels (``Sealed.from_game(label_keys=...)`` fills them from the game's
catalogue), then the game's catalogue (``group.<g>``, ``choice.<c>``), then ``phones``,
then the raw name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core import i18n

DOMAIN = "phones"
T = i18n.Domain(DOMAIN)


def page_strings() -> dict[str, dict[str, str]]:
    """``{lang: {key: template}}`` of the page's own texts (``page.`` stripped)."""
    cat = i18n.catalog(DOMAIN)
    out: dict[str, dict[str, str]] = {}
    for lang in i18n.LANGUAGES:
        out[lang] = {k[5:]: cat.get(lang, k) or cat.get(i18n.DEFAULT_LANG, k) or ""
                     for k in sorted(cat.keys(i18n.DEFAULT_LANG)) if k.startswith("page.")}
    return out


def both(key: str, **params: Any) -> dict[str, str]:
    """A ``phones`` message in every language."""
    return {lang: T.format(key, lang, **params) for lang in i18n.LANGUAGES}


def _lookup(game_domain: str, key: str, lang: str) -> str | None:
    if game_domain and game_domain != DOMAIN:
        text = i18n.catalog(game_domain).templates.get(lang, {}).get(key)
        if text is None and lang != i18n.DEFAULT_LANG:
            text = i18n.catalog(game_domain).templates.get(i18n.DEFAULT_LANG, {}).get(key)
        if text is not None:
            return text
    cat = i18n.catalog(DOMAIN)
    return cat.get(lang, key) or cat.get(i18n.DEFAULT_LANG, key)


def label(game_domain: str, key: str, fallback: str,
          given: Mapping[str, Mapping[str, str]] | None = None, name: str = "") -> dict[str, str]:
    """``{lang: words}`` for a group title or a choice."""
    own = (given or {}).get(name)
    out = {}
    for lang in i18n.LANGUAGES:
        text = (own or {}).get(lang) or _lookup(game_domain, key, lang)
        out[lang] = text if text is not None else fallback
    return out


def group_title(game_domain: str, group: str, given: Mapping[str, Mapping[str, str]] | None = None) -> dict[str, str]:
    title = label(game_domain, f"group.{group}", "", given, "title")
    if not all(title.values()):
        title = {lang: title[lang] or T.format("group.other", lang) for lang in title}
    return title


def reveal_title(game_domain: str, group: str) -> dict[str, str]:
    """The heading of a reveal: "Everyone's bid", or "Everyone's choice" for a group it does not know."""
    title = label(game_domain, f"reveal.{group}", "")
    return {lang: title[lang] or T.format("page.reveal", lang) for lang in title}


def choice_label(game_domain: str, choice: Any, given: Mapping[str, Mapping[str, str]] | None = None) -> dict[str, str]:
    return label(game_domain, f"choice.{choice}", str(choice), given, str(choice))


def catalogue_labels(game_domain: str, prefix: str, choices: Any) -> dict[str, dict[str, str]]:
    """``{choice: {lang: words}}`` from the game's keys ``<prefix><choice>`` (Leonardo's
    ``faction.guelph``, ``product.gem``); a choice without a key keeps its name."""
    return {str(c): label(game_domain, f"{prefix}{c}", str(c)) for c in choices}


def localized(reason: Any) -> dict[str, str]:
    """A refusal (a Message, an IllegalCommand, plain text) in every language."""
    return {lang: i18n.localized(reason, lang) for lang in i18n.LANGUAGES}
