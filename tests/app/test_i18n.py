"""Every UI text exists in Italian and English (issue 6: every text in both languages), the
shell's and each game's UI package's."""

import json
import re

from pathlib import Path

from companion.app.paths import KV_DIR, TRANSLATIONS_DIR

ROOT = Path(__file__).resolve().parents[2]


def load(lang):
    """The app's catalogue plus every installed game's own UI strings (GameUI.texts)."""
    from companion.app.parts import game_uis, installed_games

    with open(TRANSLATIONS_DIR / f"{lang}.json", encoding="utf-8") as f:
        strings = json.load(f)
    for name, ui in game_uis(installed_games())[0].items():
        strings.update({k: v for k, v in ui.texts().get(lang, {}).items() if k.startswith(name + ".")})
    return strings


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
    """Literal keys passed to t(...) in the shell's and the games' UI Python and kv files."""
    pattern = re.compile(r"""\bt\(\s*['"]([a-z_]+\.[a-zA-Z_.0-9]+)['"]\s*[,)]""")
    files = (list((ROOT / "companion" / "app").rglob("*.py")) + list((ROOT / "companion" / "games").glob("*/ui/**/*.py"))
             + list(KV_DIR.rglob("*.kv")))
    keys = set()
    for path in files:
        keys |= set(pattern.findall(path.read_text(encoding="utf-8")))
    # a game's screens say their own strings through tr("key"), which puts the game's name first
    own = re.compile(r"""\btr\(\s*['"]([a-z_]+\.[a-zA-Z_.0-9]+)['"]\s*[,)]""")
    for game in (ROOT / "companion" / "games").iterdir():
        for path in game.glob("ui/**/*.py"):
            keys |= {f"{game.name}.{k}" for k in own.findall(path.read_text(encoding="utf-8"))}
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


def test_a_games_own_strings_stay_under_its_name():
    """A game's UI package brings its strings (GameUI.texts); only keys under its name are
    taken, so a second game can never change the first one's words."""
    from companion.app.i18n import Translations

    tr = Translations()
    refused = tr.add("toy", {"en": {"toy.pick": "Pick {n}", "home.new_game": "Hijacked"}, "it": {"toy.pick": "Scegli {n}"}})
    assert refused == ["home.new_game"]
    assert tr.t("it", "toy.pick", n=2) == "Scegli 2" and tr.t("en", "home.new_game") == "New game"
