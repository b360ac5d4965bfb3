"""Leonardo's catalogue (Italian and English): every key the engine uses exists in both
languages with the same placeholders; the log and undo labels read well and keep secrets
(leonardo-decisions: Factions (hidden), "kept hidden in the journal like a Magnifico bid")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from leonardo_helpers import header

from companion.core import i18n
from companion.games.leonardo import commands as C
from companion.games.leonardo.demo import play_demo
from companion.games.leonardo.describe import describe_command, describe_event

ROOT = Path(__file__).resolve().parents[3]
CAT = i18n.Catalog.load("leonardo")
SOURCES = sorted((ROOT / "companion" / "games" / "leonardo").glob("*.py"))


def test_both_languages_have_the_same_keys():
    assert CAT.keys("en") and CAT.keys("en") == CAT.keys("it")


@pytest.mark.parametrize("key", sorted(CAT.keys("en")))
def test_the_same_placeholders_in_both_languages(key):
    assert i18n.fields(CAT.get("en", key)) == i18n.fields(CAT.get("it", key))


def _used_keys() -> set[str]:
    """Keys at raise sites and messages: refuse("x"), m("x") and event templates."""
    keys = set()
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        for call, key in re.findall(r'\b(refuse|m|_e)\("([a-z_.]+)"', text):
            keys.add(f"{'event.' if call == '_e' else ''}{key}")
    return keys


def test_every_key_the_code_names_is_in_the_catalogue():
    missing = sorted(k for k in _used_keys() if CAT.get("en", k) is None)
    assert not missing and len(_used_keys()) > 100


def test_a_refusal_reads_in_both_languages():
    from companion.games.leonardo import engine as E
    from companion.games.leonardo.words import IllegalCommand

    with pytest.raises(IllegalCommand) as err:
        E.new_game(header(3) | {"seats": ["A", "B"]})
    assert str(err.value) == "Leonardo is played by 3 to 6 players"
    assert err.value.localized("it") == "Leonardo si gioca da 3 a 6 giocatori"


def test_every_event_of_demo_games_has_a_sentence_in_both_languages():
    seen = set()
    for seed, players in ((1, 3), (2, 4), (3, 5), (4, 6)):
        game = play_demo(seed, players)
        from companion.games.leonardo import engine as E

        s = E.new_game(game.header)
        for cmd in game.commands:
            s, events = E.apply(s, cmd)
            for ev in events:
                seen.add(ev["type"])
                for lang in ("en", "it"):
                    line = describe_event(ev, game.header, lang)
                    assert line and "{" not in line and "event." not in line and "(event" not in line, (ev, line)
            for lang in ("en", "it"):
                label = describe_command(cmd, game.header, lang, undo=True)
                assert label.startswith("Undo: " if lang == "en" else "Annulla: ") and "{" not in label
    assert {"bankrupt", "market_spin", "auction_won", "fight_round", "factions_revealed"} <= seen


def test_sealed_commands_are_described_without_their_secret():
    h = header(3)
    assert describe_command(C.ChooseFaction(0, "guelph"), h) == "Anna's secret faction"
    assert describe_command(C.LockBet(1, "gold", 45), h, "it") == "la puntata coperta di Bruno"
    assert describe_event({"type": "bet_locked", "seat": 1}, h) == "Bruno has bet (sealed)"


def test_rent_lines_say_why_the_amount():
    h = header(3)
    ev = {"type": "money", "from": 0, "to": 1, "amount": 60, "why": "rent", "space": 4, "works": 0, "doubled": True}
    assert describe_event(ev, h, "it") == ("Anna paga a Bruno 60 fiorini di rendita per Via dei Tintori (nessuna "
                                           "opera d'arte: metà del prezzo, raddoppiata: quartiere intero)")
    ev = {**ev, "works": 1, "doubled": False}
    assert describe_event(ev, h) == "Anna pays Bruno 60 rent for Via dei Tintori (1 work of art)"
