"""The extended Decktet (``data/magnate/decktet.json``), read and checked once.

45 cards: 6 Aces (rank 1, one suit), 24 numbered cards (ranks 2-9, two suits, three per
rank using each suit once), 6 Crowns (rank 10, one suit each), 4 Pawns and 4 Courts (three
suits, each suit on two of them) and the Excuse (no rank, no suit). What Magnate makes of
them (costs, fees, sale prices) is here too, as it only depends on the card.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.core.resources import data_path as shipped
from companion.errors import CompanionError

from .text import data_error

SUITS: tuple[str, ...] = ("moons", "suns", "waves", "leaves", "wyrms", "knots")
TYPES = ("ace", "number", "crown", "pawn", "court", "excuse")
COUNTS = {"ace": 6, "number": 24, "crown": 6, "pawn": 4, "court": 4, "excuse": 1}
LANGS = ("en", "it")


@dataclass(frozen=True)
class Card:
    id: str
    type: str
    rank: int | None
    suits: tuple[str, ...]
    name: dict[str, str]

    @property
    def cost(self) -> int:
        """Tokens to build it, or to complete it as a deed: an Ace 3, a Court 10, else its rank."""
        if self.type == "ace":
            return 3
        if self.type == "court":
            return 10
        return self.rank or 0

    @property
    def fee(self) -> dict[str, int]:
        """Founding: one token of each of its suits to the bank (an Ace one, a Court three)."""
        return {s: 1 for s in self.suits}

    @property
    def sale(self) -> dict[str, int]:
        """Selling: one token of each of its suits; an Ace two of its suit."""
        if self.type == "ace":
            return {self.suits[0]: 2}
        return {s: 1 for s in self.suits}


class Decktet:
    """The cards by id, the suits' names, and the deck Magnate deals from."""

    def __init__(self, doc: Any):
        validate(doc)
        self.suit_names: dict[str, dict[str, str]] = {s["id"]: dict(s["name"]) for s in doc["suits"]}
        self.suit_one: dict[str, dict[str, str]] = {s["id"]: dict(s["one"]) for s in doc["suits"]}
        self.cards: dict[str, Card] = {
            c["id"]: Card(c["id"], c["type"], c["rank"], tuple(c["suits"]), dict(c["name"])) for c in doc["cards"]}
        self.order: list[str] = [c["id"] for c in doc["cards"]]

    def of_type(self, *types: str) -> list[str]:
        return [c for c in self.order if self.cards[c].type in types]

    @property
    def pawns(self) -> list[str]:
        return self.of_type("pawn")

    @property
    def crowns(self) -> list[str]:
        return self.of_type("crown")

    def deck(self, courts: bool) -> list[str]:
        """The cards shuffled into the draw deck: Aces, numbered cards, and the Courts if used."""
        return self.of_type("ace", "number", "court") if courts else self.of_type("ace", "number")

    def __getitem__(self, card: str) -> Card:
        return self.cards[card]

    def __contains__(self, card: object) -> bool:
        return card in self.cards


def data_path() -> Path:
    """The shipped ``magnate/decktet.json`` (package data)."""
    return shipped("magnate", "decktet.json")


def load(path: str | os.PathLike[str] | None = None) -> Decktet:
    """Read and check a Decktet file; any problem is a CompanionError naming the file."""
    where = Path(path) if path is not None else data_path()
    try:
        doc = json.loads(where.read_text(encoding="utf-8"))
    except OSError as err:
        raise data_error("data.unreadable", path=str(where), detail=str(err.strerror or err)) from None
    except (ValueError, RecursionError) as err:
        raise data_error("data.not_json", path=str(where), detail=str(err).split(";")[0]) from None
    try:
        return Decktet(doc)
    except CompanionError as err:
        raise data_error("data.invalid", path=str(where), reason=err.message) from None


@lru_cache(maxsize=1)
def decktet() -> Decktet:
    """The shipped Decktet, read once."""
    return load()


# ---------------------------------------------------------------------------------------
# validation


def _names(value: Any, where: str) -> None:
    if not isinstance(value, dict) or not all(isinstance(value.get(lang), str) and value[lang] for lang in LANGS):
        raise data_error("data.names", where=where)


def validate(doc: Any) -> None:
    """CompanionError unless ``doc`` is the extended Decktet: 45 cards of the right types,
    ranks and suits (every numbered rank uses each suit once, one Ace and one Crown per
    suit, each suit on two Pawns and on two Courts), names in Italian and English."""
    if not isinstance(doc, dict) or not isinstance(doc.get("suits"), list) or not isinstance(doc.get("cards"), list):
        raise data_error("data.shape")
    suits = doc["suits"]
    if [s.get("id") if isinstance(s, dict) else None for s in suits] != list(SUITS):
        raise data_error("data.suits", suits=", ".join(SUITS))
    for s in suits:
        _names(s.get("name"), s["id"])
        _names(s.get("one"), s["id"])
    cards = doc["cards"]
    seen: set[str] = set()
    by_type: dict[str, list[dict[str, Any]]] = {t: [] for t in TYPES}
    for c in cards:
        if not isinstance(c, dict) or not isinstance(c.get("id"), str) or not c["id"]:
            raise data_error("data.card_id")
        cid = c["id"]
        if cid in seen:
            raise data_error("data.card_twice", card=cid)
        seen.add(cid)
        if c.get("type") not in TYPES:
            raise data_error("data.card_type", card=cid, types=", ".join(TYPES))
        card_suits = c.get("suits")
        if not isinstance(card_suits, list) or any(s not in SUITS for s in card_suits):
            raise data_error("data.card_suits", card=cid)
        if len(set(card_suits)) != len(card_suits) or card_suits != sorted(card_suits, key=SUITS.index):
            raise data_error("data.card_suit_order", card=cid)
        _names(c.get("name"), cid)
        by_type[c["type"]].append(c)
    for t, n in COUNTS.items():
        if len(by_type[t]) != n:
            raise data_error("data.type_count", type=t, count=n, got=len(by_type[t]))
    expected = {"ace": (1, 1), "crown": (10, 1), "pawn": (None, 3), "court": (None, 3), "excuse": (None, 0)}
    for t, (rank, n_suits) in expected.items():
        for c in by_type[t]:
            if c.get("rank") != rank or len(c["suits"]) != n_suits:
                raise data_error("data.card_rank_suits", card=c["id"], rank=str(rank), suits=n_suits)
    for t in ("ace", "crown"):
        if sorted(s for c in by_type[t] for s in c["suits"]) != sorted(SUITS):
            raise data_error("data.one_per_suit", type=t)
    for t in ("pawn", "court"):
        counts = Counter(s for c in by_type[t] for s in c["suits"])
        if any(counts[s] != 2 for s in SUITS):
            raise data_error("data.two_per_suit", type=t)
    ranks: dict[int, list[str]] = {}
    for c in by_type["number"]:
        rank = c.get("rank")
        if isinstance(rank, bool) or not isinstance(rank, int) or not 2 <= rank <= 9 or len(c["suits"]) != 2:
            raise data_error("data.number_card", card=c["id"])
        ranks.setdefault(rank, []).extend(c["suits"])
    for rank in range(2, 10):
        if sorted(ranks.get(rank, [])) != sorted(SUITS):
            raise data_error("data.rank_suits", rank=rank)
