"""Magnate's words in Italian and English: the catalogues, refusals, log lines and undo
labels (issue 10: legality with reasons, keyed and translated)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.core import i18n
from companion.games.magnate import commands as C
from companion.games.magnate import describe as D
from companion.games.magnate import engine as E
from companion.games.magnate.demo import play_demo
from companion.core.i18n import localized
from companion.errors import IllegalCommand
from companion.games.magnate.text import DOMAIN, italian_with

from .conftest import acting, header, reason_of

ROOT = Path(__file__).resolve().parents[3]
SOURCES = sorted((ROOT / "companion" / "games" / "magnate").glob("*.py"))
CAT = i18n.catalog(DOMAIN)
OWN = set(CAT.keys("en"))


def test_both_catalogues_have_the_same_keys():
    assert CAT.keys("en") and CAT.keys("en") == CAT.keys("it")


@pytest.mark.parametrize("key", sorted(CAT.keys("en")))
def test_templates_use_the_same_placeholders_in_both_languages(key):
    assert i18n.fields(CAT.get("en", key)) == i18n.fields(CAT.get("it", key)), key


def _keys_in_source() -> tuple[set[str], set[str]]:
    literal, patterns = set(), set()
    call = re.compile(r"""\b(msg|refuse|_e)\(\s*(f?)"([^"]+)"(?:\s+if\s+[^)]*?else\s+"([^"]+)")?""")
    for path in SOURCES:
        for m in call.finditer(path.read_text(encoding="utf-8")):
            prefix = "event." if m.group(1) == "_e" else ""
            for key in (m.group(3), m.group(4)):
                if key is not None:
                    (patterns if m.group(2) == "f" else literal).add(prefix + key)
    return literal, patterns


def test_every_key_the_code_uses_is_in_the_catalogue():
    literal, patterns = _keys_in_source()
    assert len(literal) > 100
    missing = sorted(k for k in literal if k not in OWN and not k.endswith("."))
    assert not missing, missing
    for pattern in patterns:
        head = pattern.split("{")[0]
        assert any(k.startswith(head) for k in OWN), pattern


def test_a_refusal_speaks_both_languages():
    with pytest.raises(IllegalCommand) as err:
        E.apply(acting(), C.Sell(1, "mill"))
    assert err.value.reason == "it is Anna's turn, not Bruno's"
    assert err.value.localized("it") == "è il turno di Anna, non di Bruno"
    assert (err.value.key, err.value.domain) == ("not_your_turn", "magnate")
    reason = E.check(acting(), C.Found(0, "mill", "watchman"))
    assert localized(reason, "it") == "il Mulino non ha semi in comune con la Sentinella, il Pedone di questo distretto"
    assert reason.localized("it") == localized(reason.to_dict(), "it")


def test_italian_prepositions_join_the_article():
    assert [italian_with("di", n) for n in ("il Mulino", "la Scusa", "l'Autore", "Anna")] == [
        "del Mulino", "della Scusa", "dell'Autore", "di Anna"]
    assert italian_with("su", "il Mulino") == "sul Mulino" and italian_with("su", "la Fine") == "sulla Fine"


def test_the_short_reason_in_italian_avoids_agreement_with_the_count():
    state = acting()
    assert localized(E.check(state, C.Build(0, "sailor", "borderland", {"waves": 1, "leaves": 3})), "it") == \
        "Anna ha 3 Foglie in meno del necessario"


@pytest.fixture(scope="module")
def demo_events():
    return play_demo(3).events


def test_every_event_of_a_whole_game_reads_in_both_languages(demo_events):
    seen = set()
    for event in demo_events:
        seen.add(event["type"])
        for lang in ("en", "it"):
            line = D.describe(event, header(), lang)
            assert line and "{" not in line and "(event" not in line and "(evento" not in line, (event, line)
    assert {"districts", "crowns", "turn", "rolled", "built", "sold", "drew", "game_over",
            "district_scored"} <= seen


@pytest.mark.parametrize("event", [
    {"type": "taxed", "die": 3, "suit": "waves", "lost": [2, 0], "reveal": True},
    {"type": "taxed", "die": 3, "suit": "waves", "lost": [0, 0], "reveal": True},
    {"type": "income", "seat": 0, "tokens": {"moons": 1}, "die": 1, "why": "aces"},
    {"type": "income_pending", "seat": 1, "card": "mill", "suits": ["waves", "leaves"]},
    {"type": "income_chosen", "seat": 1, "card": "mill", "suit": "waves"},
    {"type": "no_income", "die": 1, "double_one": True},
    {"type": "traded", "seat": 0, "give": "moons", "get": "suns", "times": 2},
    {"type": "developed", "seat": 0, "card": "mill", "suit": "waves", "count": 2, "total": 2, "cost": 8},
    {"type": "completed", "seat": 0, "card": "mill", "district": "excuse"},
    {"type": "founded", "seat": 0, "card": "mill", "district": "excuse", "fee": {"waves": 1, "leaves": 1}},
    {"type": "reshuffled", "cards": 7, "reveal": True},
    {"type": "deck_out", "last_turns": [1, 0]},
    {"type": "turn", "seat": 1, "turn": 50, "last": True},
    {"type": "district_scored", "district": "excuse", "totals": [4, 4], "winner": None},
    {"type": "game_over", "vp": [2, 2], "values": [9, 7], "tokens": [1, 1], "winners": [0],
     "reason": "building_values"},
    {"type": "game_over", "vp": [2, 2], "values": [9, 9], "tokens": [1, 0], "winners": [0], "reason": "tokens"},
    {"type": "game_over", "vp": [2, 2], "values": [9, 9], "tokens": [1, 1], "winners": [0, 1], "reason": "shared"},
    {"type": "bank_short", "suit": "knots", "short": 2},
    {"type": "corrected", "target": {"seat": 0, "counter": "hand"}, "from": 3, "to": 2, "reason": "r"},
    {"type": "corrected", "target": {"card": "mill", "counter": "tokens", "suit": "waves"}, "from": 1, "to": 2,
     "reason": "r"},
    {"type": "corrected", "target": {"card": "mill", "counter": "complete"}, "from": False, "to": True, "reason": "r"},
    {"type": "corrected", "target": {"card": "mill", "counter": "complete"}, "from": True, "to": False, "reason": "r"},
    {"type": "corrected", "target": {"card": "mill", "counter": "card"}, "from": "mill", "to": "sailor",
     "reason": "r"},
], ids=lambda e: e["type"])
def test_each_event_kind_reads_in_both_languages(event):
    for lang in ("en", "it"):
        line = D.describe(event, header(), lang)
        assert "{" not in line and "(event" not in line and "(evento" not in line, line
    assert set(D.EVENT_TYPES) >= {event["type"]}


def test_some_lines_word_for_word():
    h = header()
    assert D.describe({"type": "developed", "seat": 0, "card": "mill", "suit": "waves", "count": 2, "total": 7,
                       "cost": 8}, h, "it") == "Anna mette 2 Onde sul Mulino (7 su 8)"
    assert D.describe({"type": "district_scored", "district": "excuse", "totals": [4, 4], "winner": None}, h,
                      "en") == "the district of the Excuse: Anna 4, Bruno 4; a tie, nobody scores"
    assert D.describe({"type": "taxed", "die": 3, "suit": "waves", "lost": [2, 0]}, h, "it") == \
        "tassazione su Onde: Anna perde 2 Onde"


COMMANDS = [
    C.SetDistricts(("watchman", "light_keeper", "borderland", "harvest")), C.DealCrowns(0, ("huntress", "bard", "sea")),
    C.StartPlayer(1), C.Roll((0, 4)), C.TaxRoll(6), C.ChooseIncome(1, "mill", "waves"), C.Trade(0, "moons", "suns", 2),
    C.Develop(0, "mill", "waves", 3), C.Build(0, "mill", "excuse", {"waves": 4, "leaves": 4}),
    C.Found(0, "mill", "excuse"), C.Sell(1, "ace_moons"), C.Draw(0), C.EndTurn(1),
    C.Correct({"seat": 0, "counter": "hand"}, 2, "dropped a card"),
]


@pytest.mark.parametrize("cmd", COMMANDS, ids=lambda c: type(c).__name__)
def test_every_command_has_an_undo_label_in_both_languages(cmd):
    for lang in ("en", "it"):
        label = D.describe_command(cmd, header(), lang, undo=True)
        assert label.startswith("Undo: " if lang == "en" else "Annulla: ") and "{" not in label, label
    assert set(C.COMMANDS) == {type(c).__name__ for c in COMMANDS}


def test_undo_labels_word_for_word():
    assert D.describe_command(C.Roll((0, 4)), header(), "en", undo=True) == "Undo: the roll 10 and 4"
    assert D.describe_command(C.Develop(0, "mill", "waves", 3), header(), "it") == "Anna mette 3 Onde sul Mulino"


def test_a_refused_command_keeps_its_key_through_check_and_legal():
    reason = reason_of(acting(), C.Trade(0, "moons", "moons"))
    assert reason == "a trade gives tokens of one suit for a token of another"
