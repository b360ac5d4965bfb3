"""Every UI text exists in Italian and English (issue 6: every text in both languages)."""

import json
import re

from pathlib import Path

from companion.app.paths import KV_DIR, TRANSLATIONS_DIR

ROOT = Path(__file__).resolve().parents[2]


def load(lang):
    with open(TRANSLATIONS_DIR / f"{lang}.json", encoding="utf-8") as f:
        return json.load(f)


def test_same_keys_in_both_languages():
    it, en = load("it"), load("en")
    assert sorted(set(it) - set(en)) == []
    assert sorted(set(en) - set(it)) == []


def test_no_empty_strings():
    for lang in ("it", "en"):
        assert [k for k, v in load(lang).items() if not v.strip()] == []


def test_placeholders_match():
    it, en = load("it"), load("en")
    for key in en:
        assert set(re.findall(r"{(\w+)}", en[key])) == set(re.findall(r"{(\w+)}", it[key])), key


def used_keys():
    """Literal keys passed to t(...) in the app's Python and kv files."""
    pattern = re.compile(r"""\bt\(\s*['"]([a-z_]+\.[a-zA-Z_.0-9]+)['"]\s*[,)]""")
    files = list((ROOT / "companion" / "app").rglob("*.py")) + list(KV_DIR.glob("*.kv"))
    keys = set()
    for path in files:
        keys |= set(pattern.findall(path.read_text(encoding="utf-8")))
    return keys


def test_every_key_the_app_uses_exists():
    en = load("en")
    used = used_keys()
    assert len(used) > 100  # the pattern does find the keys
    assert sorted(k for k in used if k not in en) == []


# Keys the app builds from a name (t("phase." + phase)): every name must have its text.
DYNAMIC = {
    "phase": ["remove_cards", "start_roll", "first_castles", "recruit", "auction_draw", "bidding", "choosing",
              "turns", "battle", "over"],
    "turn": ["BuildTank", "BuildAirplane", "BuildTower", "BuildCastle", "Invade", "Attack", "confirm_Invade",
             "confirm_Attack", "count_soldiers", "count_tanks", "count_airplanes", "pick_BuildTank",
             "pick_BuildAirplane", "pick_BuildTower", "pick_BuildCastle"],
    "battle": ["infantry", "tanks", "airplanes", "automaton", "count_infantry", "count_tanks", "count_airplanes",
               "attacker", "defender"],
    "auction": ["waiting", "entering", "locked"],
    "scoring": ["leonardo", "workshop", "great_court", "imperial_crown", "perfect_cities"],
    "over": ["chart_vp", "chart_florins"],
    "colour": ["red", "blue", "green", "yellow", "purple", "orange"],
    "settings": ["handsets", "dice", "pins"],
    "needs.field": ["activation", "cost", "dice", "hits", "hooks", "vp"],  # engine CARD_FIELDS
}


def test_dynamic_keys_exist():
    en = load("en")
    missing = [f"{p}.{n}" for p, names in DYNAMIC.items() for n in names if f"{p}.{n}" not in en]
    assert missing == []
