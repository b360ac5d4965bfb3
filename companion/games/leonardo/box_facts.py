"""What Leonardo's rulebook fixes about the box, and the empty profile built on it
(``box`` explains the profile; ``box_checks`` checks one)."""

from __future__ import annotations

import copy
from typing import Any

SPACES = 32
START, CHURCHES, MARKETS, EVENT_SQUARES = 1, (9, 17), (3, 11, 24), (7, 22, 28)
FIXED: dict[int, dict[str, Any]] = {
    1: {"kind": "square", "role": "start", "name": "Piazza Maggiore"},
    3: {"kind": "market", "role": "market", "name": "Mercato Nuovo"},
    7: {"kind": "square", "role": "event", "name": "Piazza dell'Imperatore"},
    9: {"kind": "square", "role": "church", "name": "Cenacolo di Santa Maria"},
    11: {"kind": "market", "role": "market", "name": "Mercato Grande"},
    17: {"kind": "square", "role": "church", "name": "Chiesa di Santa Croce"},
    22: {"kind": "square", "role": "event", "name": "Piazza del Papa"},
    24: {"kind": "market", "role": "market", "name": "Mercato Vecchio"},
    28: {"kind": "square", "role": "event", "name": "Piazza Novità"},
}
KIND_COUNTS = {"square": 6, "market": 3, "street": 12, "alley": 7, "bridge": 4}
PALACE_KINDS = ("street", "alley")
OPEN_KINDS = ("street", "alley", "bridge")  # the kinds the table enters
QUARTERS = 6
PRODUCTS = ("gem", "ivory", "gold", "spices")
LOSE_ALL = (4, 7, 9, 11)
MACHINA = tuple(range(1, 13))
OFFICE_PRICES = (30, 50)
EVENT_KINDS = ("nothing", "guelph", "ghibelline")
ODA_COUNT = 40
MAX_WORKS = 4
DECK_SIZE = 60  # offices, events, men-at-arms and the 23 palace and bridge cards
PALACE_CARDS = KIND_COUNTS["street"] + KIND_COUNTS["alley"] + KIND_COUNTS["bridge"]
TOP_KEYS = ("game", "name", "note", "spaces", "quarters", "products", "lose_all", "offices", "events",
            "men_at_arms", "oda", "machina")
SPACE_FIELDS = ("kind", "name", "quarter", "price", "rent")


# ---------------------------------------------------------------------------------------
# the empty profile


def defaults() -> dict[str, Any]:
    """A profile holding only what the rulebook fixes; everything else unknown (null)."""
    spaces: dict[str, dict[str, Any]] = {}
    for n in range(1, SPACES + 1):
        fixed = FIXED.get(n)
        if fixed:
            spaces[str(n)] = {"kind": fixed["kind"], "name": fixed["name"]}
        else:
            spaces[str(n)] = {"kind": None, "name": None, "quarter": None, "price": None, "rent": None}
    return {
        "game": "leonardo", "name": None, "note": None,
        "spaces": spaces,
        "quarters": {str(q): {"name": None} for q in range(1, QUARTERS + 1)},
        "products": {p: [] for p in PRODUCTS},
        "lose_all": list(LOSE_ALL),
        "offices": None, "events": None, "men_at_arms": None, "oda": [],
        "machina": {"faces": {str(n): 1 for n in MACHINA}, "verified": False},
    }


def overlay(profile: dict[str, Any]) -> dict[str, Any]:
    """The defaults with the profile's values over them (not yet checked)."""
    out = defaults()
    for key, value in profile.items():
        if key == "spaces" and isinstance(value, dict):
            for n, entry in value.items():
                slot = out["spaces"].get(str(n))
                if slot is None or not isinstance(entry, dict):
                    out["spaces"][str(n)] = copy.deepcopy(entry)  # refused by _check
                else:
                    slot.update(copy.deepcopy(entry))
        elif key == "quarters" and isinstance(value, dict):
            for q, entry in value.items():
                if isinstance(entry, dict) and str(q) in out["quarters"]:
                    out["quarters"][str(q)].update(copy.deepcopy(entry))
                else:
                    out["quarters"][str(q)] = copy.deepcopy(entry)
        elif key == "products" and isinstance(value, dict):
            out["products"].update(copy.deepcopy(value))
        elif key == "machina" and isinstance(value, dict):
            out["machina"].update(copy.deepcopy(value))
        else:
            out[key] = copy.deepcopy(value)
    return out
