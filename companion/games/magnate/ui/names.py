"""How Magnate's screens name and colour things: cards without their article ("Mill",
"Mulino"), a card with its rank ("8 Mill"), the suits' colours and short names.

Words only: what a card is worth or where it may go is the engine's (``cards``, ``legal``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from companion.app.theme import rgb, text_on
from companion.games.magnate.cards import SUITS, decktet

RGBA = tuple[float, float, float, float]

# A colour per suit, so a token count reads at a glance (the printed cards' own hues, roughly).
SUIT_COLOURS: dict[str, RGBA] = {
    "moons": rgb("#a9b8d6"),
    "suns": rgb("#e8c22a"),
    "waves": rgb("#3b82c4"),
    "leaves": rgb("#4f9e45"),
    "wyrms": rgb("#b8473f"),
    "knots": rgb("#b07a3a"),
}

_ARTICLES = ("the ", "il ", "lo ", "la ", "i ", "gli ", "le ", "l'")


class Texts(Protocol):
    def t(self, lang: str, key: str, **fields: Any) -> str: ...


def suit_rgba(suit: str) -> RGBA:
    return SUIT_COLOURS.get(suit, rgb("#9a9a9a"))


def hex_of(rgba: Iterable[float]) -> str:
    r, g, b = list(rgba)[:3]
    return f"{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def bare(name: str) -> str:
    """A name without its leading article, capitalised ("the Mill" -> "Mill", "l'Asso" -> "Asso")."""
    low = name.lower()
    for article in _ARTICLES:
        if low.startswith(article):
            name = name[len(article):]
            break
    return name[:1].upper() + name[1:]


def card_name(card: str, lang: str) -> str:
    """The card's name in ``lang``, without article ("Light Keeper", "Guardiano del Faro")."""
    deck = decktet()
    if card not in deck:
        return card
    names = deck[card].name
    return bare(names.get(lang) or names["en"])


def card_label(card: str, lang: str) -> str:
    """The name with the rank a player reads on the card's corner ("8 Mill"); Aces, Courts,
    Pawns and the Excuse by name only."""
    deck = decktet()
    if card not in deck:
        return card
    info = deck[card]
    if info.type in ("number", "crown") and info.rank:
        return f"{info.rank} {card_name(card, lang)}"
    return card_name(card, lang)


def suits_of(card: str) -> tuple[str, ...]:
    deck = decktet()
    return deck[card].suits if card in deck else ()


def suit_name(suit: str, lang: str, one: bool = False) -> str:
    """"Moons" / "Lune" (``one``: "Moon" / "Luna")."""
    deck = decktet()
    table = deck.suit_one if one else deck.suit_names
    names = table.get(suit) or {}
    return names.get(lang) or names.get("en") or suit


def suit_short(suit: str, lang: str, texts: Texts) -> str:
    return texts.t(lang, f"magnate.suit_short.{suit}")


def suit_markup(suits: Iterable[str], lang: str, texts: Texts) -> str:
    """The suits' short names, each in its colour (Kivy markup)."""
    return " ".join(f"[color={hex_of(suit_rgba(s))}]{suit_short(s, lang, texts)}[/color]" for s in suits)


def tokens_text(tokens: Mapping[str, int], lang: str, texts: Texts) -> str:
    """Token counts in words, in the suits' order: "2 Moons, 1 Wave" ("nothing" when empty)."""
    parts = [texts.t(lang, "magnate.count", n=tokens[s], suit=suit_name(s, lang, one=tokens[s] == 1))
             for s in SUITS if tokens.get(s)]
    return ", ".join(parts) if parts else texts.t(lang, "magnate.nothing")


def chip_text_colour(suit: str) -> RGBA:
    return text_on(suit_rgba(suit))
