"""Magnate's words: messages of its catalogue (domain ``magnate``,
``data/translations/magnate.LANG.json``) and the names that go into them (cards, suits,
token counts) in Italian and English.

``msg(key, **params)`` is a ``Message`` of the domain (``.localized("it")``);
``refuse(key, **params)`` the ``IllegalCommand`` a refused command raises;
``data_error`` a broken data file's ``CompanionError``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.core.i18n import Domain, Message, joined
from companion.errors import CompanionError, IllegalCommand

DOMAIN = "magnate"
T = Domain(DOMAIN)


def msg(key: str, **params: Any) -> Message:
    """``msg("not_your_turn", current=..., name=...)``: a Message of Magnate's catalogue."""
    return T.msg(key, **params)


def refuse(key: str, **params: Any) -> IllegalCommand:
    """The error to raise for a refusal: ``raise refuse("not_your_turn", ...)``."""
    return IllegalCommand(msg(key, **params))


def data_error(key: str, **params: Any) -> CompanionError:
    """A data file that is not the extended Decktet (not a player's move: no IllegalCommand)."""
    return CompanionError(msg(key, **params))


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
    for article, joined_forms in _ARTICLES.items():
        if name.startswith(article) and prep in joined_forms:
            return joined_forms[prep] + name[len(article):]
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
    return joined(parts) if parts else msg("count.none")


def suits_param(suits: Iterable[str], sep: str = ", ") -> dict[str, Any]:
    return joined([suit_param(s) for s in suits], sep)
