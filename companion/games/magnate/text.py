"""Magnate's words: messages of its own catalogue (``data/translations/magnate.LANG.json``)
and the names that go into them (cards, suits, token counts) in Italian and English.

Every key starts with ``magnate.`` (one domain per game). ``msg(key, **params)`` gives a
``Text``: an i18n ``Message`` that formats from Magnate's catalogue in any language, and
``refuse(key, **params)`` the ``MagnateError`` a refused command raises; both localize
with ``.localized("it")`` without being handed the catalogue.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.core import i18n
from companion.core.i18n import Catalog, Message
from companion.errors import GameError

DOMAIN = "magnate"
PREFIX = DOMAIN + "."

# The lead renames GameError to IllegalCommand (GameError stays as an alias): one place to change.
IllegalCommand = GameError


def catalog() -> Catalog:
    """Magnate's catalogue (read once)."""
    return i18n.catalog(DOMAIN)


class Text(Message):
    """A Message of Magnate's catalogue: English text, key and parameters; ``localized``
    uses Magnate's templates unless given another catalogue."""

    def __new__(cls, key: str, params: dict[str, Any] | None = None, text: str | None = None,
                cat: Catalog | None = None) -> Text:
        self: Text = super().__new__(cls, key, params, text, cat or catalog())
        return self

    def localized(self, lang: str = i18n.DEFAULT_LANG, cat: Catalog | None = None) -> str:
        return super().localized(lang, cat or catalog())

    def __reduce__(self) -> tuple[Any, ...]:
        return (Text, (self.key, self.params, str(self)))


class MagnateError(IllegalCommand):
    """A refusal (or a data problem) with a Magnate message: ``localized(lang)`` reads
    Magnate's catalogue."""

    @property
    def message(self) -> Any:
        if self.key is None:
            return self.reason
        return Text(self.key, self.params, self.reason)

    def localized(self, lang: str = "en", catalog: Any = None) -> str:
        if self.key is None:
            return self.reason
        if isinstance(catalog, dict):
            catalog = Catalog({lang: catalog})
        return Text(self.key, self.params, self.reason).localized(lang, catalog)


def msg(key: str, **params: Any) -> Text:
    """``msg("not_your_turn", ...)``: the Text of key ``magnate.not_your_turn``."""
    return Text(PREFIX + key, params)


def refuse(key: str, **params: Any) -> MagnateError:
    """The error to raise for a refusal: ``raise refuse("not_your_turn", name=...)``."""
    return MagnateError(msg(key, **params))


def localized(text: Any, lang: str = i18n.DEFAULT_LANG) -> str:
    """A reason in ``lang``: a Text, a message dict from ``legal()``, an error, plain text."""
    key = getattr(text, "key", None) if not isinstance(text, dict) else text.get("key")
    cat = catalog() if isinstance(key, str) and key.startswith(PREFIX) else None
    if isinstance(text, GameError):
        return text.localized(lang, cat)
    if isinstance(text, Message):
        return text.localized(lang, cat)
    if isinstance(text, dict):
        return i18n.format_message(text, lang, cat)
    return str(text)


# ---------------------------------------------------------------------------------------
# names as message parameters

# Italian prepositions joined with the article of a name ("di" + "il Mulino" = "del Mulino").
_ARTICLES = {
    "il ": {"di": "del ", "a": "al ", "in": "nel ", "su": "sul ", "da": "dal "},
    "lo ": {"di": "dello ", "a": "allo ", "in": "nello ", "su": "sullo ", "da": "dallo "},
    "la ": {"di": "della ", "a": "alla ", "in": "nella ", "su": "sulla ", "da": "dalla "},
    "l'": {"di": "dell'", "a": "all'", "in": "nell'", "su": "sull'", "da": "dall'"},
}


def italian_with(prep: str, name: str) -> str:
    """``italian_with("di", "il Mulino") == "del Mulino"``; a name without article: "di X"."""
    for article, joined in _ARTICLES.items():
        if name.startswith(article) and prep in joined:
            return joined[prep] + name[len(article):]
    return f"{prep} {name}"


def name_param(names: Mapping[str, str], ident: str, prep: str | None = None) -> dict[str, str]:
    """A name per language for a message: ``{"en": "the Mill", "it": "il Mulino", "id": "mill"}``;
    with ``prep`` the Italian carries that preposition joined to its article ("del Mulino")."""
    out = {k: v for k, v in names.items() if isinstance(v, str)}
    if prep is not None and "it" in out:
        out["it"] = italian_with(prep, out["it"])
    out["id"] = ident
    return out


def suit_param(suit: str) -> dict[str, str]:
    """A suit's plural name per language ("Waves", "Onde")."""
    from .cards import decktet

    return name_param(decktet().suit_names[suit], suit)


def tokens_param(tokens: Mapping[str, int]) -> Any:
    """Token counts in words, in the suits' order: "1 Wave, 3 Leaves" (none: "no tokens")."""
    from .cards import SUITS

    parts = [msg(f"count.{s}", n=tokens[s]) for s in SUITS if tokens.get(s)]
    return i18n.joined(parts) if parts else msg("count.none")


def suits_param(suits: Iterable[str], sep: str = ", ") -> dict[str, Any]:
    return i18n.joined([suit_param(s) for s in suits], sep)
