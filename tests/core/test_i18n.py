"""Message catalogues (companion.core.i18n) and keyed GameErrors: every text in Italian or
English (issue 6: "language Italian or English (every text ...)")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.core import dice, i18n
from companion.core.i18n import Catalog, Message, msg
from companion.core.record import parse_record
from companion.errors import GameError
from companion.games.magnifico.money import check_tens

ROOT = Path(__file__).resolve().parents[2]
CAT = i18n.catalog()  # Magnifico's (the default domain), falling back on core's
DOMAINS = sorted({p.name.split(".")[0] for p in (ROOT / "data" / "translations").glob("*.en.json")})

# Every file whose raise sites use catalogue keys.
KEYED_SOURCES = [
    *sorted((ROOT / "companion" / "core").glob("*.py")),
    *[ROOT / "companion" / "games" / "magnifico" / f for f in
      ("engine.py", "commands.py", "state.py", "record.py", "demo.py", "legality.py", "describe.py",
       "corrections.py", "battle/machine.py", "data.py", "battle/notation.py", "battle/cli.py",
       "battle/simulate.py", "battle/odds.py")],
]


def dummy(field: str, template: str):
    """A parameter value for ``field``: a number where the template needs one (plurals)."""
    if re.search(r"\{" + re.escape(field) + r"\|", template):
        return 2
    return {"en": f"<{field}>", "it": f"<{field}-it>"}


# ---------------------------------------------------------------------------------------
# the catalogues


def test_every_domain_has_a_catalogue_per_language():
    assert {"core", "magnifico", "storage"} <= set(DOMAINS)


@pytest.mark.parametrize("domain", DOMAINS)
def test_both_catalogues_have_the_same_keys(domain):
    cat = i18n.catalog(domain)
    assert cat.keys("en"), "the English catalogue is missing"
    assert cat.keys("en") == cat.keys("it")


@pytest.mark.parametrize("domain,key", [(d, k) for d in DOMAINS for k in sorted(i18n.catalog(d).keys("en"))])
def test_templates_use_the_same_placeholders_in_both_languages(domain, key):
    cat = i18n.catalog(domain)
    assert i18n.fields(cat.get("en", key)) == i18n.fields(cat.get("it", key)), key


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_template_formats_with_dummy_params(lang, domain):
    cat = i18n.catalog(domain)
    for key in cat.keys(lang):
        template = cat.get(lang, key)
        params = {f: dummy(f, template) for f in i18n.fields(template)}
        text = cat.format(key, params, lang)
        assert "{" not in text and "}" not in text, (key, text)
        for f in i18n.fields(template):
            if not isinstance(params[f], int):
                assert params[f][lang] in text, (key, f, text)


def test_catalogue_files_are_valid_utf8_json_objects_of_strings():
    for path in (ROOT / "data" / "translations").glob("*.json"):
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert all(isinstance(v, str) for v in doc.values()), path.name


def _keys_in_source():
    """Literal keys and f-string key patterns passed to GameError.of / msg / Message / _e."""
    literal, patterns = set(), set()
    call = re.compile(r"""(?:GameError\.of|\.error|\bmsg|\bMessage|\b_e)\(\s*(f?)"([^"]+)"(?:\s+if\s+[^)]*?else\s+"([^"]+)")?""")
    for path in KEYED_SOURCES:
        for m in call.finditer(path.read_text(encoding="utf-8")):
            prefix = "event." if m.group(0).startswith("_e(") else ""
            for key in (m.group(2), m.group(3)):
                if key is None:
                    continue
                if m.group(1) == "f":
                    patterns.add(prefix + key)
                else:
                    literal.add(prefix + key)
    return literal, patterns


def test_every_key_the_code_uses_is_in_the_catalogue():
    literal, patterns = _keys_in_source()
    assert len(literal) > 150  # the scan found the raise sites
    keys = CAT.keys("en") | i18n.catalog("core").keys("en")
    assert sorted(literal - keys) == []
    for pattern in patterns:
        rx = re.compile("^" + re.sub(r"\\\{[^}]*\\\}", ".+", re.escape(pattern)) + "$")
        assert any(rx.match(k) for k in keys), pattern


def test_no_unkeyed_game_error_left_in_the_converted_files():
    """The raise sites I own use keys; a GameError(reason) only re-raises a Message."""
    for path in KEYED_SOURCES:
        for line in path.read_text(encoding="utf-8").splitlines():
            if "GameError(" in line and "raise" in line:
                assert "GameError(reason)" in line, (path.name, line)


# Every domain: the error class's own (``GameError.of`` looks in magnifico's, ``StorageError.of``
# in storage's...) or a ``T = Domain("storage")`` of the same file.
CLASS_DOMAIN = {"GameError": "magnifico", "IllegalCommand": "magnifico", "StorageError": "storage",
                "JournalRefusal": "storage", "HardwareError": "hardware", "InputRefused": "hardware",
                "ReaderNotFound": "hardware", "CompanionError": "core"}
ALL_SOURCES = sorted([*(ROOT / "companion").rglob("*.py"), *(ROOT / "hardware").rglob("*.py")])


def _domain_keys(text):
    """(domain, key) of each literal key a file passes to ``Cls.of`` or a ``Domain``'s msg/error."""
    for m in re.finditer(r"\b(" + "|".join(CLASS_DOMAIN) + r")\.of\(\s*\"([^\"{}]+)\"", text):
        yield CLASS_DOMAIN[m.group(1)], m.group(2)
    names = dict(re.findall(r"^(\w+) = (?:i18n\.)?Domain\(\"(\w+)\"\)", text, re.M))
    for m in re.finditer(r"(?<![\w.])(\w+)\.(?:msg|error|format)\(\s*\"([^\"{}]+)\"", text):
        if m.group(1) in names:
            yield names[m.group(1)], m.group(2)
    yield from re.findall(r"Domain\(\"(\w+)\"\)\.(?:msg|error)\(\s*\"([^\"{}]+)\"", text)


def test_every_key_of_every_domain_is_in_its_catalogue():
    """A key missing from its catalogue would show as the bare key (``data.in_file {...}``)."""
    used = {(path.relative_to(ROOT).as_posix(), domain, key) for path in ALL_SOURCES
            for domain, key in _domain_keys(path.read_text(encoding="utf-8"))}
    assert len(used) > 350  # the scan found the raise sites (distinct per file)
    assert ("companion/games/magnifico/data.py", "magnifico", "data.in_file") in used
    assert ("companion/storage/cli.py", "storage", "no_games") in used
    missing = [u for u in sorted(used) if i18n.catalog(u[1]).format(u[2], {}, "en") is None]
    assert missing == []


def test_no_refusal_is_plain_english():
    """One error tree, every message keyed: no error of the tree is raised with a literal text."""
    plain = re.compile(r"\b(?:" + "|".join(CLASS_DOMAIN) + r")\(\s*f?[\"']")
    found = [f"{path.relative_to(ROOT)}:{n}" for path in ALL_SOURCES
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if plain.search(line)]
    assert found == []


# ---------------------------------------------------------------------------------------
# formatting


def test_plural_forms():
    cat = Catalog({"it": {"k": "{n} {n|carta|carte}"}, "en": {"k": "{n} card(s)"}})
    assert cat.format("k", {"n": 1}, "it") == "1 carta"
    assert cat.format("k", {"n": 3}, "it") == "3 carte"
    assert cat.format("k", {"n": 3}, "en") == "3 card(s)"


def test_per_language_names_nested_messages_and_lists():
    cat = Catalog({
        "en": {"outer": "{who} builds {what} in {where}; {list}", "tower": "a tower"},
        "it": {"outer": "{who} costruisce {what} a {where}; {list}", "tower": "una Torre"},
    })
    params = {"who": "Anna", "what": {"key": "tower"}, "where": {"it": "Milano", "en": "Milan"},
              "list": [{"it": "Genova", "en": "Genoa"}, "Roma"]}
    assert cat.format("outer", params, "en") == "Anna builds a tower in Milan; Genoa, Roma"
    assert cat.format("outer", params, "it") == "Anna costruisce una Torre a Milano; Genova, Roma"


def test_missing_language_or_key_falls_back_to_english():
    cat = Catalog({"en": {"k": "hello {name}"}, "it": {}})
    assert cat.format("k", {"name": "Anna"}, "it") == "hello Anna"
    assert cat.format("nope", {}, "it") is None
    assert i18n.format_message({"key": "nope", "text": "plain"}, "it", cat) == "plain"


def test_italian_euphony():
    """"a Anna" reads "ad Anna"; "e Elena" reads "ed Elena"; other vowels are left alone."""
    cat = Catalog({"it": {"k": "tocca a {a}, poi a {b} e {c}"}})
    assert cat.format("k", {"a": "Anna", "b": "Bruno", "c": "Elena"}, "it") == "tocca ad Anna, poi a Bruno ed Elena"
    assert cat.format("k", {"a": "Ugo", "b": "Atene", "c": "Ivo"}, "it") == "tocca a Ugo, poi ad Atene e Ivo"


def test_a_message_is_its_english_text():
    m = msg("bid_over_florins", name="Anna", florins=40, bid=50)
    assert m == "Anna holds 40 florins; a bid of 50 is not possible"
    assert isinstance(m, str) and m.key == "bid_over_florins"
    assert m.localized("it") == "Anna ha 40 fiorini; un'offerta di 50 non è possibile"
    d = json.loads(json.dumps(m.to_dict()))
    assert i18n.format_message(d, "it") == m.localized("it")


# ---------------------------------------------------------------------------------------
# GameError


def test_plain_game_error_is_unchanged():
    err = GameError("something odd", needs={"card": "tank_1", "field": "dice"})
    assert err.reason == str(err) == "something odd"
    assert err.key is None and err.params == {}
    assert err.needs == {"card": "tank_1", "field": "dice"}
    assert err.localized("it") == "something odd"  # no key: the English reason


def test_keyed_game_error():
    err = GameError.of("bid_over_florins", name="Anna", florins=40, bid=50)
    assert err.reason == "Anna holds 40 florins; a bid of 50 is not possible"
    assert err.key == "bid_over_florins" and err.params == {"name": "Anna", "florins": 40, "bid": 50}
    assert err.localized("en") == err.reason
    assert err.localized("it") == "Anna ha 40 fiorini; un'offerta di 50 non è possibile"
    assert err.localized("fr") == err.reason  # unknown language: English
    assert err.localized("it", {"bid_over_florins": "{name}: {bid} > {florins}"}) == "Anna: 50 > 40"
    assert err.localized("it", {}) == err.reason  # catalogue without the key
    assert json.loads(json.dumps(err.to_dict()))["key"] == "bid_over_florins"


def test_game_error_from_a_message_keeps_its_key():
    err = GameError(msg("territory_taken", territory={"en": "Milan", "it": "Milano"}))
    assert err.reason == "Milan is already taken"
    assert err.localized("it") == "il territorio di Milano è già occupato"


def test_explicit_key_and_params():
    err = GameError("Anna has no locked bid", key="no_locked_bid", params={"name": "Anna"})
    assert err.localized("it") == "Anna non ha un'offerta bloccata"


# ---------------------------------------------------------------------------------------
# core raise sites


def test_core_errors_are_keyed_and_keep_their_english():
    with pytest.raises(GameError) as e:
        check_tens(15, msg("what.bid"))
    assert e.value.reason == "a bid must be in tens of florins, not 15"
    assert e.value.localized("it") == "un'offerta deve essere in decine di fiorini, non 15"
    with pytest.raises(GameError) as e:
        check_tens(1.5)
    assert e.value.reason == "an amount must be a whole number of florins"
    with pytest.raises(GameError) as e:
        dice.check_faces(["hit"], 2)
    assert e.value.reason == "the roll needs 2 dice, not 1"
    assert e.value.localized("it") == "il lancio richiede 2 dadi, non 1"
    with pytest.raises(GameError) as e:
        dice.check_faces(["six"])
    assert e.value.reason == "'six' is not a die face (hit, blank or explosion)"
    with pytest.raises(GameError) as e:
        parse_record(["{}", "[1]"])
    assert e.value.reason == "the record, line 2: expected a JSON object"
    assert e.value.localized("it") == "la registrazione, riga 2: serve un oggetto JSON"
    with pytest.raises(GameError) as e:
        parse_record([])
    assert e.value.reason == "the record is empty: the first line must be the header"


# The engine's English before the catalogues (its f-strings, filled in): the keyed messages
# must read exactly the same (tests, the command line and the record docs quote them).
OLD_ENGLISH = [
    ("not_your_turn", {"current": "Bruno", "name": "Anna"}, "it is Bruno's turn, not Anna's"),
    ("cannot_pay", {"name": "Anna", "florins": 10, "what": msg("what.tower"), "cost": 20},
     "Anna holds 10 florins; a tower costs 20"),
    ("cannot_pay", {"name": "Anna", "florins": 10, "what": msg("what.activating", card={"en": "Mona Lisa"}), "cost": 30},
     "Anna holds 10 florins; activating Mona Lisa costs 30"),
    ("not_now", {"phase": msg("phase.bidding")}, "not now: the game is at the bidding"),
    ("removed_count", {"players": 4, "count": 1, "kind": msg("kind.tank"), "got": 2},
     "with 4 players 1 Tank card leaves the game, not 2"),  # issue 15: plurals
    ("army_keep_one", {"territory": {"en": "Milan"}, "soldiers": 3, "what": msg("what.move", n=2), "most": 2},
     "Milan has 3 soldiers and must keep at least one: move 2 can take at most 2"),
    ("castle_new", {"territory": {"en": "Milan"}, "what": msg("do.take_tower")},
     "the castle in Milan was built this turn: it cannot take a tower yet"),
    ("move_unreachable", {"n": 1, "target": {"en": "Rome"}, "source": {"en": "Milan"}, "how": msg("how.either")},
     "move 1: Rome cannot be reached from Milan by land through own territories or by sea"),
    ("strict_order", {"action": msg("stage.0"), "begun": msg("stage.4")},
     "Italian order: activating cards comes before attacking, already begun this turn"),
    ("unknown_variant", {"variant": repr("x"), "known": ["strict_order", "separate_limits"]},
     "unknown variant 'x' (known: strict_order, separate_limits)"),
    ("card_no_field", {"kind": "walls", "field": repr("dice"), "fields": ["activation"]},
     "a walls card prints no 'dice' (it prints: activation)"),
    ("card_no_field", {"kind": "leonardo", "field": repr("dice"), "fields": msg("nothing")},
     "a leonardo card prints no 'dice' (it prints: nothing)"),
    ("needs_value", {"field": msg("field.dice"), "card_name": {"en": "Tank"}, "card": "tank_3"},
     "the dice printed on the card Tank (tank_3) is not known yet: enter it first"),
    ("replay_command", {"n": 41, "line": 42, "reason": msg("not_your_turn", current="Bruno", name="Anna")},
     "command 41 (line 42): it is Bruno's turn, not Anna's"),
    ("box_empty_towers", {"count": 40}, "all 40 towers of the box are in use"),
    ("raids_total", {"name": "Anna", "count": 3}, "Anna has made 3 invasions and attacks this turn"),
    ("already_has_airplane_card", {"name": "Anna"}, "Anna already has an Airplane card"),
]


@pytest.mark.parametrize("key,params,old", OLD_ENGLISH)
def test_keyed_english_is_the_old_english(key, params, old):
    assert Message(key, params) == old
    assert "{" not in Message(key, params).localized("it")
